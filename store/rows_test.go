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

// TestBestQuotient chooses the stored quotient that answers a number of
// heaps: periodic first, then the most heaps, none below the number asked
// unless periodic; BestQuotients does the same for every code.
func TestBestQuotient(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "q.db"))
	q := func(code string, heaps int, periodic bool) QuotientRun {
		return QuotientRun{Code: code, Canonical: code, Heaps: heaps, Order: 2, Periodic: periodic, Map: `["1","a"]`, PElements: `["a"]`}
	}
	for _, r := range []QuotientRun{q("0.77", 20, false), q("0.77", 30, false), q("0.75", 25, true), q("0.75", 40, false)} {
		if ok, err := s.PutQuotient(ctx, r); !ok || err != nil {
			t.Fatalf("PutQuotient(%s, %d) = %v, %v", r.Canonical, r.Heaps, ok, err)
		}
	}
	for _, tc := range []struct {
		code      string
		heaps     int
		want      int // heaps of the answer, 0 for none
		wantFound bool
	}{
		{"0.77", 10, 30, true}, {"0.77", 30, 30, true}, {"0.77", 31, 0, false},
		{"0.75", 10, 25, true}, {"0.75", 1000, 25, true}, {"0.3", 1, 0, false},
	} {
		got, ok, err := s.BestQuotient(ctx, tc.code, tc.heaps)
		if err != nil || ok != tc.wantFound || got.Heaps != tc.want {
			t.Errorf("BestQuotient(%s, %d) = %d heaps, %v, %v; want %d, %v", tc.code, tc.heaps, got.Heaps, ok, err, tc.want, tc.wantFound)
		}
		if ok && (got.Map != `["1","a"]` || got.PElements != `["a"]`) {
			t.Errorf("BestQuotient(%s): map %q, P-portion %q", tc.code, got.Map, got.PElements)
		}
	}
	all, err := s.BestQuotients(ctx)
	if err != nil || len(all) != 2 || all[0].Canonical != "0.75" || all[0].Heaps != 25 || all[1].Heaps != 30 {
		t.Errorf("BestQuotients() = %+v, %v", all, err)
	}
}

// TestQuotientStops remembers stopped computations and answers a later
// one from them only when it would stop again: a stop at a heap within
// those asked for, under limits no higher.
func TestQuotientStops(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "q.db"))
	stop := QuotientStop{Code: "0.137", Canonical: "0.137", Heaps: 30, StoppedAt: 24, Order: 24, Reason: "over 256 MiB",
		Memory: 256 << 20, Checks: 1000, Timeout: 10 * time.Second, Seconds: 3, Worker: "host/1/1"}
	if ok, err := s.PutQuotientStop(ctx, stop); !ok || err != nil {
		t.Fatalf("PutQuotientStop = %v, %v", ok, err)
	}
	if ok, err := s.PutQuotientStop(ctx, stop); ok || err != nil {
		t.Errorf("the same stop again: %v, %v; want it kept once", ok, err)
	}
	untimed := stop
	untimed.Code, untimed.Canonical, untimed.Timeout = "0.6", "0.6", 0
	if ok, err := s.PutQuotientStop(ctx, untimed); !ok || err != nil {
		t.Fatalf("PutQuotientStop(no timeout) = %v, %v", ok, err)
	}
	for _, tc := range []struct {
		code    string
		heaps   int
		memory  int64
		checks  int
		timeout time.Duration
		want    bool
	}{
		{"0.137", 30, 256 << 20, 1000, 10 * time.Second, true},
		{"0.137", 24, 128 << 20, 500, time.Second, true},        // lower limits stop earlier still
		{"0.137", 23, 256 << 20, 1000, 10 * time.Second, false}, // heaps 1..23 may finish
		{"0.137", 30, 512 << 20, 1000, 10 * time.Second, false}, // more memory
		{"0.137", 30, 256 << 20, 2000, 10 * time.Second, false}, // more checks
		{"0.137", 30, 256 << 20, 1000, 20 * time.Second, false}, // more time
		{"0.137", 30, 256 << 20, 1000, 0, false},                // no timeout
		{"0.6", 30, 256 << 20, 1000, 0, true},                   // stopped with none
		{"0.6", 30, 256 << 20, 1000, time.Hour, true},           //
		{"0.77", 30, 256 << 20, 1000, 10 * time.Second, false},  // another code
	} {
		got, ok, err := s.QuotientStopped(ctx, tc.code, tc.heaps, tc.memory, tc.checks, tc.timeout)
		if err != nil || ok != tc.want {
			t.Errorf("QuotientStopped(%s, %d, %d, %d, %v) = %v, %v; want %v", tc.code, tc.heaps, tc.memory, tc.checks, tc.timeout, ok, err, tc.want)
		}
		if ok && tc.code == "0.137" && (got.StoppedAt != 24 || got.Order != 24 || got.Timeout != stop.Timeout || got.Reason != stop.Reason ||
			got.Worker != stop.Worker || got.ComputedAt.IsZero()) {
			t.Errorf("QuotientStopped(0.137) = %+v", got)
		}
	}
	all, err := s.QuotientStops(ctx, "")
	if err != nil || len(all) != 2 || all[0].Canonical != "0.137" {
		t.Errorf("QuotientStops() = %+v, %v", all, err)
	}
	for _, bad := range []QuotientStop{
		{Heaps: 30, StoppedAt: 24, Order: 1, Memory: 1, Checks: 1},
		{Canonical: "0.7", Heaps: 20, StoppedAt: 24, Order: 1, Memory: 1, Checks: 1},
		{Canonical: "0.7", Heaps: 30, StoppedAt: 24, Order: 1, Memory: 0, Checks: 1},
		{Canonical: "0.7", Heaps: 30, StoppedAt: 24, Order: 1, Memory: 1, Checks: 1, Timeout: time.Microsecond},
	} {
		if _, err := s.PutQuotientStop(ctx, bad); err == nil {
			t.Errorf("PutQuotientStop(%+v) stored", bad)
		}
	}
}

// TestOutcomes stores outcomes once per (game, position), reads them back
// one at a time and by game (in the order of the positions' text), and refuses inconsistent ones.
func TestOutcomes(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "o.db"))
	at := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	d66 := Outcome{Game: "domineering", Position: "......|......|......|......|......|......", Outcome: "N", LeftFirst: "Left", RightFirst: "Right",
		Positions: 13777, Seconds: 0.04, Worker: "host/1", ComputedAt: at}
	d68 := Outcome{Game: "domineering", Position: "........|........|........|........|........|........", Outcome: "R", LeftFirst: "Right", RightFirst: "Right",
		Positions: 4053423, Seconds: 1.7, Worker: "host/2/1,host/3/1"}
	clob := Outcome{Game: "clobber", Position: "xo", Outcome: "N", LeftFirst: "Left", RightFirst: "Right", Worker: "w"}
	for _, o := range []Outcome{d68, d66, clob} {
		if ok, err := s.PutOutcome(ctx, o); !ok || err != nil {
			t.Fatalf("PutOutcome(%s) = %v, %v", o.Position, ok, err)
		}
	}
	again := d66
	again.Outcome, again.LeftFirst = "P", "Right"
	again.RightFirst = "Left"
	if ok, err := s.PutOutcome(ctx, again); ok || err != nil {
		t.Fatalf("a second outcome of 6 x 6: %v, %v; want it kept out", ok, err)
	}
	if got, ok, err := s.Outcome(ctx, "domineering", d66.Position); !ok || err != nil || got != d66 {
		t.Fatalf("Outcome(6 x 6) = %+v, %v, %v", got, ok, err)
	}
	if _, ok, err := s.Outcome(ctx, "clobber", d66.Position); ok || err != nil {
		t.Fatalf("Outcome of a position of another game: %v, %v", ok, err)
	}
	got, err := s.Outcomes(ctx, "domineering")
	if err != nil || len(got) != 2 || got[1] != d66 || got[0].Position != d68.Position || got[0].ComputedAt.IsZero() {
		t.Fatalf("Outcomes(domineering) = %+v, %v", got, err)
	}
	if all, err := s.Outcomes(ctx, ""); err != nil || len(all) != 3 || all[0].Game != "clobber" {
		t.Fatalf("Outcomes() = %+v, %v", all, err)
	}
	for _, bad := range []Outcome{
		{Position: "x", Outcome: "N", LeftFirst: "Left", RightFirst: "Right"},
		{Game: "g", Position: "x", Outcome: "L", LeftFirst: "Left", RightFirst: "Right"},
		{Game: "g", Position: "x", Outcome: "N", LeftFirst: "left", RightFirst: "Right"},
		{Game: "g", Position: "x", Outcome: "N", LeftFirst: "Left", RightFirst: "Right", Positions: -1},
	} {
		if _, err := s.PutOutcome(ctx, bad); err == nil {
			t.Errorf("PutOutcome(%+v) stored", bad)
		}
	}
}

// TestOutcomesMigration opens a database of schema version 5, the last
// without outcomes, with a run in it: Open adds the table and keeps the
// run.
func TestOutcomesMigration(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v5.db")
	old := &Store{path: path}
	var err error
	if old.db, err = openDB(path); err != nil {
		t.Fatal(err)
	}
	if err := old.migrateTo(ctx, 5); err != nil {
		t.Fatal(err)
	}
	if v, err := old.Version(ctx); err != nil || v != 5 {
		t.Fatalf("version %d, %v", v, err)
	}
	if _, err := old.PutOutcome(ctx, Outcome{Game: "g", Position: "x", Outcome: "N", LeftFirst: "Left", RightFirst: "Right"}); err == nil {
		t.Fatal("an outcome stored at version 5")
	}
	if _, err := old.Put(ctx, run("0.07", 100)); err != nil {
		t.Fatal(err)
	}
	old.Close()
	s := open(t, path)
	if v, err := s.Version(ctx); err != nil || v < 6 {
		t.Fatalf("version %d after Open, %v", v, err)
	}
	if _, ok, err := s.Best(ctx, "0.07", 100); !ok || err != nil {
		t.Fatalf("the run of version 5: %v, %v", ok, err)
	}
	if ok, err := s.PutOutcome(ctx, Outcome{Game: "g", Position: "x", Outcome: "N", LeftFirst: "Left", RightFirst: "Right"}); !ok || err != nil {
		t.Fatalf("PutOutcome after the upgrade: %v, %v", ok, err)
	}
}
