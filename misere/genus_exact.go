package misere

import (
	"context"
	"slices"
)

// seq is the genus of a position as computed from its options: its
// normal-play value g and its misère values γ0, γ1, ..., which repeat with
// period 2 from index start on.
type seq struct {
	g     int
	gamma []int // γ0 .. γ(start+1)
	start int   // γ(k+2) = γk for every k >= start
}

// at returns γk.
func (q *seq) at(k int) int {
	if k < len(q.gamma) {
		return q.gamma[k]
	}
	return q.gamma[q.start+(k-q.start)%2]
}

// exactGenus returns the genus of the canonical position p (sorted heaps,
// no zero games), from the genera of its options, memoised:
//
//	g  = mex{g(p')}
//	γ0 = mex{γ0(p')}, or 1 when p has no option
//	γk = mex({γk(p')} ∪ {γ(k-1), γ(k-1) xor 1})
//
// for the options p' of p (p + k·*2 moves to p' + k·*2, to
// p + (k-1)·*2 + *1, whose value is γ(k-1) xor 1, and to p + (k-1)·*2).
//
// The sequence repeats with period 2 from index D+3 at the latest, D the
// largest start of an option (0 when none): from index D on each γk is
// mex(A ∪ {x, x xor 1}) for the set A = {γk(p')} of its parity and
// x = γ(k-1), which is one of two values m (the mex of A) or m' (the mex
// of A with m's pair {2⌊m/2⌋, 2⌊m/2⌋+1}); two steps of the recursion map
// these two values into themselves without swapping them (a swap would
// put m' in the pair of m), so the sequence is constant on each parity
// two steps later. So γ0 .. γ(D+4) determine it.
func (s *Solver) exactGenus(ctx context.Context, p []int) (*seq, error) {
	k := key(p)
	if q, ok := s.exact[k]; ok {
		return q, nil
	}
	if len(s.outcome)+len(s.value)+len(s.exact) >= s.budget {
		return nil, &LimitError{Budget: s.budget, What: "genus of position " + k}
	}
	if len(s.exact)&1023 == 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	var opts []*seq
	var err error
	s.children(p, func(c []int) bool {
		var q *seq
		if q, err = s.exactGenus(ctx, c); err != nil {
			return false
		}
		opts = append(opts, q)
		return true
	})
	if err != nil {
		return nil, err
	}
	q := fromOptions(opts)
	if s.exact == nil {
		s.exact = map[string]*seq{}
	}
	s.exact[k] = q
	return q, nil
}

// fromOptions is the genus of a position whose options have the genera
// opts, by exactGenus's rules.
func fromOptions(opts []*seq) *seq {
	d := 0
	for _, o := range opts {
		d = max(d, o.start)
	}
	n := d + 5
	gamma := make([]int, n)
	var seen []bool
	mex := func() int {
		v := 0
		for v < len(seen) && seen[v] {
			v++
		}
		return v
	}
	mark := func(v int) {
		for len(seen) <= v {
			seen = append(seen, false)
		}
		seen[v] = true
	}
	for _, o := range opts {
		mark(o.g)
	}
	q := &seq{g: mex()}
	for i := range n {
		clear(seen)
		for _, o := range opts {
			mark(o.at(i))
		}
		if i > 0 {
			mark(gamma[i-1])
			mark(gamma[i-1] ^ 1)
		}
		gamma[i] = mex()
		if i == 0 && len(opts) == 0 {
			gamma[0] = 1
		}
	}
	start := n - 2
	for start > 0 && gamma[start-1] == gamma[start+1] {
		start--
	}
	q.start, q.gamma = start, slices.Clip(gamma[:start+2])
	return q
}

// ExactGenus is a genus known exactly, with where its misère values
// settle into their alternation: what GenusFromOptions needs of each
// option. The zero value is not valid; use GenusFromOptions.
type ExactGenus struct{ q *seq }

// GenusFromOptions returns the genus of a game whose options have the
// genera opts (none: the game 0, genus 0^120), by the rules of
// exactGenus: the same genera Solver.Genus computes for heaps, for any
// impartial game given by its options.
func GenusFromOptions(opts []ExactGenus) ExactGenus {
	qs := make([]*seq, len(opts))
	for i, o := range opts {
		qs[i] = o.q
	}
	return ExactGenus{fromOptions(qs)}
}

// Genus returns the genus with Gamma long enough to show where it
// settles (at least Gammas values), as Solver.Genus returns it.
func (e ExactGenus) Genus() Genus {
	return e.q.genus()
}

// genus writes q as a Genus, Gamma long enough to show where it settles
// (at least Gammas values).
func (q *seq) genus() Genus {
	g := Genus{G: q.g, Gamma: make([]int, max(Gammas, q.start+4))}
	for k := range g.Gamma {
		g.Gamma[k] = q.at(k)
	}
	return g
}

// tameSeq reports whether a genus is tame in Conway's sense: 0^120 or
// 1^031 (fickle: γ0 = g xor 1), 0^02 or 1^13, or g^(g, g xor 2) for
// g >= 2 (firm: γ0 = g), with γk = g for even k >= 2 and g xor 2 for odd
// k.
func tameSeq(q *seq) bool {
	if q.start > 1 {
		return false
	}
	if g0 := q.at(0); g0 != q.g && !(q.g <= 1 && g0 == q.g^1) {
		return false
	}
	return q.at(1) == q.g^2 && q.at(2) == q.g
}

// Phyla of heaps (Phylum).
const (
	Tame     = "tame"
	Restive  = "restive"
	Restless = "restless"
	Wild     = "wild"
)

// Phylum classes heap n as Conway does, in the hereditary sense (CGSuite's
// IsTame, IsRestive, IsRestless):
//
//   - tame: its genus is tame (0^120, 1^031, 0^02, 1^13, g^(g, g⊕2)) and
//     every heap its moves leave is tame; sums of tame heaps are played by
//     misère Nim's rule;
//   - restive: not tame, every heap its moves leave is tame, and its
//     normal value g is 0 or 1;
//   - restless: not tame, every heap its moves leave is tame, g >= 2 and
//     its misère value γ0 is 0 or 1;
//   - wild: the others.
//
// An option of a heap is a sum of heaps, and a sum of heaps is
// hereditarily tame exactly when each of its heaps is (a heap of a sum
// stays, alone, once the others have run out of moves). Games tame only
// through reversible moves are not recognised: they are classed wild. A
// heap out of range 0..MaxHeap is an error.
func (s *Solver) Phylum(ctx context.Context, n int) (string, error) {
	if err := checkHeaps([]int{n}); err != nil {
		return "", err
	}
	q, err := s.exactGenus(ctx, s.canonical([]int{n}))
	if err != nil {
		return "", err
	}
	partsTame := true
	for _, o := range s.opts(n) {
		for _, h := range o {
			t, err := s.heapTame(ctx, h)
			if err != nil {
				return "", err
			}
			partsTame = partsTame && t
		}
	}
	switch {
	case partsTame && tameSeq(q):
		return Tame, nil
	case partsTame && q.g <= 1:
		return Restive, nil
	case partsTame && q.at(0) <= 1:
		return Restless, nil
	}
	return Wild, nil
}

// heapTame reports whether heap n is hereditarily tame.
func (s *Solver) heapTame(ctx context.Context, n int) (bool, error) {
	if t, ok := s.tame[n]; ok {
		return t, nil
	}
	p, err := s.Phylum(ctx, n)
	if err != nil {
		return false, err
	}
	if s.tame == nil {
		s.tame = map[int]bool{}
	}
	s.tame[n] = p == Tame
	return p == Tame, nil
}

// TameGenus reports whether the genus is one of Conway's tame genera:
// 0^120, 1^031, 0^02, 1^13 or g^(g, g xor 2). A heap with a tame genus may
// still be wild, if a move leaves a heap that is not tame (Phylum).
func (g Genus) TameGenus() bool {
	for k := 1; k < len(g.Gamma); k++ {
		if g.Gamma[k] != g.G^(2*(k%2)) {
			return false
		}
	}
	return len(g.Gamma) > 0 && (g.Gamma[0] == g.G || g.G <= 1 && g.Gamma[0] == g.G^1)
}
