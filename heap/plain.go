package heap

import (
	"context"
	"fmt"
	"iter"
)

// Move is one move from a heap: remove Take tokens and leave the non-empty
// heaps Left.
type Move struct {
	Take int
	Left []int
}

// Moves returns every move from a heap of n tokens, in order of the tokens
// taken, then the heaps left, each with the heaps it leaves (Move.Left).
// The Left slice is reused from one move to the next.
func (gm *Code) Moves(n int) iter.Seq2[Move, []int] {
	return func(yield func(Move, []int) bool) { gm.moves(n, yield) }
}

// moves calls yield for every move from a heap of n tokens, until it
// returns false.
func (gm *Code) moves(n int, yield func(Move, []int) bool) {
	var buf [MaxHeaps]int
	emit := func(k int, heaps ...int) bool {
		left := append(buf[:0], heaps...)
		return yield(Move{Take: k, Left: left}, left)
	}
	for k, d := range gm.Digits {
		if d == 0 || k > n {
			continue
		}
		m := n - k // tokens left
		if d&1 != 0 && m == 0 && !emit(k) {
			return
		}
		if d&2 != 0 && m > 0 && k > 0 && !emit(k, m) {
			return
		}
		if d&4 != 0 {
			for a := 1; 2*a <= m; a++ {
				if !(gm.Unequal && 2*a == m) && !emit(k, a, m-a) {
					return
				}
			}
		}
		if d&8 != 0 {
			for a := 1; 3*a <= m; a++ {
				for b := a; a+2*b <= m; b++ {
					if !emit(k, a, b, m-a-b) {
						return
					}
				}
			}
		}
	}
}

// Options calls yield with the value of every option of a heap of n tokens,
// given the values g of all smaller heaps: the definition, move by move.
func (gm *Code) Options(n int, g []uint16, yield func(v int)) {
	for _, left := range gm.Moves(n) {
		v := uint16(0)
		for _, h := range left {
			v ^= g[h]
		}
		yield(int(v))
	}
}

// Plain extends the nim-sequence g (values of heaps 0..len(g)-1) to heaps
// 0..to-1 by the definition: the mex of every option's value. It is the
// obviously correct twin of the fast engine, O(n^2) for octal games.
func (gm *Code) Plain(ctx context.Context, g []uint16, to int) ([]uint16, error) {
	seen := make([]uint32, 0)
	var stamp uint32
	for n := len(g); n < to; n++ {
		if n&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return g, err
			}
		}
		stamp++
		mex := 0
		gm.Options(n, g, func(v int) {
			for v >= len(seen) {
				seen = append(seen, 0)
			}
			seen[v] = stamp
		})
		for mex < len(seen) && seen[mex] == stamp {
			mex++
		}
		if mex > 0xffff {
			return g, fmt.Errorf("heap %d: Grundy value %d exceeds 65535", n, mex)
		}
		g = append(g, uint16(mex))
	}
	return g, nil
}
