package misere

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Quotient is the misère quotient of the sums of heaps 1..Heaps of a heap
// game (Plambeck and Siegel): the sums modulo indistinguishability, where
// G and H are indistinguishable when G + X and H + X have the same misère
// outcome for every sum X. It is a finite commutative monoid; each heap
// maps to an element, a sum to the product of its heaps' elements, and a
// sum is a P-position exactly when its element is in the P-portion.
//
// Elements are numbered 0..Order-1 in the order of their names, 0 the
// identity "1" (the empty sum). Every quotient Solver.Quotient returns has
// been checked on every sum of heaps 1..Heaps (see candidate): it is the
// quotient, not a guess.
type Quotient struct {
	// Heaps is the largest heap of the sums.
	Heaps int `json:"heaps"`
	// Order is the number of elements.
	Order int `json:"order"`
	// Elements names each element by its normal form, a product of
	// generators: "1", "a", "b^2", "ab^2".
	Elements []string `json:"elements"`
	// Generators are the heaps that bring a new element, in order: a heap
	// whose element is not a product of the earlier heaps' elements.
	Generators []Generator `json:"generators"`
	// Relations, with the generators, present the monoid: it is the
	// commutative monoid of products of the generators subject to them.
	Relations []Relation `json:"relations"`
	// P marks the elements of the P-portion.
	P []bool `json:"-"`
	// Map gives the element of each heap 0..Heaps (0 for heaps that have
	// no move).
	Map []int `json:"map"`
	// Table is the multiplication table: Table[x][y] = xy.
	Table [][]int `json:"table"`
	// Growth[n] is the order of the quotient of heaps 1..n, n = 0..Heaps.
	Growth []int `json:"growth"`
	// Periodic, when set, proves the quotient the game's for every heap,
	// with the heaps' elements periodic; the heaps from Periodic.ProvedAt
	// on were not checked but follow from it.
	Periodic *Periodicity `json:"periodic,omitempty"`
}

// Generator is a generator of a quotient and the heap it stands for.
type Generator struct {
	Name string `json:"name"`
	Heap int    `json:"heap"`
}

// Relation says that two products of generators are the same element.
type Relation struct {
	Left  string `json:"left"`
	Right string `json:"right"`
}

// StableFrom returns the smallest heap n from which the quotients of heaps
// 1..m, n <= m <= Heaps, all have the final order.
func (q *Quotient) StableFrom() int {
	n := len(q.Growth) - 1
	for n > 0 && q.Growth[n-1] == q.Order {
		n--
	}
	return n
}

// PPortion returns the names of the elements of the P-portion.
func (q *Quotient) PPortion() []string {
	var out []string
	for x, p := range q.P {
		if p {
			out = append(out, q.Elements[x])
		}
	}
	return out
}

// Element returns the element of a sum of heaps: the product of the
// heaps' elements (beyond Heaps, by the periodicity when there is one). A
// negative heap, or one beyond Heaps without a periodicity, is an error
// that names it.
func (q *Quotient) Element(heaps []int) (int, error) {
	x := 0
	for i, h := range heaps {
		e, ok := q.heapElement(h)
		switch {
		case h < 0:
			return 0, fmt.Errorf("heap %d: %d tokens, want 0 or more", i+1, h)
		case !ok:
			return 0, fmt.Errorf("heap %d: %d tokens, beyond the quotient's heaps 0..%d", i+1, h, q.Heaps)
		}
		x = q.Table[x][e]
	}
	return x, nil
}

// QuotientLimitError reports a quotient that could not be found within
// the limits: the heap it stopped at and why.
type QuotientLimitError struct {
	// Heap is the heap being added; Done the quotient's order for heaps
	// 1..Heap-1.
	Heap, Done int
	Err        error
}

func (e *QuotientLimitError) Error() string {
	return fmt.Sprintf("misère quotient: stopped at heap %d (the quotient of heaps 1..%d has order %d): %v", e.Heap, e.Heap-1, e.Done, e.Err)
}

func (e *QuotientLimitError) Unwrap() error { return e.Err }

// MaxQuotientHeaps bounds the heaps of a quotient.
const MaxQuotientHeaps = MaxHeap

// DefaultQuotientChecks bounds the sums one walk of a candidate quotient
// (its marking or its check) may reach.
const DefaultQuotientChecks = 20_000_000

// DefaultQuotientMemory bounds the memory of one check of a candidate
// quotient, by its estimate.
const DefaultQuotientMemory = 1 << 30

// SetQuotientChecks sets the bound of the sums one walk of a candidate
// quotient may reach (DefaultQuotientChecks when n <= 0).
func (s *Solver) SetQuotientChecks(n int) { s.quotientChecks = n }

// SetQuotientMemory sets the bound of the memory one candidate quotient
// and its check may take by their estimate, in bytes
// (DefaultQuotientMemory when n <= 0): the trial monoids, their tables
// and the check's antichains. The garbage of earlier trials comes on top
// until the collector frees it.
func (s *Solver) SetQuotientMemory(n int64) { s.quotientMemory = n }

// SetQuotientProgress makes Quotient call f after each heap it adds, with
// the heap and the order of the quotient of the heaps so far (nil: no
// calls). f runs on Quotient's goroutine and must return quickly.
func (s *Solver) SetQuotientProgress(f func(heap, order int)) { s.quotientProgress = f }

// progress reports heap h, with the quotient of order order so far.
func (s *Solver) progress(h, order int) {
	if s.quotientProgress != nil {
		s.quotientProgress(h, order)
	}
}

func (s *Solver) limits() limits {
	l := limits{sums: s.quotientChecks, bytes: s.quotientMemory}
	if l.sums <= 0 {
		l.sums = DefaultQuotientChecks
	}
	if l.bytes <= 0 {
		l.bytes = DefaultQuotientMemory
	}
	return l
}

// maxRefinements bounds the candidates tried for one heap.
const maxRefinements = 64

// stage is a verified quotient of heaps 1..n during the computation.
type stage struct {
	m   *monoid
	isP []bool
	img []int32 // img[h]: the element of heap h, h = 0..n
	// words[x] is the least sum that reaches x (from the marking), or
	// nil: the count of each moving heap.
	words [][]int
	// chains are the antichains of the last check (nil after a resume):
	// sums of the heaps so far, which pass the N-side.
	chains *chains
}

// Quotient computes the misère quotient of the sums of heaps 1..n, adding
// one heap at a time (addHeap): the new heap pretends to be an element of
// the quotient so far, or candidates with a new part for it are built,
// marked, reduced by Moore's partition refinement and checked on every
// sum by Plambeck and Siegel's finite check (verify.go) until one passes.
func (s *Solver) Quotient(ctx context.Context, n int) (*Quotient, error) {
	if n < 0 || n > MaxQuotientHeaps {
		return nil, fmt.Errorf("quotient of heaps 1..%d: out of range 0..%d", n, MaxQuotientHeaps)
	}
	st := &stage{m: trivial(), isP: []bool{false}, img: []int32{0}, words: [][]int{{}}}
	return s.quotientFrom(ctx, st, []int{1}, nil, 1, n)
}

// quotientFrom goes on with Quotient from the quotient st of heaps
// 1..from-1, with the orders growth after each of them and the heaps
// moving among them that have a move.
func (s *Solver) quotientFrom(ctx context.Context, st *stage, growth, moving []int, from, n int) (*Quotient, error) {
	// The periodicity is checked after each heap with a move, the heaps
	// beyond following from it once proved; a checkpoint at such a heap may
	// be where the proof came.
	proved := func() *Periodicity {
		if per, ok := periodic(s.g, st.img); ok && !s.noPeriodicity {
			return &per
		}
		return nil
	}
	var periodicity *Periodicity
	if last := len(moving) - 1; last >= 0 && moving[last] == from-1 {
		periodicity = proved()
	}
	for h := from; h <= n && periodicity == nil; h++ {
		if len(s.opts(h)) == 0 {
			st.img = append(st.img, 0)
			growth = append(growth, st.m.n)
			s.progress(h, st.m.n)
			if err := s.checkpoint(h, st, growth, moving); err != nil {
				return nil, err
			}
			continue
		}
		moving = append(moving, h)
		next, err := s.addHeap(ctx, st, moving)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, &QuotientLimitError{Heap: h, Done: st.m.n, Err: err}
		}
		st = next
		growth = append(growth, st.m.n)
		s.progress(h, st.m.n)
		if err := s.checkpoint(h, st, growth, moving); err != nil {
			return nil, err
		}
		periodicity = proved()
	}
	q, err := present(ctx, st, growth, moving)
	if err != nil {
		return nil, err
	}
	if q.Periodic = periodicity; q.Periodic != nil {
		for m := q.Heaps + 1; m <= n; m++ {
			e, _ := q.heapElement(m)
			q.Map = append(q.Map, e)
			q.Growth = append(q.Growth, q.Order)
		}
		q.Heaps = n
	}
	s.UseQuotient(q)
	return q, nil
}

// UseQuotient lets s decide the sums of heaps up to q.Heaps by q (every
// sum, when q is periodic), a quotient of the same game computed earlier,
// by this solver or another (a Quotient is read-only, so solvers may
// share it).
func (s *Solver) UseQuotient(q *Quotient) {
	if q == nil || s.quotient != nil && s.quotient.Periodic != nil {
		return
	}
	if s.quotient == nil || q.Periodic != nil || q.Heaps > s.quotient.Heaps {
		s.quotient = q
	}
}

// byQuotient decides heaps (each covered by q) by the quotient q, with a
// winning move.
func (s *Solver) byQuotient(q *Quotient, heaps []int) Outcome {
	loses := func(p []int) bool {
		x, _ := q.Element(p)
		return q.P[x]
	}
	out := Outcome{Wins: !loses(heaps), Method: ByQuotient}
	if out.Wins {
		out.Move = s.firstMove(heaps, loses)
	}
	return out
}

// addHeap returns the quotient of heaps moving (the last one new), given
// the quotient st of the others.
//
// First the new heap may pretend to be an element of st (pretend): then
// the quotient is st's. Otherwise the first trial is st times a cyclic
// monoid for the new heap, marked and reduced (trial). A trial is checked
// on every sum (pFailure, nFailure); when it passes, it is the quotient.
// Otherwise the least failing sum is mispredicted, and the next trial is
// recalibrated to predict it: some of the heaps in the failing sum are
// freed (recalibrate). As in MisereSolver, the least failure grows from
// trial to trial.
func (s *Solver) addHeap(ctx context.Context, st *stage, moving []int) (*stage, error) {
	lim := s.limits()
	if next, err := s.pretend(ctx, st, moving, lim); next != nil || err != nil {
		return next, err
	}
	h := moving[len(moving)-1]
	tr, err := s.trial(ctx, st, moving, map[int]int{h: 2}, lim)
	if err != nil {
		return nil, err
	}
	var fail []int
	for range maxRefinements {
		cv, err := s.candidate(ctx, tr, moving, nil)
		if err != nil {
			return nil, err
		}
		fail = cv.pFailure(tr.isP, tr.words, 0)
		nfail, ch, err := cv.nFailure(ctx, tr.isP, fail, false, nil, lim)
		if err != nil {
			return nil, err
		}
		if nfail != nil {
			fail = nfail
		}
		if fail == nil {
			tr.chains = ch
			return tr, nil
		}
		if tr, err = s.recalibrate(ctx, tr, moving, fail, lim); err != nil {
			return nil, err
		}
	}
	// The least failures only grow; when they grow in the counts of a few
	// heaps, the quotient may be infinite (Nowakowski's 0.3122).
	return nil, fmt.Errorf("no candidate proved after %d trials; the last failed at the sum %s (when such sums grow from trial to trial, the quotient may be infinite)", maxRefinements, sumText(moving, fail))
}

// trial builds the candidate of heaps moving over st with the free heaps
// of tops, marks its P-portion and returns its reduction.
func (s *Solver) trial(ctx context.Context, st *stage, moving []int, tops map[int]int, lim limits) (*stage, error) {
	c, err := s.candidate(ctx, st, moving, tops)
	if err != nil {
		return nil, err
	}
	isP, first, err := c.mark(ctx, lim)
	if err != nil {
		return nil, err
	}
	return c.reduced(isP, first, moving[len(moving)-1], lim)
}

// recalibrate returns a trial that predicts the sum fail (counts of the
// heaps moving), which tr mispredicts: over tr, the fewest heaps of fail
// are freed, each given its own cyclic part <a | a^(t+2) = a^t> instead
// of its element in tr, t at least the index of that element and its
// count in fail less one, until the marking puts fail on the other side.
//
// Among as many heaps, those that fail holds more often are tried first,
// then the smaller (MisereSolver tries the smaller first): a heap
// repeated in the least failure is one whose powers tr merges too soon.
// At Dawson's Kayles' heap 34 the smaller-first order freed one small
// heap after another, each multiplying the trial's order, until it
// outgrew the memory limit (trials of 1,448 to over 20,000 elements); by
// counts the trials stay between 1,500 and 19,000 elements, and the same
// quotients come faster at heap 33 and for 4.7 (docs/misere.md).
func (s *Solver) recalibrate(ctx context.Context, tr *stage, moving []int, fail []int, lim limits) (*stage, error) {
	want := !tr.isP[tr.element(moving, fail)]
	var in []int // indices of the heaps in fail, the most repeated first
	for i, k := range fail {
		if k > 0 {
			in = append(in, i)
		}
	}
	slices.SortStableFunc(in, func(a, b int) int { return fail[b] - fail[a] })
	for size := 1; size <= len(in); size++ {
		for _, pick := range combinations(len(in), size) {
			tops := map[int]int{}
			for _, j := range pick {
				i := in[j]
				tops[moving[i]] = max(2, tr.m.index(tr.img[moving[i]]), fail[i]-1)
			}
			next, err := s.trial(ctx, tr, moving, tops, lim)
			if err != nil {
				return nil, err
			}
			if next.isP[next.element(moving, fail)] == want {
				return next, nil
			}
		}
	}
	return nil, fmt.Errorf("misere: internal error: no recalibration predicts the sum %v", fail)
}

// sumText writes the sum w (counts of the heaps moving) as "1 + 3×7".
func sumText(moving, w []int) string {
	var parts []string
	for i, k := range w {
		switch {
		case k == 1:
			parts = append(parts, strconv.Itoa(moving[i]))
		case k > 1:
			parts = append(parts, fmt.Sprintf("%d×%d", k, moving[i]))
		}
	}
	return strings.Join(parts, " + ")
}

// combinations returns the subsets of size k of 0..n-1, each ascending,
// in lexicographic order.
func combinations(n, k int) [][]int {
	var out [][]int
	pick := make([]int, 0, k)
	var rec func(from int)
	rec = func(from int) {
		if len(pick) == k {
			out = append(out, slices.Clone(pick))
			return
		}
		for i := from; i <= n-(k-len(pick)); i++ {
			pick = append(pick, i)
			rec(i + 1)
			pick = pick[:len(pick)-1]
		}
	}
	rec(0)
	return out
}

// element returns the element of the sum w (counts of the heaps moving).
func (st *stage) element(moving []int, w []int) int32 {
	var x int32
	for i, k := range w {
		for range k {
			x = st.m.times(x, st.img[moving[i]])
		}
	}
	return x
}

// pretend returns st with the new heap (the last of moving) pretending to
// be an element x of st, when that passes the check, or nil. The quotient
// is then st's: its elements stay told apart, and the heap adds none. x
// must be on the heap's side, pass the P-side with the heap's option
// elements T ("x·z and y·z never both in P", y in T), and pass the N-side
// on the sums with the heap: at once when T includes a set of x's
// antichain from st's check (a sum of the other heaps with element x and
// fewer options: every sum with the heap does what that sum does, with
// more options), else by a walk over those sums. At most one x can pass,
// since any two elements of st are told apart by some sum; so the answer
// does not depend on the antichains kept, and a resumed computation, which
// has none, reaches the same one.
func (s *Solver) pretend(ctx context.Context, st *stage, moving []int, lim limits) (*stage, error) {
	h := moving[len(moving)-1]
	n := st.m.n
	var opts []int32
	seen := map[int32]bool{}
	for _, o := range s.opts(h) {
		var e int32
		for _, k := range o {
			e = st.m.times(e, st.img[k])
		}
		if !seen[e] {
			seen[e] = true
			opts = append(opts, e)
		}
	}
	side := len(opts) > 0 && !slices.ContainsFunc(opts, func(y int32) bool { return st.isP[y] })
	tset := make(bitset, (n+63)/64)
	for _, y := range opts {
		tset.set(y)
	}
	fits := func(x int32) bool {
		if st.isP[x] != side {
			return false
		}
		for z := range int32(n) {
			if !st.isP[st.m.times(x, z)] {
				continue
			}
			for _, y := range opts {
				if st.isP[st.m.times(y, z)] {
					return false
				}
			}
		}
		return true
	}
	with := func(x int32, ch *chains) *stage {
		return &stage{m: st.m, isP: st.isP, img: append(slices.Clone(st.img), x), words: st.words, chains: ch}
	}
	for x := range int32(n) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if !fits(x) {
			continue
		}
		if st.chains != nil && st.chains.covers(x, tset) {
			return with(x, st.chains), nil
		}
		next := with(x, nil)
		cv, err := s.candidate(ctx, next, moving, nil)
		if err != nil {
			return nil, err
		}
		if len(cv.elems) != n {
			return nil, fmt.Errorf("misere: internal error: the heaps generate %d of the quotient's %d elements", len(cv.elems), n)
		}
		fail, ch, err := cv.nFailure(ctx, st.isP, nil, true, st.chains.clone(), lim)
		if err != nil {
			return nil, err
		}
		if fail == nil {
			next.chains = ch
			return next, nil
		}
	}
	return nil, nil
}

// candidate builds the candidate of heaps moving with the free heaps of
// tops: the element of a heap is the generator of its cyclic part, if
// free, else its element in st. Its elements are those the heaps
// generate.
func (s *Solver) candidate(ctx context.Context, st *stage, moving []int, tops map[int]int) (*candidate, error) {
	var ts []int
	part := map[int]int{}
	for _, h := range moving {
		if t, ok := tops[h]; ok {
			part[h] = len(ts)
			ts = append(ts, t)
		}
	}
	sp, err := newSpace(st.m, ts)
	if err != nil {
		return nil, err
	}
	c := &candidate{sp: sp, heaps: moving}
	elem := map[int]int64{}
	for _, h := range moving {
		var e int64
		if k, ok := part[h]; ok {
			e = sp.cyclicGen(k)
		} else if h < len(st.img) {
			e = int64(st.img[h])
		}
		elem[h] = e
		c.img = append(c.img, e)
	}
	for _, h := range moving {
		seen := map[int64]bool{}
		var os []int64
		for _, o := range s.opts(h) {
			var e int64
			for _, k := range o {
				e = sp.mul(e, elem[k])
			}
			if !seen[e] {
				seen[e] = true
				os = append(os, e)
			}
		}
		c.opts = append(c.opts, os)
	}
	if err := c.build(ctx, s.limits()); err != nil {
		return nil, err
	}
	return c, nil
}

// reduced returns the quotient of candidate c by the coarsest congruence
// that keeps its P-portion p apart; first[x] is the least sum reaching x,
// and h is the largest heap. Its memory is estimated before it is taken:
// the partition refinement's keys, then the quotient's table.
func (c *candidate) reduced(p []bool, first [][]int, h int, lim limits) (*stage, error) {
	gens := c.gens
	held := c.bytes() + int64(len(c.elems))*int64(len(c.heaps))*8
	if held+int64(len(c.elems))*(int64(len(gens)+1)*4+64) > lim.bytes {
		return nil, &enumLimitError{memory: lim.bytes}
	}
	class, n := reduce(len(c.elems), gens, p)
	if held+tableBytes(int64(n)) > lim.bytes {
		return nil, &enumLimitError{memory: lim.bytes}
	}
	rep := make([]int32, n)
	for i := range rep {
		rep[i] = -1
	}
	for x := len(c.elems) - 1; x >= 0; x-- {
		rep[class[x]] = int32(x)
	}
	// The generators act on the classes; every class is a product of
	// generators (a path from the identity's class), so its row of the
	// table follows from its parent's by one generator: (bg)a = g(ba).
	// Rows, not columns: a column of a large table is a cache miss an
	// entry (at Dawson's Kayles' heap 34, with trials of 10,000 elements
	// and more, filling columns took three quarters of the time).
	act := make([][]int32, len(gens))
	for g, tab := range gens {
		act[g] = make([]int32, n)
		for a := range n {
			act[g][a] = class[tab[rep[a]]]
		}
	}
	m := newMonoid(n)
	done := make([]bool, n)
	done[0] = true
	for a := range n {
		m.set(0, a, int32(a))
	}
	queue := []int32{0}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for g := range gens {
			bg := act[g][b]
			if done[bg] {
				continue
			}
			done[bg] = true
			queue = append(queue, bg)
			m.mapRow(int(bg), int(b), act[g])
		}
	}
	st := &stage{m: m, isP: make([]bool, n), img: make([]int32, h+1), words: make([][]int, n)}
	for k := range n {
		st.isP[k] = p[rep[k]]
	}
	for x, w := range first {
		k := class[x]
		if w != nil && (st.words[k] == nil || lexLess(w, st.words[k])) {
			st.words[k] = w
		}
	}
	for i, hh := range c.heaps {
		st.img[hh] = class[c.index.at(c.img[i])]
	}
	return st, nil
}
