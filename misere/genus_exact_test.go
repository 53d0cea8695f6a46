package misere

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// TestGenusAgainstSearch compares the genus computed from the options'
// genera with its twin: γk searched directly as the misère value of the
// heap with k Nim-heaps of size 2 beside it (Solver.Value's search), k =
// 0..7.
func TestGenusAgainstSearch(t *testing.T) {
	ctx := context.Background()
	for _, code := range []string{"0.3", "0.31", "0.33", "0.51", "0.71", "0.75", "0.77", "0.07", "0.137", "0.312", "0.123", "4.7", "grundy", "0.4"} {
		s := solver(t, code)
		twin := solver(t, code)
		for n := range 13 {
			g, err := s.Genus(ctx, n)
			if err != nil {
				t.Fatal(err)
			}
			p := []int{n}
			for k := range 8 {
				v, err := twin.val(ctx, twin.canonical(p)) // Value refuses the Nim-heaps nim2
				if err != nil {
					t.Fatal(err)
				}
				if gammaAt(g, k) != v {
					t.Fatalf("%s heap %d: γ%d = %d, the search says %d (genus %s %v)", code, n, k, gammaAt(g, k), v, g, g.Gamma)
				}
				p = append(p, nim2)
			}
		}
	}
}

// gammaAt extends a genus' values with their final alternation.
func gammaAt(g Genus, k int) int {
	if k < len(g.Gamma) {
		return g.Gamma[k]
	}
	n := len(g.Gamma)
	return g.Gamma[n-2+(k-n)%2]
}

// TestGenus312 reproduces Plambeck's single-heap genus sequence of the
// quaternary game .312 (plambeck.org, misère quaternary games, .312:
// 1^{03131} 2^{20} 0^{02} 2^{1420} 0^{02} 1^{13} for heaps 1..6, the last
// two repeating), and the phyla of heaps 3 and 4, which are CGSuite's
// examples *[[2]] (tame, genus 0^0) and *[[2],1] (restless, 2^1420).
func TestGenus312(t *testing.T) {
	s := solver(t, "0.312")
	ctx := context.Background()
	want := []string{"1^031", "2^20", "0^02", "2^1420", "0^02", "1^13", "0^02", "1^13", "0^02", "1^13"}
	for i, w := range want {
		g, err := s.Genus(ctx, i+1)
		if err != nil {
			t.Fatal(err)
		}
		if g.String() != w {
			t.Errorf("heap %d: %s, want %s", i+1, g, w)
		}
	}
	for n, want := range map[int]string{1: Tame, 2: Tame, 3: Tame, 4: Restless, 5: Wild} {
		if p, err := s.Phylum(ctx, n); err != nil || p != want {
			t.Errorf("heap %d: %s %v, want %s", n, p, err, want)
		}
	}
}

// TestGenusQuaternary reproduces Plambeck's survey of the quaternary games
// (plambeck.org, misère quaternary games): among the codes 0.d1d2d3 with
// digits 0..3, the heaps are all misère Nim-heaps except in .31 (Winning
// Ways' Stalking) and the seven "woolly mammoths" .121, .123, .131, .201,
// .211, .312 and .331. A Nim-heap has a Nim-heap's genus; here every heap
// up to 40 of the other codes does, and each of the eight has a heap that
// does not.
func TestGenusQuaternary(t *testing.T) {
	ctx := context.Background()
	special := []string{"0.121", "0.123", "0.131", "0.201", "0.211", "0.310", "0.312", "0.331"}
	for d := range 64 {
		code := fmt.Sprintf("0.%d%d%d", d/16, d/4%4, d%4)
		s := solver(t, code)
		nim := true
		for n := 0; n <= 40; n++ {
			g, err := s.Genus(ctx, n)
			if err != nil {
				t.Fatal(err)
			}
			nim = nim && g.Tame()
		}
		if nim == slices.Contains(special, code) {
			t.Errorf("%s: every heap up to 40 has a Nim-heap's genus: %v", code, nim)
		}
	}
}

// TestPhylumKayles: Kayles' heaps 0..4 are Nim-heaps (tame); heap 5,
// 4^146, has only tame options and γ0 = 1: restless.
func TestPhylumKayles(t *testing.T) {
	s := solver(t, "0.77")
	ctx := context.Background()
	for n, want := range []string{Tame, Tame, Tame, Tame, Tame, Restless} {
		if p, err := s.Phylum(ctx, n); err != nil || p != want {
			t.Errorf("heap %d: %s %v, want %s", n, p, err, want)
		}
	}
}

// TestTameSumRule checks Conway's rule for sums of hereditarily tame
// positions against exact genera: the sum of tame genera (a, fickle) and
// (b, fickle') is tame with normal value a xor b, fickle when both are
// (a genus is fickle when γ0 = g xor 1: 0^120, 1^031), on every sum of up
// to three tame heaps of codes with tame heaps of each kind.
func TestTameSumRule(t *testing.T) {
	ctx := context.Background()
	for _, code := range []string{"0.312", "0.121", "0.201", "0.33", "0.77"} {
		s := solver(t, code)
		var tame []int
		for n := 1; n <= 12; n++ {
			if p, err := s.Phylum(ctx, n); err == nil && p == Tame {
				tame = append(tame, n)
			}
		}
		for _, a := range tame {
			for _, b := range tame {
				for _, c := range append([]int{0}, tame...) {
					heaps := []int{a, b}
					if c > 0 {
						heaps = append(heaps, c)
					}
					sum, err := s.exactGenus(ctx, s.canonical(heaps))
					if err != nil {
						t.Fatal(err)
					}
					x, fickle := 0, true
					for _, h := range heaps {
						q, _ := s.exactGenus(ctx, s.canonical([]int{h}))
						x ^= q.g
						fickle = fickle && q.at(0) != q.g
					}
					want := x
					if fickle {
						want ^= 1
					}
					if !tameSeq(sum) || sum.g != x || sum.at(0) != want {
						t.Fatalf("%s %v: genus g=%d %v, want tame %d^%d", code, heaps, sum.g, sum.gamma, x, want)
					}
				}
			}
		}
	}
}

// BenchmarkGenusKayles computes the genus of Kayles' heaps 0..30.
func BenchmarkGenusKayles(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		s := solver(b, "0.77")
		for n := range 31 {
			if _, err := s.Genus(ctx, n); err != nil {
				b.Fatal(err)
			}
		}
	}
}
