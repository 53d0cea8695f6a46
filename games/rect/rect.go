// Package rect holds what the dense rectangle solvers share: a numbering of
// intervals for flat tables, a level-by-level parallel loop, and memory
// estimates.
//
// A sub-rectangle is a pair of intervals, one of rows and one of columns. The
// dense solvers keep one value per sub-rectangle in a flat table indexed by
// Intervals.Index(column interval)*rowIntervals + Intervals.Index(row
// interval). Intervals are numbered by length first, so that an interval's
// sub-intervals come before it and a loop over lengths visits every table
// block in order.
package rect

import (
	"context"
	"fmt"
	"iter"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"nimber/game"
	"nimber/grid"
	"nimber/sg"
)

// Intervals numbers the intervals [start, start+length) of 0..n-1 with
// 0 <= length <= n, length first. Empty intervals (length 0) are included,
// one per start 0..n, so that lookups need no bounds branch: their value is
// that of the empty rectangle, 0.
type Intervals struct {
	n      int
	offset []int // offset[length] = index of (start 0, length)
}

// NewIntervals returns the numbering of the intervals of 0..n-1.
func NewIntervals(n int) Intervals {
	off := make([]int, n+2)
	for l := 0; l <= n; l++ {
		off[l+1] = off[l] + n - l + 1
	}
	return Intervals{n: n, offset: off}
}

// Len returns how many intervals there are: (n+1)(n+2)/2.
func (iv Intervals) Len() int { return iv.offset[iv.n+1] }

// Index returns the number of the interval [start, start+length).
func (iv Intervals) Index(start, length int) int { return iv.offset[length] + start }

// Span returns the number of the closed interval [lo, hi]; hi = lo-1 is the
// empty interval at lo.
func (iv Intervals) Span(lo, hi int) int { return iv.offset[hi-lo+1] + lo }

// Cells estimates the table entries of a rows x cols board: one per pair of
// intervals.
func Cells(rows, cols int) int64 {
	return int64(IntervalCount(rows)) * int64(IntervalCount(cols))
}

// IntervalCount is NewIntervals(n).Len() without building the numbering.
func IntervalCount(n int) int { return (n + 1) * (n + 2) / 2 }

// Workers is the number of goroutines the dense solvers use.
func Workers() int { return runtime.GOMAXPROCS(0) }

// ByLength calls f(worker, length, start) for every interval of 0..n-1 of
// length 1..n, all intervals of one length before any longer one. Calls for
// the same length run concurrently on up to workers goroutines, so f may only
// read results of shorter lengths and write its own; worker, in 0..workers-1,
// is the same for calls on the same goroutine, so f can keep scratch space
// per worker. ByLength checks ctx between calls and returns its error once
// cancelled.
func ByLength(ctx context.Context, n, workers int, f func(worker, length, start int)) error {
	for length := 1; length <= n; length++ {
		count := n - length + 1
		w := min(workers, count)
		if w <= 1 {
			for s := 0; s < count; s++ {
				if err := ctx.Err(); err != nil {
					return err
				}
				f(0, length, s)
			}
			continue
		}
		var next atomic.Int64
		var wg sync.WaitGroup
		for worker := range w {
			wg.Go(func() {
				for {
					s := int(next.Add(1) - 1)
					if s >= count || ctx.Err() != nil {
						return
					}
					f(worker, length, s)
				}
			})
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}

// Memo returns a flat memo of the sub-rectangles of a rows x cols board,
// for the generic solver of a rectangle game: one entry per pair of row
// and column intervals, numbered as the dense tables number them. rectOf
// gives the rectangle of a part, rows r1..r2 and columns c1..c2.
func Memo[P comparable](rows, cols int, rectOf func(P) (r1, r2, c1, c2 int)) *sg.DenseMemo[P] {
	ri, ci := NewIntervals(rows), NewIntervals(cols)
	return sg.NewDenseMemo(ri.Len()*ci.Len(), func(p P) int {
		r1, r2, c1, c2 := rectOf(p)
		return ci.Span(c1, c2)*ri.Len() + ri.Span(r1, r2)
	})
}

// All yields every non-empty sub-rectangle of a rows x cols board, rows
// r1..r2 and columns c1..c2: the tests compare the dense tables with the
// generic solver on each.
func All(rows, cols int) iter.Seq[[4]int] {
	return func(yield func([4]int) bool) {
		for r1 := range rows {
			for r2 := r1; r2 < rows; r2++ {
				for c1 := range cols {
					for c2 := c1; c2 < cols; c2++ {
						if !yield([4]int{r1, r2, c1, c2}) {
							return
						}
					}
				}
			}
		}
	}
}

// CheckSides refuses a board of more rows or columns than maxSide with a
// *game.LimitError naming it, e.g. "map 30 x 25".
func CheckSides(noun string, g grid.Grid, maxSide int) error {
	what := fmt.Sprintf("%s %d x %d", noun, g.Rows, g.Cols)
	if err := game.CheckLimit(what, "rows", int64(g.Rows), int64(maxSide)); err != nil {
		return err
	}
	return game.CheckLimit(what, "columns", int64(g.Cols), int64(maxSide))
}

// ParseBoard reads a board of the characters chars (grid.ParseBoard) and
// refuses one of more than maxCells cells, naming it as CheckSides does.
func ParseBoard(noun, text, chars string, maxCells int) (grid.Grid, error) {
	g, err := grid.ParseBoard(text, chars)
	if err != nil {
		return grid.Grid{}, err
	}
	what := fmt.Sprintf("%s %d x %d", noun, g.Rows, g.Cols)
	if err := game.CheckLimit(what, "cells", int64(g.Rows)*int64(g.Cols), int64(maxCells)); err != nil {
		return grid.Grid{}, err
	}
	return g, nil
}

// ParseMarked is ParseBoard of a board whose cells are chars or marks,
// with every mark read as the one character played: the ways a position
// writes a cell already played on (an infected cell, a colony's letter).
func ParseMarked(noun, text, chars, marks string, played byte, maxCells int) (grid.Grid, error) {
	g, err := ParseBoard(noun, text, chars+marks, maxCells)
	if err != nil {
		return grid.Grid{}, err
	}
	for i, c := range g.Cells {
		if strings.IndexByte(marks, c) >= 0 {
			g.Cells[i] = played
		}
	}
	return g, nil
}

// Capabilities are the interfaces of the game API that the board games
// with a dense solver implement, P their part and M their move: a game
// asserts them at compile time (var _ rect.Capabilities[P, M] = rules{}).
type Capabilities[P comparable, M any] interface {
	game.Rules[P, M]
	game.MoveCells[P, M]
	game.Board
	game.PartDescriber[P]
	game.Accelerator[P]
	game.Memoizer[P]
	game.Sizer[P]
}
