package main

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"nimber/census"
	"nimber/misere"
)

// TestCensusMisere surveys four codes' quotients, checks each against
// quotient's own answer, answers a second census from the store without
// computing anything, and lists the store with census report --misere.
func TestCensusMisere(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	codes := []string{"0.3", "0.75", "0.77", "0.137"}
	list := writeCodes(t, codes...)
	rs := printed[[]census.QuotientResult](t, "census", "--misere", "--codes", list, "--to", "22", "--db", db, "--json")
	if len(rs) != len(codes) {
		t.Fatalf("%d results, want %d", len(rs), len(codes))
	}
	for i, r := range rs {
		_, qout, _ := nimber(t, "", "quotient", codes[i], "--heaps", "22", "--json")
		var want struct {
			misere.Quotient
			StableFrom int      `json:"stable_from"`
			PPortion   []string `json:"p_portion"`
		}
		if err := json.Unmarshal([]byte(qout), &want); err != nil {
			t.Fatalf("quotient %s: %v: %s", codes[i], err, qout)
		}
		var pres struct {
			Generators []misere.Generator `json:"generators"`
			Relations  []misere.Relation  `json:"relations"`
		}
		var heaps, p []string
		json.Unmarshal(r.Presentation, &pres)
		json.Unmarshal(r.Map, &heaps)
		json.Unmarshal(r.PElements, &p)
		wantHeaps := make([]string, len(want.Map))
		for n, x := range want.Map {
			wantHeaps[n] = want.Elements[x]
		}
		if r.Code != codes[i] || r.Kind != census.KindMisere || r.Stopped != nil || r.Cached || r.Heaps != 22 || r.Reached != 22 ||
			r.Order != want.Order || r.StableFrom != want.StableFrom || r.PPortion != len(want.PPortion) ||
			!reflect.DeepEqual(p, want.PPortion) || !reflect.DeepEqual(heaps, wantHeaps) ||
			!reflect.DeepEqual(pres.Generators, want.Generators) || !reflect.DeepEqual(pres.Relations, want.Relations) ||
			!reflect.DeepEqual(r.Periodic, want.Periodic) || strings.Count(r.Worker, "/") != 2 {
			t.Errorf("%s: %+v\nwant %s", codes[i], r, qout)
		}
	}
	if rs[1].Periodic == nil || rs[2].Periodic != nil {
		t.Errorf("0.75 periodic %v, 0.77 periodic %v: want the first only", rs[1].Periodic, rs[2].Periodic)
	}
	// Again, to fewer heaps: all from the store, as first computed.
	for i, r := range printed[[]census.QuotientResult](t, "census", "--misere", "--codes", list, "--to", "12", "--db", db, "--json") {
		first := rs[i]
		if !r.Cached || r.Reached != 22 || r.Heaps != 12 || !r.ComputedAt.Equal(first.ComputedAt) || r.Worker != first.Worker ||
			r.Order != first.Order {
			t.Errorf("the second census: %+v\nthe first: %+v", r, first)
		}
	}
	if qs := quotientsIn(t, db); len(qs) != len(codes) {
		t.Errorf("stored %d quotients; want one a code", len(qs))
	}
	code, out, _ := nimber(t, "", "census", "--misere", "--codes", list, "--to", "12", "--db", db)
	if code != 0 || !strings.Contains(out, "0.77   24     8       12           -       -          -          22     ") ||
		!strings.Contains(out, "from the store") || !strings.HasSuffix(out, "4 codes: 4 finished (2 periodic, proved for every heap), 0 stopped by a limit\n") {
		t.Errorf("the table:\n%s", out)
	}
	code, out, _ = nimber(t, "", "census", "report", "--misere", "--db", db, "--format", "csv")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 5 || lines[0] != strings.Join(quotientColumns, ",") || !strings.HasPrefix(lines[1], "0.137,24,") {
		t.Errorf("the CSV report:\n%s", out)
	}
}

// TestCensusMisereStopped checks a code stopped by a limit: reported with
// the heap and order quotient stops at, remembered, answered from the
// store under the same limits, computed again when they are raised or
// fewer heaps are asked for, and listed by census report --misere.
func TestCensusMisereStopped(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	// quotient's own words for where 0.07 stops under this limit (heap
	// 25, where the order grows from 24 to 144).
	_, _, qerr := nimber(t, "", "quotient", "0.07", "--heaps", "30", "--checks", "1000")
	if !strings.Contains(qerr, "stopped at heap 25 (the quotient of heaps 1..24 has order 24)") {
		t.Fatalf("quotient 0.07 --checks 1000: %s", qerr)
	}
	stopped := func(args ...string) census.QuotientResult {
		t.Helper()
		rs := printed[[]census.QuotientResult](t, append([]string{"census", "--misere", "--db", db, "--json", "--to", "30"}, args...)...)
		if len(rs) != 1 {
			t.Fatalf("%q: %d results, want 1", args, len(rs))
		}
		return rs[0]
	}
	r := stopped("--codes", writeCodes(t, "0.07"), "--checks", "1000")
	if s := r.Stopped; s == nil || s.Heap != 25 || r.Order != 24 || r.Reached != 24 || r.Cached || s.Limits.Checks != 1000 ||
		!strings.Contains(s.Reason, "over 1000 sums") {
		t.Fatalf("0.07 --checks 1000: %+v", r)
	}
	again := stopped("--codes", writeCodes(t, "0.07"), "--checks", "1000")
	if s := again.Stopped; s == nil || !again.Cached || s.Heap != 25 || !again.ComputedAt.Equal(r.ComputedAt) {
		t.Errorf("the same limits again: %+v, want the stop from the store", again)
	}
	if lower := stopped("--codes", writeCodes(t, "0.07"), "--checks", "500"); !lower.Cached || lower.Stopped == nil {
		t.Errorf("a lower limit: %+v, want the stop from the store", lower)
	}
	if short := stopped("--codes", writeCodes(t, "0.07"), "--checks", "1000", "--to", "24"); short.Cached || short.Stopped != nil || short.Order != 24 {
		t.Errorf("heaps 1..24, before the stop: %+v, want computed and finished", short)
	}
	if raised := stopped("--codes", writeCodes(t, "0.07"), "--checks", "2000000"); raised.Cached || raised.Stopped != nil || raised.Order != 360 {
		t.Errorf("a raised limit: %+v, want computed and finished", raised)
	}
	// A timeout far below the computation's time stops it too.
	if r := stopped("--codes", writeCodes(t, "0.137"), "--timeout", "1ms"); r.Stopped == nil || r.Stopped.Reason != "the timeout of 1ms" || r.Cached {
		t.Errorf("0.137 --timeout 1ms: %+v", r)
	}
	code, out, _ := nimber(t, "", "census", "report", "--misere", "--db", db)
	if code != 0 || !strings.Contains(out, "0.137  ") || !strings.Contains(out, "stopped at heap") ||
		!strings.Contains(out, "0.07   360") || !strings.HasSuffix(out, "2 codes: 1 finished (0 periodic, proved for every heap), 1 stopped by a limit\n") {
		t.Errorf("the report:\n%s", out)
	}
	if rs := printed[[]census.QuotientResult](t, "census", "report", "--misere", "--db", db, "--format", "json"); len(rs) != 2 || rs[0].Reached != 30 || rs[1].Stopped == nil {
		t.Errorf("the JSON report: %+v", rs)
	}
}

// writeCodes writes a list of codes to a file and returns its path.
func writeCodes(t *testing.T, codes ...string) string {
	t.Helper()
	return writeTemp(t, "codes.txt", strings.Join(codes, "\n")+"\n")
}

// TestCensusMisereErrors checks the one-line refusals of census --misere's
// flags.
func TestCensusMisereErrors(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	if code, _, errOut := nimber(t, "", "census", "--misere", "--digits", "1", "--to", "4", "--db", db); code != 0 {
		t.Fatal(errOut)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"census", "--digits", "1", "--timeout", "1s"}, "--timeout bounds each code of census --misere; give --misere"},
		{[]string{"census", "--digits", "1", "--memory", "64"}, "--memory bounds each code of census --misere"},
		{[]string{"census", "--misere", "--digits", "1", "--to", "0"}, "--to 0 out of range 1..4096"},
		{[]string{"census", "--misere", "--digits", "1", "--to", "5000"}, "--to 5000 out of range"},
		{[]string{"census", "--misere", "--digits", "1", "--memory", "8"}, "--memory 8 MiB out of range 16.."},
		{[]string{"census", "--misere", "--digits", "1", "--checks", "0"}, "--checks 0: want at least 1"},
		{[]string{"census", "--misere", "--digits", "1", "--timeout", "-1s"}, "--timeout -1s: want 0 (none) or at least 1ms"},
		{[]string{"census", "--misere"}, "give --digits D"},
		{[]string{"census", "report", "--misere", "--db", db, "--sort", "period"}, "--misere lists by code"},
	} {
		refused(t, tc.want, tc.args...)
	}
}
