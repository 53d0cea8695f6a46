package konane

import (
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
)

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

// TestSuite runs the board games' tests (pgridtest.Run) on Konane: small
// values worked by hand (CGSuite has no Konane to take goldens from), x
// Left's; the brute force on random boards of up to 12 cells, some long
// and thin so that stones split into several regions, and on sums of
// two; the boards that do split, so that the brute force tests the
// splitting, into the regions the reach of their stones says; the
// symmetries Key uses, transposition among them, on random boards; the
// one-line errors of positions that are not Konane boards or are too
// large; and the jumps a player makes by hand, each option with a hand
// move of its own.
func TestSuite(t *testing.T) {
	pgridtest.Run(t, Game(), moves, pgridtest.Suite{
		Exact: true,
		BruteForce: &pgridtest.Sample{Seed: [2]uint64{22, 5}, N: 400, Next: func(rng *rand.Rand, i int) string {
			rows, cols := 1+rng.IntN(3), 1+rng.IntN(4)
			if i%4 == 0 {
				rows, cols = 1+rng.IntN(2), 5+rng.IntN(3)
			}
			return gametest.RandomBoard(rng, rows, cols, "xxoo...")
		}},
		SumBruteForce: &pgridtest.Sums{Seed: [2]uint64{22, 6}, N: 40, A: gametest.Draw{Rows: 2, Cols: 4, Cells: "xo."}, B: gametest.Draw{Rows: 2, Cols: 4, Cells: "xo."}},
		Images:        &pgridtest.Sample{Seed: [2]uint64{22, 7}, N: 60, Draw: gametest.Draw{Rows: 3, Cols: 4, Cells: "xo.."}},
		BadInput:      &pgridtest.BadInput{Limit: pgridtest.Limit{Text: "xoxoxoxoxo|oxoxoxoxox|xoxoxoxoxo", Got: 30, Limit: MaxRegion, What: "stones"}},
		HandMoves:     []string{"xo.", "xoxo|o.ox|xo.o", "xo.o.o.|.......|o.....x", "x.|o.|.x|o. + .ox"},
	})
}

// opening returns an opening position of Konane: the h x w checkerboard
// (x in the top left corner) with the stones at row r, column c and row
// r2, column c2 (adjacent) taken out.
func opening(h, w, r, c, r2, c2 int) string {
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
	return strings.Join(rows, "|")
}

// TestOpeningsBruteForce compares the engine with the game trees on
// Konane's opening positions, where jumps and double jumps abound: a
// checkerboard with two orthogonally adjacent stones taken out, every
// such pair of the 3 x 4 board and of the 4 x 4.
func TestOpeningsBruteForce(t *testing.T) {
	var boards []string
	for _, size := range [][2]int{{3, 4}, {4, 4}} {
		h, w := size[0], size[1]
		for r := range h {
			for c := range w {
				for _, d := range [][2]int{{0, 1}, {1, 0}} {
					r2, c2 := r+d[0], c+d[1]
					if r2 >= h || c2 >= w {
						continue
					}
					boards = append(boards, opening(h, w, r, c, r2, c2))
				}
			}
		}
	}
	pgridtest.BruteForce(t, Game(), moves, boards)
}
