package boi2008

import (
	"context"
	"os"
	"strings"
	"testing"

	"nimber/game/gametest"
	"nimber/grid"
	"nimber/internal/golden"
)

// TestGolden checks both solvers against the statement's example and the
// hand-derived answers of testdata/handmade.md. The exhaustive solver gets
// boards without distances, so it cannot lean on them.
func TestGolden(t *testing.T) {
	for _, name := range []string{"testdata/official/sample", "testdata/handmade"} {
		checkGolden(t, name)
	}
}

func checkGolden(t *testing.T, name string) {
	in := gametest.Must(t, os.Open, name+".in")
	defer in.Close()
	cases, err := grid.Parse(in, Spec)
	if err != nil {
		t.Fatal(err)
	}
	ans := golden.Read(t, name+".ans")
	want := strings.Fields(string(ans))
	if len(want) != len(cases) {
		t.Fatalf("%d answers for %d boards", len(want), len(cases))
	}
	for i, g := range cases {
		b := gametest.Must(t, NewBoard, g)
		v, err := Solve(context.Background(), b)
		if err != nil || v.Winner.String() != want[i] {
			t.Errorf("%s board %d: DP says %v (%v), want %s\n%s", name, i+1, v.Winner, err, want[i], g)
		}
		out, err := Exhaustive(context.Background(), exDistanceFree(b))
		if err != nil || out.String() != want[i] {
			t.Errorf("%s board %d: exhaustive says %v (%v), want %s\n%s", name, i+1, out, err, want[i], g)
		}
	}
}
