package misere

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// everySum is the check of a candidate that nimber used before the
// Plambeck–Siegel check, kept as its twin: it walks every sum heap after
// heap (the largest heap outermost, each count from 0 up), computing the
// pair (element, elements of the options) of each, and cuts a walk only
// where the very same pair has been met at the same heap (what follows
// depends on the pair alone). It returns the first sum in the walk that
// breaks "x in P <=> the sum has a move and no option in P", which is the
// least such sum in the lexicographic order; ok is false when the walk
// meets more than maxPairs pairs.
func everySum(c *candidate, isP []bool, maxPairs int) (fail []int, ok bool) {
	n := len(c.heaps)
	counts := make([]int, n)
	seen := make([]map[string]bool, n)
	for i := range seen {
		seen[i] = map[string]bool{}
	}
	pairs := 0
	key := func(x int32, t []bool) string {
		b := fmt.Appendf(nil, "%d:", x)
		for y, in := range t {
			if in {
				b = fmt.Appendf(b, "%d,", y)
			}
		}
		return string(b)
	}
	var walk func(d int, x int32, t []bool) bool // d: heap index n-1-d
	walk = func(d int, x int32, t []bool) bool {
		if d == n {
			moves, pOption := false, false
			for y, in := range t {
				if in {
					moves = true
					pOption = pOption || isP[y]
				}
			}
			if isP[x] != (moves && !pOption) {
				fail = slices.Clone(counts)
				return false
			}
			return true
		}
		i := n - 1 - d
		for k := 0; ; k++ {
			kk := key(x, t)
			if seen[d][kk] {
				break
			}
			seen[d][kk] = true
			if pairs++; pairs > maxPairs {
				return false
			}
			counts[i] = k
			if !walk(d+1, x, t) {
				return false
			}
			// One more heap i.
			next := make([]bool, len(t))
			for y, in := range t {
				if in {
					next[c.genMul[i][y]] = true
				}
			}
			for _, o := range c.optIdx[i] {
				next[c.times(x, o)] = true
			}
			x, t = c.genMul[i][x], next
		}
		counts[i] = 0
		return true
	}
	if !walk(0, 0, make([]bool, len(c.elems))) {
		return fail, fail != nil
	}
	return nil, true
}

// check is the Plambeck–Siegel check as addHeap runs it: the least sum
// breaking the P-side or the N-side, or nil.
func check(t *testing.T, c *candidate, isP []bool) []int {
	t.Helper()
	_, first, err := c.mark(context.Background(), limits{bytes: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	fail := c.pFailure(isP, first, 0)
	nfail, _, err := c.nFailure(context.Background(), isP, fail, false, nil, limits{bytes: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	if nfail != nil {
		return nfail
	}
	return fail
}

// stageOf returns the stage of a computed quotient and the heaps with a
// move.
func stageOf(s *Solver, q *Quotient) (*stage, []int) {
	n := q.Order
	m := newMonoid(n)
	for x := range n {
		for y := range n {
			m.set(x, y, int32(q.Table[x][y]))
		}
	}
	st := &stage{m: m, isP: slices.Clone(q.P)}
	var moving []int
	for h, e := range q.Map {
		st.img = append(st.img, int32(e))
		if h > 0 && len(s.opts(h)) > 0 {
			moving = append(moving, h)
		}
	}
	return st, moving
}

// TestCheckAgainstEverySum compares the Plambeck–Siegel check with the
// every-sum twin on thousands of candidates: the quotients computed for
// 14 codes (which both must pass), and the same with one heap's element
// changed or one element's side flipped at random (which most fail). On
// each, both must find the same least failing sum, or none.
func TestCheckAgainstEverySum(t *testing.T) {
	cases := []struct {
		code string
		n    int
	}{{"0.3", 9}, {"0.31", 12}, {"0.33", 12}, {"0.51", 12}, {"0.71", 14}, {"0.75", 14}, {"0.77", 14},
		{"0.07", 16}, {"0.137", 15}, {"0.312", 12}, {"0.4", 10}, {"4.7", 9}, {"grundy", 12}, {"sub:1,2", 12}}
	trials := 150
	if os.Getenv("NIMBER_LONG") != "" {
		cases = append(cases, struct {
			code string
			n    int
		}{"0.77", 26}, struct {
			code string
			n    int
		}{"0.07", 22}, struct {
			code string
			n    int
		}{"4.7", 12})
		trials = 1000
	}
	rng := rand.New(rand.NewPCG(7, 11))
	agreed, failing := 0, 0
	for _, tc := range cases {
		s, q := quotient(t, tc.code, tc.n)
		st, moving := stageOf(s, q)
		for trial := range trials + 1 {
			img, isP := slices.Clone(st.img), slices.Clone(st.isP)
			if trial > 0 {
				if rng.IntN(2) == 0 {
					img[moving[rng.IntN(len(moving))]] = int32(rng.IntN(q.Order))
				} else {
					x := 1 + rng.IntN(q.Order-1)
					isP[x] = !isP[x]
				}
			}
			c, err := s.candidate(context.Background(), &stage{m: st.m, isP: isP, img: img}, moving, nil)
			if err != nil {
				t.Fatal(err)
			}
			cp := make([]bool, len(c.elems))
			for x, e := range c.elems {
				cp[x] = isP[e]
			}
			want, ok := everySum(c, cp, 2_000_000)
			if !ok {
				continue
			}
			got := check(t, c, cp)
			if !slices.Equal(got, want) {
				t.Fatalf("%s heaps 1..%d, trial %d: the check's least failure is %v, the twin's %v", tc.code, tc.n, trial, got, want)
			}
			if trial == 0 && got != nil {
				t.Fatalf("%s heaps 1..%d: the quotient fails at %v", tc.code, tc.n, got)
			}
			agreed++
			if got != nil {
				failing++
			}
		}
	}
	if agreed < 1000 || failing < agreed/4 {
		t.Errorf("only %d candidates compared, %d failing", agreed, failing)
	}
	t.Logf("%d candidates compared, %d failing", agreed, failing)
}

// TestChainsClone checks that a clone of the antichains may grow without
// changing the original, and that a set including a kept one is refused.
func TestChainsClone(t *testing.T) {
	set := func(ys ...int32) bitset {
		b := make(bitset, 1)
		for _, y := range ys {
			b.set(y)
		}
		return b
	}
	ch := newChains(2, 1)
	if !ch.insert(1, set(1, 2)) || !ch.insert(1, set(3)) || ch.insert(1, set(1, 2, 3)) {
		t.Fatal("insert: wrong answers")
	}
	cl := ch.clone()
	if !cl.insert(1, set(2)) || ch.count != 2 || cl.count != 2 || len(ch.sets[1]) != 2 {
		t.Fatalf("clone: original %d sets %v, clone %d", ch.count, ch.sets[1], cl.count)
	}
	if ch.covers(1, set(2, 5)) || !cl.covers(1, set(2, 5)) {
		t.Error("covers: the clone's set leaked into the original, or is missing")
	}
	if bits.OnesCount64(uint64(ch.sets[1][0][0])) != 2 {
		t.Errorf("original changed: %v", ch.sets[1])
	}
}

// TestMonoidTableWidths runs the same table through the 2-byte storage
// that every order up to 65,536 gets and the 4-byte one of larger orders
// (too large to build here): set, times, mapRow and table must agree.
func TestMonoidTableWidths(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 4))
	for range 20 {
		n := 1 + rng.IntN(40)
		small, wide := newMonoid(n), &monoid{n: n, mul: make([]int32, n*n)}
		if small.mul16 == nil {
			t.Fatalf("order %d: want 2-byte storage", n)
		}
		for x := range n {
			for y := range n {
				v := int32(rng.IntN(n))
				small.set(x, y, v)
				wide.set(x, y, v)
			}
		}
		f := make([]int32, n)
		for i := range f {
			f[i] = int32(rng.IntN(n))
		}
		x, y := rng.IntN(n), rng.IntN(n)
		small.mapRow(x, y, f)
		wide.mapRow(x, y, f)
		if !slices.Equal(small.table(), wide.table()) {
			t.Fatalf("order %d: the tables differ", n)
		}
		for range 50 {
			a, b := int32(rng.IntN(n)), int32(rng.IntN(n))
			if small.times(a, b) != wide.times(a, b) {
				t.Fatalf("order %d: %d·%d is %d and %d", n, a, b, small.times(a, b), wide.times(a, b))
			}
		}
		if got := monoidOf(n, wide.table()); !slices.Equal(got.table(), wide.table()) {
			t.Fatalf("order %d: monoidOf does not keep the table", n)
		}
	}
}
