package census

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"nimber/heap"
)

// TestSurveyAgainstPlain compares Survey on random short codes with the
// summary of the values of the definition engine (heap.Plain).
func TestSurveyAgainstPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	ctx := context.Background()
	for range 60 {
		code := "0."
		for range 1 + rng.IntN(3) {
			code += string("01234567"[rng.IntN(8)])
		}
		code += string("1234567"[rng.IntN(7)])
		to := 200 + rng.IntN(1500)
		r, err := Survey(ctx, Job{Code: code, To: to}, SurveyOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		g, _ := heap.Parse(code)
		plain, err := g.Plain(ctx, nil, to)
		if err != nil {
			t.Fatal(err)
		}
		seq := &heap.Seq{}
		for _, v := range plain {
			seq.Append(v)
		}
		want := summarize(code, g, seq)
		if r.ComputedAt.IsZero() {
			t.Errorf("%s to %d: no time of computation", code, to)
		}
		r.Seconds, r.ComputedAt = 0, time.Time{} // differ from run to run
		if r != want {
			t.Errorf("%s to %d:\n got %+v\nwant %+v", code, to, r, want)
		}
	}
}

// TestSurveyExtends checks that a longer job extends the sequence file of a
// shorter one when it is unchanged, with the values of a run from scratch,
// and starts over when the file changed.
func TestSurveyExtends(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	o := SurveyOptions{Workers: 1, SeqDir: dir}
	first, err := Survey(ctx, Job{Code: "0.007", To: 3000}, o)
	if err != nil {
		t.Fatal(err)
	}
	long, err := Survey(ctx, Job{Code: "0.007", To: 8000, SeqPath: first.SeqPath, SeqSHA256: first.SeqSHA256}, o)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := Survey(ctx, Job{Code: "0.007", To: 8000}, SurveyOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if long.Extended != 3000 || long.ValuesSHA256 != fresh.ValuesSHA256 || long.LastRare != fresh.LastRare {
		t.Errorf("extended from %d: values %s, a fresh run %s", long.Extended, long.ValuesSHA256, fresh.ValuesSHA256)
	}
	// A changed file is not trusted: the next job starts over.
	f, err := os.OpenFile(long.SeqPath, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte{0})
	f.Close()
	again, err := Survey(ctx, Job{Code: "0.007", To: 9000, SeqPath: long.SeqPath, SeqSHA256: long.SeqSHA256}, o)
	if err != nil {
		t.Fatal(err)
	}
	if again.Extended != 0 || again.Heaps != 9000 {
		t.Errorf("after a change: extended from %d, %d heaps", again.Extended, again.Heaps)
	}
}
