package boi2008

import (
	"context"
	"os"
	"strings"
	"testing"

	"nimber/games/grid"
)

// TestHandmadeGolden checks both solvers against hand-derived answers
// (testdata/handmade.md explains each board).
func TestHandmadeGolden(t *testing.T) {
	in, err := os.Open("testdata/handmade.in")
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	cases, err := grid.Parse(in, Spec)
	if err != nil {
		t.Fatal(err)
	}
	ans, err := os.ReadFile("testdata/handmade.ans")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Fields(string(ans))
	if len(want) != len(cases) {
		t.Fatalf("%d answers for %d boards", len(want), len(cases))
	}
	for i, g := range cases {
		b, err := NewBoard(g)
		if err != nil {
			t.Fatal(err)
		}
		v, err := Solve(context.Background(), b)
		if err != nil || v.Winner.String() != want[i] {
			t.Errorf("board %d: DP says %v (%v), want %s\n%s", i+1, v.Winner, err, want[i], g)
		}
		out, err := Exhaustive(context.Background(), b)
		if err != nil || out.String() != want[i] {
			t.Errorf("board %d: exhaustive says %v (%v), want %s\n%s", i+1, out, err, want[i], g)
		}
	}
}
