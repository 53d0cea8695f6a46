package heap

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestExtenderSteps: an Extender that grows a sequence in random steps,
// from scratch or from a prefix, gives exactly the values of Plain; also
// with the tiny tuning on two workers, which reaches every path of the
// engine (the pipeline, mask changes, parallel scans) on small heaps.
func TestExtenderSteps(t *testing.T) {
	cases := []struct {
		code string
		to   int
	}{
		{"grundy", 6000}, {"0.16", 6000}, {"0.137", 3000}, {"4.07", 3000}, {"0.8F", 600}, {"sub:1,3,4", 500},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range cases {
		gm, _ := Parse(tc.code)
		want := plainValues(t, gm, tc.to)
		for i, start := range []int{0, tc.to / 3, 0, tc.to / 3} {
			g := NewSeq(want[:start])
			ext := gm.NewExtender(g)
			if i >= 2 {
				ext = newExtender(gm, g, 2, tinySparse)
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

// TestRareStats checks RareStats against a count over every mask: the mask
// makes the fewest heaps a >= 1 rare (ties to fewer bits), Rare counts the
// heaps rare under it, heap 0 included, and Largest is the largest value.
func TestRareStats(t *testing.T) {
	for code, to := range map[string]int{"grundy": 3000, "0.137": 3000, "0.16": 3000, "4.07": 3000, "0.8F": 300} {
		gm, _ := Parse(code)
		g := &Seq{}
		if err := gm.Extend(context.Background(), g, to); err != nil {
			t.Fatal(err)
		}
		vals := g.Values(0, g.Len())
		st := gm.RareStats(g)
		largest := slices.Max(vals)
		if st.Largest != largest {
			t.Errorf("%s: Largest %d, want %d", code, st.Largest, largest)
		}
		count := func(mask uint16, from int) int {
			c := 0
			for _, v := range vals[from:] {
				if isRare(v, mask) {
					c++
				}
			}
			return c
		}
		for m := uint16(0); m < 1<<bits.Len16(largest); m++ {
			if c, best := count(m, 1), count(st.Mask, 1); c < best || c == best && bits.OnesCount16(m) < bits.OnesCount16(st.Mask) {
				t.Errorf("%s: mask %d makes %d heaps rare, fewer than (or as few, with fewer bits) mask %d: %d", code, m, c, st.Mask, best)
			}
		}
		if want := count(st.Mask, 0); st.Rare != want {
			t.Errorf("%s: Rare %d, want %d", code, st.Rare, want)
		}
	}
}
