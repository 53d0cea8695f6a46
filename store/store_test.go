package store

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func run(code string, heaps int) Run {
	return Run{Code: code, Canonical: code, Heaps: heaps, Status: StatusApparent, Period: 3, Preperiod: 1, LastExceptional: 0,
		Mask: 0, LastRare: -1, Largest: 2, Seconds: 0.5, ValuesSHA256: "ab", Worker: "w1"}
}

func open(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestMigrations opens an empty database, one at the first version only
// (then upgraded), and refuses one of a newer schema.
func TestMigrations(t *testing.T) {
	ctx := context.Background()
	ms, err := loadMigrations()
	if err != nil || len(ms) < 2 {
		t.Fatalf("%d migrations, %v", len(ms), err)
	}
	dir := t.TempDir()
	s := open(t, filepath.Join(dir, "new.db"))
	if v, err := s.Version(ctx); err != nil || v != len(ms) {
		t.Fatalf("version %d, %v; want %d", v, err, len(ms))
	}
	var mode string
	if err := s.db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal mode %q, %v", mode, err)
	}

	// A database at version 1, with a run in it, is upgraded by Open.
	old := filepath.Join(dir, "old.db")
	s1 := &Store{path: old}
	s1.db, err = openDB(old)
	if err != nil {
		t.Fatal(err)
	}
	if err := s1.migrateTo(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := s1.db.ExecContext(ctx, `INSERT INTO runs (code, heaps, given, status, period, preperiod, saltus, last_exceptional,
		mask, rare, last_rare, largest, seconds, extended, worker, computed_at) VALUES ('0.07', 100, '.07', 'proven', 34, 53, 0, 52,
		9, 10, 99, 9, 0.1, 0, 'w', '2026-11-24T00:00:00Z')`); err != nil {
		t.Fatal(err)
	}
	s1.Close()
	s2 := open(t, old)
	r, ok, err := s2.Best(ctx, "0.07", 100)
	if err != nil || !ok || r.Period != 34 || r.Code != ".07" || r.ValuesSHA256 != "" || !r.Proven {
		t.Errorf("the run of version 1 after the upgrade: %+v, %v, %v", r, ok, err)
	}

	// A newer schema is refused.
	if _, err := s2.db.ExecContext(ctx, `INSERT INTO schema_migrations VALUES (?, 'future', 'now')`, len(ms)+1); err != nil {
		t.Fatal(err)
	}
	s2.Close()
	if _, err := Open(ctx, old); err == nil || !strings.Contains(err.Error(), "written by a newer nimber") {
		t.Errorf("a newer database: %v", err)
	}
}

// TestPutOnce checks that a run is written once, and the lookups.
func TestPutOnce(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "r.db"))
	for _, r := range []Run{run("0.07", 100), run("0.07", 1000), run("0.137", 500)} {
		if ins, err := s.Put(ctx, r); err != nil || !ins {
			t.Fatalf("put %s %d: %v %v", r.Canonical, r.Heaps, ins, err)
		}
	}
	dup := run("0.07", 1000)
	dup.Period = 99
	if ins, err := s.Put(ctx, dup); err != nil || ins {
		t.Errorf("a second run of 0.07 to 1000: inserted %v, %v", ins, err)
	}
	if r, ok, _ := s.Best(ctx, "0.07", 200); !ok || r.Heaps != 1000 || r.Period != 3 {
		t.Errorf("best of 0.07 from 200: %+v", r)
	}
	if _, ok, _ := s.Best(ctx, "0.07", 2000); ok {
		t.Error("a run of 0.07 to 2000 found")
	}
	if r, ok, _ := s.Longest(ctx, "0.137"); !ok || r.Heaps != 500 {
		t.Errorf("longest of 0.137: %+v", r)
	}
	list, err := s.List(ctx, ListOptions{OrderBy: "heaps", Desc: true})
	if err != nil || len(list) != 2 || list[0].Canonical != "0.07" || list[1].Canonical != "0.137" {
		t.Errorf("list: %+v, %v", list, err)
	}
	if list, _ := s.List(ctx, ListOptions{Codes: []string{"0.137"}}); len(list) != 1 || list[0].Canonical != "0.137" {
		t.Errorf("list of 0.137: %+v", list)
	}
	if _, err := s.List(ctx, ListOptions{OrderBy: "heaps; DROP TABLE runs"}); err == nil {
		t.Error("a bad order accepted")
	}
	for _, bad := range []Run{{}, {Canonical: "0.07"}, {Canonical: "0.07", Heaps: 5, Status: "done"}} {
		if _, err := s.Put(ctx, bad); err == nil {
			t.Errorf("put %+v accepted", bad)
		}
	}
}

// TestConcurrentWriters writes from goroutines and from two Stores on one
// file at once: every run once.
func TestConcurrentWriters(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "c.db")
	a, b := open(t, path), open(t, path)
	var wg sync.WaitGroup
	errs := make(chan error, 400)
	for w, s := range []*Store{a, b, a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				// Half the keys are written by two writers.
				if _, err := s.Put(ctx, run(fmt.Sprintf("0.%d", i+1), 10+w%2)); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	var n int
	if err := a.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM runs`).Scan(&n); err != nil || n != 200 {
		t.Errorf("%d rows, %v; want 200", n, err)
	}
}

func BenchmarkPut(b *testing.B) {
	s, err := Open(context.Background(), filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	i := 0
	for b.Loop() {
		i++
		if _, err := s.Put(context.Background(), run(fmt.Sprintf("0.%d", i), 100)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBest(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	for i := range 1000 {
		s.Put(ctx, run(fmt.Sprintf("0.%d", i+1), 100))
	}
	for b.Loop() {
		if _, ok, err := s.Best(ctx, "0.517", 50); err != nil || !ok {
			b.Fatal(ok, err)
		}
	}
}
