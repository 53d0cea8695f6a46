// Package searchjobs is a partizan board's search split into subtree jobs:
// who wins a Domineering board with Left and with Right moving first,
// decided by the first player's moves one at a time (Search.Split, the
// game's own, registered by the registry), and at split depth 2 (the
// default) each move by the opponent's replies to it one at a time, each
// reply's board a subtree decided on its own (at depth 1, each move's
// board): in this process, one after another on one Solver, or as jobs
// of the NATS work queue of package queue, whose workers ("nimber
// worker") may run on other machines. The work done is kept as it is
// done: the splits and every finished subtree are appended to a
// checkpoint file and synced, so that a run killed at any moment goes on
// from there, and the decided board is kept in the results store
// (package store, table outcomes).
//
// A first player wins exactly when one of her moves leaves a board that
// her opponent, moving first on it, loses; at depth 2, a move wins
// exactly when she wins, moving first, the board of every reply of her
// opponent to it. Of moves (or replies to one move) whose boards are
// equal up to flips (upside down, left to right: the same game), the
// first alone is searched. Once one of her moves wins, her others are
// not started (in process), or not published and the results of those
// published ignored (over the queue); once one reply to a move wins for
// her opponent, so are that move's other replies. In process the
// subtrees share one table and all the threads, and the run costs little
// more than one search of the board; over the queue each job has a table
// of its own, so the jobs search more positions than one search would:
// that pays where a board needs several machines.
package searchjobs

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
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

// DefaultDepth is Options.Depth when 0.
const DefaultDepth = 2

// Options configure a run.
type Options struct {
	// Threads is the threads of the search in process (at least 1): the
	// subtrees are decided one after another, each on all the threads,
	// by one Solver whose table is kept from subtree to
	// subtree (see local).
	Threads int
	// TableMiB is the table memory in MiB: in process, the Solver's (0:
	// the search's default for the board's size); over the queue, each
	// job's (0: Search.DefaultTableMiB).
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
	// Depth is how deep the board is split (0: DefaultDepth). At 1 each
	// first player's move is a subtree; at 2 each move's board is split
	// again by the opponent's replies, each reply's board (first to move)
	// a subtree, so that a checkpoint keeps the work done inside a move:
	// on 9 x 9 the first player's first move is the whole search.
	Depth int
}

// Progress is how far a run is.
type Progress struct {
	// Positions is what this run has searched so far, the subtrees
	// running included (over the queue, the finished ones only).
	Positions int64
	Elapsed   time.Duration
	// Done and Total count the subtrees searched (the checkpoint's
	// included; at depth 2 mostly grandchildren: replies to a move) and
	// those there are: the ones searched, and those left of the moves not
	// yet decided of the first players not yet decided.
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
	// Subtrees counts the subtrees searched (one for each class of moves,
	// or at depth 2 of replies to a move, whose boards are equal up to
	// flips), FromCheckpoint those of them read from the checkpoint rather
	// than searched now. A move decided by its replies is not counted
	// itself.
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
	// kids are the children's own splits, nil where not split: at depth
	// 2 every representative's not yet decided, at any depth those of the
	// checkpoint.
	kids    []*kid
	decided bool
	win     bool
	ctx     context.Context
	cancel  context.CancelCauseFunc
}

// markDone marks child i decided, and every child of its class (rep).
func (p *problem) markDone(i int) { markClass(p.rep, p.done, i) }

// markClass marks board i of a split decided, and every board of its
// class: those whose representative (rep) is i's.
func markClass(rep []int, done []bool, i int) {
	for j, r := range rep {
		if r == rep[i] {
			done[j] = true
		}
	}
}

// kid is a child's own split (split depth 2): the replies of first's
// opponent to her move, as the boards they leave (grandchildren, first to
// move on each). first's move wins exactly when she wins every
// grandchild moving first; it loses once she loses one.
type kid struct {
	settled bool     // settled at its split,
	win     bool     // and then whether first's move wins
	replies []string // the grandchildren's boards, best first
	rep     []int    // each grandchild's representative (as problem.rep)
	done    []bool   // grandchildren decided
	written bool     // its split line is in the checkpoint
	// positions and seconds are those of its grandchildren decided, the
	// checkpoint's included.
	positions int64
	seconds   float64
}

// newKid returns a child's split: settled, first's move winning or not,
// or the replies' boards.
func newKid(settled, win bool, replies []string) (*kid, error) {
	rep, err := representatives(replies)
	if err != nil {
		return nil, err
	}
	return &kid{settled: settled, win: settled && win, replies: replies, rep: rep, done: make([]bool, len(replies))}, nil
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

// subtree is a decided subtree: whether first wins it (a child: her move
// to it wins, the opponent losing it moving first; a grandchild: she wins
// it moving first), and what it took.
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
	depth int         // Options.Depth, 1 or 2
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
	if o.Depth == 0 {
		o.Depth = DefaultDepth
	}
	if o.Depth != 1 && o.Depth != 2 {
		return Result{}, fmt.Errorf("split depth %d: want 1 (the first player's moves) or 2 (and the replies to each)", o.Depth)
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
	if o.TableMiB == 0 && o.NATS != "" {
		o.TableMiB = search.DefaultTableMiB
	}
	if o.Window <= 0 {
		o.Window = DefaultWindow
	}
	r := &run{o: o, g: g, board: BoardText(g), self: search.SelfTranspose(g), depth: o.Depth, start: time.Now(), workers: map[string]bool{}}
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
	if r.ck != nil && st.header.Version < 2 && r.depth == 2 {
		// Grandchildren in it would make it a file of version 2 that the
		// nimber that wrote it could not read.
		return Result{}, fmt.Errorf("%s is a checkpoint of version %d, split at depth 1: resume it with --split-depth 1", o.Out, st.header.Version)
	}
	if r.id = st.header.ID; r.id == "" {
		r.id = rand.Text() // a run without a checkpoint
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
// the subtrees st has decided, and at depth 2 the split of each child not
// yet decided (kept in the checkpoint when its first grandchild is
// searched), which may decide it at once.
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
		p := &problem{first: first, children: sp.Children, done: make([]bool, len(sp.Children)), kids: make([]*kid, len(sp.Children))}
		if p.rep, err = representatives(sp.Children); err != nil {
			return err
		}
		p.ctx, p.cancel = context.WithCancelCause(ctx)
		r.problems = append(r.problems, p)
		if sp.Settled {
			p.decide(sp.Win)
			continue
		}
		for i, ks := range st.kidSplits[first] {
			if p.kids[i], err = newKid(ks.Settled, ks.Win, ks.Children); err != nil {
				return err
			}
			p.kids[i].written = true
		}
		for _, s := range st.subtrees[first] {
			if err := r.recall(p, s); err != nil {
				return err
			}
		}
		if r.depth == 2 {
			if err := r.splitKids(p); err != nil {
				return err
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

// recall applies subtree line s of the checkpoint to p: a child decided,
// or a grandchild, which may decide its child (a line the kill left
// unwritten is written now).
func (r *run) recall(p *problem, s subtreeLine) error {
	count := func() {
		r.subtrees++
		r.fromCk++
		r.prior += s.Positions
		r.doneSecs += s.Seconds
	}
	if s.Parent == nil {
		if !p.done[s.Index] {
			if s.By == "" { // searched: a move decided by its replies counts them
				count()
			}
			r.childDone(p, s.Index, s.Win)
		}
		return nil
	}
	i := *s.Parent
	k := p.kids[i]
	if p.done[i] || k.done[s.Index] {
		return nil
	}
	count()
	return r.grandchildDone(p, i, s.Index, s.Win, s.Positions, s.Seconds)
}

// splitKids splits each child of p not yet decided (its class's first)
// that has no split yet, the opponent moving: depth 2. A child settled
// at its split, or whose grandchildren are all decided, is decided now.
func (r *run) splitKids(p *problem) error {
	for i, child := range p.children {
		if p.decided {
			return nil
		}
		if p.rep[i] != i || p.done[i] {
			continue
		}
		k := p.kids[i]
		if k == nil {
			g, err := ParseBoard(child)
			if err != nil {
				return err
			}
			replies, settled, win, err := search.Split(g, 1-p.first)
			if err != nil {
				return fmt.Errorf("the split of %s's move %d (%s): %w", p.first, i, child, err)
			}
			texts := make([]string, len(replies))
			for j, c := range replies {
				texts[j] = BoardText(c)
			}
			if k, err = newKid(settled, !win, texts); err != nil {
				return err
			}
			p.kids[i] = k
		}
		var err error
		switch {
		case k.settled:
			err = r.kidDone(p, i, k.win, bySplit)
		case !slices.Contains(k.done, false):
			err = r.kidDone(p, i, true, byGrandchildren) // every reply lost, or none
		}
		if err != nil {
			return err
		}
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

// task is a subtree to decide: child i of problem p (j < 0), or its
// grandchild j.
type task struct {
	p    *problem
	i, j int
}

// board returns the board of task t and the player moving first on it.
func (t task) board() (string, game.Side) {
	if t.j < 0 {
		return t.p.children[t.i], 1 - t.p.first
	}
	return t.p.kids[t.i].replies[t.j], t.p.first
}

// id names t as a job of its problem's sweep: "i" for child i, "i.j" for
// its grandchild j.
func (t task) id() string {
	if t.j < 0 {
		return strconv.Itoa(t.i)
	}
	return strconv.Itoa(t.i) + "." + strconv.Itoa(t.j)
}

// taskOf returns the task of p that id names, or false.
func (p *problem) taskOf(id string) (task, bool) {
	is, js, deep := strings.Cut(id, ".")
	i, err := strconv.Atoi(is)
	if err != nil || i < 0 || i >= len(p.children) || strconv.Itoa(i) != is {
		return task{}, false
	}
	if !deep {
		return task{p, i, -1}, true
	}
	j, err := strconv.Atoi(js)
	k := p.kids[i]
	if err != nil || k == nil || j < 0 || j >= len(k.replies) || strconv.Itoa(j) != js {
		return task{}, false
	}
	return task{p, i, j}, true
}

// searches calls f with each subtree left to decide of child i of p, a
// class's first, not yet decided: the child itself, or at depth 2 its
// grandchildren not yet decided (each class's first), best first.
func (r *run) searches(p *problem, i int, f func(j int)) {
	if p.decided || p.done[i] || p.rep[i] != i {
		return
	}
	k := p.kids[i]
	if r.depth < 2 || k == nil {
		f(-1)
		return
	}
	for j, d := range k.done {
		if !d && k.rep[j] == j {
			f(j)
		}
	}
}

// pending returns the subtrees not yet decided of the problems not yet
// decided, the first players' moves taken in turn, best first: the move
// most likely to win of each comes first, and at depth 2 its replies,
// best first, before the next move.
func (r *run) pending() []task {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []task
	for i := 0; ; i++ {
		more := false
		for _, p := range r.problems {
			if i < len(p.children) {
				more = true
				r.searches(p, i, func(j int) { out = append(out, task{p, i, j}) })
			}
		}
		if !more {
			return out
		}
	}
}

// needed reports whether task t is still to be decided: its problem, its
// child and itself not yet decided.
func (r *run) needed(t task) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.neededLocked(t)
}

func (r *run) neededLocked(t task) bool {
	p := t.p
	return !p.decided && !p.done[t.i] && (t.j < 0 || !p.kids[t.i].done[t.j])
}

// begin reports whether task t is still to be decided, and then, for a
// grandchild, has its child's split kept in the checkpoint first: a
// grandchild's line, or its job on the queue, must find it on a resume.
func (r *run) begin(t task) (bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.neededLocked(t) {
		return false, nil
	}
	if t.j >= 0 {
		if err := r.writeKid(t.p, t.i); err != nil {
			return false, err
		}
	}
	return true, nil
}

// writeKid appends child i's split to the checkpoint unless it is there.
func (r *run) writeKid(p *problem, i int) error {
	k := p.kids[i]
	if k.written {
		return nil
	}
	parent := i
	err := r.ck.append(&splitLine{Type: lineSplit, First: p.first.String(), Parent: &parent, Child: p.children[i],
		Settled: k.settled, Win: k.win, Children: k.replies})
	if err != nil {
		return err
	}
	k.written = true
	return nil
}

// settle records the decided subtree t, unless it is decided already (a
// job done twice, or a grandchild of a child decided): in the checkpoint
// first, then in its problem, which it may decide. When every problem is
// decided, the run's context ends.
func (r *run) settle(t task, s subtree) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	p := t.p
	if p.done[t.i] || t.j >= 0 && p.kids[t.i].done[t.j] {
		return nil
	}
	line := &subtreeLine{Type: lineSubtree, Run: r.runNo, First: p.first.String(), Index: t.i, Child: p.children[t.i], Win: s.win,
		Positions: s.positions, Seconds: s.seconds, Elapsed: time.Since(r.start).Seconds(), Worker: s.worker, Attempt: s.attempt}
	if t.j >= 0 {
		if err := r.writeKid(p, t.i); err != nil {
			return err
		}
		parent := t.i
		line.Parent, line.Index, line.Child = &parent, t.j, p.kids[t.i].replies[t.j]
	}
	if err := r.ck.append(line); err != nil {
		return err
	}
	r.subtrees++
	r.positions += s.positions
	r.doneSecs += s.seconds
	if s.worker != "" {
		r.workers[s.worker] = true
	}
	if t.j < 0 {
		r.childDone(p, t.i, s.win)
	} else if err := r.grandchildDone(p, t.i, t.j, s.win, s.positions, s.seconds); err != nil {
		return err
	}
	for _, q := range r.problems {
		if !q.decided {
			return nil
		}
	}
	r.allDone(errDecided)
	return nil
}

// childDone marks child i of p decided, first's move to it winning or
// not, which may decide p.
func (r *run) childDone(p *problem, i int, win bool) {
	p.markDone(i)
	if !p.decided && (win || !slices.Contains(p.done, false)) {
		p.decide(win)
	}
}

// grandchildDone marks grandchild j of child i of p decided, first
// winning it or not, with its search's positions and seconds: a
// grandchild lost loses first's move i, and the last one won wins it.
func (r *run) grandchildDone(p *problem, i, j int, win bool, positions int64, seconds float64) error {
	k := p.kids[i]
	markClass(k.rep, k.done, j)
	k.positions += positions
	k.seconds += seconds
	switch {
	case !win:
		return r.kidDone(p, i, false, byGrandchildren)
	case !slices.Contains(k.done, false):
		return r.kidDone(p, i, true, byGrandchildren)
	}
	return nil
}

// kidDone records child i of p decided by its split (by): its line in the
// checkpoint (after its split's), then the child in p.
func (r *run) kidDone(p *problem, i int, win bool, by string) error {
	k := p.kids[i]
	if err := r.writeKid(p, i); err != nil {
		return err
	}
	err := r.ck.append(&subtreeLine{Type: lineSubtree, Run: r.runNo, First: p.first.String(), Index: i, Child: p.children[i], Win: win,
		Positions: k.positions, Seconds: k.seconds, Elapsed: time.Since(r.start).Seconds(), By: by})
	if err != nil {
		return err
	}
	r.childDone(p, i, win)
	return nil
}

// childDecided reports whether child i of p is decided.
func (r *run) childDecided(p *problem, i int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return p.done[i]
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
		for i := range p.children {
			r.searches(p, i, func(int) { left++ })
		}
	}
	pr.Total = r.subtrees + left
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
