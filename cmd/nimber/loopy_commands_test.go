package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// takeOrAddFile is the loopy example rules file: take 2 or 3, or add one to a
// heap of 1 to 5. Its heaps 0 to 12 are worth (docs/loopy.md, from the
// labelling by hand) 0 0 ∞(0) ∞(0) ∞(0) ∞(0) 0 0 ∞(0) 1 ∞(0) 0 0.
const takeOrAddFile = "../../examples/rules/take_or_add.star"

var takeOrAddValues = []string{"0", "0", "∞(0)", "∞(0)", "∞(0)", "∞(0)", "0", "0", "∞(0)", "1", "∞(0)", "0", "0"}

// TestLoopyAnalyze: analyze values a rules file whose positions repeat:
// each part, the sum by Smith's theorem, every move with its value and a
// draw said as one.
func TestLoopyAnalyze(t *testing.T) {
	printsAll(t, []string{"analyze", "--rules", takeOrAddFile, "2", "9"},
		"part 1: 2, G = ∞(0)\n", "part 2: 9, G = 1\n",
		"generalised value ∞(1): D, a draw",
		"in part 1: to 0 (leaves value 1)\n", // 0 + 9: worth 1, won by the opponent
		"in part 1: to 3 (leaves value ∞(1), a draw)\n",
		"in part 2: to 7 (leaves value ∞(0))\n", // 2 + 7: ∞(0) ⊕ 0, the opponent moves 2 to 0
	)
	out := output(t, "analyze", "--rules", takeOrAddFile, "2", "9", "--json")
	var st struct {
		Value   json.RawMessage `json:"value"`
		Outcome string          `json:"outcome"`
		Parts   []struct {
			Value json.RawMessage `json:"value"`
		} `json:"parts"`
		Legal []struct {
			Move    string          `json:"move"`
			Value   json.RawMessage `json:"value"`
			Outcome string          `json:"outcome"`
			Winning bool            `json:"winning"`
		} `json:"legal_moves"`
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatal(err)
	}
	if compact(st.Value) != `{"inf":[1]}` || st.Outcome != "D" || len(st.Parts) != 2 || compact(st.Parts[0].Value) != `{"inf":[0]}` || compact(st.Parts[1].Value) != "1" {
		t.Fatalf("analyze 2 9 --json: %s", out)
	}
	if len(st.Legal) != 4 || st.Legal[1].Move != "to 3" || st.Legal[1].Outcome != "D" || compact(st.Legal[1].Value) != `{"inf":[1]}` {
		t.Fatalf("analyze 2 9 --json: moves %+v", st.Legal)
	}
}

// compact removes the spaces of indented JSON.
func compact(raw json.RawMessage) string {
	return strings.Join(strings.Fields(string(raw)), "")
}

// TestLoopyExplain: explain gives the parts' values, ∞ with K, and every
// move's value and outcome, with no remoteness (play can go on for ever).
func TestLoopyExplain(t *testing.T) {
	printsAll(t, []string{"explain", "--rules", takeOrAddFile, "9", "2"},
		"part 1  G = 1 = mex{0}  9\n",
		"part 2  G = ∞(0) (no finite value fits; its options' finite values {0})  2\n",
		"sum     ∞(1) (Smith's theorem)\n",
		"D: a draw\n",
		"part 2: to 3 -> 9 / 3 (value ∞(1), D: a draw)\n",
		"part 2: to 0 -> 9 / 0 (value 1, N: the player to move wins)\n",
	)
	out := output(t, "explain", "--rules", takeOrAddFile, "9", "6", "--json")
	var e struct {
		Value      json.RawMessage `json:"value"`
		Outcome    string          `json:"outcome"`
		Remoteness *int            `json:"remoteness"`
		Moves      []struct {
			Move    string `json:"move"`
			Part    int    `json:"part"`
			Winning bool   `json:"winning"`
		} `json:"moves"`
	}
	if err := json.Unmarshal([]byte(out), &e); err != nil {
		t.Fatal(err)
	}
	// 9 + 6 = 1 ⊕ 0: won by 9 -> 7 or 9 -> 6, both heaps worth 0.
	if compact(e.Value) != "1" || e.Outcome != "N" || e.Remoteness != nil {
		t.Fatalf("explain 9 6 --json: %s", out)
	}
	var winning []string
	for _, m := range e.Moves {
		if m.Winning {
			winning = append(winning, m.Move)
		}
	}
	if strings.Join(winning, ",") != "to 7,to 6" {
		t.Fatalf("explain 9 6: winning moves %v, want to 7 and to 6", winning)
	}
}

// TestLoopyTable: table --function grundy writes the generalised values of
// heaps of a game whose positions repeat; the other invariants need an
// acyclic game and say so.
func TestLoopyTable(t *testing.T) {
	if out, want := output(t, "table", "--rules", takeOrAddFile, "--to", "12"), takeOrAddTable(); out != want {
		t.Fatalf("table:\n%s\nwant\n%s", out, want)
	}
	if out := output(t, "table", "--rules", takeOrAddFile, "--to", "4", "--format", "json"); out != `[0,0,{"inf":[0]},{"inf":[0]},{"inf":[0]}]`+"\n" {
		t.Fatalf("table --format json: %q", out)
	}
	refused(t, "--function remoteness needs a game whose positions do not repeat", "table", "--rules", takeOrAddFile, "--to", "4", "--function", "remoteness")
}

// takeOrAddTable is what table prints of takeOrAddValues: "n value" lines.
func takeOrAddTable() string {
	var b strings.Builder
	for n, v := range takeOrAddValues {
		fmt.Fprintf(&b, "%d %s\n", n, v)
	}
	return b.String()
}

// TestLoopyLibraryGames: the registry's loopy games through grundy,
// analyze and table; a nim-sequence of them is refused with the reason.
func TestLoopyLibraryGames(t *testing.T) {
	out := output(t, "grundy", "square-but-one", "5", "9", "--json")
	var rep struct {
		Values      []json.RawMessage `json:"values"`
		Outcome     string            `json:"outcome"`
		WinningMove *struct {
			Part int    `json:"part"`
			Move string `json:"move"`
		} `json:"winning_move"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	// 5 is lost (0), 9 a square (∞(0): won by taking it all).
	if len(rep.Values) != 2 || compact(rep.Values[0]) != "0" || compact(rep.Values[1]) != `{"inf":[0]}` || rep.Outcome != "N" ||
		rep.WinningMove == nil || rep.WinningMove.Part != 1 || rep.WinningMove.Move != "take 9, leaving nothing" {
		t.Fatalf("grundy square-but-one 5 9: %s", out)
	}
	printsAll(t, []string{"analyze", "square-but-one", "2"}, "generalised value ∞(1): D, a draw", "add 1, making 3 (leaves value ∞, a draw)")
	if out := output(t, "table", "takeadd:2,3:1:6", "--to", "12"); out != takeOrAddTable() {
		t.Fatalf("table takeadd:2,3:1:6:\n%s", out)
	}
	refused(t, "a nim-sequence needs a game whose positions do not repeat", "sequence", "square-but-one", "--to", "5")
}

// TestLoopyCompound: the disjunctive compound of positions of a graph with
// cycles (docs/loopy.md's example) is decided by Smith's theorem, with a
// winning or a drawing move; the other compounds are refused.
func TestLoopyCompound(t *testing.T) {
	for _, tc := range []struct {
		comps            []string
		outcome, values  string
		winning, drawing string
	}{
		{[]string{"trap", "one"}, "N", `[{"inf":[1]},1]`, "one one", ""},
		{[]string{"loop", "two"}, "D", `[{"inf":[0]},2]`, "", "loop two"},
		{[]string{"far", "two"}, "N", `[0,2]`, "far end", ""},
		{[]string{"far", "left"}, "P", `[0,0]`, "", ""},
	} {
		args := append([]string{"compound", "--graph", "../../examples/graphs/loopy.json", "--json"}, tc.comps...)
		out := output(t, args...)
		var rep struct {
			Outcome    string `json:"outcome"`
			Components []struct {
				Value json.RawMessage `json:"value"`
			} `json:"components"`
			WinningMove *struct{ Names []string } `json:"winning_move"`
			DrawingMove *struct{ Names []string } `json:"drawing_move"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		var values []string
		for _, c := range rep.Components {
			values = append(values, compact(c.Value))
		}
		names := func(m *struct{ Names []string }) string {
			if m == nil {
				return ""
			}
			return strings.Join(m.Names, " ")
		}
		if rep.Outcome != tc.outcome || "["+strings.Join(values, ",")+"]" != tc.values || names(rep.WinningMove) != tc.winning || names(rep.DrawingMove) != tc.drawing {
			t.Errorf("%v: %s", tc.comps, out)
		}
	}
	refused(t, "loopy.json: the conjunctive compound, normal play (all/short/normal) of games whose positions repeat is not decided",
		"compound", "--move", "all", "--end", "short", "--graph", "../../examples/graphs/loopy.json", "loop", "two")
	code, out, _ := nimber(t, "", "compound", "--game", "square-but-one", "2", "5")
	if code != 0 || !strings.Contains(out, "component 1: 2, value ∞(1)") || !strings.Contains(out, "outcome: D, a draw") {
		t.Errorf("compound --game square-but-one 2 5: exit %d\n%s", code, out)
	}
}
