package bacterial

// This file holds an independent "twin" of the solver: a brute-force search
// of the whole game tree written straight from the rules, with no
// Sprague–Grundy theory, no XOR and no splitting of the board into
// rectangles. It is slow, but simple enough to be checked by reading, and the
// fast solvers are tested against it on small boards. The rules are here;
// the memoized win/lose search over positions is gridtest.Search.

import (
	"testing"

	"nimber/games/internal/gridtest"
	"nimber/grid"
)

// exhSet is the position of the exhaustive search, the set of infected
// cells: boards of up to 128 cells.
type exhSet = gridtest.Cells128

// exhGame is the exhaustive twin's view of a board: a fixed grid (the
// radioactive cells never change). A position is the set of infected cells,
// which is the whole variable part of the game.
type exhGame struct{ g grid.Grid }

// exhRules returns the move generator of g for the exhaustive search.
func exhRules(g grid.Grid) gridtest.Moves[exhSet, Move] { return (&exhGame{g}).moves }

// exhColonies lists the colony types in the order Result.Winning uses for
// moves in the same cell.
var exhColonies = [2]Colony{H, V}

// play places a colony of type col at (r, c) on a board whose infected cells
// are infected, and spreads it as the rules say: in each of its two
// directions (west and east for H, north and south for V) it infects cells
// one by one until it reaches the grid edge or a cell that is already
// infected. It returns the new set of infected cells, or ok=false when the
// colony would reach a radioactive cell and mutate.
//
// Mutating moves are treated as unavailable: a mutation makes the player who
// placed the colony lose at once, so it can never be better than any other
// move. A player with a safe move that wins takes it; a player whose safe
// moves all lose, or who has none, loses whether or not a mutating move
// exists. Hence dropping mutating moves changes no position's outcome, and
// such a move is never a winning first move.
func (e *exhGame) play(infected exhSet, r, c int, col Colony) (next exhSet, ok bool) {
	dirs := [2][2]int{{0, -1}, {0, 1}} // H: west, east
	if col == V {
		dirs = [2][2]int{{-1, 0}, {1, 0}} // V: north, south
	}
	next = infected
	next.Add(r*e.g.Cols + c)
	for _, d := range dirs {
		for rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < e.g.Rows && cc >= 0 && cc < e.g.Cols; rr, cc = rr+d[0], cc+d[1] {
			i := rr*e.g.Cols + cc
			if infected.Has(i) {
				break // reached an already infected cell
			}
			if e.g.At(rr, cc) == Radioactive {
				return exhSet{}, false // mutation
			}
			next.Add(i)
		}
	}
	return next, true
}

// moves calls yield for every safe move from the position infected, in
// row-major order, H before V in the same cell (the order of
// Result.Winning), with the position it leads to. It stops early when yield
// returns false.
func (e *exhGame) moves(infected exhSet, yield func(m Move, next exhSet) bool) {
	for r := 0; r < e.g.Rows; r++ {
		for c := 0; c < e.g.Cols; c++ {
			if e.g.At(r, c) != Empty || infected.Has(r*e.g.Cols+c) {
				continue
			}
			for _, col := range exhColonies {
				if next, ok := e.play(infected, r, c, col); ok {
					if !yield(Move{Row: r, Col: c, Colony: col}, next) {
						return
					}
				}
			}
		}
	}
}

// TestExhaustiveOfficialSmall checks the exhaustive twin itself against the
// official answers: the sample and test set 1 (R, C <= 4) in full, and the
// cases of test set 2 small enough for a brute-force search.
func TestExhaustiveOfficialSmall(t *testing.T) {
	harness.ExhaustiveOfficial(t,
		gridtest.OfficialSet{Name: "sample"},
		gridtest.OfficialSet{Name: "set1"},
		gridtest.OfficialSet{Name: "set2", Small: func(g grid.Grid) bool { return g.Rows*g.Cols <= 30 }},
	)
}
