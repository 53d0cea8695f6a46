package sg

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"nimber/internal/testsize"
)

// generalize runs Generalize over an adjacency list.
func generalize(t testing.TB, g [][]int) *Loopy {
	t.Helper()
	l, err := Generalize(context.Background(), len(g), adjacency(g), 0)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func adjacency(g [][]int) func(p int, yield func(int)) {
	return func(p int, yield func(int)) {
		for _, q := range g[p] {
			yield(q)
		}
	}
}

// product is the game graph of a sum, written from the rules: a position
// is one token on each part's graph (the parts numbered in mixed radix), a
// move moves one token along an option of its graph.
type product struct {
	g    [][]int
	k    int // parts
	size int
}

func newProduct(g [][]int, k int) product {
	size := 1
	for range k {
		size *= len(g)
	}
	return product{g, k, size}
}

func (pr product) decode(x int) []int {
	parts := make([]int, pr.k)
	for i := range parts {
		parts[i] = x % len(pr.g)
		x /= len(pr.g)
	}
	return parts
}

func (pr product) encode(parts []int) int {
	x := 0
	for i := len(parts) - 1; i >= 0; i-- {
		x = x*len(pr.g) + parts[i]
	}
	return x
}

// options returns the options of position x of the product.
func (pr product) options(x int) []int {
	var out []int
	parts := pr.decode(x)
	for i, p := range parts {
		for _, q := range pr.g[p] {
			next := slices.Clone(parts)
			next[i] = q
			out = append(out, pr.encode(next))
		}
	}
	return out
}

// twinOutcomes decides every position of the product by the rules alone,
// iterated to a fixed point: a position with every option won by the
// player to move there (none at all included) is lost (P), one with an
// option lost for the player to move there is won (N), and what is never
// decided is a draw (D).
func (pr product) twinOutcomes() []Outcome {
	out := make([]Outcome, pr.size)
	opts := make([][]int, pr.size)
	for x := range opts {
		opts[x] = pr.options(x)
	}
	for changed := true; changed; {
		changed = false
		for x := range out {
			if out[x] != 0 {
				continue
			}
			allN, anyP := true, false
			for _, y := range opts[x] {
				allN = allN && out[y] == N
				anyP = anyP || out[y] == P
			}
			switch {
			case anyP:
				out[x] = N
			case allN:
				out[x] = P
			default:
				continue
			}
			changed = true
		}
	}
	for x := range out {
		if out[x] == 0 {
			out[x] = D
		}
	}
	return out
}

// TestLoopySumsMatchTwin compares the outcome of every sum of up to three
// parts on thousands of random graphs with cycles with the twin's
// retrograde analysis of the whole sum, and checks the moves: a winning
// move leads to a position the twin says is lost for the opponent, a
// drawing move to a draw, and playing WinningMove every turn wins against
// every defence (the positions it can reach hold no cycle).
func TestLoopySumsMatchTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 1))
	seen := map[Outcome]int{}
	infinite := 0
	trials := testsize.N(3000, 300)
	for trial := range trials {
		g := randomGraph(rng, 1+rng.IntN(7))
		l := generalize(t, g)
		for p := range g {
			if l.Value(p) == Infinite {
				infinite++
			}
		}
		k := 1 + rng.IntN(3)
		pr := newProduct(g, k)
		twin := pr.twinOutcomes()
		for x := range pr.size {
			parts := pr.decode(x)
			got := l.Outcome(parts)
			seen[got]++
			if got != twin[x] {
				t.Fatalf("trial %d, graph %v, sum %v: outcome %v, twin %v", trial, g, parts, got, twin[x])
			}
			// A winning move is found exactly when the sum is N and leaves
			// P; a drawing move exactly when it is D and leaves D.
			w, wok := l.WinningMove(parts)
			d, dok := l.DrawingMove(parts)
			for _, c := range []struct {
				what        string
				m           SumMove
				ok          bool
				when, leave Outcome
			}{{"winning", w, wok, N, P}, {"drawing", d, dok, D, D}} {
				if c.ok != (got == c.when) {
					t.Fatalf("trial %d, graph %v, sum %v (%v): %s move found %v", trial, g, parts, got, c.what, c.ok)
				}
				if !c.ok {
					continue
				}
				next := slices.Clone(parts)
				if !slices.Contains(g[parts[c.m.Part]], c.m.To) {
					t.Fatalf("trial %d, graph %v, sum %v: %s move %+v is not a move", trial, g, parts, c.what, c.m)
				}
				next[c.m.Part] = c.m.To
				if o := twin[pr.encode(next)]; o != c.leave {
					t.Fatalf("trial %d, graph %v, sum %v: %s move %+v leaves %v, twin says %v", trial, g, parts, c.what, c.m, next, o)
				}
			}
		}
		if cyc := strategyCycle(l, pr, twin); cyc != nil {
			t.Fatalf("trial %d, graph %v: playing WinningMove goes round the cycle %v", trial, g, cyc)
		}
	}
	if seen[N] == 0 || seen[P] == 0 || seen[D] == 0 || infinite == 0 {
		t.Fatalf("the random sums do not cover every outcome: %v, %d infinite positions", seen, infinite)
	}
	t.Logf("sums by outcome %v; %d infinite positions", seen, infinite)
}

// strategyCycle returns a cycle of the graph of play where the winner
// plays WinningMove from every N position and the loser any move from
// every P position, or nil when there is none (the winner always wins in
// a finite number of moves).
func strategyCycle(l *Loopy, pr product, twin []Outcome) []int {
	next := func(x int) []int {
		switch twin[x] {
		case N:
			parts := pr.decode(x)
			m, _ := l.WinningMove(parts)
			parts[m.Part] = m.To
			return []int{pr.encode(parts)}
		case P:
			return pr.options(x)
		}
		return nil
	}
	const (
		white = iota
		grey
		black
	)
	color := make([]byte, pr.size)
	var path []int
	var visit func(x int) []int
	visit = func(x int) []int {
		color[x] = grey
		path = append(path, x)
		for _, y := range next(x) {
			switch color[y] {
			case grey:
				i := slices.Index(path, y)
				return slices.Clone(path[i:])
			case white:
				if c := visit(y); c != nil {
					return c
				}
			}
		}
		path = path[:len(path)-1]
		color[x] = black
		return nil
	}
	for x := range pr.size {
		if color[x] == white {
			if c := visit(x); c != nil {
				return c
			}
		}
	}
	return nil
}

// TestLoopyDefinition checks the function against its definition on random
// graphs: a finite value is the mex of the finite values of the options,
// an option of greater or infinite value has an option of the same value
// with a smaller counter, and an infinite position could not take any
// finite value.
func TestLoopyDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 2))
	for trial := range 2000 {
		g := randomGraph(rng, 1+rng.IntN(12))
		l := generalize(t, g)
		for p := range g {
			v := l.Value(p)
			k := l.Followers(p)
			if v == Infinite {
				if len(g[p]) == 0 {
					t.Fatalf("trial %d, graph %v: position %d has no move but is infinite", trial, g, p)
				}
				continue
			}
			if m := mexInts(k); m != v {
				t.Fatalf("trial %d, graph %v: position %d valued %d, mex of its options' finite values %v is %d", trial, g, p, v, k, m)
			}
			for _, q := range g[p] {
				if w := l.Value(q); w != Infinite && w < v {
					continue
				}
				reversed := false
				for _, r := range g[q] {
					reversed = reversed || l.Value(r) == v && l.Counter(r) < l.Counter(p)
				}
				if !reversed {
					t.Fatalf("trial %d, graph %v: position %d valued %d (counter %d) has option %d valued %d with no option valued %d of a smaller counter", trial, g, p, v, l.Counter(p), q, l.Value(q), v)
				}
			}
		}
	}
}

func mexInts(k []int) int {
	m := 0
	for slices.Contains(k, m) {
		m++
	}
	return m
}

// TestLoopyAcyclicIsGrundy checks that a graph without cycles gets its
// ordinary Grundy values, computed by the mex from the positions without
// options up.
func TestLoopyAcyclicIsGrundy(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 3))
	for trial := range 500 {
		n := 1 + rng.IntN(40)
		g := make([][]int, n)
		for p := 1; p < n; p++ {
			for range rng.IntN(6) {
				g[p] = append(g[p], rng.IntN(p))
			}
		}
		// Number positions at random, so that the order given is not the
		// topological one.
		perm := rng.Perm(n)
		h := make([][]int, n)
		for p, opts := range g {
			for _, q := range opts {
				h[perm[p]] = append(h[perm[p]], perm[q])
			}
		}
		want := make([]int, n)
		for p := range n {
			var vals []int
			for _, q := range g[p] {
				vals = append(vals, want[q])
			}
			want[p] = mexInts(vals)
		}
		l := generalize(t, h)
		for p := range n {
			if got := l.Value(perm[p]); got != want[p] {
				t.Fatalf("trial %d: position %d valued %d, Grundy value %d", trial, perm[p], got, want[p])
			}
		}
	}
}

// TestLoopyKnownValues checks small graphs whose values follow from the
// definition by hand.
func TestLoopyKnownValues(t *testing.T) {
	for _, c := range []struct {
		name string
		g    [][]int
		want []string // value of each position: "3", "inf[0 1]"
	}{
		{"a move to the end, and a pass", [][]int{{}, {0, 1}}, []string{"0", "inf[0]"}},
		{"a pass alone", [][]int{{0}}, []string{"inf[]"}},
		{"a two-cycle with no way out", [][]int{{1}, {0}}, []string{"inf[]", "inf[]"}},
		{"a two-cycle with a way out of one side", [][]int{{1, 2}, {0}, {}}, []string{"1", "0", "0"}},
		{"a repeated option counts once", [][]int{{}, {0, 0, 0}, {1, 1, 0, 0}}, []string{"0", "1", "2"}},
		// The 3-cycle a -> b -> c -> a with an exit to the end from a: c is
		// 0 (its option a, valued 2, reverses out through the end), b 1, a 2.
		{"a three-cycle with one exit", [][]int{{1, 3}, {2}, {0}, {}}, []string{"2", "1", "0", "0"}},
		// Followers K may hold values above mex K: the pass at 0 keeps it
		// infinite before stage 1 values its option 2.
		{"K above its mex", [][]int{{0, 2}, {}, {1}}, []string{"inf[1]", "0", "1"}},
	} {
		l := generalize(t, c.g)
		for p, want := range c.want {
			got := fmt.Sprint(l.Value(p))
			if l.Value(p) == Infinite {
				got = fmt.Sprint("inf", l.Followers(p))
			}
			if got != want {
				t.Errorf("%s: position %d valued %s, want %s", c.name, p, got, want)
			}
		}
	}
}

func TestGeneralizeErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Generalize(ctx, 2, adjacency([][]int{{1}, {2}}), 0); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("option out of range: %v", err)
	}
	if _, err := Generalize(ctx, 1000, func(p int, yield func(int)) { yield(p) }, LoopyBytes(1000, 1000)-1); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("over the limit: %v", err)
	}
	if _, err := Generalize(ctx, 1000, func(p int, yield func(int)) { yield(p) }, LoopyBytes(1000, 1000)); err != nil {
		t.Errorf("at the limit: %v", err)
	}
	calls := 0
	_, err := Generalize(ctx, 3, func(p int, yield func(int)) {
		calls++
		if calls > 3 {
			yield(0)
		}
	}, 0)
	if err == nil || !strings.Contains(err.Error(), "second time") {
		t.Errorf("options changing between calls: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Generalize(cancelled, 3, adjacency([][]int{{}, {}, {}}), 0); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// randomLoopyGraph returns a random graph of n positions with about
// options options in all, drawn as bench/loopygraph draws them: each
// position has 0..2·options/n options, uniform over all positions.
func randomLoopyGraph(rng *rand.Rand, n, options int) (start, opts []int32) {
	maxDegree := 2 * options / n
	start = make([]int32, n+1)
	opts = make([]int32, 0, options+options/8)
	for p := range n {
		for range rng.IntN(maxDegree + 1) {
			opts = append(opts, int32(rng.IntN(n)))
		}
		start[p+1] = int32(len(opts))
	}
	return start, opts
}

// BenchmarkGeneralize values a random graph of 10^6 positions and about
// 4·10^6 options (the target of docs/loopy.md: under 2 s).
func BenchmarkGeneralize(b *testing.B) {
	start, opts := randomLoopyGraph(rand.New(rand.NewPCG(1, 23)), 1_000_000, 4_000_000)
	options := func(p int, yield func(int)) {
		for _, q := range opts[start[p]:start[p+1]] {
			yield(int(q))
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Generalize(context.Background(), len(start)-1, options, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLoopySquareButOne checks the published outcomes of Square-But-One,
// a loopy take-away game: a move removes a positive square number of
// stones from the heap, or adds one stone to a heap of a positive even
// number. The heaps lost for the player to move are exactly 0 and 5, the
// won ones the squares and the squares plus 5, and every other heap is a
// draw (as stated, with its argument, in "Combinatorial Game Theory V",
// lesson 5 on loopy games, by limsup, 10 August 2012).
func TestLoopySquareButOne(t *testing.T) {
	const top = 401 // odd: an even heap up to top-1 adds up to top
	g := make([][]int, top+1)
	for n := range g {
		for k := 1; k*k <= n; k++ {
			g[n] = append(g[n], n-k*k)
		}
		if n > 0 && n%2 == 0 {
			g[n] = append(g[n], n+1)
		}
	}
	l := generalize(t, g)
	square := func(n int) bool {
		for k := 0; k*k <= n; k++ {
			if k*k == n {
				return true
			}
		}
		return false
	}
	for n := range g {
		want := D
		switch {
		case n == 0 || n == 5:
			want = P
		case square(n) || n > 5 && square(n-5):
			want = N
		}
		if got := l.Outcome([]int{n}); got != want {
			t.Errorf("heap %d: %v, published %v", n, got, want)
		}
	}
}
