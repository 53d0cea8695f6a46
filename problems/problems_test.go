package problems

import (
	"context"
	"slices"
	"testing"

	"nimber/grid"
)

// TestImpartialSolvers checks that the solvers of an impartial grid game
// are those of its engines, each calling its own solve function and
// converting the result.
func TestImpartialSolvers(t *testing.T) {
	solve := func(v int) func(context.Context, grid.Grid) (int, error) {
		return func(context.Context, grid.Grid) (int, error) { return v, nil }
	}
	solvers := ImpartialSolvers(solve(3), solve(0), func(v int) Analysis { return Impartial(v, nil) })
	var engines []Engine
	for e := range solvers {
		engines = append(engines, e)
	}
	slices.Sort(engines)
	if want := slices.Sorted(slices.Values(ImpartialEngines)); !slices.Equal(engines, want) {
		t.Fatalf("engines %v, want %v", engines, want)
	}
	for e, want := range map[Engine]string{Dense: "N", Generic: "P"} {
		a, err := solvers[e](context.Background(), grid.New(1, 1, '.'), Options{})
		if err != nil || a.Outcome != want || a.Winning == nil {
			t.Errorf("%s: %+v, %v; want outcome %s and an empty list of moves", e, a, err, want)
		}
	}
}
