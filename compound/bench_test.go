package compound

import (
	"context"
	"math/rand/v2"
	"testing"
)

// misereBenchGraph is a random 30-position acyclic graph whose last
// positions are not tame, so a misère sum of them needs the search.
func misereBenchGraph() (*Graph, []int) {
	rng := rand.New(rand.NewPCG(30, 4))
	for {
		g := &Graph{Opts: make([][]int, 30)}
		for p := 1; p < 30; p++ {
			for range 1 + rng.IntN(4) {
				g.Opts[p] = append(g.Opts[p], rng.IntN(p))
			}
		}
		inv, err := Compute(context.Background(), g)
		if err != nil {
			panic(err)
		}
		comps := []int{29, 28, 27, 26}
		if !inv.Tame[29] && !inv.Tame[28] {
			return g, comps
		}
	}
}

// BenchmarkMisereSearch decides a misère sum of 4 components of a
// 30-position graph by exhaustive search (target: under 1 s).
func BenchmarkMisereSearch(b *testing.B) {
	g, comps := misereBenchGraph()
	for b.Loop() {
		if _, err := Search(context.Background(), g, comps, Rule{One, Long, Misere}, DefaultSearchLimit); err != nil {
			b.Fatal(err)
		}
	}
}
