package domineering

import (
	"context"
	"math/rand/v2"
	"testing"

	"nimber/game"
	"nimber/grid"
)

// TestSelfTranspose checks SelfTranspose on boards made symmetric and on
// random ones, and that a board it accepts has Right first = Left first.
func TestSelfTranspose(t *testing.T) {
	for _, tc := range []struct {
		rows []string
		want bool
	}{
		{[]string{"...", "...", "..."}, true},
		{[]string{".#.", "#..", "..."}, true},
		{[]string{".#.", "...", "..."}, false},
		{[]string{"...", "..."}, false},
		{[]string{"#"}, true},
	} {
		if got := SelfTranspose(grid.MustFromRows(tc.rows...)); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.rows, got, tc.want)
		}
	}
	rng := rand.New(rand.NewPCG(30, 4))
	found := 0
	for range 300 {
		n := 2 + rng.IntN(4)
		g := grid.Random(rng, n, n, 0.25, '.', '#')
		for r := range n {
			for c := range r {
				g.Set(r, c, g.At(c, r))
			}
		}
		if !SelfTranspose(g) {
			t.Fatalf("a board made symmetric is not its own transpose:\n%s", g)
		}
		res, err := SolveOutcome(context.Background(), g, game.OutcomeOptions{TableMiB: 1})
		if err != nil {
			t.Fatal(err)
		}
		w, _, err := Wins(context.Background(), g, game.Right, game.OutcomeOptions{TableMiB: 1})
		if err != nil {
			t.Fatal(err)
		}
		if w != res.LeftFirst {
			t.Fatalf("Right first %v, Left first %v on\n%s", w, res.LeftFirst, g)
		}
		found++
	}
	t.Logf("%d symmetric boards", found)
}
