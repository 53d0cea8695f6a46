// Package inventor solves Inventor Outlasting (Code Jam to I/O for Women 2022).
//
// The board is an R x C grid whose 'X' cells are building spots. Building on a
// free spot sends four sign-builders along the diagonals, occupying cells
// until the board edge or an occupied cell. In the rotated coordinates
// u = r+c, v = r-c the cells of one colour class ((r+c) mod 2) that are still
// free form a rectangle, and a move splits it into four, so the game is a
// Sprague–Grundy sum of two rectangle games, one per colour class.
package inventor

import (
	"nimber/problems"
)

// Cell characters of the input.
const (
	Spot  = 'X'
	Blank = '.'
)

// MaxCells bounds R*C of a board, and so its rows and columns, far beyond
// the contest's R*C <= 200 (README.md's limits table; what fits in memory
// depends on R+C: every board with R+C <= 799 fits in 12 GiB, a 1 x 10000
// board needs 285 TiB).
const MaxCells = 10000

// Spec is the input format accepted by Parse.
var Spec = problems.GridSpec("X.", MaxCells, MaxCells)

// Move is a first move: building on the spot at a 0-based row and column.
type Move struct{ Row, Col int }

// Result is the analysis of one board.
type Result struct {
	// Grundy is the Sprague–Grundy value of the whole board (both colour classes).
	Grundy int
	// Winning lists every winning first move in row-major order.
	Winning []Move
}
