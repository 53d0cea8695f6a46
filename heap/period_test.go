package heap

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// shortPeriod is a published short period, a case of
// TestShortPeriodsProven: the code's values to heap to have period p after
// lastExc, the last n with G(n) != G(n+p) (-1 for none, -2 not checked).
type shortPeriod struct {
	code           string
	to, p, lastExc int
}

// TestShortPeriodsProven reproduces the published short periods and proves
// them with the Guy–Smith condition.
func TestShortPeriodsProven(t *testing.T) {
	for _, tc := range []shortPeriod{
		{"0.07", 1000, 34, -2},    // Dawson's Kayles: period 34 (preperiod not pinned)
		{"0.77", 1000, 12, 70},    // Kayles: period 12 from n = 71
		{"sub:1,3,4", 100, 7, -1}, // period 7 from the start
	} {
		g, _ := Parse(tc.code)
		vals, err := g.Plain(context.Background(), nil, tc.to)
		if err != nil {
			t.Fatal(err)
		}
		per, ok := g.FindPeriod(NewSeq(vals), 0)
		if !ok || !per.Proven || per.Period != tc.p || (tc.lastExc >= -1 && per.Preperiod != tc.lastExc+1) {
			t.Errorf("%s: %+v (ok %v); want period %d from %d, proven", tc.code, per, ok, tc.p, tc.lastExc+1)
		}
	}
}

func TestPeriodNeedsEnoughValues(t *testing.T) {
	g, _ := Parse("0.77")
	vals, _ := g.Plain(context.Background(), nil, 200)
	// 200 values cannot prove period 12 from 71 (2*71 + 24 + 2 = 168 <= 200
	// can); 150 cannot.
	if per, _ := g.FindPeriod(NewSeq(vals[:150]), 0); per.Proven {
		t.Fatalf("proved %+v from 150 values", per)
	}
	if per, _ := g.FindPeriod(NewSeq(vals), 0); !per.Proven || per.Period != 12 || per.Needed != 168 {
		t.Fatalf("200 values: %+v", per)
	}
	// Grundy's game is not octal: never proven.
	gr, _ := Parse("grundy")
	gv, _ := gr.Plain(context.Background(), nil, 3000)
	if per, _ := gr.FindPeriod(NewSeq(gv), 0); per.Proven {
		t.Fatalf("Grundy's game proven periodic: %+v", per)
	}
}

// TestPublishedPeriodsProven computes 0.16, 0.56 and 0.376 with the fast
// engine far enough for the Guy–Smith condition and checks the published
// periods and preperiods (0.376 only without -short).
func TestPublishedPeriodsProven(t *testing.T) {
	for _, tc := range []struct {
		code      string
		to, p, n0 int
		slow      bool
	}{
		{"0.16", 520000, 149459, 105351, false}, // last exceptional value at 105350
		{"0.56", 660000, 144, 326640, false},
		{"0.376", 4540000, 4, 2268248, true},
	} {
		if tc.slow && testing.Short() {
			continue
		}
		g, _ := Parse(tc.code)
		vals := &Seq{}
		if err := g.Extend(context.Background(), vals, tc.to); err != nil {
			t.Fatal(err)
		}
		per, ok := g.FindPeriod(vals, 0)
		if !ok || !per.Proven || per.Period != tc.p || per.Preperiod != tc.n0 {
			t.Errorf("%s to %d: %+v (ok %v); want period %d from %d, proven", tc.code, tc.to, per, ok, tc.p, tc.n0)
		}
	}
}

// TestArithmeticPeriod finds the saltus of hexadecimal games whose values
// grow: 0.8 (G(n) = floor((n-1)/3) for n >= 1) and 0.C (floor((n-1)/2)),
// and finds none where an ordinary period exists.
func TestArithmeticPeriod(t *testing.T) {
	for _, tc := range []struct {
		code            string
		p, saltus, from int
	}{
		{"0.8", 3, 1, 1},
		{"0.C", 2, 1, 1},
		{"0.77", 12, 0, 71},
	} {
		g, _ := Parse(tc.code)
		vals := &Seq{}
		if err := g.Extend(context.Background(), vals, 600); err != nil {
			t.Fatal(err)
		}
		per, ok := g.FindPeriod(vals, 0)
		if !ok || per.Period != tc.p || per.Saltus != tc.saltus || per.Preperiod != tc.from || (tc.saltus > 0 && per.Proven) {
			t.Errorf("%s: %+v (ok %v); want period %d, saltus %d, from %d", tc.code, per, ok, tc.p, tc.saltus, tc.from)
		}
	}
}

// findPeriodSlow is FindPeriod written plainly: every p, walked from the
// end, then the arithmetic periods the same way.
func findPeriodSlow(gm *Code, g []uint16) (Period, bool) {
	n, t := len(g), gm.MaxRemoval()
	var apparent Period
	for p := 1; p <= n/2; p++ {
		n0 := n - p
		for n0 > 0 && g[n0-1] == g[n0-1+p] {
			n0--
		}
		needed := 2*n0 + 2*p + t
		if gm.Octal() && n >= needed {
			return Period{Period: p, Preperiod: n0, Proven: true, Needed: needed}, true
		}
		if apparent.Period == 0 && n-p-n0 >= 3*p && n0 <= n/2 {
			apparent = Period{Period: p, Preperiod: n0, Needed: needed}
		}
	}
	if apparent.Period > 0 {
		return apparent, true
	}
	for p := 1; p <= n/2; p++ {
		s := int(g[n-1]) - int(g[n-1-p])
		if s <= 0 {
			continue
		}
		n0 := n - p
		for n0 > 0 && int(g[n0-1+p])-int(g[n0-1]) == s {
			n0--
		}
		if n-p-n0 >= 3*p && n0 <= n/2 {
			return Period{Period: p, Preperiod: n0, Saltus: s}, true
		}
	}
	return Period{}, false
}

// TestFindPeriodMatchesSlow compares FindPeriod with findPeriodSlow on
// random sequences that become periodic (or arithmetic-periodic) after a
// random prefix, with rare exceptions, for an octal game and two others.
func TestFindPeriodMatchesSlow(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var games []*Code
	for _, code := range []string{"0.77", "0.137", "grundy", "0.8"} {
		gm, _ := Parse(code)
		games = append(games, gm)
	}
	kinds := map[string]int{}
	for trial := range 4000 {
		n := 2 + rng.IntN(600)
		pre, q, saltus := rng.IntN(n), 1+rng.IntN(1+n/4), 0
		if rng.IntN(4) == 0 {
			saltus = 1 + rng.IntN(3)
		}
		g := make([]uint16, n)
		for i := range g {
			switch {
			case i < pre || i < q:
				g[i] = uint16(rng.IntN(4))
			default:
				g[i] = g[i-q] + uint16(saltus)
			}
			if rng.IntN(500) == 0 {
				g[i] = uint16(rng.IntN(4))
			}
		}
		gm := games[trial%len(games)]
		got, ok := gm.FindPeriod(NewSeq(g), 0)
		want, wantOK := findPeriodSlow(gm, g)
		if got != want || ok != wantOK {
			t.Fatalf("%s, %v: got %+v %v, want %+v %v", gm, g, got, ok, want, wantOK)
		}
		switch {
		case !ok:
			kinds["none"]++
		case got.Proven:
			kinds["proven"]++
		case got.Saltus > 0:
			kinds["saltus"]++
		default:
			kinds["apparent"]++
		}
	}
	for _, k := range []string{"none", "proven", "apparent", "saltus"} {
		if kinds[k] < 100 {
			t.Errorf("only %d sequences with the answer %s: %v", kinds[k], k, kinds)
		}
	}
}

// TestSummaryLastHeaps checks the last exceptional value and the last rare
// heap of Summarize against their definitions, on every two-digit octal
// code and Grundy's game.
func TestSummaryLastHeaps(t *testing.T) {
	codes := []string{"grundy"}
	for a := range 8 {
		for b := 1; b < 8; b++ {
			codes = append(codes, fmt.Sprintf("0.%d%d", a, b))
		}
	}
	for _, code := range codes {
		gm, err := Parse(code)
		if err != nil {
			t.Fatal(err)
		}
		g := &Seq{}
		if err := gm.Extend(context.Background(), g, 3000); err != nil {
			t.Fatal(err)
		}
		sum := gm.Summarize(g)
		wantExc := -1
		if sum.Period > 0 {
			for n := 0; n+sum.Period < g.Len(); n++ {
				if g.Value(n+sum.Period)-g.Value(n) != sum.Saltus {
					wantExc = n
				}
			}
		}
		wantRare := -1
		for n := range g.Len() {
			if sum.Mask != 0 && bits.OnesCount(uint(g.Value(n)&sum.Mask))%2 == 0 {
				wantRare = n
			}
		}
		if sum.LastExceptional != wantExc || sum.LastRare != wantRare {
			t.Errorf("%s: last exceptional %d, last rare %d; want %d and %d (period %d, saltus %d, mask %d)",
				code, sum.LastExceptional, sum.LastRare, wantExc, wantRare, sum.Period, sum.Saltus, sum.Mask)
		}
	}
}
