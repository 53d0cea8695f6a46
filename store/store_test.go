package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
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

// TestOpenConcurrently opens a new database from several Stores at once,
// as workers started together do: each migration is applied once, and
// every Store is in WAL mode.
func TestOpenConcurrently(t *testing.T) {
	ctx := context.Background()
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	for k := range 10 {
		path := filepath.Join(t.TempDir(), fmt.Sprintf("%d.db", k))
		stores := make([]*Store, 4)
		errs := make([]error, 4)
		var wg sync.WaitGroup
		for i := range stores {
			wg.Go(func() { stores[i], errs[i] = Open(ctx, path) })
		}
		wg.Wait()
		for i, s := range stores {
			if errs[i] != nil {
				t.Fatalf("open %d of 4: %v", i, errs[i])
			}
			defer s.Close()
			var mode string
			if err := s.db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
				t.Errorf("journal mode %q, %v", mode, err)
			}
		}
		var n, v int
		if err := stores[0].db.QueryRowContext(ctx, `SELECT COUNT(*), MAX(version) FROM schema_migrations`).Scan(&n, &v); err != nil || n != len(ms) || v != len(ms) {
			t.Errorf("%d migrations applied, version %d, %v; want %d", n, v, err, len(ms))
		}
	}
}

// TestReopen closes a store and opens it again: the runs are all there,
// every field as written.
func TestReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "r.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	want := Run{Code: ".137", Canonical: "0.137", Heaps: 5000, Status: StatusProven, Proven: true, Period: 2, Preperiod: 11,
		Saltus: 1, LastExceptional: 10, Mask: 3, Rare: 7, LastRare: 4111, Largest: 13, Seconds: 1.25, Extended: 1000,
		ValuesSHA256: "v", HeadSHA256: "h", TailSHA256: "t", SeqPath: "/seq/0.137", SeqSHA256: "s", Worker: "w9",
		ComputedAt: time.Date(2026, 11, 24, 12, 30, 0, 123456789, time.UTC)}
	if ins, err := s.Put(ctx, want); err != nil || !ins {
		t.Fatal(ins, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, path)
	got, ok, err := s.Longest(ctx, "0.137")
	if err != nil || !ok || got != want {
		t.Errorf("after reopening: %+v, %v, %v\nwant %+v", got, ok, err, want)
	}
	// A zero ComputedAt is set to now.
	before := time.Now().Add(-time.Second)
	if _, err := s.Put(ctx, run("0.6", 10)); err != nil {
		t.Fatal(err)
	}
	if r, _, _ := s.Longest(ctx, "0.6"); r.ComputedAt.Before(before) || r.ComputedAt.After(time.Now()) {
		t.Errorf("computed at %v", r.ComputedAt)
	}
}

// TestPutInvalid checks that the errors of a bad run name the field.
func TestPutInvalid(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "r.db"))
	for _, c := range []struct {
		r    Run
		want string
	}{
		{Run{Heaps: 5, Status: StatusOpen}, "canonical"},
		{Run{Canonical: "0.07", Heaps: -1, Status: StatusOpen}, "heaps -1"},
		{Run{Canonical: "0.07", Heaps: 0, Status: StatusOpen}, "heaps 0"},
		{Run{Canonical: "0.07", Heaps: 5}, `status ""`},
		{Run{Canonical: "0.07", Heaps: 5, Status: "done"}, `status "done"`},
	} {
		if _, err := s.Put(ctx, c.r); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("put %+v: %v, want an error naming %s", c.r, err, c.want)
		}
	}
	if list, err := s.List(ctx, ListOptions{}); err != nil || len(list) != 0 {
		t.Errorf("bad runs stored: %+v, %v", list, err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.Put(cancelled, run("0.07", 5)); err == nil {
		t.Error("a put with a cancelled context succeeded")
	}
}

// TestListOrder sorts the longest run of each code by each order, both
// ways, ties by code.
func TestListOrder(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "r.db"))
	runs := []Run{
		{Canonical: "0.07", Heaps: 1000, Status: StatusProven, Period: 34, Preperiod: 53, LastExceptional: 52, LastRare: 99, Largest: 9, Seconds: 0.5},
		{Canonical: "0.137", Heaps: 4000, Status: StatusApparent, Period: 2, Preperiod: 11, LastExceptional: 10, LastRare: -1, Largest: 4, Seconds: 2},
		{Canonical: "0.6", Heaps: 2000, Status: StatusOpen, Period: 0, Preperiod: 0, LastExceptional: -1, LastRare: 1999, Largest: 60, Seconds: 9},
		{Canonical: "4.0", Heaps: 3000, Status: StatusOpen, Period: 0, Preperiod: 0, LastExceptional: -1, LastRare: 5, Largest: 40, Seconds: 0.1},
		// Shorter runs of 0.07 and 0.6, which List leaves out.
		{Canonical: "0.07", Heaps: 100, Status: StatusApparent, Period: 1, Seconds: 100},
		{Canonical: "0.6", Heaps: 500, Status: StatusOpen, Seconds: 100},
	}
	for _, r := range runs {
		r.Code = r.Canonical
		if _, err := s.Put(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	tied := map[string]bool{"period": true, "preperiod": true, "last_exceptional": true, "status": true}
	for _, c := range []struct {
		order string
		want  []string // ascending
	}{
		{"", []string{"0.07", "0.137", "0.6", "4.0"}},
		{"code", []string{"0.07", "0.137", "0.6", "4.0"}},
		{"heaps", []string{"0.07", "0.6", "4.0", "0.137"}},
		{"period", []string{"0.6", "4.0", "0.137", "0.07"}},
		{"preperiod", []string{"0.6", "4.0", "0.137", "0.07"}},
		{"seconds", []string{"4.0", "0.07", "0.137", "0.6"}},
		{"last_rare", []string{"0.137", "4.0", "0.07", "0.6"}},
		{"last_exceptional", []string{"0.6", "4.0", "0.137", "0.07"}},
		{"largest", []string{"0.137", "0.07", "4.0", "0.6"}},
		{"status", []string{"0.137", "0.6", "4.0", "0.07"}},
	} {
		for _, desc := range []bool{false, true} {
			list, err := s.List(ctx, ListOptions{OrderBy: c.order, Desc: desc})
			if err != nil {
				t.Fatalf("order %q: %v", c.order, err)
			}
			var got []string
			for _, r := range list {
				got = append(got, r.Canonical)
			}
			want := slices.Clone(c.want)
			if desc {
				slices.Reverse(want)
				// Ties (0.6 and 4.0, both open, without a period) stay
				// by code, ascending.
				i, j := slices.Index(want, "0.6"), slices.Index(want, "4.0")
				if tied[c.order] && i > j {
					want[i], want[j] = want[j], want[i]
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("order %q desc %v: %v, want %v", c.order, desc, got, want)
			}
		}
	}
	list, err := s.List(ctx, ListOptions{})
	if err != nil || len(list) != 4 || list[0].Heaps != 1000 || list[2].Heaps != 2000 {
		t.Errorf("not the longest runs: %+v, %v", list, err)
	}
	for _, bad := range []string{"nope", "code; DROP TABLE runs", "heaps DESC", "CODE", "given"} {
		if _, err := s.List(ctx, ListOptions{OrderBy: bad}); err == nil || !strings.Contains(err.Error(), "cannot sort by") {
			t.Errorf("order %q: %v", bad, err)
		}
	}
	if _, ok, err := s.Longest(ctx, "0.07"); err != nil || !ok {
		t.Error("the runs are gone after the bad orders:", err)
	}
	// Filters: a few codes (SQL), unknown codes, and many (filtered in Go).
	list, _ = s.List(ctx, ListOptions{Codes: []string{"4.0", "0.07", "9.9"}, OrderBy: "heaps"})
	if len(list) != 2 || list[0].Canonical != "0.07" || list[1].Canonical != "4.0" {
		t.Errorf("codes 4.0 0.07 9.9: %+v", list)
	}
	many := []string{"0.6"}
	for i := range 1000 {
		many = append(many, fmt.Sprintf("x%d", i))
	}
	list, _ = s.List(ctx, ListOptions{Codes: many})
	if len(list) != 1 || list[0].Canonical != "0.6" || list[0].Heaps != 2000 {
		t.Errorf("1001 codes: %+v", list)
	}
	// Best: the longest at least atLeast; none beyond.
	for _, c := range []struct {
		code      string
		atLeast   int
		wantHeaps int
	}{{"0.07", 0, 1000}, {"0.07", 100, 1000}, {"0.07", 1000, 1000}, {"0.07", 1001, 0}, {"0.6", 501, 2000}, {"9.9", 0, 0}} {
		r, ok, err := s.Best(ctx, c.code, c.atLeast)
		if err != nil || ok != (c.wantHeaps > 0) || r.Heaps != c.wantHeaps {
			t.Errorf("best %s from %d: %d heaps, %v, %v; want %d", c.code, c.atLeast, r.Heaps, ok, err, c.wantHeaps)
		}
	}
	if _, ok, err := s.Longest(ctx, "9.9"); ok || err != nil {
		t.Errorf("longest of an unknown code: %v, %v", ok, err)
	}
}

// TestVerifySequence checks a sequence file against its stored checksum.
func TestVerifySequence(t *testing.T) {
	if sum, err := FileSHA256(writeFile(t, "abc")); err != nil || sum != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Fatalf("sha256 of abc: %s, %v", sum, err)
	}
	path := writeFile(t, "0 1 2 0 1 2\n")
	sum, err := FileSHA256(path)
	if err != nil {
		t.Fatal(err)
	}
	r := run("0.07", 6)
	r.SeqPath, r.SeqSHA256 = path, sum
	if err := VerifySequence(r); err != nil {
		t.Errorf("the file as written: %v", err)
	}
	up := r
	up.SeqSHA256 = strings.ToUpper(sum)
	if err := VerifySequence(up); err != nil {
		t.Errorf("an upper-case checksum: %v", err)
	}
	if err := os.WriteFile(path, []byte("0 1 2 0 1 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := VerifySequence(r); !errors.Is(err, ErrSequenceChanged) {
		t.Errorf("a changed file: %v", err)
	}
	os.Remove(path)
	if err := VerifySequence(r); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
	if err := VerifySequence(run("0.07", 6)); err == nil || !strings.Contains(err.Error(), "seq_path") {
		t.Errorf("no file: %v", err)
	}
	r.SeqSHA256 = ""
	if err := VerifySequence(r); err == nil || !strings.Contains(err.Error(), "seq_sha256") {
		t.Errorf("no checksum: %v", err)
	}
	if _, err := FileSHA256(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("sha256 of a missing file: %v", err)
	}
}

func writeFile(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "seq.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestDefaultPath checks the database of a user who names none.
func TestDefaultPath(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the cache directory is XDG_CACHE_HOME on Linux only")
	}
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	path, err := DefaultPath()
	if err != nil || path != filepath.Join(dir, "nimber", "census.db") {
		t.Fatalf("%q, %v", path, err)
	}
	if fi, err := os.Stat(filepath.Dir(path)); err != nil || !fi.IsDir() {
		t.Errorf("the folder: %v", err)
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	if _, err := DefaultPath(); err == nil || !strings.Contains(err.Error(), "--db") {
		t.Errorf("no cache directory: %v", err)
	}
}

// TestTwoProcesses writes one file from two other processes (this test
// binary again, as writer) and this one at once: every run once.
func TestTwoProcesses(t *testing.T) {
	if path := os.Getenv("NIMBER_STORE_WRITER"); path != "" {
		writer(t, path)
		return
	}
	if testing.Short() {
		t.Skip("starts processes")
	}
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "p.db")
	s := open(t, path)
	var cmds []*exec.Cmd
	var outs []*strings.Builder
	for w := range 2 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestTwoProcesses$", "-test.count=1")
		cmd.Env = append(os.Environ(), "NIMBER_STORE_WRITER="+path, "NIMBER_STORE_WORKER="+strconv.Itoa(w))
		out := &strings.Builder{}
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds, outs = append(cmds, cmd), append(outs, out)
	}
	for i := range 200 {
		if _, err := s.Put(ctx, run(fmt.Sprintf("0.%d", i+1), 10)); err != nil {
			t.Error(err)
		}
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("writer %d: %v\n%s", i, err, outs[i])
		}
	}
	var n, byWorker int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(DISTINCT worker) FROM runs`).Scan(&n, &byWorker); err != nil || n != 400 {
		t.Errorf("%d rows, %v; want 400", n, err)
	}
	t.Logf("%d rows, written by %d of the 3 processes", n, byWorker)
}

// writer is the other process of TestTwoProcesses: runs of 0.1 to 0.200,
// to 10 heaps (the keys of the first process) or 11 (the other's).
func writer(t *testing.T, path string) {
	ctx := context.Background()
	w, _ := strconv.Atoi(os.Getenv("NIMBER_STORE_WORKER"))
	s := open(t, path)
	for i := range 200 {
		r := run(fmt.Sprintf("0.%d", i+1), 10+(i+w)%2)
		r.Worker = fmt.Sprintf("process %d", w)
		if _, err := s.Put(ctx, r); err != nil {
			t.Fatal(err)
		}
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
