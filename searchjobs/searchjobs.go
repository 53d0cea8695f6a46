// Package searchjobs is a partizan board's search split into subtree jobs:
// who wins a Domineering board with Left and with Right moving first,
// decided by the first player's moves one at a time (Search.Split, the
// game's own, registered by the registry),
// each move's board a subtree decided on its own: in this process, one
// after another on one Solver, or as jobs of the NATS work
// queue of package queue, whose workers ("nimber worker") may run on
// other machines. The work done is kept as it is done: the root's split
// and every finished subtree are appended to a checkpoint file and
// synced, so that a run killed at any moment goes on from there, and the
// decided board is kept in the results store (package store, table
// outcomes).
//
// A first player wins exactly when one of her moves leaves a board that
// her opponent, moving first on it, loses. Of moves whose boards are
// equal up to flips (upside down, left to right: the same game), the
// first alone is searched. Once one of her subtrees wins, her others are
// not started (in process), or not published and the results of those
// published ignored (over the queue). In process the subtrees share one
// table and all the threads, and the run costs little more than one
// search of the board; over the queue each job has a table of its own,
// so the jobs search more positions than one search would: that pays
// where a board needs several machines.
package searchjobs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"nimber/game"
	"nimber/grid"
)

// Game is the game whose boards this package decides, as the store and
// the checkpoint files name it.
const Game = "domineering"

// DefaultWindow is Options.Window when 0.
const DefaultWindow = 32

// Options configure a run.
type Options struct {
	// Threads is the threads of the search in process (at least 1): the
	// subtrees are decided one after another, each on all the threads,
	// by one Solver whose table is kept from subtree to
	// subtree (see local).
	Threads int
	// TableMiB is the table memory in MiB (0: the search's default): in
	// process, the Solver's; over the queue, each job's.
	TableMiB int
	// Out is the checkpoint file ("" for none); Resume goes on from it,
	// which must then exist (and must not otherwise).
	Out    string
	Resume bool
	// NATS is the URL of a broker ("nimber broker") whose workers decide
	// the subtrees; empty for this process. AckWait is the
	// queue's redelivery delay (queue.Options; 0 keeps the broker's).
	NATS    string
	AckWait time.Duration
	// Window bounds the jobs published on the queue and not yet answered
	// (0: DefaultWindow): enough to keep every worker's job slots busy.
	// It opens slowly, a job more for each result (see remote).
	Window int
	// Progress, when set, is called about once a second while the run
	// works.
	Progress func(Progress)
}

// Progress is how far a run is.
type Progress struct {
	// Positions is what this run has searched so far, the subtrees
	// running included (over the queue, the finished ones only).
	Positions int64
	Elapsed   time.Duration
	// Done and Total count the subtrees decided (the checkpoint's
	// included) and those there are, of the first players not yet
	// decided and of those decided.
	Done, Total int
	// Left estimates the time left, as if every subtree not yet decided
	// had to be searched (an upper bound when a move wins) at the mean
	// time of those decided (shared among the workers seen, over the queue)
	// seen; negative when there is nothing to estimate from yet.
	Left time.Duration
}

// Result is who wins a board and what it took.
type Result struct {
	// Board is the board as BoardText writes it.
	Board string
	// LeftFirst and RightFirst report whether the player moving first
	// wins: Left moving first, and Right moving first.
	LeftFirst, RightFirst bool
	// Positions is what the search of the board took: the subtrees
	// decided, the checkpoint's included, and those this run stopped once
	// their first player was decided.
	Positions int64
	// Seconds is this run's wall-clock time; TotalSeconds adds the
	// earlier runs of the checkpoint, each up to its last line.
	Seconds, TotalSeconds float64
	// Subtrees counts the subtrees decided (one for each class of moves
	// whose boards are equal up to flips), FromCheckpoint those of them
	// read from the checkpoint rather than searched now.
	Subtrees, FromCheckpoint int
	// Workers are the queue's workers that decided this run's subtrees,
	// sorted (none in process).
	Workers []string
}

// errDecided is the cause of a problem's context once its first player's
// outcome is known.
var errDecided = errors.New("the first player's outcome is decided")

// progressEvery is how often a run calls Options.Progress.
var progressEvery = time.Second

// problem is one question of a run: does first win moving first.
type problem struct {
	first    game.Side
	children []string // the boards of first's moves, best first
	rep      []int    // each child's representative: the first child equal to it up to flips
	done     []bool   // children decided, each class by its representative's subtree
	decided  bool
	win      bool
	ctx      context.Context
	cancel   context.CancelCauseFunc
}

// markDone marks child i decided, and every child of its class (rep).
func (p *problem) markDone(i int) {
	for j, r := range p.rep {
		if r == p.rep[i] {
			p.done[j] = true
		}
	}
}

// representatives returns for each board the index of the first board
// equal to it up to flips (upside down, left to right): flipping keeps
// every player's moves, so the first board's subtree decides them all.
func representatives(boards []string) ([]int, error) {
	first := map[string]int{}
	rep := make([]int, len(boards))
	for i, text := range boards {
		g, err := ParseBoard(text)
		if err != nil {
			return nil, err
		}
		key := text
		for _, s := range symmetries[1:4] { // the flips
			if t := BoardText(s.apply(g)); t < key {
				key = t
			}
		}
		if j, ok := first[key]; ok {
			rep[i] = j
		} else {
			first[key], rep[i] = i, i
		}
	}
	return rep, nil
}

// decide sets the problem decided, with its winner, and stops its
// subtrees.
func (p *problem) decide(win bool) {
	p.decided, p.win = true, win
	p.cancel(errDecided)
}

// subtree is a decided subtree: whether first's move to the child wins
// (the opponent loses the child moving first), and what it took.
type subtree struct {
	win       bool
	positions int64
	seconds   float64
	worker    string
	attempt   int
}

// run is one run of Run.
type run struct {
	o     Options
	g     grid.Grid
	board string
	ck    *checkpoint // nil without Options.Out
	self  bool        // the board is its own transpose: Left first only
	runNo int         // this run's number in the checkpoint, 1 for the first
	id    string      // the checkpoint's id, or a new one: the name of the run's sweeps
	start time.Time

	mu        sync.Mutex
	problems  []*problem
	positions int64   // this run's, finished and stopped subtrees
	prior     int64   // the checkpoint's subtrees'
	priorSecs float64 // the checkpoint's earlier runs' seconds
	subtrees  int
	fromCk    int
	doneSecs  float64 // the seconds of the subtrees decided (this run's and the checkpoint's)
	workers   map[string]bool
	allDone   context.CancelCauseFunc

	running []atomic.Int64 // positions of the subtree running in process
	lanes   int            // subtrees at once in process, for the estimate
}

// Run decides who wins board g ('.' empty, anything else filled) with
// each player moving first, by subtree jobs: the checkpoint of o.Out read
// first with o.Resume and kept up to date, the subtrees decided on
// o.Threads threads in process or, with o.NATS, by the broker's workers.
// It returns ctx's error once cancelled, what it has decided kept in the
// checkpoint.
func Run(ctx context.Context, g grid.Grid, o Options) (Result, error) {
	if search.Split == nil {
		return Result{}, errNoSearch
	}
	if o.Threads < 1 || o.TableMiB < 0 || o.TableMiB > search.MaxTableMiB || o.Window < 0 {
		return Result{}, fmt.Errorf("%d threads, a table of %d MiB, a window of %d jobs: want 1 thread or more, 0 to %d MiB, 0 jobs or more",
			o.Threads, o.TableMiB, o.Window, search.MaxTableMiB)
	}
	if o.Resume && o.Out == "" {
		return Result{}, errors.New("--resume goes on from the checkpoint of --out FILE; give --out")
	}
	if err := search.CheckBoard(g); err != nil {
		return Result{}, err
	}
	if o.TableMiB == 0 {
		o.TableMiB = search.DefaultTableMiB
	}
	if o.Window <= 0 {
		o.Window = DefaultWindow
	}
	r := &run{o: o, g: g, board: BoardText(g), self: search.SelfTranspose(g), start: time.Now(), workers: map[string]bool{}}
	st := &state{}
	if o.Out != "" {
		var err error
		if r.ck, st, err = openCheckpoint(o.Out, o.Resume, r.board, r.self); err != nil {
			return Result{}, err
		}
		defer r.ck.close()
	}
	if st.done != nil {
		return st.result(r.board), nil
	}
	if r.id = st.header.ID; r.id == "" {
		var err error
		if r.id, err = newID(); err != nil {
			return Result{}, err
		}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	r.allDone = cancel
	if err := r.setUp(ctx, st); err != nil {
		return Result{}, err
	}
	if !r.decided() {
		stop := r.reportProgress()
		var err error
		if o.NATS != "" {
			err = r.remote(ctx)
		} else {
			err = r.local(ctx)
		}
		stop()
		if !r.decided() {
			if err == nil {
				err = context.Cause(ctx)
			}
			if err == nil {
				err = errors.New("the subtrees ended undecided") // not reached: every subtree decided decides
			}
			return Result{}, err
		}
	}
	return r.finish()
}

// setUp makes the run's problems from the checkpoint's state st: the
// root's split of each first player, computed and kept when st has none,
// and the subtrees st has decided.
func (r *run) setUp(ctx context.Context, st *state) error {
	firsts := []game.Side{game.Left, game.Right}
	if r.self {
		firsts = firsts[:1]
	}
	r.runNo = st.runs + 1
	var err error
	for _, first := range firsts {
		sp := st.splits[first]
		if sp == nil {
			children, settled, win, err := search.Split(r.g, first)
			if err != nil {
				return err
			}
			sp = &splitLine{Type: lineSplit, First: first.String(), Settled: settled, Win: win, Children: make([]string, len(children))}
			for i, c := range children {
				sp.Children[i] = BoardText(c)
			}
			if err := r.ck.append(sp); err != nil {
				return err
			}
		}
		p := &problem{first: first, children: sp.Children, done: make([]bool, len(sp.Children))}
		if p.rep, err = representatives(sp.Children); err != nil {
			return err
		}
		p.ctx, p.cancel = context.WithCancelCause(ctx)
		r.problems = append(r.problems, p)
		if sp.Settled {
			p.decide(sp.Win)
			continue
		}
		for _, s := range st.subtrees[first] {
			if p.done[s.Index] {
				continue
			}
			p.markDone(s.Index)
			r.subtrees++
			r.fromCk++
			r.prior += s.Positions
			r.doneSecs += s.Seconds
			if s.Win && !p.decided {
				p.decide(true)
			}
		}
		if !p.decided && !slices.Contains(p.done, false) {
			p.decide(false) // every move loses (or there is none)
		}
	}
	for _, secs := range st.runSeconds {
		r.priorSecs += secs
	}
	return nil
}

// decided reports whether every problem is decided.
func (r *run) decided() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, p := range r.problems {
		if !p.decided {
			return false
		}
	}
	return true
}

// task is a subtree to decide: child i of problem p.
type task struct {
	p *problem
	i int
}

// pending returns the subtrees not yet decided of the problems not yet
// decided, the first players' moves taken in turn, best first: the move
// most likely to win of each comes first.
func (r *run) pending() []task {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []task
	for i := 0; ; i++ {
		more := false
		for _, p := range r.problems {
			if i < len(p.children) {
				more = true
				if !p.decided && !p.done[i] && p.rep[i] == i {
					out = append(out, task{p, i})
				}
			}
		}
		if !more {
			return out
		}
	}
}

// settle records the decided subtree t, unless it is decided already (a
// job done twice): in the checkpoint first, then in its problem, which it
// may decide. When every problem is decided, the run's context ends.
func (r *run) settle(t task, s subtree) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	p := t.p
	if p.done[t.i] {
		return nil
	}
	err := r.ck.append(&subtreeLine{Type: lineSubtree, Run: r.runNo, First: p.first.String(), Index: t.i, Child: p.children[t.i], Win: s.win,
		Positions: s.positions, Seconds: s.seconds, Elapsed: time.Since(r.start).Seconds(), Worker: s.worker, Attempt: s.attempt})
	if err != nil {
		return err
	}
	p.markDone(t.i)
	r.subtrees++
	r.positions += s.positions
	r.doneSecs += s.seconds
	if s.worker != "" {
		r.workers[s.worker] = true
	}
	if !p.decided && (s.win || !slices.Contains(p.done, false)) {
		p.decide(s.win)
	}
	for _, q := range r.problems {
		if !q.decided {
			return nil
		}
	}
	r.allDone(errDecided)
	return nil
}

// stopped adds the positions of a subtree stopped before its end.
func (r *run) stopped(positions int64) {
	r.mu.Lock()
	r.positions += positions
	r.mu.Unlock()
}

// finish writes the checkpoint's last line and returns the result.
func (r *run) finish() (Result, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	res := Result{Board: r.board, Positions: r.prior + r.positions, Seconds: time.Since(r.start).Seconds(),
		Subtrees: r.subtrees, FromCheckpoint: r.fromCk}
	res.TotalSeconds = r.priorSecs + res.Seconds
	res.LeftFirst = r.problems[0].win
	res.RightFirst = r.problems[len(r.problems)-1].win
	for w := range r.workers {
		res.Workers = append(res.Workers, w)
	}
	slices.Sort(res.Workers)
	err := r.ck.append(&doneLine{Type: lineDone, Run: r.runNo, Outcome: outcomeClass(res.LeftFirst, res.RightFirst),
		LeftFirst: winner(game.Left, res.LeftFirst), RightFirst: winner(game.Right, res.RightFirst),
		Positions: res.Positions, Seconds: res.TotalSeconds, Subtrees: res.Subtrees})
	return res, err
}

// reportProgress calls o.Progress every progressEvery until the returned
// function is called.
func (r *run) reportProgress() (stop func()) {
	if r.o.Progress == nil {
		return func() {}
	}
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(progressEvery)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				return
			case <-tick.C:
				r.o.Progress(r.progress())
			}
		}
	}()
	return func() { close(quit); wg.Wait() }
}

// progress returns how far the run is.
func (r *run) progress() Progress {
	r.mu.Lock()
	defer r.mu.Unlock()
	pr := Progress{Positions: r.positions, Elapsed: time.Since(r.start), Done: r.subtrees, Left: -1}
	for i := range r.running {
		pr.Positions += r.running[i].Load()
	}
	left := 0
	for _, p := range r.problems {
		for i, d := range p.done {
			switch {
			case p.rep[i] != i: // searched as its representative
			case !d && !p.decided:
				pr.Total++
				left++
			case d:
				pr.Total++
			}
			// A decided problem's subtrees not searched are not counted.
		}
	}
	lanes := r.lanes
	if r.o.NATS != "" {
		lanes = len(r.workers)
	}
	if r.subtrees > 0 && lanes > 0 {
		mean := r.doneSecs / float64(r.subtrees)
		pr.Left = time.Duration(mean * float64(left) / float64(lanes) * float64(time.Second))
	}
	return pr
}

// winner names who wins when first moves first and wins or not.
func winner(first game.Side, wins bool) string {
	if wins {
		return first.String()
	}
	return (1 - first).String()
}

// outcomeClass returns L, R, N or P.
func outcomeClass(leftFirst, rightFirst bool) string {
	return map[[2]bool]string{{true, true}: "N", {true, false}: "L", {false, true}: "R", {false, false}: "P"}[[2]bool{leftFirst, rightFirst}]
}

// BoardText writes board g on one line, rows joined by '|', '.' for an
// empty cell and '#' for a filled one: the text ParseBoard reads, the key
// of the store and of the checkpoint.
func BoardText(g grid.Grid) string {
	var b strings.Builder
	b.Grow(g.Rows * (g.Cols + 1))
	for r := range g.Rows {
		if r > 0 {
			b.WriteByte('|')
		}
		for c := range g.Cols {
			if g.At(r, c) == '.' {
				b.WriteByte('.')
			} else {
				b.WriteByte('#')
			}
		}
	}
	return b.String()
}

// workerName names this process: host/pid.
func workerName() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s/%d", host, os.Getpid())
}
