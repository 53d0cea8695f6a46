// Package caos3 solves CAOS3 ("CAO Stage-3", CodeChef October 2013).
//
// The map is an R x C grid of '^' and '#' cells. A '^' cell holds a monster
// when each of its four arms (the run of '^' cells beside it in one direction,
// stopped by '#' or the border) has length at least 2; monsters are fixed by
// the initial map. A move turns a live monster's cell into a volcano whose
// lava fills its row and column until it meets lava, killing the monsters
// under it. The board is thus a set of rectangles, and a move deletes the row
// and column of a monster inside one of them, leaving up to four rectangles.
package caos3

import (
	"nimber/grid"
	"nimber/problems"
)

// Cell characters of the input.
const (
	Floor = '^'
	Wall  = '#'
)

// MaxSide bounds the rows and the columns of a map, far beyond the
// contest's 20 x 20 (README.md's limits table; what fits in memory is much
// less: 335 x 335 in 12 GiB).
const MaxSide = 1000

// Spec is the input format accepted by Parse.
var Spec = problems.GridSpec("^#", MaxSide, MaxSide*MaxSide)

// Move is a first move: the 0-based row and column of the monster turned into a volcano.
type Move struct{ Row, Col int }

// Result is the analysis of one board.
type Result struct {
	// Grundy is the Sprague–Grundy value of the whole map.
	Grundy int
	// Winning lists every winning first move in row-major order.
	Winning []Move
}

// Monsters reports, row-major, which cells of g hold a monster: a '^' cell
// whose four arms of consecutive '^' cells each have length at least 2.
func Monsters(g grid.Grid) []bool {
	up := make([]int, len(g.Cells))
	left := make([]int, len(g.Cells))
	down := make([]int, len(g.Cells))
	right := make([]int, len(g.Cells))
	floor := func(r, c int) bool { return g.At(r, c) == Floor }
	for r := 0; r < g.Rows; r++ {
		for c := 0; c < g.Cols; c++ {
			i := r*g.Cols + c
			if r > 0 && floor(r-1, c) {
				up[i] = up[i-g.Cols] + 1
			}
			if c > 0 && floor(r, c-1) {
				left[i] = left[i-1] + 1
			}
		}
	}
	for r := g.Rows - 1; r >= 0; r-- {
		for c := g.Cols - 1; c >= 0; c-- {
			i := r*g.Cols + c
			if r+1 < g.Rows && floor(r+1, c) {
				down[i] = down[i+g.Cols] + 1
			}
			if c+1 < g.Cols && floor(r, c+1) {
				right[i] = right[i+1] + 1
			}
		}
	}
	m := make([]bool, len(g.Cells))
	for i := range m {
		m[i] = g.Cells[i] == Floor && min(up[i], down[i], left[i], right[i]) >= 2
	}
	return m
}
