package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"nimber/internal/golden"
)

// TestTableKnightsGolden prints the seed's 8 x 8 knight tables through the
// CLI and compares them byte for byte with the golden files.
func TestTableKnightsGolden(t *testing.T) {
	for _, f := range []string{"grundy", "grundy-misere", "remoteness", "remoteness-misere", "suspense", "suspense-misere", "w", "w-misere"} {
		want := golden.Read(t, "../../games/moveset/testdata/knights-8-"+f+".txt")
		code, out, errOut := nimber(t, "", "table", "knights", "--size", "8", "--function", f)
		if code != 0 || out != string(want) {
			t.Errorf("table knights --function %s: exit %d, %s\n%s", f, code, errOut, out)
		}
	}
	_, csvOut, _ := nimber(t, "", "table", "knights", "--size", "8", "--function", "w", "--format", "csv")
	if !strings.HasPrefix(csvOut, "SL,SL,SW,SW,0,0,1,1\n") {
		t.Errorf("csv: %q", csvOut)
	}
	_, jsonOut, _ := nimber(t, "", "table", "knights", "--size", "8", "--function", "w", "--format", "json")
	var rows [][]any
	if err := json.Unmarshal([]byte(jsonOut), &rows); err != nil || len(rows) != 8 || rows[0][0] != "SL" || rows[7][7] != float64(0) {
		t.Errorf("json: %v %q", err, jsonOut)
	}
}

func TestTableSubtraction(t *testing.T) {
	// Subtraction {1, 3, 4}: the Grundy values have period 7: 0 1 0 1 2 3 2.
	code, out, _ := nimber(t, "", "table", "subtraction", "--set", "1,3,4", "--to", "13", "--function", "grundy")
	want := "0 0\n1 1\n2 0\n3 1\n4 2\n5 3\n6 2\n7 0\n8 1\n9 0\n10 1\n11 2\n12 3\n13 2\n"
	if code != 0 || out != want {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestCompoundJSON(t *testing.T) {
	// Nim heaps 1, 2, 3: nim-sum 0, a loss in the disjunctive compound; any
	// non-empty heap wins the selective compound.
	for _, tc := range []struct {
		move, end, play, want string
		comps                 []string
	}{
		{"one", "long", "normal", "P", []string{"h1", "h2", "h3"}},
		{"some", "long", "normal", "N", []string{"h1", "h2", "h3"}},
		{"one", "long", "misere", "N", []string{"1", "1"}},
		{"all", "short", "normal", "P", []string{"h0", "h3"}},
	} {
		args := append([]string{"compound", "--move", tc.move, "--end", tc.end, "--play", tc.play, "--graph", "testdata/nim-heaps.json", "--json"}, tc.comps...)
		code, out, errOut := nimber(t, "", args...)
		var rep struct {
			Outcome     string
			WinningMove *struct{ Names []string } `json:"winning_move"`
		}
		if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || rep.Outcome != tc.want {
			t.Fatalf("%v: exit %d, %s\n%s", args, code, errOut, out)
		}
		if (rep.Outcome == "N") != (rep.WinningMove != nil) && tc.play == "normal" {
			t.Fatalf("%v: outcome %s with winning move %+v", args, rep.Outcome, rep.WinningMove)
		}
	}
	// Kayles heaps 5, 7 and 9: nim-sum 4 ^ 2 ^ 4 = 2, a win in the disjunctive compound.
	code, out, _ := nimber(t, "", "compound", "--heap-game", "0.77", "5", "7", "9", "--json")
	if code != 0 || !strings.Contains(out, `"outcome": "N"`) || !strings.Contains(out, `"value": "4"`) {
		t.Fatalf("heap compound: exit %d\n%s", code, out)
	}
	code, out, _ = nimber(t, "", "compound", "--board", "8x8", "3,3", "5,6")
	if code != 0 || !strings.Contains(out, "disjunctive compound, normal play (one/long/normal)") || !strings.Contains(out, "outcome: ") {
		t.Fatalf("board compound: exit %d\n%s", code, out)
	}
}

func TestCompoundBadInput(t *testing.T) {
	bad := writeTemp(t, "bad.json", `{"options": [[1], [`)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"compound", "--graph", bad, "0"}, "bad.json"},
		{[]string{"compound", "--move", "all", "--graph", "testdata/cycle.json", "a"}, "only the disjunctive one (one/long/normal) is, by Smith's theorem (cycle: "},
		{[]string{"compound", "--graph", "testdata/nim-heaps.json", "h9"}, "h9"},
		{[]string{"compound", "--graph", "testdata/nim-heaps.json"}, "at least one component"},
		{[]string{"compound", "--move", "many", "--graph", "testdata/nim-heaps.json", "h1"}, "move rule"},
		{[]string{"compound", "h1"}, "--graph FILE, --board RxC, --heap-game CODE, --game NAME or --rules FILE"},
		{[]string{"compound", "--heap-game", "0.77", "x"}, "not a heap size"},
		{[]string{"compound", "--heap-game", "0.77", "--board", "8x8", "3"}, "give one of"},
		{[]string{"compound", "--board", "8x8", "9,9"}, "not a square"},
		{[]string{"compound", "--board", "8x8", "--moves", "1,0;-1,0", "1,1"}, "cycle"},
		{[]string{"table", "knights", "--function", "nimbers"}, "--function"},
		{[]string{"table", "chess"}, "knights or subtraction or a game"},
		{[]string{"table", "knights", "--format", "xml"}, "--format"},
		{[]string{"table", "subtraction", "--set", "1,x"}, "subtraction set"},
	} {
		refused(t, tc.want, tc.args...)
	}
}

// TestRulesErrors checks that a bad rules file gives exit status 2 and one
// line naming the file, the line and what is wrong, on every command that
// takes --rules.
func TestRulesErrors(t *testing.T) {
	dir := t.TempDir()
	cycle := writeTemp(t, "cycle.star", "def moves(p):\n    return [[(p + 1) % 3]]\n")
	syntax := writeTemp(t, "syntax.star", "def moves(p)\n  return []\n")
	dict := writeTemp(t, "dict.star", "def moves(p):\n    return {1: 2}\n")
	pairs := writeTemp(t, "pairs.star", "def moves(p):\n    a, b = p\n    return [(a - 1, b)] if a > 0 else []\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		// grundy and analyze value such a game (issue 23: ∞, a draw); a
		// sequence needs an acyclic one.
		{[]string{"sequence", "--rules", cycle, "--to", "5"}, "cycle.star:1: a nim-sequence needs a game whose positions do not repeat"},
		{[]string{"sequence", "--rules", cycle, "--to", "5"}, "a position is reachable from itself: 1 -> 2 -> 0 -> 1"},
		// Only the disjunctive compound is decided for such a game.
		{[]string{"compound", "--move", "some", "--rules", cycle, "1"}, "cycle.star:1: the selective compound, normal play (some/long/normal) of games whose positions repeat is not decided: of the twelve compounds only the disjunctive one (one/long/normal) is, by Smith's theorem (cycle: 1 -> 2 -> 0 -> 1)"},
		{[]string{"analyze", "--rules", syntax, "1"}, "syntax.star:2:1: got newline, want ':'"},
		{[]string{"table", "--rules", dict, "--to", "3"}, "dict.star:2:5: moves(0) returned a dict, want a list of options"},
		{[]string{"grundy", "--rules", filepath.Join(dir, "missing.star"), "1"}, "missing.star"},
		// A game whose positions are not integers has no heaps to tabulate.
		{[]string{"sequence", "--rules", pairs, "--to", "5"}, "pairs.star:2:10: moves("}, {[]string{"sequence", "--rules", pairs, "--to", "5"}, "got int in sequence assignment (the positions were the integers 0..4)"},
		{[]string{"table", "--rules", pairs, "--to", "3"}, "got int in sequence assignment (the positions were the integers 0..3)"},
	} {
		refused(t, tc.want, tc.args...)
	}
}
