package bacterial

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"

	"nimber/games/grid"
	"nimber/games/rect"
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
	if g.Rows+g.Cols >= 1<<16 {
		return Result{}, fmt.Errorf("bacterial: board %d x %d too large", g.Rows, g.Cols)
	}
	if valueBytes(g.Rows, g.Cols) == 1 {
		return solveDense[uint8](ctx, g)
	}
	return solveDense[uint16](ctx, g)
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

func solveDense[T uint8 | uint16](ctx context.Context, g grid.Grid) (Result, error) {
	b := newBoard(g)
	R, C := g.Rows, g.Cols
	rowIv, colIv := rect.NewIntervals(R), rect.NewIntervals(C)
	nr := rowIv.Len()
	table := make([]T, nr*colIv.Len())
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
	err := rect.ByLength(ctx, C, len(scratches), func(worker, w, c1 int) {
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
	if err != nil {
		return Result{}, err
	}

	// The winning first moves are the cuts of the whole board leaving 0.
	full := rowIv.Index(0, R)
	root := colIv.Index(0, C)
	res := Result{Grundy: int(table[root*nr+full])}
	if res.Grundy == 0 {
		return res, nil
	}
	hWins, vWins := make([]bool, R), make([]bool, C)
	for i := 0; i < R; i++ {
		hWins[i] = b.rowFree(i, 0, C-1) && table[root*nr+rowIv.Span(0, i-1)] == table[root*nr+rowIv.Span(i+1, R-1)]
	}
	for j := 0; j < C; j++ {
		vWins[j] = b.colFree(j, 0, R-1) && table[colIv.Span(0, j-1)*nr+full] == table[colIv.Span(j+1, C-1)*nr+full]
	}
	res.Winning = winningMoves(R, C, hWins, vWins)
	return res, nil
}
