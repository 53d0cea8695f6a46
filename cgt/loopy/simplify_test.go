package loopy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"nimber/cgt"
)

// union returns a graph holding a's graph and then b's, and where b's
// nodes start.
func union(a, b *Graph) (*Graph, int) {
	u := NewGraph(a.Len() + b.Len())
	for v := range a.Len() {
		u.left[v] = slices.Clone(a.left[v])
		u.right[v] = slices.Clone(a.right[v])
	}
	off := a.Len()
	for v := range b.Len() {
		for _, w := range b.left[v] {
			u.AddLeft(off+v, off+w)
		}
		for _, w := range b.right[v] {
			u.AddRight(off+v, off+w)
		}
	}
	return u, off
}

// isomorphic reports whether simplified games a and b are the same
// graph: each node of a equal to exactly one node of b, starts to start,
// and the edges matching under that map.
func isomorphic(t *testing.T, a, b Game) bool {
	t.Helper()
	if a.Graph.Len() != b.Graph.Len() {
		return false
	}
	u, off := union(a.Graph, b.Graph)
	le, err := Order(u, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := a.Graph.Len()
	m := make([]int, n)
	for v := range n {
		m[v] = -1
		for w := range n {
			if le[v][off+w] && le[off+w][v] {
				if m[v] >= 0 {
					return false
				}
				m[v] = w
			}
		}
		if m[v] < 0 {
			return false
		}
	}
	if m[a.Start] != b.Start {
		return false
	}
	for v := range n {
		for _, p := range []Player{Left, Right} {
			var mapped []int
			for _, w := range a.Graph.Options(v, p) {
				mapped = append(mapped, m[w])
			}
			slices.Sort(mapped)
			want := slices.Sorted(slices.Values(b.Graph.Options(m[v], p)))
			if !slices.Equal(mapped, want) {
				return false
			}
		}
	}
	return true
}

// randomStopper returns a random stopper of up to n nodes: one player's
// moves go to the node itself (a pass) or to nodes of higher numbers, the
// other's only to higher numbers, so that no play alternating between
// them goes on for ever; half the time a random graph is taken instead
// when it is a stopper.
func randomStopper(rng *rand.Rand, n int) Game {
	if rng.IntN(2) == 0 {
		for {
			if g := (Game{randomGraph(rng, n), 0}); IsStopper(g) {
				return g
			}
		}
	}
	g := NewGraph(1 + rng.IntN(n))
	free := Player(rng.IntN(2))
	for v := range g.Len() {
		for range rng.IntN(3) {
			g.AddLeft(v, v+rng.IntN(g.Len()-v))
		}
		if v+1 < g.Len() {
			for range rng.IntN(3) {
				g.AddRight(v, v+1+rng.IntN(g.Len()-v-1))
			}
		}
	}
	if free == Right {
		g = g.Neg()
	}
	return Game{g, 0}
}

// TestSimplifyKeepsValue checks on random stoppers that the simplest
// form is a stopper equal to its input by the survival test (on the
// graphs, not by the simplifier), no larger, and its own simplest form.
func TestSimplifyKeepsValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	for range 400 {
		g := randomStopper(rng, 6)
		s, err := Simplify(g, 0)
		if err != nil {
			t.Fatal(err)
		}
		eq, err := Equal(g, s, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !eq || !IsStopper(s) {
			t.Fatalf("%+v: simplest form %+v equal %v, stopper %v", g.Graph, s.Graph, eq, IsStopper(s))
		}
		if s.Graph.Len() > len(g.Reachable()) {
			t.Fatalf("%+v: simplest form larger: %+v", g.Graph, s.Graph)
		}
		again, err := Simplify(s, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !isomorphic(t, s, again) {
			t.Fatalf("%+v: simplifying again changed %+v to %+v", g.Graph, s.Graph, again.Graph)
		}
	}
}

// TestSimplifyUnique checks that equal stoppers built differently have
// the same simplest form: G + H and H + G, (G + H) + K and G + (H + K).
func TestSimplifyUnique(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 8))
	simplest := func(g Game) Game {
		s, err := Simplify(g, 0)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	sum := func(gs ...Game) Game {
		s, err := Sum(0, gs...)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// Stoppers are not closed under sums (on + off is dud): only sums
	// that are stoppers are compared.
	for tried := 0; tried < 150; {
		g, h, k := randomStopper(rng, 3), randomStopper(rng, 3), randomStopper(rng, 3)
		if !IsStopper(sum(g, h, k)) {
			continue
		}
		tried++
		a, b := simplest(sum(g, h)), simplest(sum(h, g))
		if !isomorphic(t, a, b) {
			t.Fatalf("G %+v, H %+v: G+H simplest %+v, H+G %+v", g.Graph, h.Graph, a.Graph, b.Graph)
		}
		gh := Game{simplest(sum(g, h)).Graph, 0}
		hk := Game{simplest(sum(h, k)).Graph, 0}
		a, b = simplest(sum(gh, k)), simplest(sum(g, hk))
		if !isomorphic(t, a, b) {
			t.Fatalf("(G+H)+K simplest %+v, G+(H+K) %+v", a.Graph, b.Graph)
		}
	}
}

// TestSimplifyShort checks that the simplest form of a sum of short
// games is cgt's canonical form of the sum.
func TestSimplifyShort(t *testing.T) {
	shortPairs(t, 9, 300, func(c *cgt.Calc, x, y cgt.Game, gx, gy Game) {
		s, err := Sum(0, gx, gy)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Simplify(s, 0)
		if err != nil {
			t.Fatal(err)
		}
		xy, err := c.Add(x, y)
		if err != nil {
			t.Fatal(err)
		}
		want := NewGraph(0)
		v, err := AddShort(c, xy, want, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if w := (Game{want, v}); !isomorphic(t, got, w) {
			t.Fatalf("%s + %s: simplest form %+v, canonical %s %+v", c.String(x), c.String(y), got.Graph, c.String(xy), w.Graph)
		}
	})
}

// TestSimplifyNamed checks simplest forms worked out by hand: on + on is
// on, over + 0 is over, and dud is refused (not a stopper).
func TestSimplifyNamed(t *testing.T) {
	for _, tc := range []struct {
		games []string
		want  string
	}{{[]string{"on", "on"}, "on"}, {[]string{"over", "0"}, "over"}, {[]string{"upon", "0"}, "upon"}, {[]string{"on", "upon"}, "on"}} {
		got, err := Simplify(namedSum(t, tc.games...), 0)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Simplify(named(t, tc.want), 0)
		if err != nil {
			t.Fatal(err)
		}
		if !isomorphic(t, got, want) {
			t.Errorf("%v: simplest form %+v, want %s %+v", tc.games, got.Graph, tc.want, want.Graph)
		}
	}
	if _, err := Simplify(named(t, "dud"), 0); err != ErrNotStopper {
		t.Errorf("dud: %v, want ErrNotStopper", err)
	}
}
