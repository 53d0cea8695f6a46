package heap

import (
	"context"
	"fmt"
	"runtime"
)

// Extend extends the nim-sequence g to heaps 0..to-1 the fastest way:
// with an Extender, that is the sparse-space algorithm on all cores until a
// period is proven, and the period after that. Callers that compute in
// chunks (checkpoints, progress) keep an Extender instead.
func (gm *Code) Extend(ctx context.Context, g *Seq, to int) error {
	return gm.NewExtender(g).Extend(ctx, to)
}

// An Extender extends one nim-sequence in steps, keeping its state from
// one step to the next. It computes with the sparse-space engine on all
// cores, keeping the engine's state (rare heaps, value histogram, mask,
// helpers): starting the engine reads every value computed so far, which
// an Extender does once. For octal games it also looks for a period at
// doubling lengths (from periodCheckFirst values on); once the Guy–Smith
// condition proves one, every further value is G(n) = G(n-p), at the cost
// of a copy.
type Extender struct {
	gm        *Code
	s         *sparser
	err       error
	period    int // > 0: a proven period, which gives every further value
	nextCheck int // the length at which to look for a period next
}

// periodCheckFirst is the length at which an Extender first looks for a
// period.
const periodCheckFirst = 1 << 10

// NewExtender returns an Extender of g, which it appends to. Nothing else
// may change g while the Extender is in use.
func (gm *Code) NewExtender(g *Seq) *Extender {
	return newExtender(gm, g, runtime.GOMAXPROCS(0), defaultSparseTuning)
}

// NewExtenderWorkers is NewExtender on at most workers goroutines (at
// least one), for callers that run several sequences at once.
func (gm *Code) NewExtenderWorkers(g *Seq, workers int) *Extender {
	return newExtender(gm, g, max(1, workers), defaultSparseTuning)
}

func newExtender(gm *Code, g *Seq, workers int, tu sparseTuning) *Extender {
	return &Extender{gm: gm, s: newSparser(gm, g, workers, tu), nextCheck: max(periodCheckFirst, g.Len())}
}

// Extend extends the sequence to heaps 0..to-1. After an error the
// sequence holds the values computed so far, and every later call returns
// the same error: the engine's state may be ahead of what the caller keeps.
func (e *Extender) Extend(ctx context.Context, to int) error {
	if e.err == nil {
		e.err = e.extend(ctx, to)
	}
	return e.err
}

func (e *Extender) extend(ctx context.Context, to int) error {
	g := e.s.g
	if to > MaxSequence {
		return fmt.Errorf("%d heaps: nimber computes at most 2^32", to)
	}
	for g.Len() < to {
		if e.period > 0 {
			g.Grow(to - g.Len())
			for n := g.Len(); n < to; n++ {
				if n&(1<<20-1) == 0 {
					if err := ctx.Err(); err != nil {
						return err
					}
				}
				g.Append(g.At(n - e.period))
			}
			return nil
		}
		step := to
		if e.gm.Octal() {
			step = min(to, max(e.nextCheck, g.Len()+1))
		}
		if err := e.s.run(ctx, step); err != nil {
			return err
		}
		if e.gm.Octal() && g.Len() >= e.nextCheck {
			if per, ok := e.gm.FindPeriod(g, 0); ok && per.Proven {
				e.period = per.Period
			}
			e.nextCheck = 2 * g.Len()
		}
	}
	return nil
}

// LastRare returns the largest heap a < g.Len() whose value is rare under
// mask (popcount(G(a) & mask) even), or -1 when there is none or mask is 0
// (which makes every value rare, so there is no rare/common split).
func LastRare(g *Seq, mask uint16) int {
	if mask == 0 {
		return -1
	}
	for a := g.Len() - 1; a >= 0; a-- {
		if isRare(g.At(a), mask) {
			return a
		}
	}
	return -1
}

// RareStats returns, for the computed values g, the mask the sparse-space
// algorithm would choose (the one making the fewest heaps rare), how many
// heaps are rare under it, and the largest value. It reads g twice and
// needs no memory per heap.
func (gm *Code) RareStats(g *Seq) SparseStats {
	var st SparseStats
	hist := new([1 << 16]int)
	for a := 1; a < g.Len(); a++ {
		v := g.At(a)
		hist[v]++
		st.Largest = max(st.Largest, v)
	}
	st.Mask = bestMask(hist, st.Largest)
	for v, count := range hist {
		if isRare(uint16(v), st.Mask) {
			st.Rare += count
		}
	}
	if g.Len() > 0 && isRare(g.At(0), st.Mask) {
		st.Rare++ // heap 0, outside the histogram as in the engine
	}
	return st
}
