package sg

import (
	"context"
	"fmt"
)

// Retrograde solves a finite game graph under normal play, cycles allowed:
// positions 0..n-1, where options(p, yield) calls yield for every option of
// p (it must yield the same options each time it is called). It returns the
// outcome of every position, N, P or D (neither player can force a win),
// and its remoteness: for N and P the number of moves the game lasts when
// the winner hurries and the loser delays (0 for a position with no move),
// for D zero. options is called twice per position: an option out of
// 0..n-1, or one that the second call yields beyond the first's, is an
// error.
//
// It works backwards from the positions with no move, in order of
// remoteness (Smith's retrograde analysis), in O(positions + options) time
// and memory, without recursion. It returns ctx's error once cancelled.
func Retrograde(ctx context.Context, n int, options func(p int, yield func(q int))) ([]Outcome, []int32, error) {
	if n < 0 {
		return nil, nil, fmt.Errorf("sg: %d positions", n)
	}
	// left[p] counts the options of p not yet known to be N.
	left := make([]int32, n)
	// parents[start[q]:start[q+1]] lists the positions having q as an option.
	start := make([]int, n+1)
	var (
		p   int
		bad error // an option out of range, or not yielded the first time
	)
	countOption := func(q int) {
		if q < 0 || q >= n {
			bad = fmt.Errorf("sg: position %d has option %d, out of range 0..%d", p, q, n-1)
			return
		}
		left[p]++
		start[q+1]++
	}
	for p = range n {
		if p&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		if options(p, countOption); bad != nil {
			return nil, nil, bad
		}
	}
	for q := 1; q <= n; q++ {
		start[q] += start[q-1]
	}
	parents := make([]int32, start[n])
	fill := append([]int(nil), start[:n]...)
	addParent := func(q int) {
		if q < 0 || q >= n || fill[q] == start[q+1] {
			bad = fmt.Errorf("sg: position %d yields option %d the second time, not the first: options must yield the same each time", p, q)
			return
		}
		parents[fill[q]] = int32(p)
		fill[q]++
	}
	for p = range n {
		if options(p, addParent); bad != nil {
			return nil, nil, bad
		}
	}

	outcome := make([]Outcome, n)
	rem := make([]int32, n)
	queue := make([]int32, 0, n)
	for p := range n {
		if left[p] == 0 {
			outcome[p] = P
			queue = append(queue, int32(p))
		}
	}
	// The queue holds decided positions in order of remoteness: a position
	// becomes N at its first P option (the nearest), and P at its last N
	// option (the farthest).
	for head := 0; head < len(queue); head++ {
		if head&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		q := queue[head]
		for _, p := range parents[start[q]:start[q+1]] {
			if outcome[p] != 0 {
				continue
			}
			if outcome[q] == P {
				outcome[p] = N
			} else if left[p]--; left[p] == 0 {
				outcome[p] = P
			} else {
				continue
			}
			rem[p] = rem[q] + 1
			queue = append(queue, p)
		}
	}
	for p := range outcome {
		if outcome[p] == 0 {
			outcome[p] = D
		}
	}
	return outcome, rem, nil
}
