package caos3

// This file holds an independent "twin" of the solver: a brute-force search
// of the whole game tree written straight from the rules, with no
// Sprague–Grundy theory, no XOR and no splitting of the map into rectangles.
// It finds the monsters with its own check rather than Monsters. It is slow,
// but simple enough to be checked by reading, and the fast solvers are tested
// against it on small maps. The rules are here; the memoized win/lose search
// over positions is gridtest.Search.

import (
	"testing"

	"nimber/games/internal/gridtest"
	"nimber/grid"
)

// exhOrthogonal are the four directions of the arms and of the lava.
var exhOrthogonal = [4][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}}

// exhIsMonster reports whether the cell (r, c) of g holds a monster: it is a
// '^' cell and each of its four arms, the run of consecutive '^' cells
// directly left, right, up and down of it (not counting itself, stopped by
// '#' or the border), has length at least 2. The statement asks for "some
// prime P <= min(L, R, T, B)"; the smallest prime is 2, so such a prime exists
// exactly when the shortest arm has length at least 2.
func exhIsMonster(g grid.Grid, r, c int) bool {
	if g.At(r, c) != Floor {
		return false
	}
	for _, d := range exhOrthogonal {
		arm := 0
		for rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < g.Rows && cc >= 0 && cc < g.Cols && g.At(rr, cc) == Floor; rr, cc = rr+d[0], cc+d[1] {
			arm++
		}
		if arm < 2 {
			return false
		}
	}
	return true
}

// exhMonsters returns, row-major, which cells of g hold a monster according
// to exhIsMonster.
func exhMonsters(g grid.Grid) []bool {
	m := make([]bool, g.Rows*g.Cols)
	for r := 0; r < g.Rows; r++ {
		for c := 0; c < g.Cols; c++ {
			m[r*g.Cols+c] = exhIsMonster(g, r, c)
		}
	}
	return m
}

// exhSet is the position of the exhaustive search, the set of lava cells:
// maps of up to 128 cells.
type exhSet = gridtest.Cells128

// exhGame is the exhaustive twin's view of a map: a fixed grid with its
// monsters, found once on the initial map. A position is the set of cells
// under lava, which is the whole variable part of the game.
type exhGame struct {
	g       grid.Grid
	monster []bool // row-major: the cell held a monster on the initial map
}

// exhRules returns the move generator of g for the exhaustive search.
func exhRules(g grid.Grid) gridtest.Moves[exhSet, Move] {
	return (&exhGame{g: g, monster: exhMonsters(g)}).moves
}

// play makes the monster's cell (r, c) a volcano on a map whose lava cells
// are lava, as the rules say: the cell gets lava, and lava runs from it along
// its row and column in all four directions, cell by cell, until the border
// or a cell that already has lava; walls do not stop it. It returns the new
// set of lava cells (monsters under lava are gone).
func (e *exhGame) play(lava exhSet, r, c int) exhSet {
	return gridtest.Spread(lava, e.g.Rows, e.g.Cols, r, c, exhOrthogonal[:])
}

// moves calls yield for every move from the position lava (a live monster,
// that is a monster cell not under lava), in row-major order as in
// Result.Winning, with the position it leads to. It stops early when yield
// returns false. The player with no live monster to pick loses.
func (e *exhGame) moves(lava exhSet, yield func(m Move, next exhSet) bool) {
	for r := 0; r < e.g.Rows; r++ {
		for c := 0; c < e.g.Cols; c++ {
			i := r*e.g.Cols + c
			if !e.monster[i] || lava.Has(i) {
				continue
			}
			if !yield(Move{Row: r, Col: c}, e.play(lava, r, c)) {
				return
			}
		}
	}
}

// TestExhaustiveOfficialSmall checks the exhaustive twin itself against the
// only official data, the statement's sample (one 7 x 7 map). A 7 x 7 map
// has at most 3 x 3 monsters, since a monster needs two floor cells on each
// side, so the brute-force search is instant and nothing is skipped.
func TestExhaustiveOfficialSmall(t *testing.T) {
	harness.ExhaustiveOfficial(t, gridtest.OfficialSet{Name: "sample"})
}
