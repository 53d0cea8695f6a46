package fission

import (
	"strings"
	"testing"

	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
)

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

// TestSuite runs the board games' tests (pgridtest.Run) on Fission:
// small boards worked by hand from the rules; the brute force on 2000
// random boards of up to 16 cells (regions, blocked cells, stones against
// the edge) and on sums of two; what positions are written back as,
// regions cut to their cells, blocked cells around; the one-line errors
// of positions that are not Fission boards or are too large, refused
// before they are valued; and the moves made by pointing at a stone,
// held to the game's options.
func TestSuite(t *testing.T) {
	pgridtest.Run(t, Game(), moves, pgridtest.Suite{
		BruteForce:    &pgridtest.Sample{Fixed: []string{"....|..x.|....|....", "..x.|....|..x.|....", ".x.x|..x.|....|..x.", "....|..x.|....|#..#"}, Seed: [2]uint64{33, 41}, N: 2000, Draw: randomBoard},
		SumBruteForce: &pgridtest.Sums{Seed: [2]uint64{33, 42}, N: 100, A: gametest.Draw{Rows: 3, Cols: 3, Cells: "..x"}, B: gametest.Draw{Rows: 3, Cols: 3, Cells: "..x"}},
		BadInput: &pgridtest.BadInput{
			More:  []gametest.Case{{In: ".....|..x..|.....|.....|.....|.", Want: "row 6 has 1 cells"}},
			Limit: pgridtest.Limit{Text: ".....|..x..|.....|.....|.....|.....", Got: 30, Limit: MaxRegion, What: "cells"},
		},
		HandMoves: pgridtest.Sample{Seed: [2]uint64{33, 44}, N: 300, Draw: randomBoard}.List(),
	})
}

// randomBoard draws random boards of up to 4 x 4 cells, stones sparser than
// empty cells, blocked cells now and then.
var randomBoard = gametest.Draw{Rows: 4, Cols: 4, Cells: "....xx#"}

// TestFlips checks that a board's flips are worth the same, which Key
// relies on, and that its transposition is worth its negative (so Key
// must not use it).
func TestFlips(t *testing.T) {
	for _, board := range (pgridtest.Sample{Seed: [2]uint64{33, 43}, N: 200, Draw: randomBoard}).List() {
		rows := strings.Split(board, "|")
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
