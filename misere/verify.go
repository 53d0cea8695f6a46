package misere

import (
	"context"
	"errors"
	"math/bits"
	"slices"
)

// The check of a candidate quotient (Plambeck and Siegel's; MisereSolver's
// method, written here from the argument below).
//
// A candidate predicts that a sum G is a P-position exactly when its
// element x(G) is in P. By induction on sums this holds for every sum when
// every sum G satisfies the local rule of misère play,
//
//	x(G) in P  <=>  G has a move, and no option of G has its element in P,
//
// which splits in two:
//
//   - P-side: no sum with its element in P has an option with its element
//     in P. An option of G replaces one heap h of G by one of h's options,
//     so its element is x(G − h)·y for y an option element of h. Every
//     element is x(G − h) for some sum, so the P-side is the finite check
//     "no element x, heap h and option element y of h with x·e(h) and x·y
//     both in P" (pFailure): no walk over sums at all.
//   - N-side: every sum G with a move and x(G) not in P has an option in
//     P. Write T(G) for the elements of G's options. The condition holds
//     for G when it holds for any sum G' with x(G') = x(G) and T(G') ⊆
//     T(G); and adding a heap h maps (x, T) to (x·e(h), T·e(h) ∪
//     x·options(h)), which keeps the inclusion. So the sums are walked in
//     lexicographic order (the largest heap most significant), and for
//     each element only the sets T that include no set met earlier with
//     the same element are kept (an antichain, a "chain" here): a sum
//     whose set includes a kept one is cut, with every sum that adds
//     heaps to it in the walk. This is sound: if u = w + r was cut at w,
//     because of an earlier w' with the same element and a smaller set,
//     then w' + r comes before u (the order is a monomial order), has the
//     same element and a set inside u's, and by induction on the order is
//     covered by a sum that was checked. The walk ends because an element
//     has finitely many antichains.
//
// The first sum that breaks either side, in the lexicographic order, is
// the least failure; the N-side walk stops at the P-side's least failure.

// walker walks the sums of a candidate's heaps in lexicographic order, the
// largest heap most significant, calling visit on each sum it reaches
// (not on the empty sum): visit returns false to cut the sums that add
// heaps to it from the walk, or stop to end the walk.
type walker struct {
	ctx    context.Context
	c      *candidate
	counts []int
	bufs   [][2]bitset
	visit  func(x int32, t bitset) (keep bool, err error)
	steps  int
	lim    limits
	bytes  func() int64 // the memory held besides the candidate
}

var errStop = errors.New("stop")

func newWalker(ctx context.Context, c *candidate, lim limits, visit func(x int32, t bitset) (bool, error)) *walker {
	w := &walker{ctx: ctx, c: c, counts: make([]int, len(c.heaps)), visit: visit, lim: lim,
		bufs: make([][2]bitset, len(c.heaps))}
	words := c.setWords()
	for i := range w.bufs {
		w.bufs[i] = [2]bitset{make(bitset, words), make(bitset, words)}
	}
	return w
}

// add returns the pair of the sum with one more heap i: (x·e(i),
// t·e(i) ∪ x·options(i)), written into out.
func (c *candidate) add(i int, x int32, t, out bitset) int32 {
	clear(out)
	mul := c.genMul[i]
	for k, word := range t {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			word &= word - 1
			out.set(mul[k*64+b])
		}
	}
	for _, y := range c.optTimes(i, x) {
		out.set(y)
	}
	return mul[x]
}

// below walks the sums that add heaps 0..i to the current sum (x, t),
// which has been visited.
func (w *walker) below(i int, x int32, t bitset) error {
	for j := 0; j <= i; j++ {
		if err := w.more(j, x, t); err != nil {
			return err
		}
	}
	return nil
}

// more walks the sums that add one or more heaps j, then heaps below j,
// to the current sum (x, t).
func (w *walker) more(j int, x int32, t bitset) error {
	flip := 0
	defer func() { w.counts[j] = 0 }()
	for k := 1; ; k++ {
		next := w.bufs[j][flip]
		flip ^= 1
		x = w.c.add(j, x, t, next)
		t = next
		w.counts[j] = k
		w.steps++
		if w.steps&1023 == 0 {
			if err := w.ctx.Err(); err != nil {
				return err
			}
			if err := w.budget(); err != nil {
				return err
			}
		}
		keep, err := w.visit(x, t)
		if err != nil || !keep {
			return err
		}
		if err := w.below(j-1, x, t); err != nil {
			return err
		}
	}
}

// budget refuses a walk past its limits.
func (w *walker) budget() error {
	if w.lim.sums > 0 && w.steps > w.lim.sums {
		return &enumLimitError{limit: w.lim.sums}
	}
	if b := w.c.bytes() + w.bytes(); b > w.lim.bytes {
		return &enumLimitError{memory: w.lim.bytes}
	}
	return nil
}

// word returns the current sum, the count of each heap.
func (w *walker) word() []int { return append([]int(nil), w.counts...) }

// lexLess orders sums (counts indexed as candidate.heaps, missing counts
// 0) with the largest heap most significant.
func lexLess(a, b []int) bool {
	for i := max(len(a), len(b)) - 1; i >= 0; i-- {
		var x, y int
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return x < y
		}
	}
	return false
}

// mark decides the P-portion of candidate c: an element is on the side of
// the first sum reaching it in the lexicographic order, in which a sum's
// options all come before it, so the sides of their elements are known.
// The walk is cut at a sum whose element was reached before (what adds
// to it has the elements of what adds to the earlier sum). first[x] is
// the first sum reaching x.
func (c *candidate) mark(ctx context.Context, lim limits) (isP []bool, first [][]int, err error) {
	n := len(c.elems)
	isP, first = make([]bool, n), make([][]int, n)
	marked, pset := make([]bool, n), make(bitset, c.setWords())
	marked[0], first[0] = true, make([]int, len(c.heaps))
	var w *walker
	w = newWalker(ctx, c, lim, func(x int32, t bitset) (bool, error) {
		if marked[x] {
			return false, nil
		}
		marked[x] = true
		first[x] = w.word()
		if !t.empty() && !t.meets(pset) {
			isP[x] = true
			pset.set(x)
		}
		return true, nil
	})
	w.bytes = func() int64 { return int64(n) * int64(len(c.heaps)) * 8 }
	if err := w.below(len(c.heaps)-1, 0, make(bitset, c.setWords())); err != nil {
		return nil, nil, err
	}
	return isP, first, nil
}

// pFailure returns the least sum breaking the P-side for candidate c with
// P-portion isP, first[x] the least sum reaching x, or nil. Only heaps
// from index from on are checked (those below were checked before).
func (c *candidate) pFailure(isP []bool, first [][]int, from int) []int {
	if isP[0] {
		return make([]int, len(c.heaps))
	}
	var least []int
	for x := range c.elems {
		for i := from; i < len(c.heaps); i++ {
			if !isP[c.genMul[i][x]] {
				continue
			}
			for _, y := range c.optTimes(i, int32(x)) {
				if isP[y] {
					w := make([]int, len(c.heaps))
					copy(w, first[x])
					w[i]++
					if least == nil || lexLess(w, least) {
						least = w
					}
					break
				}
			}
		}
	}
	return least
}

// chains holds, for each element, the sets of option elements of the sums
// checked so far that include no other such set of the same element.
type chains struct {
	words int        // the words of a set
	sets  [][]bitset // sets[x]: the antichain of x
	count int        // sets held
}

func newChains(n, words int) *chains {
	return &chains{words: words, sets: make([][]bitset, n)}
}

// insert adds t to the antichain of x unless it includes one of its sets
// (then it reports false); the sets that include t leave. A list is never
// changed in place (clones share them).
func (ch *chains) insert(x int32, t bitset) bool {
	list := ch.sets[x]
	drop := 0
	for _, s := range list {
		if s.subsetOf(t) {
			return false
		}
		if t.subsetOf(s) {
			drop++
		}
	}
	if drop > 0 {
		kept := make([]bitset, 0, len(list)-drop+1)
		for _, s := range list {
			if !t.subsetOf(s) {
				kept = append(kept, s)
			}
		}
		list = kept
		ch.count -= drop
	}
	ch.sets[x] = append(list, append(bitset(nil), t...))
	ch.count++
	return true
}

// covers reports whether some set of x's antichain lies inside t.
func (ch *chains) covers(x int32, t bitset) bool {
	for _, s := range ch.sets[x] {
		if s.subsetOf(t) {
			return true
		}
	}
	return false
}

// bytes estimates the memory of the antichains.
func (ch *chains) bytes() int64 {
	return int64(ch.count)*(int64(ch.words)*8+24) + int64(len(ch.sets))*24
}

// nFailure walks the sums of candidate c with P-portion isP and returns
// the least one breaking the N-side, if it comes before bound (nil: no
// bound), and the antichains of the walk. With only, the walk covers only
// the sums with at least one heap of index only (the largest; the others
// were checked before, and seed holds their antichains, which it extends).
func (c *candidate) nFailure(ctx context.Context, isP []bool, bound []int, only bool, seed *chains, lim limits) ([]int, *chains, error) {
	pset := make(bitset, c.setWords())
	for x, p := range isP {
		if p {
			pset.set(int32(x))
		}
	}
	ch := seed
	if ch == nil {
		ch = newChains(len(c.elems), c.setWords())
	}
	var fail []int
	var w *walker
	w = newWalker(ctx, c, lim, func(x int32, t bitset) (bool, error) {
		if bound != nil && !lexLess(w.counts, bound) {
			return false, errStop
		}
		if !ch.insert(x, t) {
			return false, nil
		}
		if !isP[x] && !t.empty() && !t.meets(pset) {
			fail = w.word()
			return false, errStop
		}
		return true, nil
	})
	w.bytes = ch.bytes
	empty := make(bitset, c.setWords())
	var err error
	if only {
		err = w.more(len(c.heaps)-1, 0, empty)
	} else {
		err = w.below(len(c.heaps)-1, 0, empty)
	}
	if err != nil && err != errStop {
		return nil, nil, err
	}
	return fail, ch, nil
}

// subsetOf reports whether every element of b is in o.
func (b bitset) subsetOf(o bitset) bool {
	for i, w := range b {
		if w&^o[i] != 0 {
			return false
		}
	}
	return true
}

// clone returns a copy of ch that insert may extend without changing ch
// (nil for nil).
func (ch *chains) clone() *chains {
	if ch == nil {
		return nil
	}
	out := &chains{words: ch.words, count: ch.count, sets: make([][]bitset, len(ch.sets))}
	for x, l := range ch.sets {
		out.sets[x] = slices.Clip(l)
	}
	return out
}
