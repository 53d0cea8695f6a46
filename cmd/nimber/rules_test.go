package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTemp writes src to the file name in a temporary folder of the test
// (a rules file, a graph) and returns its path.
func writeTemp(t *testing.T, name, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// wantOneLine checks that the command line exits with status 2, prints
// nothing on standard output and one line holding each of want on
// standard error.
func wantOneLine(t *testing.T, args []string, want ...string) string {
	t.Helper()
	code, out, errOut := nimber(t, "", args...)
	if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
		t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and one line", args, code, out, errOut)
	}
	for _, w := range want {
		if !strings.Contains(errOut, w) {
			t.Errorf("%q: stderr %q, want it to hold %q", args, errOut, w)
		}
	}
	return errOut
}

// rulesCommands are the commands that take --rules, each with arguments
// that make it run moves(5) of the file.
func rulesCommands(file string) [][]string {
	return [][]string{
		{"grundy", "--rules", file, "5"},
		{"grundy", "--rules", file, "5", "--misere"},
		{"explain", "--rules", file, "5"},
		{"analyze", "--rules", file, "5"},
		{"sequence", "--rules", file, "--to", "6"},
		{"table", "--rules", file, "--to", "6"},
		{"compound", "--rules", file, "5"},
	}
}

// TestMaxStepsFlag checks that --max-steps is refused in one line, exit 2,
// when it is not a whole number of 1 or more, on every command that takes
// --rules, serve included, and without --rules.
func TestMaxStepsFlag(t *testing.T) {
	file := writeTemp(t, "take.star", "def moves(n):\n    return [n - 1] if n > 0 else []\n")
	cmds := append(rulesCommands(file), []string{"serve", "--rules", file, "--addr", "127.0.0.1:0"})
	for _, cmd := range cmds {
		for _, bad := range []string{"0", "-1", "abc", "1.5", "1e9x", "", "1e-3"} {
			args := append(append([]string{}, cmd...), "--max-steps="+bad)
			wantOneLine(t, args, `invalid argument "`+bad+`" for "--max-steps" flag: want a whole number of steps of 1 or more`)
		}
	}
	wantOneLine(t, []string{"grundy", "0.07", "5", "--max-steps", "1000"}, "--max-steps bounds the code of a rules file: give --rules FILE too")
	wantOneLine(t, []string{"serve", "--max-steps", "1000"}, "--max-steps bounds the code of a rules file: give --rules FILE too")
	for text, want := range map[string]stepsFlag{"1000": 1000, "1e9": 1_000_000_000, "1_000_000": 1_000_000, " 7 ": 7, "2E3": 2000} {
		var s stepsFlag
		if err := s.Set(text); err != nil || s != want {
			t.Errorf("--max-steps %q: %d, %v; want %d", text, s, err, want)
		}
	}
}

// TestMaxStepsStopsRunaway checks that --max-steps bounds each call: a
// moves that never ends is stopped at the budget, on every command that
// takes --rules, and the line says which call, the budget and how to
// raise it.
func TestMaxStepsStopsRunaway(t *testing.T) {
	file := writeTemp(t, "runaway.star", "def moves(n):\n    x = 0\n    for i in range(1000000000000):\n        x += i\n    return []\n")
	for _, cmd := range rulesCommands(file) {
		args := append(append([]string{}, cmd...), "--max-steps", "20000")
		wantOneLine(t, args, "runaway.star:3:", ": moves(", "exceeded the step budget of 20000 steps per call; --max-steps 200000 allows more")
	}
	top := writeTemp(t, "top.star", "def moves(n):\n    return []\nx = 0\nwhile True:\n    x += 1\n")
	wantOneLine(t, []string{"grundy", "--rules", top, "1", "--max-steps", "5000"}, "top.star:5:", "exceeded the step budget of 5000 steps per call; --max-steps 50000 allows more")
}

// TestMaxStepsPerCall checks that the budget of --max-steps is not spent
// across calls: with a budget that one call of moves fits in, a sequence
// of 400 such calls runs.
func TestMaxStepsPerCall(t *testing.T) {
	file := writeTemp(t, "loop.star", "def moves(n):\n    x = 0\n    for i in range(300):\n        x += i\n    return [n - 1] if n > 0 else []\n")
	budget := 0
	for steps := 64; steps < 1<<20; steps *= 2 {
		if code, _, _ := nimber(t, "", "grundy", "--rules", file, "0", "--max-steps", fmt.Sprint(steps)); code == 0 {
			budget = steps
			break
		}
	}
	if budget == 0 {
		t.Fatal("moves(0) fits in no budget below 2^20 steps")
	}
	// One call fits in budget, but not two: the sequence's 400 calls need
	// the budget to be per call.
	if code, _, _ := nimber(t, "", "grundy", "--rules", file, "0", "--max-steps", fmt.Sprint(budget/2)); code == 0 {
		t.Fatalf("moves(0) fits in %d steps too, the search is wrong", budget/2)
	}
	code, out, errOut := nimber(t, "", "sequence", "--rules", file, "--to", "400", "--max-steps", fmt.Sprint(budget))
	if code != 0 || !strings.Contains(out, "G(0..399)") {
		t.Errorf("400 calls of at most %d steps each, --max-steps %d: exit %d, stdout %.40q, stderr %q", budget, budget, code, out, errOut)
	}
}

// TestBadPositionNamesArgument checks that a position that the rules
// cannot read is reported at the argument (and its line in a text of
// several lines), not at a line of the rules file; a failure inside the
// file's parse also gives the file's place.
func TestBadPositionNamesArgument(t *testing.T) {
	literal := writeTemp(t, "turtles.star", "# Turtles\n\ndef moves(p):\n    return []\n")
	parse := writeTemp(t, "parsed.star", "def moves(p):\n    return []\n\ndef parse(text):\n    return int(text)\n")
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"grundy", "--rules", literal, "THHT"}, []string{`nimber: argument 1 "THHT": "THHT" is not a position (not a literal at column 1)`}},
		{[]string{"explain", "--rules", literal, "3", "x y"}, []string{`nimber: argument 2 "x y": "x y" is not a position (got identifier`}},
		{[]string{"grundy", "--rules", literal, "3\nTHHT"}, []string{`nimber: argument 1 "3\nTHHT": line 2: "THHT" is not a position`}},
		{[]string{"analyze", "--rules", literal, "3", "--position", "THHT"}, []string{`nimber: --position 1 "THHT": "THHT" is not a position`}},
		{[]string{"grundy", "--rules", parse, "3", "THHT"}, []string{`nimber: argument 2 "THHT": `, `parsed.star:5:15: parse("THHT"): int: invalid literal`}},
		{[]string{"grundy", "--rules", parse, "3\n4\nTHHT"}, []string{`nimber: argument 1 "3\n4\nTHHT": line 3: `, `parsed.star:5:15: parse("THHT")`}},
		{[]string{"grundy", "0.07", "3", "x"}, []string{`nimber: argument 3 "x": heap 1: "x" is not a heap size`}},
	} {
		errOut := wantOneLine(t, tc.args, tc.want...)
		if strings.Contains(errOut, "turtles.star") {
			t.Errorf("%q: %q names a line of the rules file", tc.args, errOut)
		}
	}
}
