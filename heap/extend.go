package heap

import (
	"context"
	"runtime"
)

// Extend extends the nim-sequence g to heaps 0..to-1 with the fastest
// engine for the game, the sparse-space algorithm on all cores. Callers that
// compute in chunks (checkpoints, progress) call it repeatedly with growing
// to.
func (gm *Game) Extend(ctx context.Context, g *Seq, to int) error {
	_, err := gm.Sparse(ctx, g, to, runtime.GOMAXPROCS(0))
	return err
}

// RareStats returns, for the computed values g, the mask the sparse-space
// algorithm would choose (the one making the fewest heaps rare), how many
// heaps are rare under it, and the largest value.
func (gm *Game) RareStats(g *Seq) SparseStats {
	return newSparser(gm, g, 1, defaultSparseTuning).stats()
}
