package compound

import (
	"context"
	"errors"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"nimber/internal/testsize"
)

// TestInvariantRulesMatchSearch checks the invariant rules of every
// compound (Decide) against the exhaustive search written from the
// definitions (Search) on thousands of random acyclic game graphs, with one
// to four components, under all twelve rules. Both outcomes must occur
// under every rule, so that no rule is checked vacuously.
func TestInvariantRulesMatchSearch(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(12, 2024))
	graphs := testsize.N(3000, 300)
	type count struct{ n, p int }
	counts := map[Rule]*count{}
	by := map[Rule]map[string]int{} // how often each invariant decided
	for _, r := range Rules() {
		counts[r] = &count{}
		by[r] = map[string]int{}
	}
	mismatches := 0
	for range graphs {
		g := randomGraph(rng)
		inv := mustCompute(t, g)
		for k := 1; k <= 4; k++ {
			comps := randomComponents(rng, g, k)
			for _, r := range Rules() {
				want, err := Search(ctx, g, comps, r, 0)
				if err != nil {
					t.Fatalf("Search(%v, %v, %v): %v", g.Opts, comps, r, err)
				}
				v, err := inv.Decide(ctx, comps, r)
				if err != nil {
					t.Fatalf("Decide(%v, %v, %v): %v", g.Opts, comps, r, err)
				}
				by[r][v.Invariant]++
				if want {
					counts[r].n++
				} else {
					counts[r].p++
				}
				if v.FirstWins != want {
					if mismatches++; mismatches <= 20 {
						t.Errorf("%v, options %v, components %v: Decide says %s by %q (values %v), Search says %s",
							r, g.Opts, comps, outcome(v.FirstWins), v.Invariant, v.Values, outcome(want))
					}
				}
			}
		}
	}
	if mismatches > 20 {
		t.Errorf("%d mismatches in all, the first 20 shown", mismatches)
	}
	for _, r := range Rules() {
		c := counts[r]
		t.Logf("%-18v N %5d  P %5d", r, c.n, c.p)
		if c.n == 0 || c.p == 0 {
			t.Errorf("%v: N %d, P %d: the check is vacuous for one outcome", r, c.n, c.p)
		}
		if len(by[r]) > 1 {
			for _, inv := range slices.Sorted(maps.Keys(by[r])) {
				t.Logf("    %5d by %s", by[r][inv], inv)
			}
		}
	}
}

// TestWinningMoveCancel: WinningMove looks at the context between the moves
// it tries, so a losing conjunctive compound of many components (3^10 moves,
// every one tried) stops when it is cancelled.
func TestWinningMoveCancel(t *testing.T) {
	inv, err := Compute(context.Background(), subtraction([]int{1, 2, 3}, 10))
	if err != nil {
		t.Fatal(err)
	}
	comps := []int{4, 4, 4, 4, 4, 4, 4, 4, 4, 4}
	rule := Rule{Move: All, End: Short, Play: Normal}
	if v, err := inv.Decide(context.Background(), comps, rule); err != nil || v.FirstWins {
		t.Fatalf("want a losing compound: %+v, %v", v, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, _, err := inv.WinningMove(ctx, comps, rule); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}

// TestReport checks Report on subtraction {1, 3, 4}: G(7) = 0, G(5) = 3,
// G(3) = 1, nim-sum 2, a win whose first winning move takes heap 7 to 6
// (G(6) = 2); and heaps 7 and 0, a loss with no winning move.
func TestReport(t *testing.T) {
	inv, err := Compute(context.Background(), subtraction([]int{1, 3, 4}, 10))
	if err != nil {
		t.Fatal(err)
	}
	name := func(p int) string { return "h" + strconv.Itoa(p) }
	rule := Rule{Move: One, End: Long, Play: Normal}
	rep, err := inv.Report(context.Background(), []int{7, 5, 3}, rule, name)
	if err != nil || rep.Outcome != "N" || rep.Winner != "first" || rep.Combined != "nim-sum 2" || len(rep.Components) != 3 ||
		rep.Components[1].Name != "h5" || rep.Components[1].Grundy != 3 || rep.Components[1].Value != "3" ||
		rep.WinningMove == nil || !slices.Equal(rep.WinningMove.Next, []int{6, 5, 3}) || !slices.Equal(rep.WinningMove.Moved, []int{0}) ||
		!slices.Equal(rep.WinningMove.Names, []string{"h6", "h5", "h3"}) {
		t.Fatalf("7 5 3: %+v, %v", rep, err)
	}
	rep, err = inv.Report(context.Background(), []int{7, 0}, rule, name)
	if err != nil || rep.Outcome != "P" || rep.Winner != "second" || rep.WinningMove != nil || !rep.Components[1].Ended {
		t.Fatalf("7 0: %+v, %v", rep, err)
	}
}

// subtraction returns the graph of the subtraction game of set on heaps
// 0..to: position p is a heap of p, its options p-k for k in set.
func subtraction(set []int, to int) *Graph {
	g := &Graph{Opts: make([][]int, to+1)}
	for p := range g.Opts {
		g.Opts[p] = []int{}
		for _, k := range set {
			if k <= p {
				g.Opts[p] = append(g.Opts[p], p-k)
			}
		}
	}
	return g
}
