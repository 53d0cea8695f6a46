package searchjobs

// The subtrees as jobs of the work queue (package queue): published by a
// run with Options.NATS, decided by "nimber worker".

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"nimber/game"
	"nimber/queue"
)

// Kind is the kind of a queue job that decides a subtree: the "kind" of
// its payload, beside census jobs' kinds.
const Kind = "outcome"

// Job is a subtree as a job of the queue: does ToMove, moving first, win
// on Board. Its queue job ID names it in its sweep: "i" for the board of
// the first player's move i, "i.j" for the board of her opponent's reply
// j to it (split depth 2); the worker needs neither.
type Job struct {
	Kind  string `json:"kind"` // Kind
	Game  string `json:"game"` // Game
	Board string `json:"board"`
	// ToMove is the player moving first on Board, "Left" or "Right": the
	// opponent of the first player whose move left it.
	ToMove string `json:"to_move"`
	// TableMiB is the search's table (0: the search's default).
	TableMiB int `json:"table_mib,omitempty"`
}

// JobResult is what a worker found of a Job.
type JobResult struct {
	// Kind is Kind: the answer of a worker that does not know these jobs
	// has none, and is refused.
	Kind string `json:"kind"`
	// Win reports whether the job's ToMove wins moving first on its
	// board.
	Win       bool    `json:"win"`
	Positions int64   `json:"positions"`
	Seconds   float64 `json:"seconds"`
}

// WorkerOptions are a worker's settings.
type WorkerOptions struct {
	// Threads is the threads of one job's search (at least 1), sharing
	// its table.
	Threads int
}

// Worker returns the work of a queue worker for jobs of Kind: a Job in,
// its JobResult out.
func Worker(o WorkerOptions) func(context.Context, queue.Job) ([]byte, error) {
	return func(ctx context.Context, j queue.Job) ([]byte, error) {
		var job Job
		if err := json.Unmarshal(j.Payload, &job); err != nil {
			return nil, fmt.Errorf("job %s: %w", j.ID, err)
		}
		if job.Kind != Kind || job.Game != Game {
			return nil, fmt.Errorf("job %s: a job of kind %q and game %q, not %q and %q", j.ID, job.Kind, job.Game, Kind, Game)
		}
		g, err := ParseBoard(job.Board)
		if err != nil {
			return nil, fmt.Errorf("job %s: %w", j.ID, err)
		}
		toMove, err := side(job.ToMove)
		if err != nil {
			return nil, fmt.Errorf("job %s: %w", j.ID, err)
		}
		t0 := time.Now()
		v, err := search.NewSolver(g.Rows, g.Cols, game.OutcomeOptions{Threads: max(1, o.Threads), TableMiB: job.TableMiB})
		if err != nil {
			return nil, fmt.Errorf("job %s: %w", j.ID, err)
		}
		win, positions, err := v(ctx, g, toMove)
		if err != nil {
			return nil, err
		}
		return json.Marshal(JobResult{Kind: Kind, Win: win, Positions: positions, Seconds: time.Since(t0).Seconds()})
	}
}

// Route returns the work of a worker that does the jobs of Kind by
// Worker(o) and every other job by other (the census's: census.Worker).
func Route(other func(context.Context, queue.Job) ([]byte, error), o WorkerOptions) func(context.Context, queue.Job) ([]byte, error) {
	mine := Worker(o)
	return func(ctx context.Context, j queue.Job) ([]byte, error) {
		var kind struct {
			Kind string `json:"kind"`
		}
		if json.Unmarshal(j.Payload, &kind) == nil && kind.Kind == Kind {
			return mine(ctx, j)
		}
		return other(ctx, j)
	}
}

// jobOrder is the publisher's progress through the tasks of remote.
type jobOrder struct {
	tasks []task
	sent  []bool
	from  int           // every task before it sent, or no longer needed
	began map[task]bool // the moves (j = 0) of which a reply was sent
}

// nextJob returns the index in q of the first task not yet sent that is
// still needed and ready, marked sent; -1 when none is ready now; more
// false when none is left to send. A move (depth 1) is ready; a reply to
// a move (depth 2) is ready when it is the first of the move's sent, or
// once one of them is decided and won by the first player, the move then
// likely to win (every reply needed): until then the move's best reply
// alone is asked, which refutes a losing move most often, and the other
// places go to the best replies of the next moves.
func (r *run) nextJob(q *jobOrder) (k int, more bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for q.from < len(q.tasks) && (q.sent[q.from] || !r.neededLocked(q.tasks[q.from])) {
		q.from++
	}
	for k := q.from; k < len(q.tasks); k++ {
		t := q.tasks[k]
		if q.sent[k] || !r.neededLocked(t) {
			continue
		}
		move := task{t.p, t.i, 0}
		if t.j >= 0 && q.began[move] && !slices.Contains(t.p.kids[t.i].done, true) {
			continue // a reply to a move whose first reply is unanswered
		}
		q.sent[k] = true
		q.began[move] = true
		return k, true
	}
	return -1, q.from < len(q.tasks)
}

// sweep names the sweep of the subtrees of first in the run whose
// checkpoint has id.
func sweep(id string, first game.Side) string {
	return "outcome-" + id + "-" + first.String()
}

// remote decides the pending subtrees as jobs of the broker at o.NATS, a
// sweep per first player, settled as their results come. At most
// o.Window jobs are published and unanswered at a time, and the window
// opens slowly: first each player's best move (at depth 2, its best
// reply), then one job more for each result, the players' moves taken in
// turn, each move's replies in order. Once a first player is decided, her
// jobs not yet published never are, and the results of those published
// are ignored: they are computed in vain, which the slow start keeps few,
// since a player's first move wins most often; the same for a move's
// replies once one wins for the opponent. (They are not
// purged from the queue: a purge of one sweep's subject made the broker,
// nats-server 2.15.2, forget a job of another sweep whose worker had
// died, never to deliver it again.) It returns the first error: of the
// broker, of a job, of the checkpoint.
func (r *run) remote(ctx context.Context) error {
	c, err := queue.Connect(r.o.NATS, queue.Options{AckWait: r.o.AckWait})
	if err != nil {
		return err
	}
	defer c.Close()
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var (
		mu       sync.Mutex
		first    error
		wg       sync.WaitGroup
		inflight = map[task]bool{} // published and unanswered
		limit    int               // of inflight, at most
		wake     = make(chan struct{}, 1)
	)
	fail := func(err error) {
		mu.Lock()
		if first == nil {
			first = err
		}
		mu.Unlock()
		cancel(err)
	}
	signal := func() {
		select {
		case wake <- struct{}{}:
		default:
		}
	}
	// answered frees the place of t, if it holds one, and lets one job
	// more be published, up to the window.
	answered := func(t task) {
		mu.Lock()
		defer mu.Unlock()
		if inflight[t] {
			delete(inflight, t)
			limit = min(limit+1, r.o.Window)
			signal()
		}
	}
	// dropped frees the places of the jobs of p's child i (every child
	// when i < 0): their results are not awaited.
	dropped := func(p *problem, i int) {
		mu.Lock()
		defer mu.Unlock()
		for t := range inflight {
			if t.p == p && (i < 0 || t.i == i) {
				delete(inflight, t)
			}
		}
		signal()
	}
	tasks := r.pending()
	problems := map[*problem]bool{}
	for _, t := range tasks {
		problems[t.p] = true
	}
	// A slow start: first the best move of each player (at depth 2, the
	// best reply to it), then one job more for each answer. A player's
	// first move wins most often, and what is published for her once she
	// is decided is computed in vain.
	limit = min(len(problems), r.o.Window)
	for p := range problems {
		name := sweep(r.id, p.first)
		wg.Add(1)
		go func() {
			defer wg.Done()
			// The results of this sweep until its player is decided (the
			// results stored before a resume come first); every child
			// and grandchild counts, since jobs done before the
			// checkpoint's resume may have results too.
			pctx, stop := context.WithCancelCause(p.ctx)
			defer stop(nil)
			unlink := context.AfterFunc(ctx, func() { stop(context.Cause(ctx)) })
			defer unlink()
			jobs := len(p.children)
			for _, k := range p.kids {
				if k != nil {
					jobs += len(k.replies)
				}
			}
			err := c.Collect(pctx, name, jobs, func(res queue.Result) error {
				t, ok := p.taskOf(res.ID)
				if !ok {
					return fmt.Errorf("sweep %s: a result of job %q, not one of its own", name, res.ID)
				}
				board, _ := t.board()
				if res.Err != "" {
					// The broker keeps the failure as the job's result: a
					// resume of this checkpoint meets it again.
					return fmt.Errorf("subtree %s of %s moving first (%s): worker %s: %s (the broker keeps this result for this checkpoint's jobs: to try again, start with another --out FILE)",
						t.id(), p.first, board, res.Worker, res.Err)
				}
				var jr JobResult
				if err := json.Unmarshal(res.Payload, &jr); err != nil || jr.Kind != Kind {
					return fmt.Errorf("subtree %s of %s moving first: worker %s answered with no outcome (an older nimber worker?)", t.id(), p.first, res.Worker)
				}
				win := jr.Win // a grandchild's ToMove is first
				if t.j < 0 {
					win = !win // a child's is her opponent
				}
				err := r.settle(t, subtree{win: win, positions: jr.Positions, seconds: jr.Seconds, worker: res.Worker, attempt: res.Attempt})
				answered(t)
				if t.j >= 0 && r.childDecided(p, t.i) {
					dropped(p, t.i) // its other replies' results are not awaited
				}
				return err
			})
			dropped(p, -1)
			cause := context.Cause(pctx)
			if err == nil || errors.Is(cause, errDecided) {
				return // decided
			}
			if cause != nil {
				err = cause // stopped: the cause says why
			}
			fail(err)
		}()
	}
	// The publisher: a job as a place frees, none of a player decided,
	// nor of a move decided, the first ready in the order of tasks.
	wg.Add(1)
	go func() {
		defer wg.Done()
		q := &jobOrder{tasks: tasks, sent: make([]bool, len(tasks)), began: map[task]bool{}}
		for {
			mu.Lock()
			room := len(inflight) < limit
			mu.Unlock()
			if room {
				k, more := r.nextJob(q)
				if !more {
					return
				}
				if k >= 0 {
					t := tasks[k]
					mu.Lock()
					inflight[t] = true // only this goroutine adds: the room is still there
					mu.Unlock()
					ok, err := r.begin(t) // a grandchild's split kept first
					if err == nil && !ok {
						answered(t) // decided meanwhile: unless dropped already
						continue
					}
					var payload []byte
					if err == nil {
						board, mover := t.board()
						payload, err = json.Marshal(Job{Kind: Kind, Game: Game, Board: board, ToMove: mover.String(), TableMiB: r.o.TableMiB})
					}
					if err == nil {
						err = c.Publish(ctx, sweep(r.id, t.p.first), []queue.Job{{ID: t.id(), Payload: payload}})
					}
					if err != nil {
						if ctx.Err() == nil {
							fail(err)
						}
						return
					}
					continue
				}
			}
			select { // a result frees a place, or opens a move's replies
			case <-wake:
			case <-ctx.Done():
				return
			}
		}
	}()
	wg.Wait()
	if first != nil && !errors.Is(first, errDecided) {
		return first
	}
	return nil
}
