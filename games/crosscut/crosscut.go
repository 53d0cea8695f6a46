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
	"iter"
	"slices"

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

// Moves returns the moves of rectangle x: every marked point inside it,
// row-major, with the non-empty rectangles that picking it leaves. *Board is
// thus an sg.Mover[Rect, Point], the plain reference for the dense solver:
// no canonical rectangles.
func (b *Board) Moves(x Rect) iter.Seq2[Point, []Rect] {
	return func(yield func(Point, []Rect) bool) {
		var buf [4]Rect
		for r := x.R1; r <= x.R2; r++ {
			for c := x.C1; c <= x.C2; c++ {
				if !b.Marked[r*b.Cols+c] {
					continue
				}
				p := Point{r, c}
				parts := buf[:0]
				for _, part := range Split(x, p) {
					if !part.Empty() {
						parts = append(parts, part)
					}
				}
				if !yield(p, parts) {
					return
				}
			}
		}
	}
}

// MovesOf returns the moves of rectangle x of b (Moves) for a game whose
// parts stand for rectangles: each point with the parts wrap makes of the
// rectangles it leaves, valid until the next step of the iteration.
func MovesOf[P any](b *Board, x Rect, wrap func(Rect) P) iter.Seq2[Point, []P] {
	return func(yield func(Point, []P) bool) {
		var buf [4]P
		for pt, rects := range b.Moves(x) {
			parts := buf[:0]
			for _, r := range rects {
				parts = append(parts, wrap(r))
			}
			if !yield(pt, parts) {
				return
			}
		}
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
// options, at most the number of marked points, so entries are 1 byte below
// 256 points, 2 bytes below 65536 and 4 bytes beyond.
func valueBytes(points int) int {
	var w int
	switch {
	case points < 1<<8:
		w = 1
	case points < 1<<16:
		w = 2
	default:
		w = 4
	}
	return max(w, minValueBytes)
}

// minValueBytes widens every table to at least this many bytes an entry; the
// tests set it to check the wide tables on small boards.
var minValueBytes = 1

// MemoryEstimate returns the bytes Solve needs for b: one table entry per
// sub-rectangle plus small per-line tables.
func MemoryEstimate(rows, cols, points int) int64 {
	return rect.Cells(rows, cols)*int64(valueBytes(points)) + int64(rows*cols)*16
}

// MaxPoints bounds the marked points of a board the dense solver takes: the
// 4-byte table entries hold any value up to it. Memory, not this bound,
// limits real boards (a board with 65536 points or more is at least 256 x
// 256, whose table needs about 4.4 GB).
const MaxPoints = 1<<32 - 1

// checkSize refuses boards whose values could overflow the table.
func (b *Board) checkSize() error {
	if len(b.Marked) != b.Rows*b.Cols || b.Rows < 1 || b.Cols < 1 {
		return fmt.Errorf("crosscut: board %d x %d with %d cells", b.Rows, b.Cols, len(b.Marked))
	}
	if n := b.Count(); int64(n) > MaxPoints {
		return fmt.Errorf("crosscut: %d marked points, limit %d", n, MaxPoints)
	}
	return nil
}

// Point status for Rects.
const (
	Dead    = 0  // a point on a deleted line
	Live    = 1  // a point of a rectangle still in play
	Unknown = -1 // a point whose status the position does not show
)

// Rects splits the points of a rows x cols board into the rectangles of a
// cross-cut position: the rectangles still in play, separated by deleted
// lines. status(r, c) says Live, Dead or Unknown (a point the position does
// not show, e.g. off the board in rotated coordinates). A region is split
// along a row or column whose known points in it are all dead, until no
// dead point remains inside; the rectangles holding no known point are
// dropped. An error names a dead point on no such line: the position is not
// one of the cross-cut game.
func Rects(rows, cols int, status func(r, c int) int8) ([]Rect, error) {
	var out []Rect
	stack := []Rect{{0, rows - 1, 0, cols - 1}}
	// lineDead reports whether the known points of the n points at(i) are
	// all dead, and whether there is any.
	lineDead := func(n int, at func(i int) int8) (dead, any bool) {
		for i := range n {
			switch at(i) {
			case Live:
				return false, true
			case Dead:
				any = true
			}
		}
		return any, any
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		split := false
		for r := x.R1; r <= x.R2 && !split; r++ {
			if dead, _ := lineDead(x.C2-x.C1+1, func(i int) int8 { return status(r, x.C1+i) }); dead {
				stack = append(stack, Rect{x.R1, r - 1, x.C1, x.C2}, Rect{r + 1, x.R2, x.C1, x.C2})
				split = true
			}
		}
		for c := x.C1; c <= x.C2 && !split; c++ {
			if dead, _ := lineDead(x.R2-x.R1+1, func(i int) int8 { return status(x.R1+i, c) }); dead {
				stack = append(stack, Rect{x.R1, x.R2, x.C1, c - 1}, Rect{x.R1, x.R2, c + 1, x.C2})
				split = true
			}
		}
		if split || x.Empty() {
			continue
		}
		known := false
		for r := x.R1; r <= x.R2; r++ {
			for c := x.C1; c <= x.C2; c++ {
				switch status(r, c) {
				case Dead:
					return nil, &DeadPointError{Point{r, c}}
				case Live:
					known = true
				}
			}
		}
		if known {
			out = append(out, x)
		}
	}
	slices.SortFunc(out, func(a, b Rect) int {
		if a.R1 != b.R1 {
			return a.R1 - b.R1
		}
		return a.C1 - b.C1
	})
	return out, nil
}

// DeadPointError is a dead point of a position on no deleted line.
type DeadPointError struct{ Point Point }

func (e *DeadPointError) Error() string {
	return fmt.Sprintf("point (%d,%d) is taken but lies on no deleted line", e.Point.Row, e.Point.Col)
}
