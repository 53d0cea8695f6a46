package main

import (
	"encoding/json"
	"strings"
	"testing"

	"nimber/cgt/loopy"
)

// TestOutcomeCommand checks outcome's answers on boards whose outcomes
// are known: 6 x 6 a first-player win, 4 x 8 Right's whoever starts (its
// value is negative), a column of three Left's.
func TestOutcomeCommand(t *testing.T) {
	code, out, errOut := nimber(t, "", "outcome", "--game", "domineering", "......|......|......|......|......|......")
	if code != 0 || !strings.HasPrefix(out, "outcome N: the first player wins\nLeft moving first: Left wins\nRight moving first: Right wins\n") ||
		!strings.Contains(out, "positions searched") {
		t.Errorf("6 x 6: exit %d, %q, %q", code, out, errOut)
	}
	code, out, errOut = nimber(t, "", "outcome", "--game", "domineering", "........|........|........|........", "--json")
	var rep outcomeReport
	if err := json.Unmarshal([]byte(out), &rep); code != 0 || err != nil {
		t.Fatalf("4 x 8 --json: exit %d, %v, %q", code, err, errOut)
	}
	if rep.Outcome != "R" || rep.LeftFirst != "Right" || rep.RightFirst != "Right" || rep.Method != "search" || rep.Position != "........|........|........|........" || rep.Positions <= 0 {
		t.Errorf("4 x 8 --json: %+v", rep)
	}
	code, out, _ = nimber(t, "", "outcome", "--game", "domineering", ".\n.\n.")
	if code != 0 || !strings.HasPrefix(out, "outcome L: Left wins whoever starts\n") {
		t.Errorf("a column of three: exit %d, %q", code, out)
	}
}

// TestOutcomeByValue checks outcome's search against the outcome class
// of the canonical form nimber value gives, for sums of Clobber, Toads
// and Frogs, Cutcake, Hackenbush, Domineering and a partizan rules file,
// given as one argument or several.
func TestOutcomeByValue(t *testing.T) {
	for _, args := range [][]string{
		{"--game", "clobber", "xox|ox."},
		{"--game", "clobber", "xo + xo"},
		{"--game", "clobber", "xo", "xo", "xox|oxo"},
		{"--game", "domineering", "...|...", "..|..|.."},
		{"--game", "toads-frogs", "TTT..FFF"},
		{"--game", "cutcake", "8x4 + 2x3"},
		{"--game", "hackenbush", "LRR GG LG"},
		{"--rules", "../../examples/rules/partizan_subtraction.star", "7"},
	} {
		code, out, errOut := nimber(t, "", append([]string{"outcome", "--json"}, args...)...)
		var rep outcomeReport
		if err := json.Unmarshal([]byte(out), &rep); code != 0 || err != nil {
			t.Fatalf("outcome %q: exit %d, %v, %q", args, code, err, errOut)
		}
		d := valueJSON(t, append(args, "--json")...)
		first := map[string][2]string{"L": {"Left", "Left"}, "R": {"Right", "Right"}, "N": {"Left", "Right"}, "P": {"Right", "Left"}}[d.Outcome]
		if rep.Method == "" || rep.Outcome != d.Outcome || [2]string{rep.LeftFirst, rep.RightFirst} != first {
			t.Errorf("outcome %q: %+v; value says %s (%s)", args, rep, d.Canonical, d.Outcome)
		}
	}
}

// TestOutcomeLoopy checks outcome on games whose positions repeat,
// decided by a retrograde analysis with draws against the outcome class
// of their loopy value: Fox and Geese, Backsliding Toads and Frogs (a
// draw), and a rules file in which Left moves round a cycle for ever.
func TestOutcomeLoopy(t *testing.T) {
	loop := writeTemp(t, "loop.star", "def left(n):\n    return [(n + 1) % 3]\ndef right(n):\n    return []\n")
	for _, tc := range []struct {
		args  []string
		first [2]string
	}{
		{[]string{"--game", "fox-and-geese", "geese 3,1 3,3 3,5 3,7 fox 1,5"}, [2]string{"Left", "Left"}},
		{[]string{"--game", "backsliding-toads-frogs", "TTT..FFF"}, [2]string{"Draw", "Draw"}},
		{[]string{"--game", "backsliding-toads-frogs", "TT..FF"}, [2]string{"Left", "Right"}},
		{[]string{"--rules", loop, "1"}, [2]string{"Left", "Left"}},
	} {
		code, out, errOut := nimber(t, "", append([]string{"outcome", "--json"}, tc.args...)...)
		var rep outcomeReport
		if err := json.Unmarshal([]byte(out), &rep); code != 0 || err != nil {
			t.Fatalf("outcome %q: exit %d, %v, %q", tc.args, code, err, errOut)
		}
		d := valueAs[loopy.Description](t, append(tc.args, "--json")...)
		if rep.Method != "retrograde" || rep.Outcome != d.Outcome || [2]string{rep.LeftFirst, rep.RightFirst} != tc.first {
			t.Errorf("outcome %q: %+v; value says %s (%s)", tc.args, rep, d.Canonical, d.Outcome)
		}
	}
	code, out, _ := nimber(t, "", "outcome", "--game", "backsliding-toads-frogs", "TTT..FFF")
	if code != 0 || !strings.HasPrefix(out, "outcome D: a draw whoever starts\nLeft moving first: a draw (play goes on for ever)\n") {
		t.Errorf("TTT..FFF: exit %d, %q", code, out)
	}
}

// TestOutcomeRefusals checks outcome's one-line refusals, exit 2.
func TestOutcomeRefusals(t *testing.T) {
	square := func(n int) string {
		return strings.TrimSuffix(strings.Repeat(strings.Repeat(".", n)+"|", n), "|")
	}
	for _, tc := range []struct {
		want string
		args []string
	}{
		{"outcome needs --game NAME or --rules FILE", []string{"outcome", "..|.."}},
		{`outcome: --game "nim" is a game of kind impartial`, []string{"outcome", "--game", "nim", "3"}},
		{"outcome takes one POSITION or more (a sum), got none", []string{"outcome", "--game", "domineering"}},
		{"row 1, column 2: character 'x'", []string{"outcome", "--game", "domineering", ".x"}},
		{`position 2 "..x": row 1, column 3`, []string{"outcome", "--game", "domineering", "..", "..x"}},
		{"--threads 0: want", []string{"outcome", "--game", "domineering", "--threads", "0", ".."}},
		{"not settled within --max-positions 10", []string{"outcome", "--game", "domineering", "--max-positions", "10", square(6)}},
		{"--max-positions -1", []string{"outcome", "--game", "domineering", "--max-positions", "-1", ".."}},
		{"not settled within --max-positions 10", []string{"outcome", "--game", "clobber", "--max-positions", "10", "xoxoxoxoxoxoxoxoxoxoxoxoxo"}},
		// 8 x 8 takes minutes: a millisecond stops it.
		{"--timeout ran out", []string{"--timeout", "1ms", "outcome", "--game", "domineering", square(8)}},
	} {
		refused(t, tc.want, tc.args...)
	}
}

// TestOutcomeDocExamples runs the outcome examples of docs/partizan.md.
func TestOutcomeDocExamples(t *testing.T) {
	if n := runDocExamples(t, "docs/partizan.md", "$ nimber outcome "); n < 1 {
		t.Errorf("%d outcome examples in docs/partizan.md", n)
	}
}
