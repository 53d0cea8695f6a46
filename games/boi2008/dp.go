package boi2008

import (
	"context"
	"fmt"
)

// layers are the squares on shortest paths between the starts, grouped by
// distance from A's start: layer q holds the squares x with DistA[x] = q and
// DistA[x] + DistB[x] = D. After p moves each on shortest paths, A stands in
// layer p and B in layer D-p.
type layers struct {
	b     *Board
	start []int32 // layer q is order[start[q]:start[q+1]]
	order []int32 // squares, layer by layer
	pos   []int32 // index of a square within its layer, -1 off shortest paths
}

func newLayers(b *Board) *layers {
	D := b.target
	l := &layers{b: b, start: make([]int32, D+2), pos: make([]int32, len(b.DistA))}
	for x := range l.pos {
		l.pos[x] = -1
		if da := b.DistA[x]; da >= 0 && b.DistB[x] >= 0 && da+b.DistB[x] == D {
			l.start[da+1]++
		}
	}
	for q := int32(1); q <= D+1; q++ {
		l.start[q] += l.start[q-1]
	}
	l.order = make([]int32, l.start[D+1])
	fill := append([]int32(nil), l.start[:D+1]...)
	for x := range l.pos {
		if da := b.DistA[x]; da >= 0 && b.DistB[x] >= 0 && da+b.DistB[x] == D {
			l.pos[x] = fill[da] - l.start[da]
			l.order[fill[da]] = int32(x)
			fill[da]++
		}
	}
	return l
}

// layer returns the squares of layer q.
func (l *layers) layer(q int) []int32 { return l.order[l.start[q]:l.start[q+1]] }

// next calls f with the index in layer q+dq of every neighbour of square x
// that lies in that layer (dq is +1 for A's moves, -1 for B's).
func (l *layers) next(x int, q, dq int, f func(j int)) {
	want := int32(q + dq)
	l.b.neighbours(x, func(y int) {
		if l.pos[y] >= 0 && l.b.DistA[y] == want {
			f(int(l.pos[y]))
		}
	})
}

// dp runs the layered dynamic program. V_p is the bit matrix over (A's
// square in layer p, B's square in layer D-p), A to move, true when A wins:
// V_d(x, y) = x != y (at d = D/2 B has intercepted exactly when y = x), and
// V_p(x, y) = some A move x' with, for every B move y', V_{p+1}(x', y').
// Each step is word-parallel: W(y, .) is the AND over B's moves y' of the
// columns of V_{p+1}, and after a transpose V_p(x, .) is the OR over A's
// moves x' of the rows of W. keep, when not nil, receives every V_p (from
// p = d down to 0); otherwise only two layers are alive. It returns V_0's
// single bit and, for p = 0, the rows of W over A's first moves.
type dpResult struct {
	aWins     bool
	firstMove *Square
}

func (l *layers) dp(ctx context.Context, keep func(p int, v *bitMatrix)) (dpResult, error) {
	b := l.b
	D := int(b.target)
	d := D / 2
	var v, vt, w, wt bitMatrix
	mid := l.layer(d)
	v.reset(len(mid), len(mid))
	for i := range mid {
		for j := range mid {
			if i != j {
				v.set(i, j)
			}
		}
	}
	if keep != nil {
		keep(d, &v)
	}
	var res dpResult
	for p := d - 1; p >= 0; p-- {
		if err := ctx.Err(); err != nil {
			return dpResult{}, err
		}
		la, lb := l.layer(p), l.layer(D-p) // A's and B's layers now
		// vt: per B square y' in layer D-p-1, the A squares x' in p+1 that win.
		v.transposeInto(&vt)
		w.reset(len(lb), len(l.layer(p+1)))
		for j, y := range lb {
			row := w.row(j)
			first := true
			l.next(int(y), D-p, -1, func(yn int) {
				col := vt.row(yn)
				if first {
					copy(row, col)
					first = false
					return
				}
				for k := range row {
					row[k] &= col[k]
				}
			})
		}
		w.transposeInto(&wt) // per A square x' in p+1, the B squares y it beats
		if keep != nil {
			v = bitMatrix{}
		}
		v.reset(len(la), len(lb))
		for i, x := range la {
			row := v.row(i)
			l.next(int(x), p, +1, func(xn int) {
				for k, word := range wt.row(xn) {
					row[k] |= word
				}
			})
		}
		if p == 0 {
			res.aWins = v.get(0, 0)
			if res.aWins {
				l.next(b.A, 0, +1, func(xn int) {
					if res.firstMove == nil && wt.get(xn, 0) {
						s := b.Square(int(l.layer(1)[xn]))
						res.firstMove = &s
					}
				})
			}
		}
		if keep != nil {
			keep(p, &v)
		}
	}
	return res, nil
}

// Solve decides b by the layered dynamic program of the official analysis,
// keeping two layers: O(n^2) memory (distances, layer indexes and bit
// matrices of at most the largest layer squared) and O(sum over layers of
// |layer_A| |layer_B| / 64) word operations. The verdict holds the winner,
// D, A's first move when A wins, and B's interception move number when B
// wins (the interception square needs Explain).
func Solve(ctx context.Context, b *Board) (Verdict, error) {
	D := b.Distance()
	v := Verdict{Distance: D}
	l := newLayers(b)
	if D%2 == 1 {
		v.Winner = A
		l.next(b.A, 0, +1, func(xn int) {
			if v.FirstMove == nil {
				s := b.Square(int(l.layer(1)[xn]))
				v.FirstMove = &s
			}
		})
		return v, nil
	}
	res, err := l.dp(ctx, nil)
	if err != nil {
		return Verdict{}, err
	}
	if res.aWins {
		v.Winner, v.FirstMove = A, res.firstMove
	} else {
		v.Winner, v.InterceptionMove = B, D/2
	}
	return v, nil
}

// ExplainBits returns how many bits Explain stores for b: every layer's
// matrix.
func ExplainBits(b *Board) int64 {
	l := newLayers(b)
	D := b.Distance()
	var bits int64
	for p := 0; p <= D/2; p++ {
		bits += int64(len(l.layer(p))) * int64(len(l.layer(D-p)))
	}
	return bits
}

// Explain is Solve plus the principal line: it keeps every layer's matrix
// (ExplainBits(b) bits; it refuses when that exceeds maxBits) and replays
// the game. A plays a winning move when he has one (else his first option),
// B answers with a winning move when he has one (else his first option).
// For B wins the line ends with B landing on A's square at his d-th move.
func Explain(ctx context.Context, b *Board, maxBits int64) (Verdict, error) {
	D := b.Distance()
	if D%2 == 1 {
		return Solve(ctx, b)
	}
	if need := ExplainBits(b); need > maxBits {
		return Verdict{}, fmt.Errorf("explaining needs %d bits of layer tables, limit %d", need, maxBits)
	}
	l := newLayers(b)
	d := D / 2
	tables := make([]bitMatrix, d+1)
	res, err := l.dp(ctx, func(p int, v *bitMatrix) { tables[p] = *v })
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Distance: D, Winner: B, InterceptionMove: d}
	if res.aWins {
		v.Winner, v.FirstMove = A, res.firstMove
	}
	// Replay: x and y are A's and B's indexes in layers p and D-p.
	x, y := int(l.pos[b.A]), int(l.pos[b.B])
	for p := 0; p < d; p++ {
		next := &tables[p+1]
		ax, ay := int(l.layer(p)[x]), int(l.layer(D - p)[y])
		bMoves := []int{}
		l.next(ay, D-p, -1, func(yn int) { bMoves = append(bMoves, yn) })
		chosen, chosenWins := -1, false
		l.next(ax, p, +1, func(xn int) {
			if chosenWins {
				return
			}
			wins := true
			for _, yn := range bMoves {
				wins = wins && next.get(xn, yn)
			}
			if chosen < 0 || wins {
				chosen, chosenWins = xn, wins
			}
		})
		x = chosen
		y = bMoves[0]
		for _, yn := range bMoves {
			if !next.get(x, yn) {
				y = yn
				break
			}
		}
		v.Line = append(v.Line, b.Square(int(l.layer(p + 1)[x])), b.Square(int(l.layer(D - p - 1)[y])))
	}
	if v.Winner == B {
		last := v.Line[len(v.Line)-1]
		v.Interception = &last
	}
	return v, nil
}
