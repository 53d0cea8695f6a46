package heap

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestExtenderSteps: an Extender that grows a sequence in random steps,
// from scratch or from a prefix, gives exactly the values of Plain; also
// with the tiny tuning on two workers, which reaches every path of the
// engine (the pipeline, mask changes, parallel scans) on small heaps.
func TestExtenderSteps(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		code string
		to   int
	}{
		{"grundy", 6000}, {"0.16", 6000}, {"0.137", 3000}, {"4.07", 3000}, {"0.8F", 600}, {"sub:1,3,4", 500},
	} {
		gm, _ := Parse(tc.code)
		want := plainValues(t, gm, tc.to)
		for i, start := range []int{0, tc.to / 3, 0, tc.to / 3} {
			g := NewSeq(want[:start])
			ext := gm.NewExtender(g)
			if i >= 2 {
				ext = &Extender{s: newSparser(gm, g, 2, tinySparse)}
			}
			for n := start; n < tc.to; {
				n = min(tc.to, n+1+rng.IntN(700))
				if err := ext.Extend(context.Background(), n); err != nil {
					t.Fatal(err)
				}
			}
			if got := g.Values(0, g.Len()); !slices.Equal(got, want) {
				t.Fatalf("%s from %d (run %d): heap %d differs", tc.code, start, i, firstDiff(got, want))
			}
		}
	}
}

// TestExtenderKeepsItsError: after an error every call returns it.
func TestExtenderKeepsItsError(t *testing.T) {
	gm, _ := Parse("grundy")
	ext := gm.NewExtender(&Seq{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := ext.Extend(ctx, 100); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	if err := ext.Extend(context.Background(), 100); !errors.Is(err, context.Canceled) {
		t.Fatalf("after the error: %v", err)
	}
}
