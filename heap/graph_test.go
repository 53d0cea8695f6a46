package heap

import (
	"context"
	"testing"

	"nimber/compound"
)

// TestGraphGrundyMatchesSequence checks the explicit graph of heap-game
// positions: the Grundy value of each single heap equals the nim-sequence,
// and of a sum the nim-sum.
func TestGraphGrundyMatchesSequence(t *testing.T) {
	for _, code := range []string{"0.77", "0.07", "grundy", "4.37"} {
		gm, _ := Parse(code)
		seq, _ := gm.Plain(context.Background(), nil, 16)
		starts := [][]int{{15}, {7, 5, 3}}
		for n := range 16 {
			starts = append(starts, []int{n})
		}
		g, roots, err := gm.Graph(starts, 0)
		if err != nil {
			t.Fatal(err)
		}
		inv, err := compound.Compute(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := inv.G[roots[1]], int32(seq[7]^seq[5]^seq[3]); got != want {
			t.Errorf("%s 7+5+3: graph G %d, nim-sum %d", code, got, want)
		}
		for n := range 16 {
			if inv.G[roots[n+2]] != int32(seq[n]) {
				t.Errorf("%s heap %d: graph G %d, sequence %d", code, n, inv.G[roots[n+2]], seq[n])
			}
		}
	}
	gm, _ := Parse("0.77")
	if _, _, err := gm.Graph([][]int{{60}}, 100); err == nil {
		t.Fatal("no error beyond the position limit")
	}
}
