package compound

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"nimber/game"
)

// TestDecideLoopyAcyclic: on acyclic graphs the disjunctive compound decided
// by generalised values agrees with the invariants' decision (the nim-sum
// of Grundy values, computed in topological order by another algorithm),
// component by component and in outcome, and its winning move leaves a
// lost compound.
func TestDecideLoopyAcyclic(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 3))
	ctx := context.Background()
	name := func(p int) string { return strconv.Itoa(p) }
	for range 500 {
		g := randomGraph(rng)
		inv := mustCompute(t, g)
		comps := randomComponents(rng, g, 1+rng.IntN(3))
		rep, err := DecideLoopy(ctx, g, comps, Disjunctive, name, 0)
		if err != nil {
			t.Fatal(err)
		}
		v, err := inv.Decide(ctx, comps, Disjunctive)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Outcome != v.Outcome().String() {
			t.Fatalf("%v %v: outcome %s, invariants %v", g.Opts, comps, rep.Outcome, v.Outcome())
		}
		for i, c := range rep.Components {
			if !c.Value.Equal(game.Nimber(int(inv.G[comps[i]]))) {
				t.Fatalf("%v %v: component %d value %v, Grundy value %d", g.Opts, comps, i, c.Value, inv.G[comps[i]])
			}
		}
		if (rep.WinningMove != nil) != (rep.Outcome == "N") || rep.DrawingMove != nil {
			t.Fatalf("%v %v: %s with winning move %v, drawing move %v", g.Opts, comps, rep.Outcome, rep.WinningMove, rep.DrawingMove)
		}
		if m := rep.WinningMove; m != nil {
			if after, _ := inv.Decide(ctx, m.Next, Disjunctive); after.FirstWins {
				t.Fatalf("%v %v: the winning move to %v leaves a won compound", g.Opts, comps, m.Next)
			}
		}
	}
}

// TestDecideLoopyCycles: a graph with cycles (a pass, and a two-cycle with
// an exit): values, a draw kept, a win by Smith's theorem; the other rules
// are refused in one line.
func TestDecideLoopyCycles(t *testing.T) {
	// 0 ends; 1 passes or moves to 0: ∞(0); 2 and 3 move to each other, 3
	// also to 0: 2 is 0, 3 is 1; 4 moves to 1 only, which reverses out to
	// 0: 4 is 0.
	g := &Graph{Opts: [][]int{{}, {1, 0}, {3}, {2, 0}, {1}}}
	name := func(p int) string { return strconv.Itoa(p) }
	ctx := context.Background()
	for _, tc := range []struct {
		comps   []int
		values  string
		outcome string
	}{
		{[]int{1}, "∞(0)", "N"},
		{[]int{2}, "0", "P"},
		{[]int{3, 2}, "1 0", "N"},
		{[]int{1, 3}, "∞(0) 1", "D"}, // ∞({0} ⊕ 1) = ∞(1)
		{[]int{4}, "0", "P"},
		{[]int{4, 1}, "0 ∞(0)", "N"},
		{[]int{1, 1}, "∞(0) ∞(0)", "D"},
	} {
		rep, err := DecideLoopy(ctx, g, tc.comps, Disjunctive, name, 0)
		if err != nil {
			t.Fatal(err)
		}
		var values []string
		for _, c := range rep.Components {
			values = append(values, c.Value.String())
		}
		if strings.Join(values, " ") != tc.values || rep.Outcome != tc.outcome {
			t.Errorf("%v: values %v, outcome %s; want %s, %s", tc.comps, values, rep.Outcome, tc.values, tc.outcome)
		}
		if (rep.DrawingMove != nil) != (tc.outcome == "D") || (rep.WinningMove != nil) != (tc.outcome == "N") {
			t.Errorf("%v: winning move %v, drawing move %v", tc.comps, rep.WinningMove, rep.DrawingMove)
		}
	}
	for _, r := range Rules() {
		if r == Disjunctive {
			continue
		}
		_, err := DecideLoopy(ctx, g, []int{1}, r, name, 0)
		if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "only the disjunctive one (one/long/normal)") {
			t.Errorf("%s: %v, want it refused in one line", r, err)
		}
	}
}
