package bacterial

import (
	"context"
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

// mexer is sg.MexSet with the common case, values below 256, inlined.
type mexer struct {
	small [4]uint64
	rest  sg.MexSet
	big   bool
}

func (m *mexer) reset() {
	m.small = [4]uint64{}
	if m.big {
		m.rest.Reset()
		m.big = false
	}
}

func (m *mexer) add(v int) {
	if uint(v) < 256 {
		m.small[(v>>6)&3] |= 1 << (v & 63)
		return
	}
	m.rest.Add(v)
	m.big = true
}

func (m *mexer) mex() int {
	for i, w := range m.small {
		if w != ^uint64(0) {
			return i*64 + bits.TrailingZeros64(^w)
		}
	}
	for v := 256; ; v++ {
		if !m.rest.Has(v) {
			return v
		}
	}
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

	// Column intervals outermost, by width: cutting a column leaves narrower
	// column intervals (earlier blocks, read as 2w sequential streams as the
	// row interval advances); cutting a row leaves shorter row intervals of
	// the same block, which stays in cache.
	rowOff := make([]int, R+1) // rowIv.Index(start, length) = rowOff[length] + start
	for l := range rowOff {
		rowOff[l] = rowIv.Index(0, l)
	}
	err := rect.ByLength(ctx, C, rect.Workers(), func(w, c1 int) {
		c2 := c1 + w - 1
		block := table[colIv.Index(c1, w)*nr:][:nr]
		rowFree := make([]bool, R)
		for r := range rowFree {
			rowFree[r] = b.rowFree(r, c1, c2)
		}
		// For a cut at column c1+k: the blocks left and right of it, and
		// where that column's radioactive-cell index starts.
		left, right, colNext := make([]int, w), make([]int, w), make([][]int32, w)
		for k := range w {
			j := c1 + k
			left[k] = colIv.Span(c1, j-1) * nr
			right[k] = colIv.Span(j+1, c2) * nr
			colNext[k] = b.colNext[j*(R+1) : (j+1)*(R+1)]
		}
		var m mexer
		for h := 1; h <= R; h++ {
			for r1 := 0; r1+h <= R; r1++ {
				r2 := r1 + h - 1
				rp := rowOff[h] + r1
				if walls(r1, r2, c1, c2) == 0 {
					block[rp] = T(empty[h*(C+1)+w])
					continue
				}
				m.reset()
				for i := r1; i <= r2; i++ {
					if rowFree[i] {
						m.add(int(block[rowOff[i-r1]+r1] ^ block[rowOff[r2-i]+i+1]))
					}
				}
				for k := range w {
					if int(colNext[k][r1]) > r2 {
						m.add(int(table[left[k]+rp] ^ table[right[k]+rp]))
					}
				}
				block[rp] = T(m.mex())
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
