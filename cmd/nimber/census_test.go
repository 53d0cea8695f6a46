package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"nimber/census"
	"nimber/store"
)

// printed runs nimber with args, fails the test unless it exits with
// status 0, and decodes the JSON it printed as a T.
func printed[T any](t *testing.T, args ...string) T {
	t.Helper()
	return decoded[T](t, output(t, args...))
}

// printedStrictly is printed with strict decoding: a field that T lacks
// fails the test.
func printedStrictly[T any](t *testing.T, args ...string) T {
	t.Helper()
	out := output(t, args...)
	var v T
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%q: %v in %s", args, err, out)
	}
	return v
}

// decoded decodes out, the JSON a command printed, as a T.
func decoded[T any](t *testing.T, out string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return v
}

// TestCensus surveys the one-digit codes into a fresh database, checks
// each against Survey, answers again from the store, and prints the
// report in its three formats.
func TestCensus(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	before := time.Now()
	rs := printed[[]store.Run](t, "census", "--digits", "1", "--to", "3000", "--db", db, "--json")
	after := time.Now()
	computed := map[string]store.Run{}
	for _, r := range rs {
		// When and by which worker (host/pid/k) each was computed.
		if r.ComputedAt.Before(before) || r.ComputedAt.After(after) || strings.Count(r.Worker, "/") != 2 {
			t.Errorf("%s: computed at %v by %q, want between %v and %v by host/pid/k", r.Code, r.ComputedAt, r.Worker, before, after)
		}
		computed[r.Code] = r
	}
	if len(rs) != 7 {
		t.Fatalf("%d codes, want 7", len(rs))
	}
	for _, r := range rs {
		want, err := census.Survey(context.Background(), census.Job{Code: r.Code, To: 3000}, census.SurveyOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != want.Status || r.Period != want.Period || r.Preperiod != want.Preperiod || r.ValuesSHA256 != want.ValuesSHA256 || r.Cached {
			t.Errorf("%s: %+v, want %+v", r.Code, r, want)
		}
	}
	// Again, shorter: all from the store.
	for _, r := range printed[[]store.Run](t, "census", "--digits", "1", "--to", "2000", "--db", db, "--json") {
		first := computed[r.Code]
		if !r.Cached || r.Heaps != 3000 || !r.ComputedAt.Equal(first.ComputedAt) || r.Worker != first.Worker {
			t.Errorf("the second census: %+v", r)
		}
	}
	code, out, _ := nimber(t, "", "census", "--digits", "1", "--to", "2000", "--db", db)
	if code != 0 || !strings.Contains(out, "0.7   proven  2       0") || !strings.Contains(out, "from the store") ||
		!strings.HasSuffix(out, "7 codes: 6 proven, 0 apparent, 1 open\n") {
		t.Errorf("the table:\n%s", out)
	}
	code, out, _ = nimber(t, "", "census", "report", "--db", db, "--format", "csv", "--sort", "period", "--desc")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 8 || lines[0] != strings.Join(censusColumns, ",") || !strings.HasPrefix(lines[1], "0.4,proven,34,54,") {
		t.Errorf("the CSV report:\n%s", out)
	}
	if rs := printed[[]store.Run](t, "census", "report", "--db", db, "--format", "json"); len(rs) != 7 {
		t.Errorf("the JSON report: %d runs", len(rs))
	} else {
		for _, r := range rs {
			if first := computed[r.Code]; !r.ComputedAt.Equal(first.ComputedAt) || r.Worker != first.Worker {
				t.Errorf("the JSON report: %s computed at %v by %q, the census said %v by %q", r.Code, r.ComputedAt, r.Worker, first.ComputedAt, first.Worker)
			}
		}
	}
}

// TestCensusErrors checks the one-line errors of census.
func TestCensusErrors(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "codes.txt")
	os.WriteFile(list, []byte("0.07\n0.9x\n"), 0o644)
	db := filepath.Join(dir, "c.db")
	if code, _, errOut := nimber(t, "", "census", "--digits", "1", "--to", "10", "--db", db); code != 0 {
		t.Fatal(errOut)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"census", "--to", "10"}, "give --digits D"},
		{[]string{"census", "--digits", "9"}, "--digits 9 out of range 1..6"},
		{[]string{"census", "--digits", "1", "--codes", list}, "not both"},
		{[]string{"census", "--codes", list, "--db", db}, "codes.txt:2: "},
		{[]string{"census", "--digits", "1", "--to", "0"}, "--to 0 out of range"},
		{[]string{"census", "report", "--db", filepath.Join(dir, "none.db")}, "no census database at"},
		{[]string{"census", "report", "--db", db, "--sort", "x"}, `cannot sort by "x"`},
		{[]string{"worker"}, "give --nats URL"},
		{[]string{"broker"}, "give --listen HOST:PORT"},
		{[]string{"census", "--digits", "1", "--db", db, "--nats", "nats://127.0.0.1:1"}, "connecting to nats://127.0.0.1:1"},
	} {
		code, _, errOut := nimber(t, "", tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, %q; want exit 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// TestCensusWorkerKilled runs a census on a broker with two worker
// processes, kills one with SIGKILL while it computes, and checks that the
// census completes with every code, right.
func TestCensusWorkerKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	bin := buildNimber(t)
	dir := t.TempDir()
	b := startBroker(t, bin, dir)
	doomed, trace := b.worker("doomed")
	b.worker("survivor")
	// Codes slow enough to be caught mid-job: open codes to 40000 heaps.
	codes := []string{"0.04", "0.06", "0.76", "0.6"}
	list := writeCodes(t, codes...)
	done := goNimber(t, "census", "--codes", list, "--to", "40000", "--db", filepath.Join(dir, "c.db"),
		"--nats", b.URL(), "--ack-wait", "2s", "--json")
	// The doomed worker says when it starts a job; kill it then.
	started := killAtFirstJob(t, doomed, trace)
	var a nimberRun
	select {
	case a = <-done:
	case <-time.After(3 * time.Minute):
		t.Fatal("the census did not finish")
	}
	if a.code != 0 {
		t.Fatalf("census: exit %d, %s", a.code, a.errs)
	}
	rs := decoded[[]store.Run](t, a.out)
	for i, r := range rs {
		want, err := census.Survey(context.Background(), census.Job{Code: codes[i], To: 40000}, census.SurveyOptions{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if r.ValuesSHA256 != want.ValuesSHA256 || r.Worker == "" || strings.Contains(r.Worker, fmt.Sprint(doomed.Process.Pid)) {
			t.Errorf("%s: values %s by %s; want %s, not by the killed worker %d", codes[i], r.ValuesSHA256, r.Worker, want.ValuesSHA256, doomed.Process.Pid)
		}
	}
	t.Logf("killed worker %d during job %s; the census finished with %d codes", doomed.Process.Pid, started, len(rs))
}

// TestSequenceFromStore checks sequence --db: computed and stored, then
// answered from the store (values too), extended when longer, and refused
// when the stored sequence file has changed.
func TestSequenceFromStore(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	_, plain, _ := nimber(t, "", "sequence", "0.137", "--to", "2000")
	code, first, errOut := nimber(t, "", "sequence", "0.137", "--to", "2000", "--db", db)
	if code != 0 || !strings.HasPrefix(first, "(computed and stored in the census database") {
		t.Fatalf("exit %d, %s%s", code, first, errOut)
	}
	_, again, _ := nimber(t, "", "sequence", "0.137", "--to", "1500", "--db", db)
	if !strings.HasPrefix(again, "(from the census database") {
		t.Errorf("the second run: %s", again)
	}
	// The summary lines, but the timing, are those of a run without --db.
	strip := func(s string) string {
		lines := strings.Split(s, "\n")
		out := []string{}
		for _, l := range lines {
			if !strings.HasPrefix(l, "(") && !strings.Contains(l, "computed in") {
				out = append(out, l)
			}
		}
		return strings.Join(out, "\n")
	}
	if strip(again) != strip(plain) {
		t.Errorf("from the store:\n%s\nwithout --db:\n%s", again, plain)
	}
	_, want, _ := nimber(t, "", "sequence", "0.137", "--to", "700", "--values")
	if _, got, _ := nimber(t, "", "sequence", "0.137", "--to", "700", "--db", db, "--values"); got != want {
		t.Error("the values from the store differ")
	}
	code, out, _ := nimber(t, "", "sequence", "0.137", "--to", "4000", "--db", db, "--json")
	if code != 0 || !strings.Contains(out, `"resumed_from": 2000`) || !strings.Contains(out, `"from_store": false`) {
		t.Errorf("extending: %s", out)
	}
	seqs, _ := filepath.Glob(filepath.Join(filepath.Dir(db), "sequences", "*.seq"))
	if len(seqs) != 1 {
		t.Fatalf("sequence files %q", seqs)
	}
	f, _ := os.OpenFile(seqs[0], os.O_WRONLY|os.O_APPEND, 0)
	f.Write([]byte{1})
	f.Close()
	code, _, errOut = nimber(t, "", "sequence", "0.137", "--to", "100", "--db", db, "--values")
	if code != 2 || !strings.Contains(errOut, "sequence file changed") {
		t.Errorf("a changed file: exit %d, %s", code, errOut)
	}
}

// quotientsIn lists the misère quotients stored in the census
// database db, failing the test when it cannot.
func quotientsIn(t *testing.T, db string) []store.QuotientRun {
	t.Helper()
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	qs, err := st.Quotients(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	return qs
}

// TestQuotientStore checks quotient --db: the quotient's order, P-portion,
// presentation and periodicity are stored once per code and heaps.
func TestQuotientStore(t *testing.T) {
	db := filepath.Join(t.TempDir(), "q.db")
	succeeds(t, "quotient", "0.77", "--heaps", "30", "--db", db)
	succeeds(t, "quotient", "0.75", "--heaps", "30", "--db", db)
	succeeds(t, "quotient", "0.75", "--heaps", "30", "--db", db) // kept once
	qs := quotientsIn(t, db)
	if len(qs) != 2 {
		t.Fatalf("stored %+v", qs)
	}
	r8, kayles := qs[0], qs[1]
	if r8.Canonical != "0.75" || r8.Order != 8 || !r8.Periodic || r8.Period != 2 || r8.Worker == "" || time.Since(r8.ComputedAt) > time.Hour {
		t.Errorf("0.75: %+v", r8)
	}
	if kayles.Order != 40 || kayles.PPortion != 9 || kayles.StableFrom != 27 || kayles.Periodic ||
		!strings.Contains(kayles.Presentation, `"generators":[{"name":"a","heap":1}`) {
		t.Errorf("0.77: %+v", kayles)
	}
}
