package searchjobs

import (
	"context"
	"sync/atomic"
	"time"

	"nimber/game"
)

// local decides the pending subtrees in this process, one after another,
// each on all o.Threads threads, by one Solver whose table
// (o.TableMiB) is kept from subtree to subtree: what one subtree's search
// learned serves the next, so that the split costs little more than one
// search of the board (the empty 7 x 10: 5.8 million positions against
// 16.9 million when each subtree had a table of its own, on goroutines of
// one thread each). A first player's subtrees after her winning one are
// never started. It returns the first error of a search or of the
// checkpoint, or nil once every problem is decided.
func (r *run) local(ctx context.Context) error {
	r.mu.Lock()
	r.running = make([]atomic.Int64, 1)
	r.lanes = 1
	seen := &r.running[0]
	r.mu.Unlock()
	v, err := search.NewSolver(r.g.Rows, r.g.Cols, game.OutcomeOptions{Threads: r.o.Threads, TableMiB: r.o.TableMiB,
		Progress: func(n int64) { seen.Store(n) }})
	if err != nil {
		return err
	}
	for _, t := range r.pending() {
		r.mu.Lock()
		decided := t.p.decided
		r.mu.Unlock()
		if decided {
			continue
		}
		child, err := ParseBoard(t.p.children[t.i])
		if err != nil {
			return err
		}
		t0 := time.Now()
		win, positions, err := v(ctx, child, 1-t.p.first)
		secs := time.Since(t0).Seconds()
		last := seen.Swap(0)
		if err != nil {
			r.stopped(last)
			return err
		}
		if err := r.settle(t, subtree{win: !win, positions: positions, seconds: secs}); err != nil {
			return err
		}
	}
	return nil
}
