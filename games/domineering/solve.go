package domineering

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sync/atomic"

	"nimber/game"
	"nimber/grid"
)

// table is the transposition table, shared by the threads of a search:
// buckets of four entries of two words (64 bytes, one cache line: a
// table's words start on a page, as Go places large allocations), each
// word read and written atomically. An entry's second word is its key's
// second word with the low byte replaced by the entry's meta (in use,
// won, the log2 of the positions its search took); its first word is the
// key's first word XOR the second, so an entry torn by two threads
// writing at once fails the comparison and is never taken for a position.
type table struct {
	w    []atomic.Uint64
	mask uint64 // buckets - 1
}

const (
	metaUsed  = 1 << 0
	metaWin   = 1 << 1
	workShift = 2
	metaBits  = 0xff
	ways      = 4 // entries in a bucket
)

// hugePage is the size of a transparent huge page on Linux, where large
// tables are mapped into them (see allocWords).
const hugePage = 2 << 20

// hugeTable is the least table, in bytes, mapped into huge pages.
const hugeTable = 256 << 20

// newTable returns a table of about mib MiB: a power of two of buckets of
// 64 bytes.
func newTable(mib int) *table {
	return tableOf(1 << (bits.Len(uint(mib)<<20/64) - 1))
}

// tableOf returns a table of n buckets, n a power of two.
func tableOf(n int) *table {
	t := &table{mask: uint64(n - 1)}
	t.w = allocWords(2*ways*n, t)
	return t
}

// lookup returns whether the position of key k is won for the player to
// move, if the table holds it.
func (t *table) lookup(k [2]uint64) (win, ok bool) {
	i := (k[0] & t.mask) * 2 * ways
	for e := i; e < i+2*ways; e += 2 {
		b := t.w[e+1].Load()
		if b&metaUsed != 0 && b&^metaBits == k[1]&^metaBits && t.w[e].Load()^b == k[0] {
			return b&metaWin != 0, true
		}
	}
	return false, false
}

// store keeps the position of key k: won or not, after a search of
// 2^work positions. It takes the entry of its bucket that holds k's
// second word, or else an empty one, or else the one of the least work:
// the large searches stay, the small ones take turns.
func (t *table) store(k [2]uint64, win bool, work int) {
	b := k[1]&^metaBits | metaUsed | uint64(min(work, 63))<<workShift
	if win {
		b |= metaWin
	}
	i := (k[0] & t.mask) * 2 * ways
	at, least := i, uint64(1<<63)
	for e := i; e < i+2*ways; e += 2 {
		old := t.w[e+1].Load()
		if old&metaUsed == 0 || old&^metaBits == k[1]&^metaBits {
			at = e
			break
		}
		if w := old >> workShift & 63; w < least {
			at, least = e, w
		}
	}
	t.w[at].Store(k[0] ^ b)
	t.w[at+1].Store(b)
}

// counts are, for the player to move and for her opponent, the safe
// moves, the vulnerable ones in even rows (vuln) and odd rows (odd) of the
// player's view, the possible moves (most) and the empty cells out of the
// other's reach (prot); and the empty cells of the position (see
// SolveOutcome).
type counts struct {
	safe, vuln, odd, most, prot                          int16
	theirSafe, theirVuln, theirOdd, theirMost, theirProt int16
	empty                                                int16
}

// sure returns the moves a player is sure of, moving first or not, with
// safe moves, vulnerable ones in even rows and in odd rows of her view,
// and the empty cells out of the opponent's reach: her safe moves, and of
// her vulnerable ones a third of them (an opponent's domino covers at
// most two of them, one in each of two rows), or half of those in odd
// rows, or half of those in even rows (it covers one cell of each), the
// best of the three; a player moving first rounds up. Also the cells she
// keeps from the opponent: those of her sure moves and the cells out of
// his reach her safe moves leave over.
func sure(safe, even, odd, prot int16, first bool) (moves, kept int16) {
	v, r := even+odd, int16(0)
	if first {
		r = 1
	}
	moves = max((v+2*r)/3, (even+r)/2, (odd+r)/2) + safe
	return moves, 2*moves + prot - 2*safe
}

// settle returns whether the player to move wins, when the bounds say
// (see SolveOutcome): she wins when the moves she is sure of exceed the
// moves the opponent can make, and loses when the opponent's sure moves
// are at least the moves she can make. The moves a player can make are at
// most her possible moves, and at most half the empty cells the
// opponent's sure moves do not keep from her.
func (c counts) settle() (win, settled bool) {
	if m, kept := sure(c.safe, c.vuln, c.odd, c.prot, true); m > c.theirMost || m > (c.empty-kept)/2 {
		return true, true
	}
	if m, kept := sure(c.theirSafe, c.theirVuln, c.theirOdd, c.theirProt, false); m >= c.most || m >= (c.empty-kept)/2 {
		return false, true
	}
	return false, false
}

// shared is what the threads of one search share.
type shared struct {
	ctx      context.Context
	table    *table
	zob      *zobrist
	maxNodes int64
	nodes    atomic.Int64 // positions searched, as the threads report them
	every    int64        // positions a thread searches between reports
	progress func(int64)
	// busy counts the threads searching each position, by its key's
	// first word (positions that share a slot share a count); nil on one
	// thread.
	busy []atomic.Int32
}

const busyMask = 1<<16 - 1

// searcher is one thread's search: its own copy of the board.
type searcher struct {
	sh    *shared
	ctx   context.Context
	b     board
	lists [][]move
	later [][]int // the moves put off, by depth
	// helper is set on every thread but the first: it puts off even a
	// position's first move when another thread is searching it.
	helper  bool
	nodes   int64 // positions searched
	flushed int64 // of them, added to sh.nodes
	cutoffs int64
	hits    int64
}

// move is one candidate move: its row and first cell in the mover's
// view, its rank in the ordering and the counts of the position it
// leaves, for the opponent to move.
type move struct {
	r, c  uint8
	deep  bool // the bounds do not settle the position it leaves as lost for the opponent
	score int32
	after counts
}

const flushEvery = 1 << 14

func newSearcher(ctx context.Context, sh *shared, b *board) *searcher {
	s := &searcher{sh: sh, ctx: ctx, b: *b}
	s.lists = make([][]move, b.n[0]*b.n[1]/2+2)
	s.later = make([][]int, len(s.lists))
	return s
}

// flush adds the positions searched since the last flush to the shared
// count, and checks the context and the limit.
func (s *searcher) flush() error {
	n := s.sh.nodes.Add(s.nodes - s.flushed)
	s.flushed = s.nodes
	if s.sh.progress != nil {
		s.sh.progress(n)
	}
	if s.sh.maxNodes > 0 && n > s.sh.maxNodes {
		return ErrOutcomeLimit
	}
	return context.Cause(s.ctx)
}

// wins reports whether player p (0 Left, 1 Right) wins moving in the
// searcher's position, whose counts c do not settle it; depth is the
// number of moves made since the search's root, and deep is set when
// the bounds are known not to settle it as lost (see candidates).
func (s *searcher) wins(p int, c counts, depth int, deep bool) (bool, error) {
	if s.nodes++; s.nodes-s.flushed >= s.sh.every {
		if err := s.flush(); err != nil {
			return false, err
		}
	}
	b := &s.b
	// The bounds first: a position they settle is never stored, so its
	// table lookup would be a cache miss for nothing.
	if deep {
		if b.surelyWins(p, c, true) {
			s.cutoffs++
			return true, nil
		}
	} else if win, ok := b.settleDeep(p, c); ok {
		s.cutoffs++
		return win, nil
	}
	k := b.key(p)
	if win, ok := s.sh.table.lookup(k); ok {
		s.hits++
		return win, nil
	}
	before := s.nodes
	list, win := s.candidates(p, depth)
	var busy *atomic.Int32
	if s.sh.busy != nil {
		busy = &s.sh.busy[k[0]&busyMask]
		busy.Add(1)
	}
	// The best move left is picked at each step rather than all sorted
	// first: most positions are decided by their first move or two. With
	// other threads, a move after the first whose position another thread
	// is searching is put off until the others are done (ABDADA: Weill,
	// 1996), so that threads spread over a position's moves and each finds
	// the others' results in the table.
	later := s.later[depth][:0]
	var err error
	for j := range list {
		if win {
			break
		}
		best := j
		for k := j + 1; k < len(list); k++ {
			if list[k].score > list[best].score {
				best = k
			}
		}
		list[j], list[best] = list[best], list[j]
		var put bool
		if win, put, err = s.try(p, list[j], depth, busy != nil && (j > 0 || s.helper)); err != nil {
			break
		}
		if put {
			later = append(later, j)
		}
	}
	for _, j := range later {
		if win || err != nil {
			break
		}
		win, _, err = s.try(p, list[j], depth, false)
	}
	s.later[depth] = later
	if busy != nil {
		busy.Add(-1)
	}
	if err != nil {
		return false, err
	}
	s.sh.table.store(k, win, bits.Len64(uint64(s.nodes-before)))
	return win, nil
}

// try searches move m of player p, reporting whether it wins, unless
// spare is set and another thread is searching the position it leaves:
// then it reports put, the move put off.
func (s *searcher) try(p int, m move, depth int, spare bool) (win, put bool, err error) {
	b := &s.b
	r, c := int(m.r), int(m.c)
	var u undo
	b.play(p, r, c, &u)
	if spare && s.sh.busy[b.key(1 - p)[0]&busyMask].Load() > 0 {
		b.unplay(p, r, c, &u)
		return false, true, nil
	}
	theyWin, err := s.wins(1-p, m.after, depth+1, m.deep)
	b.unplay(p, r, c, &u)
	return !theyWin, false, err
}

// candidates returns player p's moves to search, each with the counts of
// the position it leaves and its rank, or win when one of them leaves a
// position the bounds settle as lost for the opponent. Moves whose
// positions the bounds settle as won for the opponent are dropped, and so
// are safe moves (both cells out of the opponent's reach) unless she has
// no other move (see Wins).
func (s *searcher) candidates(p, depth int) (list []move, win bool) {
	b := &s.b
	list = s.lists[depth][:0]
	defer func() { s.lists[depth] = list[:0] }()
	for _, all := range [2]bool{false, true} {
		found := false
		for r := 1; r <= b.n[p]; r++ {
			for m := b.moves(p, r, all); m != 0; m &= m - 1 {
				c := bits.TrailingZeros32(m)
				found = true
				after := b.after(p, r, c)
				if theyWin, settled := after.settle(); settled {
					s.cutoffs++
					if !theyWin {
						return list, true
					}
					continue
				}
				// Far from the end, a move the deeper bounds settle as
				// lost for the opponent wins at once, whatever its rank:
				// the search of a better-ranked move is what this spares
				// (nearer the end, the bounds of every move cost more
				// than they spare).
				deep := b.empty >= deepEmpty
				if deep {
					b.toggle(p, r, c)
					lost := b.surelyLoses(1-p, after, true)
					b.toggle(p, r, c)
					if lost {
						s.cutoffs++
						return list, true
					}
				}
				// Best first: the most of her possible and safe moves
				// over the opponent's, then by where the move lies.
				d := int(after.theirMost) + int(after.theirSafe) - int(after.most) - int(after.safe)
				score := int32(d+512)<<16 | int32(b.place[p][r*32+c])
				list = append(list, move{uint8(r), uint8(c), deep, score, after})
			}
		}
		if found {
			break
		}
	}
	return list, false
}

// Stats count a search's work: the positions searched (table hits
// included), those settled by the bounds without a search, and the
// table's hits; and the positions each thread searched.
type Stats struct {
	Nodes, Cutoffs, TableHits int64
	Threads                   []int64
}

func (s *searcher) stats() Stats { return Stats{s.nodes, s.cutoffs, s.hits, []int64{s.nodes}} }

func (st *Stats) add(o Stats) {
	st.Nodes += o.Nodes
	st.Cutoffs += o.Cutoffs
	st.TableHits += o.TableHits
	st.Threads = append(st.Threads, o.Threads...)
}

// CheckBoard refuses in one line a board the search does not take: more
// than MaxSide rows or columns, or cells not rows x cols.
func CheckBoard(g grid.Grid) error {
	if g.Rows < 1 || g.Cols < 1 || g.Rows > MaxSide || g.Cols > MaxSide || len(g.Cells) != g.Rows*g.Cols {
		return fmt.Errorf("domineering: a %d x %d board: the search takes 1 to %d rows and columns", g.Rows, g.Cols, MaxSide)
	}
	return nil
}

// tableMiB returns the table's size from opts, or its default for a
// board of cells cells (DefaultTableMiB), or an error when out of range.
func tableMiB(opts game.OutcomeOptions, cells int) (int, error) {
	mib := opts.TableMiB
	if mib == 0 {
		mib = DefaultTableMiB(cells)
	}
	if mib < 0 || mib > MaxOutcomeTableMiB {
		return 0, fmt.Errorf("domineering: a table of %d MiB is outside 1..%d MiB", mib, MaxOutcomeTableMiB)
	}
	return mib, nil
}

// problem is one of a search's questions: does player first win moving
// first on the board.
type problem struct {
	first   int
	settled bool // by the bounds, without a move
	win     bool
	roots   []move // the first moves to search, best first
}

// run is one run of SolveOutcome or Wins.
type run struct {
	sh      *shared
	start   *board
	threads int
}

func newSearch(ctx context.Context, g grid.Grid, opts game.OutcomeOptions) (*run, error) {
	if err := CheckBoard(g); err != nil {
		return nil, err
	}
	mib, err := tableMiB(opts, g.Rows*g.Cols)
	if err != nil {
		return nil, err
	}
	return searchOn(ctx, g, opts, newTable(mib), newZobrist(g.Rows, g.Cols)), nil
}

// searchOn returns the search of board g with the table t and the
// fingerprints z of boards of its size.
func searchOn(ctx context.Context, g grid.Grid, opts game.OutcomeOptions, t *table, z *zobrist) *run {
	sh := &shared{ctx: ctx, table: t, zob: z, maxNodes: opts.MaxNodes, progress: opts.Progress, every: flushEvery}
	if opts.MaxNodes > 0 {
		sh.every = min(flushEvery, opts.MaxNodes+1)
	}
	return &run{sh: sh, start: newBoard(g.Rows, g.Cols, g.Cells, z), threads: max(1, opts.Threads)}
}

// root returns the problem of player p moving first.
func (s *run) root(p int, probe *searcher) problem {
	pr := problem{first: p}
	if pr.win, pr.settled = s.start.counts(p).settle(); pr.settled {
		probe.cutoffs++
		return pr
	}
	list, win := probe.candidates(p, 0)
	if win {
		pr.win, pr.settled = true, true
		return pr
	}
	pr.roots = append([]move(nil), list...)
	// Best first, as the search would take them.
	for j := range pr.roots {
		best := j
		for k := j + 1; k < len(pr.roots); k++ {
			if pr.roots[k].score > pr.roots[best].score {
				best = k
			}
		}
		pr.roots[j], pr.roots[best] = pr.roots[best], pr.roots[j]
	}
	return pr
}

// solve decides the problems, one after the other. On one thread each is
// one search from its root; on more, every thread searches the root,
// sharing the table and spreading over the moves (see wins), and the
// first thread done answers.
func (s *run) solve(problems []problem) (Stats, error) {
	if err := context.Cause(s.sh.ctx); err != nil {
		return Stats{}, err
	}
	if s.threads > 1 {
		s.sh.busy = make([]atomic.Int32, busyMask+1)
	}
	workers := make([]*searcher, s.threads)
	for i := range workers {
		workers[i] = newSearcher(s.sh.ctx, s.sh, s.start)
		workers[i].helper = i > 0
	}
	var st Stats
	for i := range problems {
		pr := &problems[i]
		if pr.settled {
			continue
		}
		win, err := s.race(workers, pr.first)
		if err != nil {
			return Stats{}, err
		}
		pr.win, pr.settled = win, true
	}
	for _, w := range workers {
		w.flush()
		st.add(w.stats())
	}
	return st, nil
}

// errAnswered stops the threads of a problem another thread answered.
var errAnswered = errors.New("answered by another thread")

// race searches whether player first wins moving first with every
// worker, returning the first answer.
func (s *run) race(workers []*searcher, first int) (bool, error) {
	c := s.start.counts(first)
	if len(workers) == 1 {
		return workers[0].wins(first, c, 0, false)
	}
	ctx, cancel := context.WithCancelCause(s.sh.ctx)
	defer cancel(nil)
	type answer struct {
		win bool
		err error
	}
	answers := make(chan answer, len(workers))
	for _, w := range workers {
		w.ctx = ctx
		go func() {
			win, err := w.wins(first, c, 0, false)
			if err == nil {
				cancel(errAnswered)
			}
			answers <- answer{win, err}
		}()
	}
	var got *answer
	var failed error
	for range workers {
		a := <-answers
		switch {
		case a.err == nil && got == nil:
			got = &a
		case a.err != nil && !errors.Is(a.err, errAnswered) && failed == nil:
			failed = a.err
		}
	}
	if got != nil {
		return got.win, nil
	}
	return false, failed
}

// Wins decides whether mover wins moving first on board g ('.' empty,
// anything else filled), by SolveOutcome's search of that one question:
// the unit of work of a search split into jobs (see Split).
func Wins(ctx context.Context, g grid.Grid, mover game.Side, opts game.OutcomeOptions) (bool, Stats, error) {
	v, err := NewSolver(g.Rows, g.Cols, opts)
	if err != nil {
		return false, Stats{}, err
	}
	return v.Wins(ctx, g, mover)
}

// A Solver decides boards of one size one after another on one table,
// kept from each search to the next, so that what one learned serves the
// others: the subtrees of a search split into jobs (see Split), decided
// in one process.
type Solver struct {
	rows, cols int
	opts       game.OutcomeOptions
	table      *table
	zob        *zobrist
}

// NewSolver returns a Solver of rows x cols boards with opts' table
// memory, threads and limits (MaxNodes and Progress hold for each
// search), or a one-line error for a size or a table out of range.
func NewSolver(rows, cols int, opts game.OutcomeOptions) (*Solver, error) {
	if err := CheckBoard(grid.New(max(rows, 0), max(cols, 0), '.')); err != nil {
		return nil, err
	}
	mib, err := tableMiB(opts, rows*cols)
	if err != nil {
		return nil, err
	}
	return &Solver{rows: rows, cols: cols, opts: opts, table: newTable(mib), zob: newZobrist(rows, cols)}, nil
}

// Wins decides whether mover wins moving first on board g, which must be
// of the Solver's size.
func (v *Solver) Wins(ctx context.Context, g grid.Grid, mover game.Side) (bool, Stats, error) {
	if g.Rows != v.rows || g.Cols != v.cols || len(g.Cells) != g.Rows*g.Cols {
		return false, Stats{}, fmt.Errorf("domineering: a %d x %d board for a solver of %d x %d boards", g.Rows, g.Cols, v.rows, v.cols)
	}
	s := searchOn(ctx, g, v.opts, v.table, v.zob)
	wins, st, err := s.decide([]int{int(mover)})
	if err != nil {
		return false, Stats{}, err
	}
	return wins[0], st, nil
}

// decide returns whether each player of firsts wins moving first, and the
// work it took.
func (s *run) decide(firsts []int) ([]bool, Stats, error) {
	probe := newSearcher(s.sh.ctx, s.sh, s.start)
	problems := make([]problem, len(firsts))
	for i, p := range firsts {
		problems[i] = s.root(p, probe)
	}
	st, err := s.solve(problems)
	if err != nil {
		return nil, Stats{}, err
	}
	st.Cutoffs += probe.cutoffs // the root's moves the bounds settle
	wins := make([]bool, len(problems))
	for i, pr := range problems {
		wins[i] = pr.win
	}
	return wins, st, nil
}

// Split returns the first moves of mover on board g that the search
// would try, best first, each as the board it leaves (the cells it
// covers filled with '#'): mover wins exactly when one of them leaves a
// board the opponent, moving first, loses. When the bounds settle the
// board at once, or one move settles it as won, Split returns no boards,
// settled true and who wins in win.
func Split(g grid.Grid, mover game.Side) (children []grid.Grid, settled, win bool, err error) {
	s, err := newSearch(context.Background(), g, game.OutcomeOptions{TableMiB: 1})
	if err != nil {
		return nil, false, false, err
	}
	p := int(mover)
	pr := s.root(p, newSearcher(context.Background(), s.sh, s.start))
	if pr.settled {
		return nil, true, pr.win, nil
	}
	for _, m := range pr.roots {
		child := grid.Grid{Rows: g.Rows, Cols: g.Cols, Cells: append([]byte(nil), g.Cells...)}
		r, c := int(m.r)-1, int(m.c)
		if p == 1 { // Right's view is the board: row r, cells c and c+1
			child.Cells[r*g.Cols+c], child.Cells[r*g.Cols+c+1] = '#', '#'
		} else { // Left's view is column r: rows c and c+1
			child.Cells[c*g.Cols+r], child.Cells[(c+1)*g.Cols+r] = '#', '#'
		}
		children = append(children, child)
	}
	return children, false, false, nil
}

// deepEmpty is the fewest empty cells of a position whose moves are each
// held to the deeper bounds (surelyLoses) before any is searched (see
// candidates). Measured on one thread, the least CPU time of two runs:
// from 40, 8 x 8 took 1.8 s against 3.1 s, 7 x 9 3.8 s against 3.7 s;
// from 36 or 32, both were slower than from 40.
const deepEmpty = 40
