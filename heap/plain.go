package heap

import (
	"context"
	"fmt"
)

// Options calls yield with the value of every option of a heap of n tokens,
// given the values g of all smaller heaps: the definition, move by move.
// Its cost is O(n) per digit with bit 4 and O(n^2) with bit 8.
func (gm *Game) Options(n int, g []uint16, yield func(v int)) {
	for k, d := range gm.Digits {
		if d == 0 || k > n {
			continue
		}
		m := n - k // tokens left
		if d&1 != 0 && m == 0 {
			yield(0)
		}
		if d&2 != 0 && m > 0 && k > 0 {
			yield(int(g[m]))
		}
		if d&4 != 0 {
			for a := 1; 2*a <= m; a++ {
				if gm.Unequal && 2*a == m {
					continue
				}
				yield(int(g[a] ^ g[m-a]))
			}
		}
		if d&8 != 0 {
			for a := 1; 3*a <= m; a++ {
				for b := a; a+2*b <= m; b++ {
					yield(int(g[a] ^ g[b] ^ g[m-a-b]))
				}
			}
		}
	}
}

// Plain extends the nim-sequence g (values of heaps 0..len(g)-1) to heaps
// 0..to-1 by the definition: the mex of every option's value. It is the
// obviously correct twin of the fast engine, O(n^2) for octal games.
func (gm *Game) Plain(ctx context.Context, g []uint16, to int) ([]uint16, error) {
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
