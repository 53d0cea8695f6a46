package inventor

// This file holds an independent "twin" of the solver: a brute-force search
// of the whole game tree written straight from the rules, with no
// Sprague–Grundy theory, no XOR, no colour classes and no rotated
// rectangles. It is slow, but simple enough to be checked by reading, and the
// fast solvers are tested against it on small boards. The rules are here;
// the memoized win/lose search over positions is gridtest.Search.

import (
	"strings"
	"testing"

	"nimber/games/internal/gridtest"
	"nimber/grid"
)

// exhSet is the position of the exhaustive search, the set of occupied
// cells (attractions and signs alike), the whole variable part of the game:
// the board itself, and so its building spots, never changes. Boards of up
// to 256 cells, enough for every board of the official data (R*C <= 200).
type exhSet = gridtest.Cells256

// exhDiagonals are the four directions of the sign-builders.
var exhDiagonals = [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

// exhRules returns the move generator of g for the exhaustive search. From
// the position occupied, a move builds an attraction on a building spot that
// is not occupied, in row-major order as in Result.Winning; a player who
// cannot build loses. The move, as the rules say, occupies the cell, and
// four sign-builders leave it, one per diagonal direction, each putting a
// sign on every cell it enters (building spot or not) and stopping before
// the first cell that is off the board or already occupied.
func exhRules(g grid.Grid) gridtest.Moves[exhSet, Move] {
	return func(occupied exhSet, yield func(m Move, next exhSet) bool) {
		for r := 0; r < g.Rows; r++ {
			for c := 0; c < g.Cols; c++ {
				if g.At(r, c) != Spot || occupied.Has(r*g.Cols+c) {
					continue
				}
				if !yield(Move{Row: r, Col: c}, gridtest.Spread(occupied, g.Rows, g.Cols, r, c, exhDiagonals[:])) {
					return
				}
			}
		}
	}
}

// exhSpots counts the building spots of g.
func exhSpots(g grid.Grid) int { return strings.Count(string(g.Cells), string(rune(Spot))) }

// TestExhaustiveOfficialSmall checks the exhaustive twin itself against the
// official answers: the sample and test set 1 (at most 10 spots) in full,
// and the cases of test set 2 with few enough spots for a brute-force search.
func TestExhaustiveOfficialSmall(t *testing.T) {
	harness.ExhaustiveOfficial(t,
		gridtest.OfficialSet{Name: "sample"},
		gridtest.OfficialSet{Name: "set1"},
		// set2's cases with 23 and 25 spots also agree, but take some 20 s.
		gridtest.OfficialSet{Name: "set2", Small: func(g grid.Grid) bool { return exhSpots(g) <= 16 }},
	)
}
