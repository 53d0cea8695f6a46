package heap

import (
	"context"
	"testing"
)

// TestShortPeriodsProven reproduces the published short periods and proves
// them with the Guy–Smith condition.
func TestShortPeriodsProven(t *testing.T) {
	for _, tc := range []struct {
		code           string
		to, p, lastExc int // lastExc: the last n with G(n) != G(n+p); -1 for none, -2 not checked
	}{
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
