package game_test

import (
	"strconv"
	"testing"

	"nimber/game"
)

// TestParseCount checks the decimal counts of heap-game names: in range,
// too large (however many digits), and no number at all.
func TestParseCount(t *testing.T) {
	for _, tc := range []struct {
		in          string
		least, most int
		n           int
		large, ok   bool
	}{
		{"3", 1, 10, 3, false, true},
		{"1", 1, 10, 1, false, true},
		{"10", 1, 10, 10, false, true},
		{"11", 1, 10, 0, true, false},
		{"0", 1, 10, 0, false, false},
		{"-5", 1, 10, 0, false, false},
		{"99999999999999999999999", 1, 10, 0, true, false},
		{"-99999999999999999999999", 1, 10, 0, false, false},
		{"", 1, 10, 0, false, false},
		{"x", 1, 10, 0, false, false},
		{"1e3", 1, 10, 0, false, false},
	} {
		n, large, ok := game.ParseCount(tc.in, tc.least, tc.most)
		if n != tc.n || large != tc.large || ok != tc.ok {
			t.Errorf("ParseCount(%q, %d, %d) = %d, %v, %v; want %d, %v, %v", tc.in, tc.least, tc.most, n, large, ok, tc.n, tc.large, tc.ok)
		}
	}
}

// TestFamilyCount checks the counts in family names: N, plain numbers in
// range, and the spellings refused.
func TestFamilyCount(t *testing.T) {
	for _, tc := range []struct {
		in      string
		k       int64
		isN, ok bool
	}{
		{"N", 0, true, true}, {"n", 0, true, true},
		{"2", 2, false, true}, {"40", 40, false, true},
		{"41", 0, false, false}, {"0", 0, false, false}, {"02", 0, false, false},
		{"+2", 0, false, false}, {"-2", 0, false, false}, {"", 0, false, false}, {"NN", 0, false, false},
	} {
		k, isN, ok := game.FamilyCount(tc.in, 40)
		if k != tc.k || isN != tc.isN || ok != tc.ok {
			t.Errorf("FamilyCount(%q, 40) = %d, %v, %v; want %d, %v, %v", tc.in, k, isN, ok, tc.k, tc.isN, tc.ok)
		}
	}
}

// FuzzCounts holds ParseCount and FamilyCount to their definitions on
// any text: never a panic, a count accepted is in range and is what the
// text says, and a text refused as too large is a number above the most.
func FuzzCounts(f *testing.F) {
	for _, s := range []string{"3", "0", "-1", "+7", "007", "N", "99999999999999999999", "", " 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		const least, most = 1, 1000
		n, large, ok := game.ParseCount(s, least, most)
		if ok && (large || n < least || n > most) {
			t.Fatalf("ParseCount(%q) = %d, %v, %v: out of range", s, n, large, ok)
		}
		if v, err := strconv.Atoi(s); err == nil && ok != (v >= least && v <= most) {
			t.Fatalf("ParseCount(%q) ok = %v for %d", s, ok, v)
		}
		if large && (ok || s == "" || s[0] == '-') {
			t.Fatalf("ParseCount(%q): too large, but ok or negative", s)
		}
		k, isN, fok := game.FamilyCount(s, most)
		if fok && !isN && (k < 1 || k > most || strconv.FormatInt(k, 10) != s) {
			t.Fatalf("FamilyCount(%q) = %d: not the plain number in range", s, k)
		}
		if isN && s != "N" && s != "n" {
			t.Fatalf("FamilyCount(%q): N, but the text is not N", s)
		}
	})
}
