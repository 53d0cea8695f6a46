package searchjobs

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"nimber/game"
	"nimber/games/domineering"
)

// local decides the pending subtrees on o.Threads goroutines of this
// process, each taking the next subtree of a first player not yet
// decided and searching it by domineering.Wins on one thread with its
// share of the table. A subtree whose first player is decided meanwhile
// is stopped. It returns the first error of a search or of the
// checkpoint, or nil once every problem is decided or nothing is left.
func (r *run) local(ctx context.Context) error {
	tasks := r.pending()
	threads := min(r.o.Threads, max(1, len(tasks)))
	tableMiB := max(1, r.o.TableMiB/threads)
	r.mu.Lock()
	r.running = make([]atomic.Int64, threads)
	r.lanes = threads
	r.mu.Unlock()
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var (
		mu    sync.Mutex
		next  int
		first error
		wg    sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		if first == nil {
			first = err
		}
		mu.Unlock()
		cancel(err)
	}
	take := func() (task, bool) {
		mu.Lock()
		defer mu.Unlock()
		for next < len(tasks) && ctx.Err() == nil {
			t := tasks[next]
			next++
			r.mu.Lock()
			decided := t.p.decided
			r.mu.Unlock()
			if !decided {
				return t, true
			}
		}
		return task{}, false
	}
	for k := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seen := &r.running[k]
			for {
				t, ok := take()
				if !ok {
					return
				}
				// The subtree's context ends when its first player is
				// decided, or the run is stopped.
				tctx, stop := context.WithCancelCause(t.p.ctx)
				unlink := context.AfterFunc(ctx, func() { stop(context.Cause(ctx)) })
				child, err := ParseBoard(t.p.children[t.i])
				if err != nil {
					unlink()
					stop(nil)
					fail(err)
					return
				}
				t0 := time.Now()
				win, st, err := domineering.Wins(tctx, child, 1-t.p.first, game.OutcomeOptions{Threads: 1, TableMiB: tableMiB,
					Progress: func(n int64) { seen.Store(n) }})
				secs := time.Since(t0).Seconds()
				cause := context.Cause(tctx)
				unlink()
				stop(nil)
				last := seen.Swap(0)
				switch {
				case err != nil && errors.Is(cause, errDecided):
					r.stopped(last)
				case err != nil:
					r.stopped(last)
					fail(err)
					return
				default:
					if err := r.settle(t, subtree{win: !win, positions: st.Nodes, seconds: secs}); err != nil {
						fail(err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	if first != nil && !errors.Is(first, errDecided) {
		return first
	}
	return nil
}
