package game

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"iter"
	"math"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"nimber/cgt"
)

// NewSearchRules makes the SearchRules of one goroutine of a search, tied
// to its Calc c and bound to ctx, and the check of their failure (as
// PartizanContextual's Bind), called once the goroutine is done.
type NewSearchRules[Q comparable] func(ctx context.Context, c *cgt.Calc) (SearchRules[Q], func() error)

// valueWork is the work budget (cgt.Calc comparisons) of valuing one
// region inside the search, with ValueParts its budget of parts: a region
// that takes more is searched instead.
const valueWork = 1 << 18

// SearchSum decides who wins the sum of the regions parts with Left moving
// first and with Right moving first, by a depth-first search of wins and
// losses over sums in which the small regions are valued:
//
//   - A position is its large regions, searched, and one canonical form C,
//     the sum of the values of its small ones. A region is small when the
//     rules' estimate (SearchRules.Small) says so and its canonical form
//     comes within a work budget; each region a move leaves is valued and
//     added into C when small. Valued regions live in the Calc's memo, so a
//     region valued once is never searched or valued again. A position
//     with no large region left is decided by C's outcome at once.
//   - A move is a move in a large region (in one copy of equal regions) or
//     one of C's canonical options, played as a move of the sum; C's moves
//     come last. Numbers are not skipped: number avoidance needs the rest
//     of the sum not to equal a number, which the search cannot know.
//   - A table of positions keyed by a 128-bit fingerprint of the position
//     (the player to move, C, and the multiset of the regions' normal forms,
//     SearchRules.Key), in TableMiB, two entries a bucket (one kept for
//     the larger search, one always replaced); a wrong hit needs two
//     independent 64-bit hashes to agree at once.
//   - Move ordering: first the moves that leave no large region (decided
//     by C's outcome), then by the history heuristic (the moves of a
//     region that refuted other positions first).
//
// A sum equal to its own negative (SearchRules implementing Negater) is
// searched with Left first only. With Threads = 2 the two problems (Left
// first, Right first) go to a goroutine each; from 3 threads up the
// problems and the root's moves are shared out among the goroutines; each
// goroutine has its own table and Calc, and a problem is settled as soon
// as one of its moves wins. With two threads or more and two large regions
// at the root, the whole sum is valued beside the search (searchOrValue).
// It returns ctx's error once ctx is done, an error wrapping
// ErrSearchLimit past MaxNodes positions, and the rules' failure.
func SearchSum[Q comparable](ctx context.Context, newRules NewSearchRules[Q], parts []Q, o OutcomeOptions) (OutcomeResult, error) {
	threads := max(1, o.Threads)
	tableMiB, valueMiB := o.TableMiB, o.ValueMiB
	if tableMiB <= 0 {
		tableMiB = DefaultTableMiB
	}
	if valueMiB <= 0 {
		valueMiB = DefaultValueMiB
	}
	sh := &shared{maxNodes: o.MaxNodes, progress: o.Progress, every: 1 << 16}
	if o.MaxNodes > 0 {
		sh.every = min(sh.every, max(1, o.MaxNodes/int64(4*threads)))
	}
	// A worker of one of n goroutines has 1/n of the memory; the probe
	// of the root (n = 0) a table of two entries.
	newWorker := func(ctx context.Context, n int) (*searcher[Q], func() error) {
		c := cgt.New(int64(valueMiB) << 20 / int64(max(n, 1)))
		r, failure := newRules(ctx, c)
		table := int64(0)
		if n > 0 {
			table = int64(tableMiB) << 20 / int64(n)
		}
		counts := sh
		if n == 0 {
			counts = &shared{every: 1 << 16} // the probe's work is done again by the search
		}
		return newSearcher(r, c, table, counts), failure
	}
	res, err := searchOrValue(ctx, newRules, newWorker, parts, threads, int64(valueMiB)<<20)
	if err != nil {
		return OutcomeResult{}, err
	}
	res.Nodes, res.Cutoffs, res.TableHits = sh.nodes.Load(), sh.cutoffs.Load(), sh.hits.Load()
	res.Valued += sh.valued.Load()
	switch {
	case res.Method != "":
	case res.Nodes == 0: // every position decided by values
		res.Method = MethodValues
	case res.Valued == 0:
		res.Method = MethodSearch
	default:
		res.Method = MethodSearchValues
	}
	return res, nil
}

// shared is what the goroutines of one search count together.
type shared struct {
	nodes, cutoffs, hits, valued atomic.Int64
	maxNodes                     int64
	every                        int64 // positions a goroutine counts between reports
	progress                     func(int64)
	mu                           sync.Mutex // progress is called by one goroutine at a time
}

// count adds n searched positions and reports progress; it fails past
// maxNodes.
func (sh *shared) count(n int64) error {
	total := sh.nodes.Add(n)
	if sh.progress != nil {
		sh.mu.Lock()
		sh.progress(total)
		sh.mu.Unlock()
	}
	if sh.maxNodes > 0 && total > sh.maxNodes {
		return fmt.Errorf("%w (%d)", ErrSearchLimit, sh.maxNodes)
	}
	return nil
}

// region is a large region of a position with its normal form's
// fingerprint.
type region[Q comparable] struct {
	q      Q
	h1, h2 uint64
}

// position is a position of the search: its large regions, in the order
// the moves left them (so that a search is the same in every run), and
// the value C of its small ones.
type position[Q comparable] struct {
	big []region[Q]
	c   cgt.Game
}

// child is a position a move leaves, and the move: its region and its
// number among the region's options (inC for a move in C).
type child[Q comparable] struct {
	pos  position[Q]
	move move[Q]
	inC  bool
}

// move is a move of a region, the history heuristic's key: a region and
// the number of its option.
type move[Q comparable] struct {
	q Q
	n int
}

// tableEntry is a position of the table: its fingerprint and, in meta,
// whether it is in use, whether the player to move wins, and the log2 of
// the positions its search took.
type tableEntry struct {
	a, b uint64
	meta uint32
}

const (
	entryUsed = 1 << 0
	entryWin  = 1 << 1
	entryWork = 2 // shift of the log2 of the work
)

// regionInfo is what a searcher knows of a region's normal form: valued
// (with its value) or found too costly to value.
type regionInfo struct {
	value  cgt.Game
	valued bool
}

// searcher is one goroutine's search: its rules, Calc, table and memos.
type searcher[Q comparable] struct {
	r       SearchRules[Q]
	c       *cgt.Calc
	sh      *shared
	seed1   maphash.Seed
	seed2   maphash.Seed
	table   []tableEntry
	mask    uint64
	known   map[Q]regionInfo
	outcome map[cgt.Game]cgt.Outcome
	history map[move[Q]]uint32 // refutations by each move
	n       int64              // positions searched by this searcher
	flushed int64              // of n, those added to sh.nodes
	// noValues is set once the Calc is full: no more regions are valued.
	noValues bool
	depth    int
}

// searchSeeds are the fingerprints' seeds, one pair for the process, so
// that the goroutines of a search agree.
var searchSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

func newSearcher[Q comparable](r SearchRules[Q], c *cgt.Calc, tableBytes int64, sh *shared) *searcher[Q] {
	n := max(2, int64(1)<<(bits.Len64(uint64(max(1, tableBytes/24)))-1))
	c.SetWorkLimit(math.MaxInt64)
	return &searcher[Q]{r: r, c: c, sh: sh, seed1: searchSeeds[0], seed2: searchSeeds[1],
		table: make([]tableEntry, n), mask: uint64(n - 2), known: map[Q]regionInfo{}, outcome: map[cgt.Game]cgt.Outcome{},
		history: map[move[Q]]uint32{}}
}

// maxKnown bounds the regions a searcher remembers as too costly to value
// or valued; past it the memo starts afresh (values stay in the Calc's).
const maxKnown = 1 << 20

// solveBoth decides the sum of parts with each player moving first.
// When selfNeg is true the sum equals its own negative, so Right first
// wins exactly when Left first does, and only Left first is searched.
func (s *searcher[Q]) solveBoth(ctx context.Context, parts []Q, selfNeg bool) (OutcomeResult, error) {
	root, err := s.start(ctx, parts)
	if err != nil {
		return OutcomeResult{}, err
	}
	var res OutcomeResult
	if res.LeftFirst, err = s.wins(ctx, root, Left); err != nil {
		return OutcomeResult{}, err
	}
	res.RightFirst = res.LeftFirst
	if !selfNeg {
		if res.RightFirst, err = s.wins(ctx, root, Right); err != nil {
			return OutcomeResult{}, err
		}
	}
	return res, s.flush()
}

// Negater is implemented by SearchRules whose regions have their negatives
// among them (Clobber: the colours swapped): Neg returns a region equal to
// -q. A sum equal to its own negative (every region's negative's normal
// form among the regions as often, and C = -C) is won by Right moving
// first exactly when it is won by Left moving first, so only Left first is
// searched: a Clobber checkerboard or alternating row is one.
type Negater[Q comparable] interface {
	Neg(q Q) Q
}

// selfNegative reports whether the position pos equals its own negative
// by the rules' Negater, region by region.
func (s *searcher[Q]) selfNegative(pos position[Q]) bool {
	n, ok := s.r.(Negater[Q])
	if !ok {
		return false
	}
	if neg, err := s.c.Neg(pos.c); err != nil || neg != pos.c {
		return false
	}
	count := map[Q]int{}
	for _, b := range pos.big {
		count[b.q]++
		count[s.r.Key(n.Neg(b.q))]--
	}
	for _, k := range count {
		if k != 0 {
			return false
		}
	}
	return true
}

// start returns the root position of parts, less the pairs of large
// regions that are each other's negatives (Negater), which add up to 0.
func (s *searcher[Q]) start(ctx context.Context, parts []Q) (position[Q], error) {
	pos, err := s.add(ctx, position[Q]{c: cgt.Zero}, -1, parts)
	n, ok := s.r.(Negater[Q])
	if err != nil || !ok {
		return pos, err
	}
	gone := make([]bool, len(pos.big))
	for i, b := range pos.big {
		if gone[i] {
			continue
		}
		neg := s.r.Key(n.Neg(b.q))
		for j := i + 1; j < len(pos.big); j++ {
			if !gone[j] && pos.big[j].q == neg {
				gone[i], gone[j] = true, true
				break
			}
		}
	}
	var big []region[Q]
	for i, b := range pos.big {
		if !gone[i] {
			big = append(big, b)
		}
	}
	pos.big = big
	return pos, nil
}

// add returns pos with its large region i (none when i < 0) replaced by
// the regions leaves: each valued into C when small, else kept large.
func (s *searcher[Q]) add(ctx context.Context, pos position[Q], i int, leaves []Q) (position[Q], error) {
	out := position[Q]{c: pos.c, big: make([]region[Q], 0, len(pos.big)+len(leaves))}
	for j, b := range pos.big {
		if j != i {
			out.big = append(out.big, b)
		}
	}
	for _, q := range leaves {
		k := s.r.Key(q)
		x, ok, err := s.value(ctx, k)
		if err != nil {
			return out, err
		}
		if ok {
			sum, err := s.c.Add(out.c, x)
			if err == nil {
				out.c = sum
				continue
			}
			if !errors.Is(err, cgt.ErrLimit) && !errors.Is(err, cgt.ErrWork) {
				return out, err
			}
			// The Calc is full: the region is searched instead.
			s.noValues = true
		}
		out.big = append(out.big, region[Q]{q: k, h1: maphash.Comparable(s.seed1, k), h2: maphash.Comparable(s.seed2, k)})
	}
	return out, nil
}

// value returns the value of the region k (a normal form) when it is
// small, valuing it within the work budget the first time; ok is false
// for a region to search.
func (s *searcher[Q]) value(ctx context.Context, k Q) (cgt.Game, bool, error) {
	if info, ok := s.known[k]; ok {
		return info.value, info.valued && !s.noValues, nil
	}
	if s.noValues || !s.r.Small(k) {
		return cgt.Zero, false, nil
	}
	s.c.SetWorkLimit(s.c.Work() + valueWork)
	x, err := s.r.Value(ctx, k, ValueParts)
	s.c.SetWorkLimit(math.MaxInt64)
	switch {
	case err == nil:
		s.sh.valued.Add(1)
	case errors.Is(err, cgt.ErrWork):
	case errors.Is(err, cgt.ErrLimit):
		s.noValues = true // the Calc is full: value no more
	default:
		return cgt.Zero, false, err
	}
	if len(s.known) >= maxKnown {
		clear(s.known)
	}
	s.known[k] = regionInfo{value: x, valued: err == nil}
	return x, err == nil, nil
}

// wins reports whether side, to move, wins pos.
func (s *searcher[Q]) wins(ctx context.Context, pos position[Q], side Side) (bool, error) {
	if len(pos.big) == 0 {
		return s.winsValue(pos.c, side), nil
	}
	if s.n++; s.n-s.flushed >= s.sh.every {
		if err := s.flush(); err != nil {
			return false, err
		}
		if err := ctx.Err(); err != nil {
			return false, err
		}
	}
	if s.depth > MaxDepth {
		return false, &LimitError{What: "the search", Measure: "moves in a row", Got: int64(s.depth), Limit: MaxDepth}
	}
	a, b := s.fingerprint(pos, side)
	e := s.probe(a, b)
	if e != nil {
		s.sh.hits.Add(1)
		return e.meta&entryWin != 0, nil
	}
	before := s.n
	kids, win, err := s.children(ctx, pos, side)
	if err != nil {
		return false, err
	}
	if !win {
		other := 1 - side
		s.depth++
		for _, k := range kids {
			lost, err := s.wins(ctx, k.pos, other)
			if err != nil {
				s.depth--
				return false, err
			}
			if lost = !lost; lost {
				win = true
				if !k.inC {
					if len(s.history) >= maxKnown {
						clear(s.history)
					}
					s.history[k.move]++
				}
				break
			}
		}
		s.depth--
	}
	s.store(a, b, win, s.n-before)
	return win, nil
}

// children returns the positions side's moves leave in pos, in the order
// to try them; win is true when one of them, with no large region, is
// lost for the other player by its value alone (then the list is cut).
func (s *searcher[Q]) children(ctx context.Context, pos position[Q], side Side) ([]child[Q], bool, error) {
	var kids []child[Q]
	other := 1 - side
	for i, b := range pos.big {
		if slices.ContainsFunc(pos.big[:i], func(a region[Q]) bool { return a.q == b.q }) {
			continue // a move in a copy of an earlier region
		}
		n := 0
		for leaves := range s.r.Options(b.q, side) {
			next, err := s.add(ctx, pos, i, leaves)
			if err != nil {
				return nil, false, err
			}
			if len(next.big) == 0 {
				if !s.winsValue(next.c, other) {
					s.sh.cutoffs.Add(1)
					return nil, true, nil
				}
				n++
				continue // lost for side: not worth trying
			}
			kids = append(kids, child[Q]{pos: next, move: move[Q]{b.q, n}})
			n++
		}
	}
	slices.SortStableFunc(kids, func(x, y child[Q]) int {
		return int(s.history[y.move]) - int(s.history[x.move])
	})
	opts := s.c.Left(pos.c)
	if side == Right {
		opts = s.c.Right(pos.c)
	}
	for _, x := range opts {
		kids = append(kids, child[Q]{pos: position[Q]{big: pos.big, c: x}, inC: true})
	}
	return kids, false, nil
}

// rootMoves returns the positions that side's moves leave in root: all of
// C's when inC, else the one of move m, found by its region and number.
func (s *searcher[Q]) rootMoves(ctx context.Context, root position[Q], side Side, m move[Q], inC bool) ([]child[Q], error) {
	if inC {
		opts := s.c.Left(root.c)
		if side == Right {
			opts = s.c.Right(root.c)
		}
		kids := make([]child[Q], len(opts))
		for i, x := range opts {
			kids[i] = child[Q]{pos: position[Q]{big: root.big, c: x}, inC: true}
		}
		return kids, nil
	}
	at := slices.IndexFunc(root.big, func(b region[Q]) bool { return b.q == m.q })
	if at >= 0 {
		n := 0
		for leaves := range s.r.Options(m.q, side) {
			if n == m.n {
				next, err := s.add(ctx, root, at, leaves)
				return []child[Q]{{pos: next, move: m}}, err
			}
			n++
		}
	}
	return nil, errors.New("search: a move of the root that this goroutine's root lacks (the rules' options or normal forms differ between calls)")
}

// winsValue reports whether side, moving first, wins a game of value x.
func (s *searcher[Q]) winsValue(x cgt.Game, side Side) bool {
	o, ok := s.outcome[x]
	if !ok {
		o = s.c.OutcomeOf(x)
		s.outcome[x] = o
	}
	if side == Left {
		return o == cgt.L || o == cgt.N
	}
	return o == cgt.R || o == cgt.N
}

// fingerprint returns the two 64-bit hashes of pos with side to move.
func (s *searcher[Q]) fingerprint(pos position[Q], side Side) (uint64, uint64) {
	a, b := uint64(pos.c)*0x9e3779b97f4a7c15+uint64(side), uint64(pos.c)*0xc2b2ae3d27d4eb4f+uint64(side)*0x165667b19e3779f9
	for _, r := range pos.big {
		a += mix(r.h1)
		b += mix(r.h2)
	}
	return mix(a), mix(b)
}

// mix is a 64-bit finaliser (SplitMix64's), so that sums of mixed hashes
// stay spread.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// probe returns the table's entry of the fingerprint (a, b), or nil.
func (s *searcher[Q]) probe(a, b uint64) *tableEntry {
	i := a & s.mask
	for j := range uint64(2) {
		if e := &s.table[i+j]; e.meta&entryUsed != 0 && e.a == a && e.b == b {
			return e
		}
	}
	return nil
}

// store keeps the result of the fingerprint (a, b), searched in work
// positions, in its bucket: in the first entry when its search was at
// least as large as that entry's, which then moves to the second, else in
// the second.
func (s *searcher[Q]) store(a, b uint64, win bool, work int64) {
	meta := uint32(entryUsed) | uint32(bits.Len64(uint64(max(work, 1))))<<entryWork
	if win {
		meta |= entryWin
	}
	i := a & s.mask
	e := tableEntry{a: a, b: b, meta: meta}
	if first := s.table[i]; first.meta&entryUsed == 0 || first.meta>>entryWork <= meta>>entryWork {
		s.table[i], e = e, first
	}
	if e.meta&entryUsed != 0 {
		s.table[i+1] = e
	}
}

// flush adds the positions counted since the last flush to the shared
// count.
func (s *searcher[Q]) flush() error {
	n := s.n - s.flushed
	s.flushed = s.n
	return s.sh.count(n)
}

// searchOrValue decides the sum of parts: with one thread or one large
// region, by the search alone; with two or more large regions (a sum the
// canonical forms may collapse) and two threads or more, by the search on
// all threads but one and the whole sum's canonical form on that one
// (within half the memory of values), whichever answers first.
func searchOrValue[Q comparable](parent context.Context, newRules NewSearchRules[Q], newWorker func(context.Context, int) (*searcher[Q], func() error), parts []Q, threads int, valueBytes int64) (OutcomeResult, error) {
	ctx := parent
	// On one thread the probe of the root is the search's own worker, so
	// that the root's regions are valued once.
	share := 0
	if threads == 1 {
		share = 1
	}
	probe, failure := newWorker(ctx, share)
	root, err := probe.start(ctx, parts)
	if share == 0 || err != nil {
		if err = errors.Join(err, failure()); err != nil {
			return OutcomeResult{}, err
		}
	}
	selfNeg := probe.selfNegative(root)
	problems := 2 // Left first and Right first
	if selfNeg {
		problems = 1
	}
	search := func(ctx context.Context, threads int) (OutcomeResult, error) {
		// Sharing out the root's moves costs each goroutine the others'
		// table: on 2 cores it searched 1.5 to 2 times the positions of one
		// goroutine, so it is used from 3 threads up only.
		switch {
		case threads >= 3:
			return searchParallel(ctx, newWorker, parts, threads, selfNeg)
		case threads == 2 && problems == 2:
			return searchProblems(ctx, newWorker, parts)
		}
		s, failure := newWorker(ctx, 1)
		res, err := s.solveBoth(ctx, parts, selfNeg)
		return res, errors.Join(err, failure())
	}
	if len(root.big) == 0 {
		res := OutcomeResult{LeftFirst: probe.winsValue(root.c, Left), RightFirst: probe.winsValue(root.c, Right)}
		if share == 0 {
			res.Valued = probe.sh.valued.Load() // not counted in the search's
		}
		return res, errors.Join(failure(), probe.flush())
	}
	if threads == 1 {
		res, err := probe.solveBoth(ctx, parts, selfNeg)
		return res, errors.Join(err, failure())
	}
	if len(root.big) < 2 {
		return search(ctx, threads)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type answer struct {
		res    OutcomeResult
		err    error
		values bool
	}
	answers := make(chan answer, 2)
	go func() {
		res, err := search(ctx, threads-1)
		answers <- answer{res, err, false}
	}()
	go func() {
		c := cgt.New(valueBytes / 2)
		r, failure := newRules(ctx, c)
		sum := cgt.Zero
		var err error
		for _, q := range parts {
			var x cgt.Game
			if x, err = r.Value(ctx, q, 0); err != nil {
				break
			}
			if sum, err = c.Add(sum, x); err != nil {
				break
			}
		}
		res := OutcomeResult{Valued: int64(len(parts))}
		if err = errors.Join(err, failure()); err == nil {
			o := c.OutcomeOf(sum)
			res.LeftFirst, res.RightFirst = o == cgt.L || o == cgt.N, o == cgt.R || o == cgt.N
		}
		answers <- answer{res, err, true}
	}()
	var last error
	for range 2 {
		a := <-answers
		if a.err == nil {
			if a.values {
				a.res.Method = MethodValues
			}
			return a.res, nil
		}
		if a.values && (errors.Is(a.err, cgt.ErrLimit) || errors.Is(a.err, cgt.ErrWork) || errors.Is(a.err, context.Canceled) && parent.Err() == nil) {
			continue // too large to value, or stopped by the search's end: the search's answer stands
		}
		if last == nil {
			last = a.err
		}
		cancel()
	}
	return OutcomeResult{}, last
}

// searchProblems decides the sum of parts on two goroutines, one for each
// player moving first, each with its own table and Calc: no work is done
// twice but what the two problems share.
func searchProblems[Q comparable](parent context.Context, newWorker func(context.Context, int) (*searcher[Q], func() error), parts []Q) (OutcomeResult, error) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	var won [2]bool
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for _, side := range []Side{Left, Right} {
		wg.Go(func() {
			s, failure := newWorker(ctx, 2)
			root, err := s.start(ctx, parts)
			if err == nil {
				won[side], err = s.wins(ctx, root, side)
			}
			if errs[side] = errors.Join(err, s.flush(), failure()); errs[side] != nil {
				cancel()
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		// One problem's failure stops the other: its error is the answer.
		if err != nil && (parent.Err() != nil || !errors.Is(err, context.Canceled)) {
			return OutcomeResult{}, err
		}
	}
	return OutcomeResult{LeftFirst: won[Left], RightFirst: won[Right]}, nil
}

// searchParallel is SearchSum on threads goroutines: the tasks are the
// root's moves of each problem (Left first, Right first), the moves in C
// one task; a problem is won as soon as one of its tasks wins, and the
// goroutines still searching it are stopped.
func searchParallel[Q comparable](ctx context.Context, newWorker func(context.Context, int) (*searcher[Q], func() error), parts []Q, threads int, selfNeg bool) (OutcomeResult, error) {
	ctx, cancelAll := context.WithCancel(ctx)
	defer cancelAll()
	// The first worker counts the root's moves, or decides it.
	first, firstFailure := newWorker(ctx, threads)
	root, err := first.start(ctx, parts)
	if err != nil {
		return OutcomeResult{}, errors.Join(err, firstFailure())
	}
	var res OutcomeResult
	if len(root.big) == 0 {
		res.LeftFirst, res.RightFirst = first.winsValue(root.c, Left), first.winsValue(root.c, Right)
		return res, firstFailure()
	}
	// A task is a move of the root, named by its region and its number
	// among the region's options (so that every goroutine plays the same
	// move, whatever it has valued), or all of C's moves.
	type task struct {
		side Side
		move move[Q]
		inC  bool
	}
	var tasks []task
	var won [2]atomic.Bool
	var sideCtx [2]context.Context
	var cancel [2]context.CancelFunc
	var left [2]atomic.Int64
	for _, side := range []Side{Left, Right} {
		sideCtx[side], cancel[side] = context.WithCancel(ctx)
		defer cancel[side]()
		if side == Right && selfNeg {
			continue // Right first is Left first
		}
		kids, win, err := first.children(ctx, root, side)
		if err != nil {
			return OutcomeResult{}, errors.Join(err, firstFailure())
		}
		if win {
			won[side].Store(true)
			continue
		}
		for _, k := range kids {
			if !k.inC {
				tasks = append(tasks, task{side: side, move: k.move})
			}
		}
		tasks = append(tasks, task{side: side, inC: true})
	}
	for _, t := range tasks {
		left[t.side].Add(1)
	}
	queue := make(chan task, len(tasks))
	for _, t := range tasks {
		queue <- t
	}
	close(queue)
	var mu sync.Mutex
	var firstErr error
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
		cancelAll()
	}
	var wg sync.WaitGroup
	for w := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, failure := first, firstFailure
			if w > 0 {
				s, failure = newWorker(ctx, threads)
			}
			defer func() {
				if err := errors.Join(s.flush(), failure()); err != nil {
					fail(err)
				}
			}()
			root, err := s.start(ctx, parts)
			if err != nil {
				fail(err)
				return
			}
			for t := range queue {
				sctx := sideCtx[t.side]
				if sctx.Err() != nil {
					continue
				}
				try, err := s.rootMoves(ctx, root, t.side, t.move, t.inC)
				if err != nil {
					fail(err)
					return
				}
				for _, k := range try {
					lost, err := s.wins(sctx, k.pos, 1-t.side)
					if err != nil {
						if sctx.Err() != nil && ctx.Err() == nil {
							break // the problem was settled meanwhile
						}
						fail(err)
						return
					}
					if !lost {
						won[t.side].Store(true)
						cancel[t.side]()
						break
					}
				}
				if left[t.side].Add(-1) == 0 {
					cancel[t.side]()
				}
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return OutcomeResult{}, firstErr
	}
	if err := ctx.Err(); err != nil {
		return OutcomeResult{}, err
	}
	res.LeftFirst, res.RightFirst = won[Left].Load(), won[Right].Load()
	if selfNeg {
		res.RightFirst = res.LeftFirst
	}
	return res, nil
}

// partSearch is the generic SearchRules of a partizan game's parts: its
// rules' options, normal forms (Keyer) and values (the Evaluator), a part
// small when its Sizer estimate is within its SmallSize, or, for a game
// without one, always worth trying within the work budget.
type partSearch[P comparable] struct {
	g *partizan[P]
	r PartizanRules[P]
	e *Evaluator
}

// PartNegater is implemented by partizan rules whose parts have their
// negatives among them: Neg returns a part equal to -p (Domineering: p
// transposed). The generic search then uses it as a Negater.
type PartNegater[P comparable] interface {
	Neg(p P) P
}

// negPartSearch is partSearch of rules with a PartNegater: a Negater.
type negPartSearch[P comparable] struct {
	partSearch[P]
	n PartNegater[P]
}

func (s negPartSearch[P]) Neg(p P) P { return s.n.Neg(p) }

// PartSizer is implemented by partizan rules that estimate the cost of
// valuing a part: the search values a part of at most SmallSize by its
// canonical form and searches a larger one.
type PartSizer[P comparable] interface {
	Size(p P) int
	SmallSize() int
}

func (s partSearch[P]) Options(p P, side Side) iter.Seq[[]P] { return s.r.Options(p, side) }

func (s partSearch[P]) Key(p P) P {
	if k, ok := s.g.r.(Keyer[P]); ok {
		return k.Key(p)
	}
	return p
}

func (s partSearch[P]) Small(p P) bool {
	if z, ok := s.g.r.(PartSizer[P]); ok {
		return z.Size(p) <= z.SmallSize()
	}
	return true
}

func (s partSearch[P]) Value(ctx context.Context, p P, most int) (cgt.Game, error) {
	return s.g.valuePart(ctx, s.e, s.r, p, most)
}

// ParseSearch reads a position for a search of who wins: as Parse, but
// within the rules' SearchChecker when they have one (the search reaches
// further than canonical forms), else within Check.
func (g *partizan[P]) ParseSearch(text string) (Position, error) {
	s, err := g.r.Parse(text)
	if err != nil {
		return Position{}, err
	}
	if c, ok := g.r.(SearchChecker[P]); ok {
		err = c.CheckSearch(s)
	} else {
		err = g.r.Check(s)
	}
	if err != nil {
		return Position{}, err
	}
	return g.wrap(s), nil
}

// Outcome decides who wins pos with each player moving first: by the
// rules' own search (SumSearcher) when they have one, else by SearchSum
// over the game's parts.
func (g *partizan[P]) Outcome(ctx context.Context, pos Position, o OutcomeOptions) (OutcomeResult, error) {
	s := g.sum(pos)
	if ss, ok := g.r.(SumSearcher[P]); ok {
		return ss.SearchSum(ctx, s, o)
	}
	return SearchParts(ctx, g, s.Parts, o)
}

// SearchParts decides who wins the sum of the parts of the partizan game g
// by SearchSum over the game's own rules and Evaluator: what a
// SumSearcher falls back to for the sums its own search does not take.
func SearchParts[P comparable](ctx context.Context, g Game, parts []P, o OutcomeOptions) (OutcomeResult, error) {
	pg, ok := g.self().(*partizan[P])
	if !ok {
		return OutcomeResult{}, fmt.Errorf("search: %T is not a partizan game of parts %T", g.self(), *new(P))
	}
	return SearchSum(ctx, func(ctx context.Context, c *cgt.Calc) (SearchRules[P], func() error) {
		r, failure := pg.bind(ctx)
		ps := partSearch[P]{g: pg, r: r, e: pg.NewEvaluator(c)}
		if n, ok := pg.r.(PartNegater[P]); ok {
			return negPartSearch[P]{ps, n}, failure
		}
		return ps, failure
	}, parts, o)
}
