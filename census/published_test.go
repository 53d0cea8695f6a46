package census

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"nimber/internal/golden"
)

// TestPublishedPeriods surveys every code of testdata/published.tsv far
// enough for the Guy–Smith proof and compares its proven preperiod and
// period (and, where given, the rare heaps) with the published ones.
func TestPublishedPeriods(t *testing.T) {
	n := 0
	for line := range strings.Lines(string(golden.Read(t, "testdata/published.tsv"))) {
		line = strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		fs := strings.Split(line, "\t")
		code := fs[0]
		pre, _ := strconv.Atoi(fs[1])
		per, _ := strconv.Atoi(fs[2])
		// Enough heaps for the proof: 2 n0 + 2 p + t, t < 4.
		to := 2*pre + 2*per + 64
		r, err := Survey(context.Background(), Job{Code: code, To: to}, SurveyOptions{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Proven || r.Preperiod != pre || r.Period != per {
			t.Errorf("%s to %d: %s, preperiod %d, period %d; published %d and %d", code, to, r.Status, r.Preperiod, r.Period, pre, per)
		}
		if fs[3] != "-" && (strconv.Itoa(r.Rare) != fs[3] || strconv.Itoa(r.LastRare) != fs[4]) {
			t.Errorf("%s: %d rare heaps, the last %d; published %s, the last %s", code, r.Rare, r.LastRare, fs[3], fs[4])
		}
		n++
	}
	if n < 80 {
		t.Fatalf("only %d published codes read", n)
	}
}

// provenHere are the codes of testdata/unsolved.txt that nimber proves
// periodic: disagreements with that list, written down in docs/census.md.
var provenHere = map[string][2]int{
	// Period 51 from n0 = 998 (the Guy–Smith condition needs 2101
	// values; the definition engine gives the same values to 6000).
	"4.344": {998, 51},
}

// TestUnsolvedStayOpen surveys the codes with no known period to 4096
// heaps: none may come out proven but those of provenHere, as recorded.
func TestUnsolvedStayOpen(t *testing.T) {
	codes, err := ReadCodes(bytes.NewReader(golden.Read(t, "testdata/unsolved.txt")), "unsolved.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range codes {
		r, err := Survey(context.Background(), Job{Code: c, To: 4096}, SurveyOptions{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if want, ok := provenHere[r.Canonical]; ok {
			if !r.Proven || r.Preperiod != want[0] || r.Period != want[1] {
				t.Errorf("%s: %s, period %d from %d; recorded as proven, period %d from %d", c, r.Status, r.Period, r.Preperiod, want[1], want[0])
			}
		} else if r.Proven {
			t.Errorf("%s, unsolved in the literature, proven with period %d from %d within 4096 heaps", c, r.Period, r.Preperiod)
		}
	}
}
