package fission

import (
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
)

// TestGolden checks small boards worked by hand from the rules.
func TestGolden(t *testing.T) {
	pgridtest.Golden(t, Game(), gametest.Cases(t, "golden"), false)
}

// moves is Fission by its definition, for the brute force, on whole
// boards (rows joined by '|'): a stone ('x') with the cells just above and
// just below it on the board and empty ('.') is replaced, for Left, by
// stones on those two cells; for Right the same with the cells just left
// and right of it.
func moves(board string, left bool) []string {
	rows := strings.Split(board, "|")
	empty := func(r, c int) bool { return r >= 0 && r < len(rows) && c >= 0 && c < len(rows[r]) && rows[r][c] == '.' }
	dr, dc := 1, 0
	if !left {
		dr, dc = 0, 1
	}
	var out []string
	for r := range rows {
		for c := range rows[r] {
			if rows[r][c] != 'x' || !empty(r-dr, c-dc) || !empty(r+dr, c+dc) {
				continue
			}
			b := pgridtest.Cells(rows)
			b[r][c], b[r-dr][c-dc], b[r+dr][c+dc] = '.', 'x', 'x'
			out = append(out, pgridtest.Board(b))
		}
	}
	return out
}

// randomBoard returns a random board of up to 4 x 4 cells, stones
// sparser than empty cells, blocked cells now and then.
func randomBoard(rng *rand.Rand) string {
	return gametest.RandomBoard(rng, 1+rng.IntN(4), 1+rng.IntN(4), "....xx#")
}

// TestBruteForce compares the engine's canonical form of 2000 random
// boards of up to 16 cells (regions, blocked cells, stones against the
// edge) with their explicit game trees by moves, by Conway's ≤.
func TestBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 41))
	boards := append([]string{"....|..x.|....|....", "..x.|....|..x.|....", ".x.x|..x.|....|..x.", "....|..x.|....|#..#"},
		pgridtest.Boards(2000, func(int) string { return randomBoard(rng) })...)
	pgridtest.BruteForce(t, Game(), moves, boards)
}

// TestSumBruteForce checks that a sum of two boards is the sum of their
// game trees.
func TestSumBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 42))
	pgridtest.SumBruteForce(t, Game(), moves, 100, gametest.Pair(rng, gametest.Draw{Rows: 3, Cols: 3, Cells: "..x"}, gametest.Draw{Rows: 3, Cols: 3, Cells: "..x"}))
}

// TestFlips checks that a board's flips are worth the same, which Key
// relies on, and that its transposition is worth its negative (so Key
// must not use it).
func TestFlips(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 43))
	for range 200 {
		rows := strings.Split(randomBoard(rng), "|")
		ud := make([]string, len(rows))
		lr := make([]string, len(rows))
		for i, row := range rows {
			ud[len(rows)-1-i] = row
			b := []byte(row)
			for a, z := 0, len(b)-1; a < z; a, z = a+1, z-1 {
				b[a], b[z] = b[z], b[a]
			}
			lr[i] = string(b)
		}
		board := strings.Join(rows, "|")
		pgridtest.SameValue(t, Game(), board, strings.Join(ud, "|"), strings.Join(lr, "|"))
		tr := make([][]byte, len(rows[0]))
		for c := range tr {
			for r := range rows {
				tr[c] = append(tr[c], rows[r][c])
			}
		}
		pgridtest.SameValue(t, Game(), board+" + "+pgridtest.Board(tr), "#")
	}
}

// TestHandMoves checks the moves made by pointing at a stone against the
// game's options.
func TestHandMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 44))
	pgridtest.HandMoves(t, Game(), pgridtest.Boards(300, func(int) string { return randomBoard(rng) }))
}

// TestFormat checks what positions are written back as: regions cut to
// their cells, blocked cells around.
func TestFormat(t *testing.T) {
	pgridtest.Formats(t, Game(), gametest.Cases(t, "format"))
}

// TestBadInput checks the one-line errors of positions that are not
// Fission boards or are too large, refused before they are valued.
func TestBadInput(t *testing.T) {
	pgridtest.ParseErrors(t, Game(), gametest.Cases(t, "bad input"))
	big := ".....|..x..|.....|.....|.....|."
	pgridtest.ParseErrors(t, Game(), []gametest.Case{{In: big, Want: "row 6 has 1 cells"}})
	big = ".....|..x..|.....|.....|.....|....."
	gametest.ParseLimit(t, Game(), big, 30, MaxRegion, "cells")
}
