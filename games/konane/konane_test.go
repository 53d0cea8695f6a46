package konane

import (
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
)

// TestGolden checks small values worked by hand (CGSuite has no Konane
// to take goldens from); x is Left's.
func TestGolden(t *testing.T) {
	pgridtest.Golden(t, Game(), gametest.Cases(t, "golden"), true)
}

// moves is Konane by its definition, for the brute force: every stone of
// the mover's jumping in a straight line over one or more stones of the
// other's, each followed by an empty cell, each of which it removes.
func moves(board string, left bool) []string {
	return pgridtest.StoneMoves(board, left, func(rows []string, r, c int, d [2]int, us, them byte) []string {
		at := func(r, c int) byte {
			if r < 0 || r >= len(rows) || c < 0 || c >= len(rows[r]) {
				return '#'
			}
			return rows[r][c]
		}
		var out []string
		b := pgridtest.Cells(rows)
		b[r][c] = '.'
		for k := 1; at(r+(2*k-1)*d[0], c+(2*k-1)*d[1]) == them && at(r+2*k*d[0], c+2*k*d[1]) == '.'; k++ {
			b[r+(2*k-1)*d[0]][c+(2*k-1)*d[1]] = '.'
			b[r+2*k*d[0]][c+2*k*d[1]] = us
			out = append(out, pgridtest.Board(b))
			b[r+2*k*d[0]][c+2*k*d[1]] = '.'
		}
		return out
	})
}

// TestBruteForce compares the engine's canonical form of random boards of
// up to 12 cells, some long and thin so that stones split into several
// regions, with their explicit game trees, by Conway's ≤.
func TestBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 5))
	pgridtest.BruteForce(t, Game(), moves, pgridtest.Boards(400, func(i int) string {
		rows, cols := 1+rng.IntN(3), 1+rng.IntN(4)
		if i%4 == 0 {
			rows, cols = 1+rng.IntN(2), 5+rng.IntN(3)
		}
		return gametest.RandomBoard(rng, rows, cols, "xxoo...")
	}))
}

// TestSplits checks that boards do split into several regions, so that
// the brute force tests the splitting, and that the regions are what the
// reach of their stones says.
func TestSplits(t *testing.T) {
	pgridtest.Formats(t, Game(), gametest.Cases(t, "splits"))
}

// TestSumBruteForce checks that a sum of two boards is the sum of their
// game trees.
func TestSumBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 6))
	pgridtest.SumBruteForce(t, Game(), moves, 40, gametest.Pair(rng, gametest.Draw{Rows: 2, Cols: 4, Cells: "xo."}, gametest.Draw{Rows: 2, Cols: 4, Cells: "xo."}))
}

// TestKeyKeepsValue checks that the symmetries Key uses, transposition
// among them, keep a region's value, on random boards and their images
// worked out by pgridtest.Images.
func TestKeyKeepsValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 7))
	for range 60 {
		board := gametest.RandomBoard(rng, 1+rng.IntN(3), 1+rng.IntN(4), "xo..")
		pgridtest.SameValue(t, Game(), board, pgridtest.Images(board)...)
	}
}

// TestBadInput checks the one-line errors of positions that are not
// Konane boards or are too large.
func TestBadInput(t *testing.T) {
	pgridtest.ParseErrors(t, Game(), gametest.Cases(t, "bad input"))
	gametest.ParseLimit(t, Game(), "xoxoxoxoxo|oxoxoxoxox|xoxoxoxoxo", 30, MaxRegion, "stones")
}

// TestOpeningsBruteForce compares the engine with the game trees on
// Konane's opening positions, where jumps and double jumps abound: a
// checkerboard with two orthogonally adjacent stones taken out, every
// such pair of the 3 x 4 board and of the 4 x 4.
func TestOpeningsBruteForce(t *testing.T) {
	f := pgridtest.NewForest()
	for _, size := range [][2]int{{3, 4}, {4, 4}} {
		h, w := size[0], size[1]
		for r := range h {
			for c := range w {
				for _, d := range [][2]int{{0, 1}, {1, 0}} {
					r2, c2 := r+d[0], c+d[1]
					if r2 >= h || c2 >= w {
						continue
					}
					rows := make([]string, h)
					for i := range h {
						b := make([]byte, w)
						for j := range w {
							b[j] = "xo"[(i+j)%2]
						}
						if i == r {
							b[c] = '.'
						}
						if i == r2 {
							b[c2] = '.'
						}
						rows[i] = string(b)
					}
					board := strings.Join(rows, "|")
					c := cgt.New(0)
					g := pgridtest.Value(t, Game(), c, board)
					if !f.Equal(f.FromCalc(c, g), f.Tree(board, moves)) {
						t.Fatalf("%q: the engine says %s, unequal to its game tree", board, c.Notation(g))
					}
				}
			}
		}
	}
}

// TestHandMoves: the jumps a player makes by hand are Konane's options,
// each option with a hand move of its own.
func TestHandMoves(t *testing.T) {
	pgridtest.HandMoves(t, Game(), []string{"xo.", "xoxo|o.ox|xo.o", "xo.o.o.|.......|o.....x", "x.|o.|.x|o. + .ox"})
}
