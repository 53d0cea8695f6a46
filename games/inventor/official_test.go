package inventor

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"nimber/games/grid"
)

// TestOfficialData solves the official Code Jam data with both solvers and
// compares every answer with the official one.
func TestOfficialData(t *testing.T) {
	for _, set := range []string{"sample", "set1", "set2"} {
		in, err := os.Open("testdata/official/" + set + ".in")
		if err != nil {
			t.Fatal(err)
		}
		cases, err := grid.Parse(in, Spec)
		in.Close()
		if err != nil {
			t.Fatalf("%s: %v", set, err)
		}
		ans, err := os.ReadFile("testdata/official/" + set + ".ans")
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Split(strings.TrimSpace(string(ans)), "\n")
		if len(want) != len(cases) {
			t.Fatalf("%s: %d answers for %d cases", set, len(want), len(cases))
		}
		for name, solve := range map[string]func(context.Context, grid.Grid) (Result, error){"dense": Solve, "generic": SolveGeneric} {
			for i, g := range cases {
				res, err := solve(context.Background(), g)
				if err != nil {
					t.Fatalf("%s %s case %d: %v", set, name, i+1, err)
				}
				if got := fmt.Sprintf("Case #%d: %d", i+1, len(res.Winning)); got != strings.TrimSpace(want[i]) {
					t.Errorf("%s %s: got %q, want %q\n%s", set, name, got, want[i], g)
				}
			}
		}
	}
}
