package misere

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
)

// A candidate is a guess at the misère quotient of heaps 1..n: a space of
// elements, an element for each heap (its pretending value) and, once
// marked, the P-portion. Whether it is right is decided by enumerate,
// which checks the local rule of misère play on every sum of heaps:
//
//	G is P  <=>  G has a move, and every option of G is N.
//
// For a sum G = c1·h1 + ... + cn·hn the element of G is the product of
// its heaps' elements, and the elements of its options are the products
// x(G - h)·y for each heap h of G and each option y of h. So the pair
// (element of G, set T of the elements of its options) is computed heap
// by heap: adding one more heap h to a sum with pair (x, T) gives
// (x·e(h), T·e(h) ∪ x·options(h)). enumerate walks every sum in this way,
// heap after heap, and cuts a walk when it reaches a pair it has met at
// the same heap before (what follows depends on the pair only), so it
// meets every pair (x, T) of every sum while visiting finitely many. If
// every pair satisfies "x in P <=> T is not empty and misses P", then by
// induction on the sums every sum G is P exactly when its element is in
// P: the candidate predicts every outcome, and its reduction is the
// quotient.
type candidate struct {
	sp    *space
	heaps []int     // the moving heaps 1..n, ascending
	img   []int64   // the element of each heap (index as heaps)
	opts  [][]int64 // the distinct elements of each heap's options
	// The elements the heaps generate, numbered: elems[0] is the
	// identity.
	elems []int64
	index map[int64]int32
	// genMul[i][x] is elems[x] times the element of heaps[i].
	genMul [][]int32
	// optIdx[i] are the option elements of heaps[i], numbered;
	// optMul[i][x] are x times each of them, once computed.
	optIdx [][]int32
	optMul [][][]int32
}

// maxElements bounds the elements of a candidate.
const maxElements = 1 << 16

// build numbers the elements that the heaps generate, by breadth-first
// search from the identity.
func (c *candidate) build(ctx context.Context) error {
	c.elems = []int64{0}
	c.index = map[int64]int32{0: 0}
	distinct := map[int64]int{}
	var gens []int64
	for _, e := range c.img {
		if _, ok := distinct[e]; !ok {
			distinct[e] = len(gens)
			gens = append(gens, e)
		}
	}
	for i := 0; i < len(c.elems); i++ {
		if i&255 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		for _, g := range gens {
			y := c.sp.mul(c.elems[i], g)
			if _, ok := c.index[y]; !ok {
				if len(c.elems) >= maxElements {
					return fmt.Errorf("a candidate quotient has over %d elements", maxElements)
				}
				c.index[y] = int32(len(c.elems))
				c.elems = append(c.elems, y)
			}
		}
	}
	tables := make([][]int32, len(gens))
	for j, g := range gens {
		tab := make([]int32, len(c.elems))
		for x, e := range c.elems {
			tab[x] = c.index[c.sp.mul(e, g)]
		}
		tables[j] = tab
	}
	c.genMul = make([][]int32, len(c.heaps))
	c.optIdx = make([][]int32, len(c.heaps))
	c.optMul = make([][][]int32, len(c.heaps))
	for i := range c.heaps {
		c.genMul[i] = tables[distinct[c.img[i]]]
		for _, o := range c.opts[i] {
			c.optIdx[i] = append(c.optIdx[i], c.index[o])
		}
	}
	return nil
}

// optTimes returns x times each option element of heaps[i], computed
// once.
func (c *candidate) optTimes(i int, x int32) []int32 {
	if c.optMul[i] == nil {
		c.optMul[i] = make([][]int32, len(c.elems))
	}
	row := c.optMul[i][x]
	if row == nil {
		row = make([]int32, len(c.optIdx[i]))
		for j, o := range c.optIdx[i] {
			row[j] = c.times(x, o)
		}
		c.optMul[i][x] = row
	}
	return row
}

// times multiplies two numbered elements.
func (c *candidate) times(x, y int32) int32 {
	return c.index[c.sp.mul(c.elems[x], c.elems[y])]
}

// bitset is a set of numbered elements.
type bitset []uint64

func (b bitset) has(i int32) bool { return b[i>>6]&(1<<(uint(i)&63)) != 0 }
func (b bitset) set(i int32)      { b[i>>6] |= 1 << (uint(i) & 63) }

func (b bitset) empty() bool {
	for _, w := range b {
		if w != 0 {
			return false
		}
	}
	return true
}

func (b bitset) meets(o bitset) bool {
	for i, w := range b {
		if w&o[i] != 0 {
			return true
		}
	}
	return false
}

// failure is a sum whose outcome the candidate mispredicts: word (the
// count of each heap, indexed as candidate.heaps) has the same element as
// first, the sum that decided the element's side, but the opposite
// outcome.
type failure struct {
	word, first []int
}

// enumeration is one run of enumerate.
type enumeration struct {
	ctx   context.Context
	c     *candidate
	order []int // indices into c.heaps, the outermost heap first
	// isP[x]: -1 unknown, 0 N, 1 P. pset is the set of P elements.
	isP  []int8
	pset bitset
	// first[x] is the sum that decided the side of x.
	first [][]int
	// seen[d] holds the pairs met at depth d.
	seen  []map[uint64]struct{}
	arena []uint64 // the sets T met, one after the other, numbered from 0
	// head maps a hash to the last set with it; next[id] is the set
	// before id with the same hash, -1 for none.
	head   map[uint64]int32
	next   []int32
	nsets  int
	bufs   [][2]bitset // two buffers for the sets of each depth
	counts []int
	words  int // pairs met, for the limits and the context
	lim    limits
	fail   *failure
	// keepGoing: mark on after a failure.
	keepGoing bool
	fallback  [][]int
}

// enumLimitError stops an enumeration beyond its limit of pairs or of
// memory.
type enumLimitError struct {
	limit  int
	memory int64 // the memory limit that stopped it, 0 for the pairs'
}

func (e *enumLimitError) Error() string {
	if e.memory > 0 {
		return fmt.Sprintf("checking a candidate quotient needs over %d MiB (the limit)", e.memory>>20)
	}
	return fmt.Sprintf("checking a candidate quotient meets over %d sums (the limit)", e.limit)
}

// enumerate walks every sum of the heaps of candidate c.
//
// Marking (isP nil), the side (P or N) of each element is decided by the
// first sum that reaches it, in the order in which larger heaps count
// first (order must be descending), so that every option of a sum is met
// before the sum. Checking, isP is given and only checked, and the heaps
// may come in any order; first1 makes the outermost heap appear at least
// once (the sums without it were checked before). e.first[x] is the first
// sum met that reaches x; fallback, when given, stands in for the
// elements not met before a failure.
//
// The first sum whose side contradicts its element's is kept in e.fail;
// with keepGoing the walk goes on marking (the marks after a failure
// decide nothing, but reduce what follows), else it stops there.
func (c *candidate) enumerate(ctx context.Context, order []int, isP []int8, fallback [][]int, first1, keepGoing bool, lim limits) (*enumeration, error) {
	e := &enumeration{ctx: ctx, c: c, order: order, isP: isP, lim: lim, keepGoing: keepGoing,
		seen: make([]map[uint64]struct{}, len(order)+1), head: map[uint64]int32{},
		counts: make([]int, len(order)), first: make([][]int, len(c.elems)), fallback: fallback}
	if e.isP == nil {
		e.isP = make([]int8, len(c.elems))
		for i := range e.isP {
			e.isP[i] = -1
		}
	}
	words := (len(c.elems) + 63) / 64
	e.pset = make(bitset, words)
	for x, v := range e.isP {
		if v == 1 {
			e.pset.set(int32(x))
		}
	}
	for d := range e.seen {
		e.seen[d] = map[uint64]struct{}{}
	}
	e.bufs = make([][2]bitset, len(order))
	for d := range e.bufs {
		e.bufs[d] = [2]bitset{make(bitset, words), make(bitset, words)}
	}
	x, t, start := int32(0), make(bitset, words), 0
	if first1 && len(order) > 0 {
		h := order[0]
		for _, o := range c.optIdx[h] {
			t.set(o)
		}
		x, start = c.genMul[h][0], 1
	}
	if err := e.walk(0, x, t, start); err != nil {
		return nil, err
	}
	for x, w := range e.first {
		if w == nil && fallback != nil {
			e.first[x] = fallback[x]
		}
	}
	return e, nil
}

// intern returns the number of the set t, storing it the first time.
func (e *enumeration) intern(t bitset) (int32, error) {
	h := uint64(14695981039346656037)
	for _, w := range t {
		h ^= w
		h *= 1099511628211
		h ^= h >> 29
	}
	prev, ok := e.head[h]
	if !ok {
		prev = -1
	}
	for id := prev; id >= 0; id = e.next[id] {
		if slices.Equal(e.arena[int(id)*len(t):int(id+1)*len(t)], t) {
			return id, nil
		}
	}
	grow := int64(len(t)) * 8
	if len(e.arena)+len(t) > cap(e.arena) {
		grow += int64(cap(e.arena)) / 4 * 8 // append's growth of a large slice
	}
	if e.bytes()+grow > e.lim.bytes {
		return 0, &enumLimitError{memory: e.lim.bytes}
	}
	id := int32(e.nsets)
	e.arena = append(e.arena, t...)
	e.head[h] = id
	e.next = append(e.next, prev)
	e.nsets++
	return id, nil
}

// limits bound one enumeration: the pairs it meets, and its memory by
// the estimate bytes: the pairs (about pairBytes each) and the option sets
// it stores (their words, as allocated, and about setBytes each for
// finding them again).
type limits struct {
	pairs int
	bytes int64
}

const (
	pairBytes = 48
	setBytes  = 32
)

// bytes estimates the memory of the enumeration so far.
func (e *enumeration) bytes() int64 {
	return int64(e.words)*pairBytes + int64(cap(e.arena))*8 + int64(e.nsets)*setBytes
}

// walk enumerates the sums that add heaps order[d:] to a sum with pair
// (x, t), the count of heap order[d] from start up (the pair given is the
// one with start copies), until the pair repeats. t is not modified.
func (e *enumeration) walk(d int, x int32, t bitset, start int) error {
	if e.fail != nil && !e.keepGoing {
		return nil
	}
	if d == len(e.order) {
		return e.leaf(x, t)
	}
	h := e.order[d]
	c := e.c
	bufs := e.bufs[d]
	flip := 0
	for count := start; ; count++ {
		id, err := e.intern(t)
		if err != nil {
			return err
		}
		k := uint64(x)<<32 | uint64(id)
		if _, ok := e.seen[d][k]; ok {
			break
		}
		e.seen[d][k] = struct{}{}
		e.words++
		if e.words&1023 == 0 {
			if err := e.ctx.Err(); err != nil {
				return err
			}
		}
		if e.lim.pairs > 0 && e.words > e.lim.pairs {
			return &enumLimitError{limit: e.lim.pairs}
		}
		if e.words&1023 == 0 && e.bytes() > e.lim.bytes {
			return &enumLimitError{memory: e.lim.bytes}
		}
		e.counts[d] = count
		if err := e.walk(d+1, x, t, 0); err != nil {
			return err
		}
		if e.fail != nil && !e.keepGoing {
			return nil
		}
		// One more heap h: T·e(h) ∪ x·options(h), then x·e(h).
		next := bufs[flip]
		flip ^= 1
		clear(next)
		mul := c.genMul[h]
		for i, w := range t {
			for w != 0 {
				b := bits.TrailingZeros64(w)
				w &= w - 1
				next.set(mul[i*64+b])
			}
		}
		for _, y := range c.optTimes(h, x) {
			next.set(y)
		}
		x, t = mul[x], next
	}
	e.counts[d] = 0
	return nil
}

// leaf checks (or, marking, decides) the side of element x, whose sums
// have the option elements t.
func (e *enumeration) leaf(x int32, t bitset) error {
	p := !t.empty() && !t.meets(e.pset)
	if e.isP[x] < 0 {
		for i, w := range t {
			for w != 0 {
				b := int32(i*64 + bits.TrailingZeros64(w))
				w &= w - 1
				if e.isP[b] < 0 {
					return fmt.Errorf("misere: internal error: an option's element is undecided")
				}
			}
		}
		e.isP[x] = 0
		if p {
			e.isP[x] = 1
			e.pset.set(x)
		}
		e.first[x] = e.word()
		return nil
	}
	if (e.isP[x] == 1) != p && e.fail == nil {
		first := e.first[x]
		if first == nil && e.fallback != nil {
			first = e.fallback[x]
		}
		e.fail = &failure{word: e.word(), first: first}
	}
	if e.first[x] == nil {
		e.first[x] = e.word()
	}
	return nil
}

// word returns the current sum: the count of each heap, indexed as
// candidate.heaps.
func (e *enumeration) word() []int {
	w := make([]int, len(e.c.heaps))
	for d, i := range e.order {
		w[i] = e.counts[d]
	}
	return w
}

// descending is the marking order: the largest heap outermost.
func descending(n int) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = n - 1 - i
	}
	return order
}

// withFirst is the checking order with heap i outermost.
func withFirst(n, i int) []int {
	order := []int{i}
	for j := n - 1; j >= 0; j-- {
		if j != i {
			order = append(order, j)
		}
	}
	return slices.Clip(order)
}
