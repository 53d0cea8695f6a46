package census

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"nimber/heap"
)

// TestCodes counts the codes of each length, checks that they parse, are
// listed once by canonical form, and end in a non-zero digit.
func TestCodes(t *testing.T) {
	for _, tc := range []struct {
		digits int
		hex    bool
		want   int
	}{
		{1, false, 7}, {2, false, 63}, {3, false, 511}, {1, true, 15}, {2, true, 255},
	} {
		codes, err := Codes(tc.digits, tc.hex)
		if err != nil {
			t.Fatal(err)
		}
		if len(codes) != tc.want {
			t.Errorf("%d digits (hex %v): %d codes, want %d", tc.digits, tc.hex, len(codes), tc.want)
		}
		seen := map[string]bool{}
		for _, c := range codes {
			g, err := heap.Parse(c)
			if err != nil {
				t.Fatalf("%s: %v", c, err)
			}
			if seen[g.String()] || strings.HasSuffix(c, "0") {
				t.Errorf("%s listed twice or with a trailing zero", c)
			}
			seen[g.String()] = true
		}
	}
	for _, d := range []int{0, MaxDigits + 1} {
		if _, err := Codes(d, false); err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("--digits %d: %v", d, err)
		}
	}
}

// TestReadCodes checks the list format and its errors.
func TestReadCodes(t *testing.T) {
	got, err := ReadCodes(strings.NewReader("# short codes\n0.07\n\n.137 # Dawson's chess\ngrundy\n"), "list")
	if err != nil || strings.Join(got, " ") != "0.07 .137 grundy" {
		t.Fatalf("%q, %v", got, err)
	}
	for _, tc := range []struct{ in, want string }{
		{"0.07\n0.0x\n", "list:2: "},
		{"0.07\n.07\n", "list:2: .07 is the code of line 1 again (0.07)"},
		{"# nothing\n", "list: no code in the list"},
	} {
		if _, err := ReadCodes(strings.NewReader(tc.in), "list"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.want)
		}
	}
}

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
