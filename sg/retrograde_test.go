package sg

import (
	"context"
	"math/rand/v2"
	"testing"
)

// randomGraph returns a random game graph on n positions, cycles allowed.
func randomGraph(rng *rand.Rand, n int) [][]int {
	g := make([][]int, n)
	for p := range g {
		for range rng.IntN(4) {
			g[p] = append(g[p], rng.IntN(n))
		}
	}
	return g
}

// boundedOutcome decides p by searching every line of play of at most
// depth moves: +1 when the player to move can force a win within depth
// moves, -1 when the opponent can, 0 otherwise. A position is won iff it is
// won at some finite depth, so at a depth beyond the number of positions
// this is the exact outcome, and the least depth at which it is decided is
// the remoteness.
func boundedOutcome(g [][]int, p, depth int) int {
	if len(g[p]) == 0 {
		return -1
	}
	if depth == 0 {
		return 0
	}
	best := -1
	for _, q := range g[p] {
		best = max(best, -boundedOutcome(g, q, depth-1))
	}
	return best
}

func TestRetrogradeMatchesBoundedSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	seen := map[Outcome]int{}
	for trial := 0; trial < 300; trial++ {
		g := randomGraph(rng, 1+rng.IntN(7))
		out, rem, err := Retrograde(context.Background(), len(g), func(p int, yield func(int)) {
			for _, q := range g[p] {
				yield(q)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		for p := range g {
			seen[out[p]]++
			want, at := 0, 0
			for d := 0; d <= len(g)+1; d++ {
				if v := boundedOutcome(g, p, d); v != 0 {
					want, at = v, d
					break
				}
			}
			got := map[Outcome]int{N: 1, P: -1, D: 0}[out[p]]
			if got != want || (want != 0 && int(rem[p]) != at) || (want == 0 && rem[p] != 0) {
				t.Fatalf("graph %v, position %d: %v remoteness %d; the search says %d at depth %d", g, p, out[p], rem[p], want, at)
			}
		}
	}
	for _, o := range []Outcome{N, P, D} {
		if seen[o] < 50 {
			t.Fatalf("only %d positions of outcome %v: the test does not cover it", seen[o], o)
		}
	}
}

func TestRetrogradeCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Retrograde(ctx, 3, func(int, func(int)) {}); err == nil {
		t.Fatal("no error from a cancelled context")
	}
}
