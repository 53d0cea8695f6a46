// Package bacterial solves Bacterial Tactics (Code Jam 2019 Round 1C).
//
// The board is an R x C grid of empty '.' and radioactive '#' cells. A move
// places a colony on an empty cell: an H colony infects its whole row of the
// current rectangle, a V colony its whole column; a colony that would reach a
// radioactive cell mutates and loses at once, so only lines free of
// radioactive cells are real moves. Either cut leaves at most two independent
// rectangles, so the game is a Sprague–Grundy sum over sub-rectangles.
package bacterial

import (
	"nimber/problems"
)

// Cell characters of the input.
const (
	Empty       = '.'
	Radioactive = '#'
)

// MaxSide bounds the rows and the columns of a board, far beyond the
// contest's 15 x 15 (README.md's limits table; what fits in memory is much
// less: 399 x 399 in 12 GiB).
const MaxSide = 1000

// Spec is the input format accepted by Parse.
var Spec = problems.GridSpec(".#", MaxSide, MaxSide*MaxSide)

// Colony is the type of colony placed by a move.
type Colony byte

// The two colony types.
const (
	H Colony = 'H' // spreads west and east
	V Colony = 'V' // spreads north and south
)

// Move is a first move: a colony type on a cell (0-based row and column).
type Move struct {
	Row, Col int
	Colony   Colony
}

// Result is the analysis of one board.
type Result struct {
	// Grundy is the Sprague–Grundy value of the whole board.
	Grundy int
	// Winning lists every winning first move, in row-major order, H before V.
	Winning []Move
}
