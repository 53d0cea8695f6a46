package misere

import (
	"context"
	"fmt"
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

// DefaultQuotientChecks bounds the pairs (element, option elements) one
// check of a candidate quotient may meet: about 40 bytes each.
const DefaultQuotientChecks = 20_000_000

// DefaultQuotientMemory bounds the memory of one check of a candidate
// quotient, by its estimate.
const DefaultQuotientMemory = 1 << 30

// SetQuotientChecks sets the bound of the pairs one check of a candidate
// quotient may meet (DefaultQuotientChecks when n <= 0).
func (s *Solver) SetQuotientChecks(n int) { s.quotientChecks = n }

// SetQuotientMemory sets the bound of the memory one check of a candidate
// quotient may take by its estimate, in bytes (DefaultQuotientMemory when
// n <= 0). The process peaks at about 2.5 times as much, mostly the
// garbage collector's headroom, and more when a candidate monoid is
// large, which the estimate leaves out.
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
	l := limits{pairs: s.quotientChecks, bytes: s.quotientMemory}
	if l.pairs <= 0 {
		l.pairs = DefaultQuotientChecks
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
	// words[x] is a sum that reaches x (from the marking), or nil.
	words [][]int
}

// Quotient computes the misère quotient of the sums of heaps 1..n, adding
// one heap at a time. For each new heap it builds a candidate: the
// quotient so far times a cyclic monoid for the new heap, decides the
// P-portion on the way and checks every sum (candidate.enumerate); when
// a sum is mispredicted, the heaps on which it differs from the sum that
// decided its element are made free (given their own cyclic part), and
// the check starts again. A checked candidate is then reduced to the
// quotient by Moore's partition refinement.
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
	q := present(st, growth, moving)
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
// The first candidate is st times a cyclic monoid for the new heap. Each
// round marks the candidate's P-portion, sum by sum, and reduces it (the
// classes of elements that no product tells apart). When the marking met
// no contradiction the candidate is proved and its reduction is the
// quotient. Otherwise the reduction is checked on every sum; if a sum is
// mispredicted, it and the first sum with the same element must be told
// apart, so the next candidate is the reduction times a cyclic monoid for
// each heap on which the two sums differ.
func (s *Solver) addHeap(ctx context.Context, st *stage, moving []int) (*stage, error) {
	h := moving[len(moving)-1]
	base, tops := st, map[int]int{h: 2}
	order := descending(len(moving))
	for range maxRefinements {
		c, err := s.candidate(ctx, base, moving, tops)
		if err != nil {
			return nil, err
		}
		var e *enumeration
		if base == st {
			// The sums without the new heap have elements of st, whose
			// sides are proved: mark only the sums with the new heap.
			isP, fallback := st.sides(c, len(moving))
			e, err = c.enumerate(ctx, order, isP, fallback, true, true, s.limits())
		} else {
			e, err = c.enumerate(ctx, order, nil, nil, false, true, s.limits())
		}
		if err != nil {
			return nil, err
		}
		red := c.reduced(e.isP, e.first, h)
		if e.fail == nil {
			return red, nil
		}
		cv, err := s.candidate(ctx, red, moving, nil)
		if err != nil {
			return nil, err
		}
		isP := make([]int8, len(cv.elems))
		fallback := make([][]int, len(cv.elems))
		for x, el := range cv.elems {
			if red.isP[el] {
				isP[x] = 1
			}
			fallback[x] = red.words[el]
		}
		ev, err := cv.enumerate(ctx, order, isP, fallback, false, false, s.limits())
		if err != nil {
			return nil, err
		}
		if ev.fail == nil {
			return red, nil
		}
		tops = map[int]int{}
		for i, k := range ev.fail.word {
			f := 0
			if ev.fail.first != nil {
				f = ev.fail.first[i]
			}
			if k != f {
				tops[moving[i]] = max(2, k, f)
			}
		}
		base = red
	}
	return nil, fmt.Errorf("no candidate proved after %d refinements", maxRefinements)
}

// sides returns, for the elements of candidate c that are elements of st
// (the identity in every cyclic part), their sides and the sums that
// reach them, padded to n heaps; -1 and nil for the others.
func (st *stage) sides(c *candidate, n int) ([]int8, [][]int) {
	isP := make([]int8, len(c.elems))
	words := make([][]int, len(c.elems))
	nb := int64(st.m.n)
	for x, el := range c.elems {
		isP[x] = -1
		if el >= nb {
			continue
		}
		isP[x] = 0
		if st.isP[el] {
			isP[x] = 1
		}
		if w := st.words[el]; w != nil {
			words[x] = make([]int, n)
			copy(words[x], w)
		}
	}
	return isP, words
}

// candidate builds the candidate of heaps moving with the free heaps of
// tops: the element of a heap is its element in st (the identity for the
// new heap) times the generator of its cyclic part, if free.
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
		if h < len(st.img) {
			e = int64(st.img[h])
		}
		if k, ok := part[h]; ok {
			e = sp.mul(e, sp.cyclicGen(k))
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
	if err := c.build(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

// reduced returns the quotient of a checked candidate whose P-portion is
// isP; h is its largest heap.
func (c *candidate) reduced(isP []int8, first [][]int, h int) *stage {
	p := make([]bool, len(c.elems))
	for x, v := range isP {
		p[x] = v == 1
	}
	var gens [][]int32
	seen := map[*int32]bool{}
	for _, g := range c.genMul {
		if len(g) > 0 && !seen[&g[0]] {
			seen[&g[0]] = true
			gens = append(gens, g)
		}
	}
	class, n := reduce(len(c.elems), gens, p)
	rep := make([]int32, n)
	for i := range rep {
		rep[i] = -1
	}
	for x := len(c.elems) - 1; x >= 0; x-- {
		rep[class[x]] = int32(x)
	}
	m := &monoid{n: n, mul: make([]int32, n*n)}
	for a := range n {
		for b := range n {
			m.mul[a*n+b] = class[c.times(rep[a], rep[b])]
		}
	}
	st := &stage{m: m, isP: make([]bool, n), img: make([]int32, h+1), words: make([][]int, n)}
	for k := range n {
		st.isP[k] = p[rep[k]]
		st.words[k] = first[rep[k]]
	}
	for i, hh := range c.heaps {
		st.img[hh] = class[c.index[c.img[i]]]
	}
	return st
}
