package heap

import (
	"context"
	"runtime"
)

// Extend extends the nim-sequence g to heaps 0..to-1 with the fastest
// engine for the game, the sparse-space algorithm on all cores. Callers that
// compute in chunks (checkpoints, progress) use an Extender instead.
func (gm *Game) Extend(ctx context.Context, g *Seq, to int) error {
	_, err := gm.Sparse(ctx, g, to, runtime.GOMAXPROCS(0))
	return err
}

// An Extender extends one nim-sequence in steps with the sparse-space
// engine on all cores, keeping the engine's state (rare heaps, value
// histogram, mask, helpers) from one step to the next. Starting the engine
// reads every value computed so far, so calling Extend in steps would cost
// O(n) a step; an Extender costs that once.
type Extender struct {
	s   *sparser
	err error
}

// NewExtender returns an Extender of g, which it appends to. Nothing else
// may change g while the Extender is in use.
func (gm *Game) NewExtender(g *Seq) *Extender {
	return &Extender{s: newSparser(gm, g, runtime.GOMAXPROCS(0), defaultSparseTuning)}
}

// Extend extends the sequence to heaps 0..to-1. After an error the
// sequence holds the values computed so far, and every later call returns
// the same error: the engine's state may be ahead of what the caller keeps.
func (e *Extender) Extend(ctx context.Context, to int) error {
	if e.err == nil {
		e.err = e.s.run(ctx, to)
	}
	return e.err
}

// RareStats returns, for the computed values g, the mask the sparse-space
// algorithm would choose (the one making the fewest heaps rare), how many
// heaps are rare under it, and the largest value.
func (gm *Game) RareStats(g *Seq) SparseStats {
	return newSparser(gm, g, 1, defaultSparseTuning).stats()
}
