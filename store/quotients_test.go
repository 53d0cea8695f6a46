package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// TestQuotients stores quotients once per (code, heaps), reads them back
// by code and for every code, and refuses ones out of range.
func TestQuotients(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "q.db"))
	at := time.Date(2026, 11, 25, 22, 0, 0, 0, time.UTC)
	kayles := QuotientRun{Code: "0.77", Canonical: "0.77", Heaps: 60, Order: 40, PPortion: 9, Presentation: `{"generators":[]}`,
		StableFrom: 27, Seconds: 0.2, Worker: "host/1", ComputedAt: at}
	periodic := kayles
	periodic.Heaps, periodic.Periodic, periodic.Preperiod, periodic.Period, periodic.ProvedAt = 200, true, 71, 12, 167
	dawson := QuotientRun{Code: "0.07", Canonical: "0.07", Heaps: 26, Order: 144, PPortion: 30, Presentation: "{}", StableFrom: 25}
	for _, q := range []QuotientRun{kayles, periodic, dawson} {
		if ok, err := s.PutQuotient(ctx, q); !ok || err != nil {
			t.Fatalf("PutQuotient(%s, %d) = %v, %v", q.Canonical, q.Heaps, ok, err)
		}
	}
	again := kayles
	again.Order = 99
	if ok, err := s.PutQuotient(ctx, again); ok || err != nil {
		t.Fatalf("a second quotient of 0.77 to 60 heaps: %v, %v; want it kept out", ok, err)
	}
	got, err := s.Quotients(ctx, "0.77")
	if err != nil || len(got) != 2 || got[0] != kayles || got[1] != periodic {
		t.Fatalf("Quotients(0.77) = %+v, %v", got, err)
	}
	all, err := s.Quotients(ctx, "")
	if err != nil || len(all) != 3 || all[0].Canonical != "0.07" || all[0].ComputedAt.IsZero() {
		t.Fatalf("Quotients() = %+v, %v", all, err)
	}
	for _, bad := range []QuotientRun{{Heaps: 3, Order: 2}, {Canonical: "0.77", Heaps: 3}, {Canonical: "0.77", Heaps: 3, Order: 2, PPortion: 3}} {
		if _, err := s.PutQuotient(ctx, bad); err == nil {
			t.Errorf("PutQuotient(%+v) stored", bad)
		}
	}
}
