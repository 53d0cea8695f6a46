package main

import (
	"reflect"
	"strings"
	"testing"
)

// TestValueKonane values Konane positions through nimber value --game
// konane, the registry's entry alone: values worked by hand (a double
// jump among the options of xo.o.), a sum equal to the sum of its values
// as EXPRs, and the refusals of a bad board and of a region over the
// limit, in one line with exit status 2.
func TestValueKonane(t *testing.T) {
	checkBoardValues(t, "konane", []valueCase{
		{"xo.", "1"},
		{"ox.", "-1"},
		{".xo.", "*"},
		{"xo.o.", "1"},
		{"xo.......ox", "2"},
		{"xoxo|o.ox|xo.o", "2"},
	}, []string{"xo.o.", ".xo."}, []string{"1", "*"}, []refusal{
		{[]string{"xo.", "xo|X."}, `position 2 "xo|X.": row 2, column 1: character 'X' is not one of ".xo"`},
		{[]string{"xoxoxoxoxo|oxoxoxoxox|xoxoxoxoxo"}, "30 stones, limit 22"},
		{[]string{"xoxoxox|o..xoxo|xoxo..x|oxoxo.o"}, "23 stones, limit 22"},
	})
}

// A valueCase is a position of a game and its canonical form.
type valueCase struct{ pos, want string }

// checkBoardValues checks nimber value --game game: each position's
// canonical form, that the sum of the positions sum is the sum of the
// EXPRs exprs (every JSON field alike), and the refusals.
func checkBoardValues(t *testing.T, game string, cases []valueCase, sum, exprs []string, refusals []refusal) {
	t.Helper()
	for _, tc := range cases {
		if d := valueJSON(t, "--game", game, tc.pos, "--json"); d.Canonical != tc.want {
			t.Errorf("value --game %s %q: %s, want %s", game, tc.pos, d.Canonical, tc.want)
		}
	}
	got := valueJSON(t, append(append([]string{"--game", game}, sum...), "--json")...)
	want := valueJSON(t, append(exprs, "--json")...)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s %q = %+v, want that of %q: %+v", game, sum, got, exprs, want)
	}
	valueRefusals(t, game, refusals)
}

// TestAnalyzeKonane checks analyze konane against value --game konane:
// the position's canonical form and outcome, and each move's, whose
// position is valued again; and the moves of a row x(o.)^n: n for Left,
// one a jump more than the last, none for Right.
func TestAnalyzeKonane(t *testing.T) {
	analyzeMatchesValue(t, "konane", [][]string{{"xoxo|o.ox|xo.o"}, {"xo.o.", ".xo."}, {"x.o|o.x|.xo"}})
	for n := 1; n <= 4; n++ {
		pos := "x" + strings.Repeat("o.", n)
		s := analyzeJSON(t, "konane", pos)
		if len(s.Left) != n || len(s.Right) != 0 {
			t.Errorf("analyze konane %s: %d Left and %d Right moves, want %d and 0", pos, len(s.Left), len(s.Right), n)
		}
	}
	refused(t, "character 'X'", "analyze", "konane", "xX.")
}

// TestValueSnort values Snort positions through nimber value --game snort,
// the registry's entry alone: values worked by hand and CGSuite's
// (GameGraphTest, whose tinted vertex "L" is our 'l'), a sum equal to the
// sum of its values as EXPRs, and the refusals of a board no play makes
// and of a region over the limit, in one line with exit status 2.
func TestValueSnort(t *testing.T) {
	checkBoardValues(t, "snort", []valueCase{
		{".", "*"},
		{"..", "+-1"},
		{"L.", "1"},
		{"l...l", "{4|0,+-1}"},
		{"....|##.#", "+-{3|2}"},
		{"...|...|...", "+-{3|2}"},
	}, []string{"L..|...", ".."}, []string{"{4||0|-1}", "+-1"}, []refusal{
		{[]string{"..", ".LR"}, `position 2 ".LR": row 1, column 2: L and R cells side by side, which no play of Snort makes`},
		{[]string{"......|......|......|."}, "row 4 has 1 cells, row 1 has 6"},
		{[]string{"..........|.........#"}, "region 1 (..........|.........#): 19 cells, limit 18"},
	})
}

// TestAnalyzeSnort checks analyze snort against value --game snort: the
// position's canonical form and outcome, and each move's, whose position
// is valued again; and the moves of a row of n empty cells: n for each
// player.
func TestAnalyzeSnort(t *testing.T) {
	analyzeMatchesValue(t, "snort", [][]string{{"L..|..."}, {"...", "l.r"}, {"R.|.."}})
	for n := 1; n <= 5; n++ {
		s := analyzeJSON(t, "snort", strings.Repeat(".", n))
		if len(s.Left) != n || len(s.Right) != n {
			t.Errorf("analyze snort %s: %d Left and %d Right moves, want %d each", strings.Repeat(".", n), len(s.Left), len(s.Right), n)
		}
	}
	refused(t, "L and R cells side by side", "analyze", "snort", "LR.")
}

// refusal is a value --game command's positions and the text of its
// one-line error.
type refusal struct {
	args []string
	want string
}

// valueRefusals checks that value --game name refuses each case's
// positions with exit status 2 and one line holding its want.
func valueRefusals(t *testing.T, name string, cases []refusal) {
	t.Helper()
	for _, tc := range cases {
		code, out, errOut := nimber(t, "", append([]string{"value", "--game", name}, tc.args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("value --game %s %q: exit %d, %q, %q; want 2 and one line with %q", name, tc.args, code, out, errOut, tc.want)
		}
	}
}

// analyzeMatchesValue checks analyze name against value --game name on
// each sum of positions: the canonical form and outcome, and each move's,
// whose position is valued again.
func analyzeMatchesValue(t *testing.T, name string, sums [][]string) {
	t.Helper()
	for _, tc := range sums {
		s := analyzeJSON(t, append([]string{name}, tc...)...)
		d := valueJSON(t, append(append([]string{"--game", name}, tc...), "--json")...)
		if s.Canonical != d.Canonical || s.Outcome != d.Outcome {
			t.Errorf("analyze %s %q: %s (%s), value --game says %s (%s)", name, tc, s.Canonical, s.Outcome, d.Canonical, d.Outcome)
		}
		for _, m := range append(s.Left, s.Right...) {
			if v := valueJSON(t, "--game", name, m.Position, "--json"); v.Canonical != m.Canonical || v.Outcome != m.Outcome {
				t.Errorf("analyze %s %q: move %+v, value --game says %s (%s)", name, tc, m, v.Canonical, v.Outcome)
			}
		}
	}
}
