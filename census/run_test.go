package census

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"nimber/queue"
	"nimber/store"
	"nimber/store/storetest"
)

// TestRun surveys the two-digit octal codes through the work queue with
// two workers in process, checks every result against Survey run directly,
// answers a second census from the store, and extends the stored runs.
func TestRun(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := store.Open(ctx, filepath.Join(dir, "census.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	codes, _ := Codes(2, false)
	o := Options{Codes: codes, To: 2000, Store: st, Workers: 2, SeqDir: dir}
	before := time.Now()
	rs, err := Run(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	after := time.Now()
	checkComputed(t, ctx, st, rs, before, after)
	seen := map[string]string{}
	for i, r := range rs {
		want, err := Survey(ctx, Job{Code: codes[i], To: 2000}, SurveyOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if r.Canonical != want.Canonical || r.Status != want.Status || r.Period != want.Period || r.Preperiod != want.Preperiod ||
			r.LastRare != want.LastRare || r.ValuesSHA256 != want.ValuesSHA256 || r.Cached || r.Worker == "" || r.SeqPath == "" {
			t.Errorf("%s: %+v\nwant %+v", codes[i], r, want)
		}
		if c, ok := seen[r.ValuesSHA256]; ok && r.Note != "same values as "+c+" to 2000 heaps" {
			t.Errorf("%s has the values of %s; note %q", r.Canonical, c, r.Note)
		} else if !ok {
			seen[r.ValuesSHA256] = r.Canonical
		}
	}

	start := time.Now()
	again, err := Run(ctx, Options{Codes: codes, To: 1000, Store: st, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range again {
		if !r.Cached || r.Heaps != 2000 || r.ValuesSHA256 != rs[i].ValuesSHA256 || !r.ComputedAt.Equal(rs[i].ComputedAt) || r.Worker != rs[i].Worker {
			t.Errorf("%s again: %+v", codes[i], r)
		}
	}
	t.Logf("63 codes to 2000 answered from the store in %v", time.Since(start))

	longer, err := Run(ctx, Options{Codes: codes[:5], To: 3000, Store: st, Workers: 2, SeqDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range longer {
		want, _ := Survey(ctx, Job{Code: codes[i], To: 3000}, SurveyOptions{Workers: 1})
		if r.Extended != 2000 || r.ValuesSHA256 != want.ValuesSHA256 {
			t.Errorf("%s to 3000: extended from %d, values %s want %s", codes[i], r.Extended, r.ValuesSHA256, want.ValuesSHA256)
		}
		if b, ok, _ := st.Best(ctx, r.Canonical, 3000); !ok || b.Heaps != 3000 {
			t.Errorf("%s: the run to 3000 is not stored", codes[i])
		}
	}
}

// workerName is the name of a worker in process: host/pid/k.
var workerName = regexp.MustCompile(`^.*/[0-9]+/[0-9]+$`)

// checkComputed checks that each run of rs, computed by a worker in process
// between before and after, says when and by which worker, and that the
// store keeps the same.
func checkComputed(t *testing.T, ctx context.Context, st *store.Store, rs []Result, before, after time.Time) {
	t.Helper()
	for _, r := range rs {
		if r.ComputedAt.Before(before) || r.ComputedAt.After(after) || !workerName.MatchString(r.Worker) {
			t.Errorf("%s: computed at %v by %q, want between %v and %v by host/pid/k", r.Canonical, r.ComputedAt, r.Worker, before, after)
		}
		stored, ok, err := st.Best(ctx, r.Canonical, r.Heaps)
		if err != nil || !ok || !stored.ComputedAt.Equal(r.ComputedAt) || stored.Worker != r.Worker {
			t.Errorf("%s: stored computed at %v by %q (%v), reported %v by %q", r.Canonical, stored.ComputedAt, stored.Worker, err, r.ComputedAt, r.Worker)
		}
	}
}

// TestShiftedNote notes the codes whose values are another's one heap on:
// 0.37 is 0.6 and 0.007 is 0.04, with heaps one token larger.
func TestShiftedNote(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	rs, err := Run(ctx, Options{Codes: []string{"0.04", "0.6", "0.007", "0.37", "0.61"}, To: 3000, Store: st, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"", "", "the values of 0.04 one heap on (G(n) is its G(n+1)) to 2999 heaps",
		"the values of 0.6 one heap on (G(n) is its G(n+1)) to 2999 heaps", "same values as 0.6 to 3000 heaps"}
	for i, r := range rs {
		if r.Note != want[i] {
			t.Errorf("%s: note %q, want %q", r.Canonical, r.Note, want[i])
		}
	}
	// The notes come back the same from the store.
	rs, _ = Run(ctx, Options{Codes: []string{"0.6", "0.37"}, To: 3000, Store: st})
	if !rs[1].Cached || rs[1].Note != want[3] {
		t.Errorf("from the store: %+v", rs[1])
	}
}

// TestBatch runs a batch of four codes on a broker's worker: one
// answered before the run, one whose job fails, one whose result keep
// refuses and one kept. It checks that a code queued twice is refused,
// that the results come back in the order of the codes without the
// failed ones, each failure named by its code, and the progress counted.
func TestBatch(t *testing.T) {
	url := remoteWorker(t, "w", func(ctx context.Context, j queue.Job) ([]byte, error) {
		var job Job
		if err := json.Unmarshal(j.Payload, &job); err != nil {
			return nil, err
		}
		if job.Code == "0.5" {
			return nil, errors.New("no such luck")
		}
		return json.Marshal(Result{Canonical: job.Code, Heaps: job.To})
	})
	var progress []int
	b, err := newBatch[Result](Options{Codes: []string{"0.3", "0.5", "0.6", "0.7"}, To: 5, NATS: url,
		Progress: func(done, total int) { progress = append(progress, done*10+total) }}, MaxHeaps)
	if err != nil {
		t.Fatal(err)
	}
	b.answer(0, Result{Canonical: "0.3", Cached: true})
	for i, code := range []string{"0.5", "0.6", "0.7"} {
		if err := b.add(i+1, code, Job{Code: code, To: 5}); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.add(3, "0.7", Job{Code: "0.70", To: 5}); err == nil || err.Error() != "code 0.7 is 0.7 again" {
		t.Errorf("a code queued twice: %v", err)
	}
	rs, err := b.run(context.Background(), func(r *Result, worker string) error {
		if r.Canonical == "0.6" {
			return refusal{errors.New("not today")}
		}
		r.Worker = worker
		return nil
	})
	var got []string
	for _, r := range rs {
		got = append(got, r.Canonical+"/"+r.Worker)
	}
	if want := []string{"0.3/", "0.7/w"}; !slices.Equal(got, want) || err == nil ||
		!strings.Contains(err.Error(), "0.5: no such luck") || !strings.Contains(err.Error(), "0.6: not today") {
		t.Errorf("results %q, %v; want %q and the failures of 0.5 and 0.6", got, err, want)
	}
	if want := []int{14, 24}; !slices.Equal(progress, want) {
		t.Errorf("progress (done*10+total) %v, want %v", progress, want)
	}
	if _, err := newBatch[Result](Options{To: MaxHeaps + 1}, MaxHeaps); err == nil || !strings.Contains(err.Error(), "out of range 1..") {
		t.Errorf("too many heaps: %v", err)
	}
}
