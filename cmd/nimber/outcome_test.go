package main

import (
	"encoding/json"
	"strings"
	"testing"
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
	if rep.Outcome != "R" || rep.LeftFirst != "Right" || rep.RightFirst != "Right" || rep.Rows != 4 || rep.Cols != 8 || rep.Positions <= 0 {
		t.Errorf("4 x 8 --json: %+v", rep)
	}
	code, out, _ = nimber(t, "", "outcome", "--game", "domineering", ".\n.\n.")
	if code != 0 || !strings.HasPrefix(out, "outcome L: Left wins whoever starts\n") {
		t.Errorf("a column of three: exit %d, %q", code, out)
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
		{"outcome needs --game domineering", []string{"outcome", "..|.."}},
		{`outcome --game "clobber": the outcome search knows domineering only`, []string{"outcome", "--game", "clobber", "xo"}},
		{"outcome takes one BOARD, got 2 arguments", []string{"outcome", "--game", "domineering", "..", ".."}},
		{"outcome takes one BOARD, got 0 arguments", []string{"outcome", "--game", "domineering"}},
		{"a sum of 2 boards", []string{"outcome", "--game", "domineering", ".. + .."}},
		{"row 1, column 2: character 'x'", []string{"outcome", "--game", "domineering", ".x"}},
		{"the 9 x 9 board: 81 cells, limit 64", []string{"outcome", "--game", "domineering", square(9)}},
		{"--memory 0 MiB out of range 1..4096", []string{"outcome", "--game", "domineering", "--memory", "0", ".."}},
		{"is not settled within --max-positions 10", []string{"outcome", "--game", "domineering", "--max-positions", "10", square(6)}},
		{"--max-positions -1 is negative", []string{"outcome", "--game", "domineering", "--max-positions", "-1", ".."}},
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
