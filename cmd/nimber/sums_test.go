package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSumsOfBoardsOfDifferentSizes is issue 19's: a sum of boards of
// different sizes (or of equal sizes and different cells) is valued as
// the nim-sum of each board's value alone, by grundy, analyze and explain,
// where it used to die with an index out of range or value a board's
// rectangles on the first board.
func TestSumsOfBoardsOfDifferentSizes(t *testing.T) {
	for _, tc := range []struct{ game, a, b string }{
		{"bacterial-tactics", "..|.#", "...|..."},
		{"bacterial-tactics", ".#.", "..."},
		{"caos3", "^^^^^\n^^^^^\n^^^^^\n^^^^^\n^^^^^", "^#^#^^^\n^#^^^#^\n^#^^^^^\n^^^#^^^\n^^^^^^^\n^^^^^^^\n^^^^^^^"},
		{"inventor-outlasting", "...\n.X.\n...", ".......\n...X.X.\n...X.X.\n..XX...\n..X...."},
		{"knights", "3x3 3,3", "9x9 9,9 5,8"},
	} {
		value := func(positions ...string) int {
			t.Helper()
			args := append([]string{"grundy", tc.game}, positions...)
			code, out, errOut := nimber(t, "", append(args, "--json")...)
			var rep grundyReport
			if code != 0 || json.Unmarshal([]byte(out), &rep) != nil {
				t.Fatalf("%q: exit %d, stderr %q, output %q", args, code, errOut, out)
			}
			n, ok := rep.NimSum.Grundy()
			if !ok {
				t.Fatalf("%q: nim_sum %v is not a Grundy value", args, rep.NimSum)
			}
			return n
		}
		a, b := value(tc.a), value(tc.b)
		for _, sum := range [][]string{{tc.a, tc.b}, {tc.b, tc.a}} {
			if got := value(sum...); got != a^b {
				t.Errorf("grundy %s %q: nim-sum %d, want %d ^ %d = %d", tc.game, sum, got, a, b, a^b)
			}
		}
		for _, args := range [][]string{
			{"analyze", tc.game, "--position", tc.a, "--position", tc.b},
			{"explain", tc.game, tc.a, tc.b},
		} {
			code, out, errOut := nimber(t, "", args...)
			if code != 0 || errOut != "" || out == "" {
				t.Errorf("%q: exit %d, stderr %q", args, code, errOut)
			}
			if want := map[bool]string{true: "P", false: "N"}[a^b == 0]; !strings.Contains(out, want+", the player") && !strings.Contains(out, want+": the player") {
				t.Errorf("%q: the output does not say %s:\n%s", args, want, out)
			}
		}
	}
}
