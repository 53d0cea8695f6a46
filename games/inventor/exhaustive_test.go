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
// cells: boards of up to 256 cells, enough for every board of the official
// data (R*C <= 200).
type exhSet = gridtest.Cells256

// exhGame is the exhaustive twin's view of a board: a fixed grid (the
// building spots never change). A position is the set of occupied cells
// (attractions and signs alike), which is the whole variable part of the
// game.
type exhGame struct{ g grid.Grid }

// exhRules returns the move generator of g for the exhaustive search.
func exhRules(g grid.Grid) gridtest.Moves[exhSet, Move] { return (&exhGame{g}).moves }

// exhDiagonals are the four directions of the sign-builders.
var exhDiagonals = [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

// play builds an attraction on (r, c) on a board whose occupied cells are
// occupied, as the rules say: the cell becomes occupied, and four
// sign-builders leave it, one per diagonal direction, each putting a sign on
// every cell it enters (building spot or not) and stopping before the first
// cell that is off the board or already occupied. It returns the new set of
// occupied cells.
func (e *exhGame) play(occupied exhSet, r, c int) exhSet {
	return gridtest.Spread(occupied, e.g.Rows, e.g.Cols, r, c, exhDiagonals[:])
}

// moves calls yield for every move from the position occupied (a building
// spot that is not occupied), in row-major order as in Result.Winning, with
// the position it leads to. It stops early when yield returns false. A
// player who cannot build loses.
func (e *exhGame) moves(occupied exhSet, yield func(m Move, next exhSet) bool) {
	for r := 0; r < e.g.Rows; r++ {
		for c := 0; c < e.g.Cols; c++ {
			if e.g.At(r, c) != Spot || occupied.Has(r*e.g.Cols+c) {
				continue
			}
			if !yield(Move{Row: r, Col: c}, e.play(occupied, r, c)) {
				return
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
