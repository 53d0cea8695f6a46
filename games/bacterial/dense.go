package bacterial

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"

	"nimber/games/rect"
	"nimber/grid"
	"nimber/sg"
)

// MemoryEstimate returns the bytes the dense solver needs for a rows x cols
// board: one table entry per sub-rectangle, one byte each while rows+cols <
// 256 (a value never exceeds the number of options, at most rows+cols), two
// bytes otherwise.
func MemoryEstimate(rows, cols int) int64 {
	return rect.Cells(rows, cols) * int64(valueBytes(rows, cols))
}

func valueBytes(rows, cols int) int {
	if rows+cols < 256 {
		return 1
	}
	return 2
}

// Solve analyses g with the dense solver: the Grundy value of every
// sub-rectangle in a flat table of bytes, filled by increasing width with the
// columns of one width in parallel. A rectangle with no radioactive cell
// takes its value from a table of empty rectangles by size. The time is
// O(R^2 C^2 (R+C)) in the worst case and the memory MemoryEstimate(R, C).
func Solve(ctx context.Context, g grid.Grid) (Result, error) {
	t, err := SolveTable(ctx, g)
	if err != nil {
		return Result{}, err
	}
	// The winning first moves are the cuts of the whole board leaving 0.
	R, C := g.Rows, g.Cols
	res := Result{Grundy: t.Value(Rect{0, R - 1, 0, C - 1})}
	if res.Grundy == 0 {
		return res, nil
	}
	hWins, vWins := make([]bool, R), make([]bool, C)
	for i := 0; i < R; i++ {
		hWins[i] = t.b.rowFree(i, 0, C-1) && t.Value(Rect{0, i - 1, 0, C - 1}) == t.Value(Rect{i + 1, R - 1, 0, C - 1})
	}
	for j := 0; j < C; j++ {
		vWins[j] = t.b.colFree(j, 0, R-1) && t.Value(Rect{0, R - 1, 0, j - 1}) == t.Value(Rect{0, R - 1, j + 1, C - 1})
	}
	res.Winning = winningMoves(R, C, hWins, vWins)
	return res, nil
}

// Table holds the Grundy value of every sub-rectangle of a board, as the
// dense solver computes them.
type Table struct {
	b          *board
	rows, cols rect.Intervals
	nr         int
	values8    []uint8
	values16   []uint16
}

// Value returns the Grundy value of the sub-rectangle x of the board, rows
// x.R1..x.R2 and columns x.C1..x.C2, as a component: with no infected cell
// inside. It is 0 for an empty rectangle (R1 > R2 or C1 > C2) and for a
// rectangle that is not inside the board.
func (t *Table) Value(x Rect) int {
	if x.R1 > x.R2 || x.C1 > x.C2 || x.R1 < 0 || x.C1 < 0 || x.R2 >= t.b.rows || x.C2 >= t.b.cols {
		return 0
	}
	i := t.cols.Span(x.C1, x.C2)*t.nr + t.rows.Span(x.R1, x.R2)
	if t.values8 != nil {
		return int(t.values8[i])
	}
	return int(t.values16[i])
}

// SolveTable runs the dense solver of Solve on g and returns the value of
// every sub-rectangle, in MemoryEstimate(g.Rows, g.Cols) bytes.
func SolveTable(ctx context.Context, g grid.Grid) (*Table, error) {
	if g.Rows < 1 || g.Cols < 1 || len(g.Cells) != g.Rows*g.Cols {
		return nil, fmt.Errorf("bacterial: board %d x %d with %d cells", g.Rows, g.Cols, len(g.Cells))
	}
	if g.Rows+g.Cols >= 1<<16 {
		return nil, fmt.Errorf("bacterial: board %d x %d too large", g.Rows, g.Cols)
	}
	t := &Table{b: newBoard(g), rows: rect.NewIntervals(g.Rows), cols: rect.NewIntervals(g.Cols)}
	t.nr = t.rows.Len()
	n := t.nr * t.cols.Len()
	var err error
	if valueBytes(g.Rows, g.Cols) == 1 {
		t.values8 = make([]uint8, n)
		err = solveDense(ctx, g, t, t.values8)
	} else {
		t.values16 = make([]uint16, n)
		err = solveDense(ctx, g, t, t.values16)
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

// emptyValues returns E with E[h*(cols+1)+w] the Grundy value of an empty
// h x w rectangle: every row and every column is a move.
func emptyValues(rows, cols int) []int {
	e := make([]int, (rows+1)*(cols+1))
	var mex sg.MexSet
	for h := 1; h <= rows; h++ {
		for w := 1; w <= cols; w++ {
			mex.Reset()
			for i := 0; i < h; i++ {
				mex.Add(e[i*(cols+1)+w] ^ e[(h-1-i)*(cols+1)+w])
			}
			for j := 0; j < w; j++ {
				mex.Add(e[h*(cols+1)+j] ^ e[h*(cols+1)+w-1-j])
			}
			e[h*(cols+1)+w] = mex.Mex()
		}
	}
	return e
}

// firstUnstamped returns the first index of row whose byte is not stamp,
// reading eight bytes at a time; len(row) must be a multiple of 8.
func firstUnstamped(row []byte, stamp byte) int {
	pattern := uint64(stamp) * 0x0101010101010101
	for i := 0; i < len(row); i += 8 {
		if x := binary.LittleEndian.Uint64(row[i:]) ^ pattern; x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	return len(row)
}

// solveDense fills table, the values of t, with the value of every
// sub-rectangle of g.
func solveDense[T uint8 | uint16](ctx context.Context, g grid.Grid, t *Table, table []T) error {
	b := t.b
	R, C := g.Rows, g.Cols
	rowIv, colIv := t.rows, t.cols
	nr := t.nr
	empty := emptyValues(R, C)

	// prefix[r*(C+1)+c] counts radioactive cells in rows < r, columns < c.
	prefix := make([]int32, (R+1)*(C+1))
	for r := 0; r < R; r++ {
		for c := 0; c < C; c++ {
			v := prefix[r*(C+1)+c+1] + prefix[(r+1)*(C+1)+c] - prefix[r*(C+1)+c]
			if g.At(r, c) == Radioactive {
				v++
			}
			prefix[(r+1)*(C+1)+c+1] = v
		}
	}
	walls := func(r1, r2, c1, c2 int) int32 {
		return prefix[(r2+1)*(C+1)+c2+1] - prefix[r1*(C+1)+c2+1] - prefix[(r2+1)*(C+1)+c1] + prefix[r1*(C+1)+c1]
	}

	// Column intervals outermost, by width, the columns of one width in
	// parallel. Within one column interval the rectangles of one height h
	// are done together, for every start row r1 at once: a cut then reads
	// two contiguous runs of the table (its parts for all r1), and marks
	// option values in a per-r1 row of stamps. A value never exceeds the
	// number of options, at most R+C, so a stamp row of width > R+C always
	// holds the mex.
	rowOff := make([]int, R+1) // rowIv.Index(start, length) = rowOff[length] + start
	for l := range rowOff {
		rowOff[l] = rowIv.Index(0, l)
	}
	width := (R + C + 8) &^ 7
	// Scratch space per worker, reused across column intervals.
	type scratch struct {
		rowFree, needs []bool
		left, right    []int
		colNext        [][]int32
		seen           []byte
		stamp          byte
	}
	scratches := make([]scratch, rect.Workers())
	for i := range scratches {
		scratches[i] = scratch{
			rowFree: make([]bool, R), needs: make([]bool, R),
			left: make([]int, C), right: make([]int, C), colNext: make([][]int32, C),
			seen: make([]byte, R*width),
		}
	}
	return rect.ByLength(ctx, C, len(scratches), func(worker, w, c1 int) {
		sc := &scratches[worker]
		c2 := c1 + w - 1
		block := table[colIv.Index(c1, w)*nr:][:nr]
		rowFree := sc.rowFree
		for r := range rowFree {
			rowFree[r] = b.rowFree(r, c1, c2)
		}
		// For a cut at column c1+k: the blocks left and right of it, and
		// where that column's radioactive-cell index starts.
		left, right, colNext := sc.left[:w], sc.right[:w], sc.colNext[:w]
		for k := range w {
			j := c1 + k
			left[k] = colIv.Span(c1, j-1) * nr
			right[k] = colIv.Span(j+1, c2) * nr
			colNext[k] = b.colNext[j*(R+1) : (j+1)*(R+1)]
		}
		seen, needs := sc.seen, sc.needs
		stamp := sc.stamp
		defer func() { sc.stamp = stamp }()
		for h := 1; h <= R; h++ {
			n := R - h + 1
			if stamp++; stamp == 0 {
				clear(seen)
				stamp = 1
			}
			// Only start rows whose rectangle holds a radioactive cell need
			// the search; they lie in lo..hi.
			out := block[rowOff[h]:][:n]
			lo, hi := n, -1
			for r1 := range n {
				needs[r1] = walls(r1, r1+h-1, c1, c2) != 0
				if !needs[r1] {
					out[r1] = T(empty[h*(C+1)+w])
				} else {
					lo, hi = min(lo, r1), r1
				}
			}
			if hi < 0 {
				continue
			}
			m := hi - lo + 1
			need := needs[lo:][:m]
			mark := seen[lo*width:]
			// Row cuts at offset t: parts (r1, t rows) and (r1+t+1, h-1-t rows).
			for t := range h {
				top := block[rowOff[t]+lo:][:m]
				bottom := block[rowOff[h-1-t]+t+1+lo:][:m]
				free := rowFree[t+lo:][:m]
				for i := range m {
					if need[i] && free[i] {
						mark[i*width+int(top[i]^bottom[i])] = stamp
					}
				}
			}
			// Column cuts: parts left and right of column c1+k, same rows.
			for k := range w {
				left := table[left[k]+rowOff[h]+lo:][:m]
				right := table[right[k]+rowOff[h]+lo:][:m]
				next := colNext[k][lo:][:m]
				for i := range m {
					if need[i] && int(next[i]) >= lo+i+h {
						mark[i*width+int(left[i]^right[i])] = stamp
					}
				}
			}
			for i := range m {
				if need[i] {
					out[lo+i] = T(firstUnstamped(mark[i*width:][:width], stamp))
				}
			}
		}
	})
}
