package searchjobs

import (
	"context"
	"math/rand/v2"
	"testing"

	"nimber/grid"
	"nimber/store/storetest"
)

// TestStoreSymmetries keeps random boards in the store and finds each of
// their eight symmetric boards there, with who wins as SolveOutcome says
// of that board (transposed boards swap the players); a board kept twice
// keeps its first row.
func TestStoreSymmetries(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	rng := rand.New(rand.NewPCG(30, 6))
	for range 30 {
		g := grid.Random(rng, 2+rng.IntN(4), 2+rng.IntN(4), 0.2, '.', '#')
		lf, rf := solve(t, g)
		if _, ok, err := Lookup(ctx, st, g); err != nil {
			t.Fatal(err)
		} else if ok {
			continue // a symmetric board of an earlier one
		}
		if ins, err := Keep(ctx, st, g, lf, rf, 10, 0.5, ""); err != nil || !ins {
			t.Fatalf("Keep(%s) = %v, %v", BoardText(g), ins, err)
		}
		if ins, err := Keep(ctx, st, g, !lf, rf, 10, 0.5, "w"); err != nil || ins {
			t.Fatalf("Keep(%s) again = %v, %v", BoardText(g), ins, err)
		}
		for _, s := range symmetries {
			h := s.apply(g)
			wl, wr := solve(t, h)
			got, ok, err := Lookup(ctx, st, h)
			if err != nil || !ok || got.LeftFirst != wl || got.RightFirst != wr || got.Row.Position != BoardText(g) {
				t.Fatalf("%s, %s of %s: %+v, %v, %v; want Left first %v, Right first %v", BoardText(h), s.name, BoardText(g), got, ok, err, wl, wr)
			}
			if BoardText(h) != BoardText(g) && got.As == "" {
				t.Errorf("%s found as %s, not said how", BoardText(h), BoardText(g))
			}
		}
	}
	rows, err := st.Outcomes(ctx, Game)
	if err != nil || len(rows) == 0 || rows[0].Worker == "" || rows[0].Game != Game {
		t.Errorf("Outcomes: %+v, %v", rows, err)
	}
}
