// Package crosscut solves the cross-cut game, the rectangle game that CAOS3
// and Inventor Outlasting both reduce to: some lattice points of a Rows x
// Cols rectangle are marked; a move picks a marked point inside a rectangle
// and deletes its row and column, leaving up to four independent rectangles.
//
// A rectangle's value depends only on the marked points inside it, so it
// equals the value of the bounding box of those points: the dense solver
// computes only such canonical rectangles and copies every other value from a
// rectangle one line smaller.
package crosscut

import (
	"fmt"

	"nimber/games/rect"
)

// Board is the set of marked points: Marked[r*Cols+c] for row r, column c.
type Board struct {
	Rows, Cols int
	Marked     []bool
}

// Rect is a sub-rectangle, rows R1..R2 and columns C1..C2 inclusive; it is
// empty when R1 > R2 or C1 > C2.
type Rect struct{ R1, R2, C1, C2 int }

// Empty reports whether x has no cells.
func (x Rect) Empty() bool { return x.R1 > x.R2 || x.C1 > x.C2 }

// Point is a move: the marked point picked, by row and column.
type Point struct{ Row, Col int }

// Split returns the four rectangles left when the point p inside x is picked
// (some may be empty).
func Split(x Rect, p Point) [4]Rect {
	return [4]Rect{
		{x.R1, p.Row - 1, x.C1, p.Col - 1},
		{x.R1, p.Row - 1, p.Col + 1, x.C2},
		{p.Row + 1, x.R2, x.C1, p.Col - 1},
		{p.Row + 1, x.R2, p.Col + 1, x.C2},
	}
}

// Full returns the rectangle of the whole board.
func (b *Board) Full() Rect { return Rect{0, b.Rows - 1, 0, b.Cols - 1} }

// Count returns the number of marked points.
func (b *Board) Count() int {
	n := 0
	for _, m := range b.Marked {
		if m {
			n++
		}
	}
	return n
}

// valueBytes is the table entry width: a value never exceeds the number of
// options, at most the number of marked points.
func valueBytes(points int) int {
	if points < 256 {
		return 1
	}
	return 2
}

// MemoryEstimate returns the bytes Solve needs for b: one table entry per
// sub-rectangle plus small per-line tables.
func MemoryEstimate(rows, cols, points int) int64 {
	return rect.Cells(rows, cols)*int64(valueBytes(points)) + int64(rows*cols)*16
}

// checkSize refuses boards whose values could overflow the table.
func (b *Board) checkSize() error {
	if len(b.Marked) != b.Rows*b.Cols || b.Rows < 1 || b.Cols < 1 {
		return fmt.Errorf("crosscut: board %d x %d with %d cells", b.Rows, b.Cols, len(b.Marked))
	}
	if n := b.Count(); n >= 1<<16 {
		return fmt.Errorf("crosscut: %d marked points, limit %d", n, 1<<16-1)
	}
	return nil
}
