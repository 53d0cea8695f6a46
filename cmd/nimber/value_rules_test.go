package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestValueRules values positions of the partizan example rules files
// through nimber value --rules and analyze --rules: Cutcake by rules
// answers as the built-in cutcake does, key by key, and the partizan
// subtraction game's values and sums are those of their EXPRs.
func TestValueRules(t *testing.T) {
	const cutcake = "../../examples/rules/cutcake_rules.star"
	const sub = "../../examples/rules/partizan_subtraction.star"
	for _, pos := range [][]string{{"3x4"}, {"3x4", "2x2"}, {"5x7+2x3"}, {"1x1"}} {
		got := valueJSON(t, append([]string{"--rules", cutcake, "--json"}, pos...)...)
		want := valueJSON(t, append([]string{"--game", "cutcake", "--json"}, pos...)...)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("value --rules cutcake_rules.star %q: %+v, built in %+v", pos, got, want)
		}
	}
	for _, tc := range []struct {
		pos  []string
		want []string // the same value as EXPRs
	}{
		{[]string{"7"}, []string{"{0|^[2]}"}},
		{[]string{"2", "3"}, []string{"^", "^*"}},
		{[]string{"8"}, []string{"^3"}},
		{[]string{"0"}, []string{"0"}},
	} {
		got := valueJSON(t, append([]string{"--rules", sub, "--json"}, tc.pos...)...)
		want := valueJSON(t, append(tc.want, "--json")...)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("value --rules partizan_subtraction.star %q: %+v, want that of %q: %+v", tc.pos, got, tc.want, want)
		}
	}
	// Text, not JSON: the canonical form first.
	if code, out, errOut := nimber(t, "", "value", "--rules", cutcake, "3x4", "2x2"); code != 0 || out[:2] != "1\n" {
		t.Errorf("value --rules cutcake_rules.star 3x4 2x2: exit %d, %q, %q; want 1 first", code, out, errOut)
	}
	for _, pos := range []string{"3x4", "2x3", "4x4"} {
		got := analyzeMovesJSON(t, "analyze", "--rules", cutcake, pos, "--json")
		want := analyzeMovesJSON(t, "analyze", "cutcake", pos, "--json")
		if !reflect.DeepEqual(got, want) {
			t.Errorf("analyze --rules cutcake_rules.star %s --json:\n%v\nbuilt in:\n%v", pos, got, want)
		}
	}
}

// analyzeMovesJSON runs the analyze command line args and returns its JSON
// answer, without the whole position each move leaves where the answer
// has it: a rules file writes a sum one part a line, the built-in games
// with '+'.
func analyzeMovesJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	code, out, errOut := nimber(t, "", args...)
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); code != 0 || err != nil {
		t.Fatalf("%q: exit %d, %v, %s", args, code, err, errOut)
	}
	for _, side := range []string{"left_moves", "right_moves"} {
		moves, _ := m[side].([]any)
		for _, mv := range moves {
			if mv, ok := mv.(map[string]any); ok {
				delete(mv, "position")
			}
		}
	}
	return m
}

// TestValueRulesRefusals checks the one-line errors, exit status 2, of bad
// partizan rules files and their positions, by value and analyze.
func TestValueRulesRefusals(t *testing.T) {
	const right = "def right(n):\n    return []\n"
	leftOnly := writeTemp(t, "half.star", "def left(n):\n    return []\n")
	both := writeTemp(t, "both.star", "def moves(n):\n    return []\n"+right+"def left(n):\n    return []\n")
	notList := writeTemp(t, "int.star", "def left(n):\n    return n\n"+right)
	loop := writeTemp(t, "loop.star", "def left(n):\n    return [(n + 1) % 3]\n"+right)
	runaway := writeTemp(t, "runaway.star", "def left(n):\n    while True:\n        n += 1\n"+right)
	impartial := writeTemp(t, "take.star", "def moves(n):\n    return [n - 1] if n > 0 else []\n")
	for _, cmd := range []string{"value", "analyze"} {
		wantOneLine(t, []string{cmd, "--rules", leftOnly, "3"}, "half.star: defines left(p) but no right(p)")
		wantOneLine(t, []string{cmd, "--rules", both, "3"}, "both.star: defines moves(p) and also left(p) or right(p)")
		wantOneLine(t, []string{cmd, "--rules", notList, "5"}, "int.star:2:5: left(5) returned an int, want a list of options")
		// value and analyze answer a game whose play repeats with its loopy
		// value: Left moves round 1 -> 2 -> 0 -> 1 for ever, Right never
		// moves.
		want := map[string]string{"value": "on\n", "analyze": "position: 1\ncanonical form on\n"}[cmd]
		if code, out, errOut := nimber(t, "", cmd, "--rules", loop, "1"); code != 0 || !strings.HasPrefix(out, want) {
			t.Errorf("%s --rules loop.star 1: exit %d, %q, %s; want %q first", cmd, code, out, errOut, want)
		}
		wantOneLine(t, []string{cmd, "--rules", runaway, "5", "--max-steps", "10000"},
			"runaway.star:3:", "left(5): exceeded the step budget of 10000 steps per call; --max-steps 100000 allows more")
		wantOneLine(t, []string{cmd, "--rules", "../../examples/rules/cutcake_rules.star", "3y4"}, `"3y4"`, "cutcake_rules.star:", `parse("3y4"): fail:`)
		wantOneLine(t, []string{cmd, "--rules", "no-such-file.star", "3"}, "no-such-file.star")
	}
	wantOneLine(t, []string{"value", "--rules", impartial, "3"}, "take is a game of kind impartial", "nimber grundy --rules")
	wantOneLine(t, []string{"value", "--rules", impartial, "--game", "cutcake", "3"}, "give --game NAME or --rules FILE, not both")
	wantOneLine(t, []string{"value", "--rules", loop}, "takes at least one POSITION")
	wantOneLine(t, []string{"value", "--game", "cutcake", "3x3", "--max-steps", "100"}, "--max-steps bounds the code of a rules file")
	// The impartial commands send a partizan file to value --rules.
	wantOneLine(t, []string{"grundy", "--rules", "../../examples/rules/cutcake_rules.star", "3x4"},
		"cutcake_rules is partizan", "use nimber value --rules ../../examples/rules/cutcake_rules.star")
	wantOneLine(t, []string{"explain", "--rules", "../../examples/rules/cutcake_rules.star", "3x4"}, "--rules FILE")
}
