package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

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
