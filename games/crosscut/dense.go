package crosscut

import (
	"context"

	"nimber/games/rect"
)

// Table holds the Grundy value of every sub-rectangle of a board.
type Table struct {
	board      *Board
	rows, cols rect.Intervals
	nr         int
	values8    []uint8
	values16   []uint16
	values32   []uint32
}

// Value returns the Grundy value of rectangle x (0 when it is empty).
func (t *Table) Value(x Rect) int {
	if x.Empty() {
		return 0
	}
	i := t.cols.Span(x.C1, x.C2)*t.nr + t.rows.Span(x.R1, x.R2)
	switch {
	case t.values8 != nil:
		return int(t.values8[i])
	case t.values16 != nil:
		return int(t.values16[i])
	}
	return int(t.values32[i])
}

// SplitValue returns the value of the position left when point p inside x
// is picked: the nim-sum of the four parts.
func (t *Table) SplitValue(x Rect, p Point) int {
	v := 0
	for _, part := range Split(x, p) {
		v ^= t.Value(part)
	}
	return v
}

// Solve computes the value of every sub-rectangle of b. Column intervals are
// done by increasing width, those of one width in parallel; within one, row
// intervals by increasing height. A rectangle whose border line holds no
// marked point copies the value of the rectangle without that line, computed
// earlier; the others take the mex over their marked points. The time is
// O(R^2 C^2) plus the points inside every canonical rectangle; the memory is
// MemoryEstimate.
func Solve(ctx context.Context, b *Board) (*Table, error) {
	if err := b.checkSize(); err != nil {
		return nil, err
	}
	t := &Table{board: b, rows: rect.NewIntervals(b.Rows), cols: rect.NewIntervals(b.Cols)}
	t.nr = t.rows.Len()
	n := t.nr * t.cols.Len()
	var err error
	switch points := b.Count(); valueBytes(points) {
	case 1:
		t.values8 = make([]uint8, n)
		err = fill(ctx, t, t.values8, points)
	case 2:
		t.values16 = make([]uint16, n)
		err = fill(ctx, t, t.values16, points)
	default:
		t.values32 = make([]uint32, n)
		err = fill(ctx, t, t.values32, points)
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

func fill[T uint8 | uint16 | uint32](ctx context.Context, t *Table, table []T, points int) error {
	b := t.board
	R, C, nr := b.Rows, b.Cols, t.nr
	// rowPrefix[r*(C+1)+c]: marked points in row r, columns < c;
	// colPrefix[c*(R+1)+r]: marked points in column c, rows < r.
	rowPrefix := make([]int32, R*(C+1))
	colPrefix := make([]int32, C*(R+1))
	for r := 0; r < R; r++ {
		for c := 0; c < C; c++ {
			m := int32(0)
			if b.Marked[r*C+c] {
				m = 1
			}
			rowPrefix[r*(C+1)+c+1] = rowPrefix[r*(C+1)+c] + m
			colPrefix[c*(R+1)+r+1] = colPrefix[c*(R+1)+r] + m
		}
	}
	rowHas := func(r, c1, c2 int) bool { return rowPrefix[r*(C+1)+c2+1] != rowPrefix[r*(C+1)+c1] }
	colHas := func(c, r1, r2 int) bool { return colPrefix[c*(R+1)+r2+1] != colPrefix[c*(R+1)+r1] }
	rowOff := make([]int, R+1) // t.rows.Index(start, length) = rowOff[length] + start
	for l := range rowOff {
		rowOff[l] = t.rows.Index(0, l)
	}

	// Scratch space per worker, reused across column intervals.
	type scratch struct {
		left, right []int
		seen        []uint32
		stamp       uint32
	}
	scratches := make([]scratch, rect.Workers())
	for i := range scratches {
		scratches[i] = scratch{left: make([]int, C), right: make([]int, C), seen: make([]uint32, points+2)}
	}
	return rect.ByLength(ctx, C, len(scratches), func(worker, w, c1 int) {
		sc := &scratches[worker]
		c2 := c1 + w - 1
		self := t.cols.Index(c1, w) * nr
		block := table[self:][:nr]
		// Narrower blocks: without the first or last column, and the
		// blocks left and right of a picked column c1+k.
		dropFirst := t.cols.Span(c1+1, c2) * nr
		dropLast := t.cols.Span(c1, c2-1) * nr
		left, right := sc.left[:w], sc.right[:w]
		for k := range w {
			left[k] = t.cols.Span(c1, c1+k-1) * nr
			right[k] = t.cols.Span(c1+k+1, c2) * nr
		}
		seen := sc.seen
		stamp := sc.stamp
		defer func() { sc.stamp = stamp }()
		for h := 1; h <= R; h++ {
			for r1 := 0; r1+h <= R; r1++ {
				r2 := r1 + h - 1
				rp := rowOff[h] + r1
				switch {
				case !rowHas(r1, c1, c2):
					block[rp] = block[rowOff[h-1]+r1+1]
				case !rowHas(r2, c1, c2):
					block[rp] = block[rowOff[h-1]+r1]
				case !colHas(c1, r1, r2):
					block[rp] = table[dropFirst+rp]
				case !colHas(c2, r1, r2):
					block[rp] = table[dropLast+rp]
				default:
					if stamp++; stamp == 0 {
						clear(seen)
						stamp = 1
					}
					for r := r1; r <= r2; r++ {
						top := rowOff[r-r1] + r1       // rows r1..r-1
						bottom := rowOff[r2-r] + r + 1 // rows r+1..r2
						marks := b.Marked[r*C+c1:][:w]
						for k, m := range marks {
							if m {
								v := table[left[k]+top] ^ table[right[k]+top] ^ table[left[k]+bottom] ^ table[right[k]+bottom]
								seen[v] = stamp
							}
						}
					}
					v := 0
					for seen[v] == stamp {
						v++
					}
					block[rp] = T(v)
				}
			}
		}
	})
}
