package census

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"nimber/heap"
	"nimber/queue"
	"nimber/store"
	"nimber/store/storetest"
)

// TestSurveyQuotient checks a misère job against the engine run directly,
// and a job stopped by a limit: a result with the heap and order where
// it stopped, not an error.
func TestSurveyQuotient(t *testing.T) {
	ctx := context.Background()
	g, _ := heap.Parse("0.77")
	q, err := QuotientLimits{}.Solver(g).Quotient(ctx, 20)
	if err != nil {
		t.Fatal(err)
	}
	want, err := QuotientRun("0.77", g, q, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := SurveyQuotient(ctx, Job{Kind: KindMisere, Code: "0.77", To: 20}, SurveyOptions{Worker: "w"})
	got := r.storeRun()
	if err != nil || r.Stopped != nil || r.Worker != "w" || got.Order != want.Order || got.Map != want.Map ||
		got.Presentation != want.Presentation || got.PElements != want.PElements || got.StableFrom != want.StableFrom || got.Heaps != 20 {
		t.Fatalf("SurveyQuotient(0.77, 20) = %+v, %v\nwant %+v", got, err, want)
	}
	// Dawson's Kayles' order grows from 24 to 144 at heap 25, beyond
	// 1000 sums walked.
	r, err = SurveyQuotient(ctx, Job{Kind: KindMisere, Code: "0.07", To: 30, Limits: QuotientLimits{Checks: 1000}}, SurveyOptions{})
	if s := r.Stopped; err != nil || s == nil || s.Heap != 25 || r.Order != 24 || r.Reached != 24 || s.Limits != (QuotientLimits{Checks: 1000}.Resolved()) {
		t.Fatalf("SurveyQuotient(0.07, 30, 1000 checks) = %+v, %v", r, err)
	}
	if _, err := SurveyQuotient(ctx, Job{Kind: KindMisere, Code: "0.77", To: 5000}, SurveyOptions{}); err == nil || !strings.Contains(err.Error(), "5000 heaps out of range") {
		t.Errorf("5000 heaps: %v", err)
	}
}

// TestWorkerKinds checks that a worker computes a job by its kind and
// refuses one it does not know.
func TestWorkerKinds(t *testing.T) {
	work := Worker(SurveyOptions{Workers: 1})
	run := func(j Job) ([]byte, error) {
		id, _ := j.ID()
		payload, _ := json.Marshal(j)
		return work(context.Background(), queue.Job{ID: id, Payload: payload})
	}
	out, err := run(Job{Kind: KindMisere, Code: "0.75", To: 30})
	var q QuotientResult
	if err != nil || json.Unmarshal(out, &q) != nil || q.Kind != KindMisere || q.Order != 8 || q.Periodic == nil {
		t.Errorf("a misère job: %s, %v", out, err)
	}
	out, err = run(Job{Code: "0.75", To: 30})
	var v Result
	if err != nil || json.Unmarshal(out, &v) != nil || v.Period != 2 || strings.Contains(string(out), KindMisere) {
		t.Errorf("a job of values: %s, %v", out, err)
	}
	if _, err := run(Job{Kind: "normal-play-2", Code: "0.75", To: 30}); err == nil || !strings.Contains(err.Error(), `unknown kind "normal-play-2"`) {
		t.Errorf("an unknown kind: %v", err)
	}
	if id, _ := (Job{Kind: KindMisere, Code: "0.750", To: 30}).ID(); id != "misere:0.75@30" {
		t.Errorf("ID = %q", id)
	}
}

// remoteWorker starts a broker on a local port with one worker, named
// name, that does work until the test ends (as nimber worker does), and
// returns the broker's URL.
func remoteWorker(t *testing.T, name string, work func(context.Context, queue.Job) ([]byte, error)) string {
	t.Helper()
	b, err := queue.StartBroker(queue.BrokerOptions{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	w, err := b.Connect(queue.Options{Name: name})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	go w.Work(t.Context(), work)
	return b.URL()
}

// TestRunQuotientsOldWorker checks that a census of misère quotients
// refuses the answer of a worker that does not know misère jobs (it
// computes the values instead) rather than storing it.
func TestRunQuotientsOldWorker(t *testing.T) {
	ctx := context.Background()
	// An older worker: it reads the job as one of values.
	url := remoteWorker(t, "old", func(ctx context.Context, j queue.Job) ([]byte, error) {
		var job struct {
			Code string `json:"code"`
			To   int    `json:"to"`
		}
		json.Unmarshal(j.Payload, &job)
		r, err := Survey(ctx, Job{Code: job.Code, To: job.To}, SurveyOptions{Workers: 1})
		if err != nil {
			return nil, err
		}
		return json.Marshal(r)
	})
	st := storetest.Open(t)
	rs, err := RunQuotients(ctx, Options{Codes: []string{"0.75"}, To: 10, Store: st, NATS: url})
	if err == nil || !strings.Contains(err.Error(), "0.75: worker old answered with no misère quotient") || len(rs) != 0 {
		t.Errorf("RunQuotients with an old worker: %+v, %v", rs, err)
	}
	if qs, _ := st.Quotients(ctx, ""); len(qs) != 0 {
		t.Errorf("stored %+v", qs)
	}
}

// TestNoteEqualQuotients notes a finished quotient equal to an earlier
// one, and leaves alone stopped ones, ones without a map and ones that
// differ in any part.
func TestNoteEqualQuotients(t *testing.T) {
	base := QuotientResult{Canonical: "0.3", Reached: 30, Order: 2, Presentation: json.RawMessage(`{"g":1}`),
		Map: json.RawMessage(`["1","a"]`), PElements: json.RawMessage(`["a"]`)}
	same := base
	same.Canonical = "0.5"
	order, pres, heaps, p := base, base, base, base
	order.Order = 3
	pres.Presentation = json.RawMessage(`{"g":2}`)
	heaps.Map = json.RawMessage(`["1","1"]`)
	p.PElements = json.RawMessage(`["1"]`)
	stopped, nomap := same, same
	stopped.Stopped = &QuotientStop{Heap: 3}
	nomap.Map = nil
	rs := []QuotientResult{base, order, pres, heaps, p, stopped, nomap, same}
	NoteEqualQuotients(rs)
	var notes []string
	for _, r := range rs {
		notes = append(notes, r.Note)
	}
	if want := []string{"", "", "", "", "", "", "", "same quotient as 0.3 to 30 heaps"}; !reflect.DeepEqual(notes, want) {
		t.Errorf("notes %q, want %q", notes, want)
	}
}

// TestRunQuotientsRemote runs a census of misère quotients on a broker's
// worker (as nimber worker does) and checks it against one with workers
// in process, code by code.
func TestRunQuotientsRemote(t *testing.T) {
	ctx := context.Background()
	url := remoteWorker(t, "remote/1", Worker(SurveyOptions{Workers: 1, Worker: "remote/1"}))
	codes, _ := Codes(1, false)
	dir := t.TempDir()
	run := func(name string, o Options) []QuotientResult {
		st, err := store.Open(ctx, filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		o.Codes, o.To, o.Store = codes, 16, st
		rs, err := RunQuotients(ctx, o)
		if err != nil || len(rs) != len(codes) {
			t.Fatalf("%s: %d results, %v", name, len(rs), err)
		}
		return rs
	}
	remote := run("remote.db", Options{NATS: url})
	local := run("local.db", Options{Workers: 2})
	for i, r := range remote {
		l := local[i]
		if r.Worker != "remote/1" || r.Cached || r.Order != l.Order || string(r.Map) != string(l.Map) ||
			string(r.Presentation) != string(l.Presentation) || !reflect.DeepEqual(r.Periodic, l.Periodic) || r.Note != l.Note {
			t.Errorf("%s: remote %+v\nin process %+v", codes[i], r, l)
		}
	}
}
