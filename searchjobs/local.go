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
// never started, nor a move's replies after one that wins for her
// opponent (depth 2). It returns the first error of a search or of the
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
		if ok, err := r.begin(t); err != nil || !ok {
			if err != nil {
				return err
			}
			continue
		}
		text, mover := t.board()
		b, err := ParseBoard(text)
		if err != nil {
			return err
		}
		t0 := time.Now()
		win, positions, err := v(ctx, b, mover)
		secs := time.Since(t0).Seconds()
		last := seen.Swap(0)
		if err != nil {
			r.stopped(last)
			return err
		}
		if t.j < 0 {
			win = !win // the opponent's win on first's move loses it
		}
		if err := r.settle(t, subtree{win: win, positions: positions, seconds: secs}); err != nil {
			return err
		}
	}
	return nil
}
