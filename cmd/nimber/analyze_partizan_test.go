package main

import (
	"strings"
	"testing"

	"nimber/play"
)

// analyzeJSON runs nimber analyze ARGS --json and decodes its answer,
// refusing unknown keys.
func analyzeJSON(t *testing.T, args ...string) play.PartizanState {
	t.Helper()
	return printedStrictly[play.PartizanState](t, append(append([]string{"analyze"}, args...), "--json")...)
}

// TestAnalyzePartizan checks analyze of partizan positions against nimber
// value --game: the canonical form and outcome of the position, and of
// the position each move leaves (the other parts and the part the move
// leaves, valued again as a sum by value); a move wins for its mover
// exactly when value says that the position it leaves is ≥ 0 (Left) or
// ≤ 0 (Right); and the outcome class is the one the winning moves make.
func TestAnalyzePartizan(t *testing.T) {
	for _, tc := range [][]string{
		{"domineering", "...|..."},
		{"domineering", "....|....|...."},
		{"domineering", "..#|...|.#.", ".."},
		{"domineering", ".|."},
		{"domineering", "#"},
		{"clobber", "xox|ox.", "xo"},
		{"clobber", "xoxo|oxox"},
		{"clobber", "xxo|.o."},
	} {
		name := tc[0]
		s := analyzeJSON(t, tc...)
		d := valueJSON(t, append([]string{"--game"}, append(tc, "--json")...)...)
		if s.Canonical != d.Canonical || s.Outcome != d.Outcome {
			t.Errorf("analyze %q: %s (%s), value --game says %s (%s)", tc, s.Canonical, s.Outcome, d.Canonical, d.Outcome)
		}
		parts := make([]string, len(s.Parts))
		for i, p := range s.Parts {
			parts[i] = p.Position
			if v := valueJSON(t, "--game", name, p.Position, "--json"); v.Canonical != p.Canonical {
				t.Errorf("analyze %q: part %d %s = %s, value --game says %s", tc, i+1, p.Position, p.Canonical, v.Canonical)
			}
		}
		var wins [2]bool
		for side, moves := range [][]play.PartizanMove{s.Left, s.Right} {
			for _, m := range moves {
				after := append(append(append([]string{}, parts[:m.Part]...), m.Leaves), parts[m.Part+1:]...)
				v := valueJSON(t, append([]string{"--game", name}, append(after, "--json")...)...)
				if v.Canonical != m.Canonical || v.Outcome != m.Outcome {
					t.Errorf("analyze %q: move %+v, value --game %q says %s (%s)", tc, m, after, v.Canonical, v.Outcome)
				}
				want := v.Outcome == "P" || v.Outcome == [2]string{"L", "R"}[side]
				if m.Wins != want {
					t.Errorf("analyze %q: move %+v leaves outcome %s, wins %v", tc, m, v.Outcome, m.Wins)
				}
				wins[side] = wins[side] || m.Wins
			}
		}
		// Left moving first wins iff some Left move wins, Right likewise.
		outcome := map[[2]bool]string{{true, true}: "N", {true, false}: "L", {false, true}: "R", {false, false}: "P"}[wins]
		if s.Outcome != outcome {
			t.Errorf("analyze %q: outcome %s, but the winning moves (Left %v, Right %v) make %s", tc, s.Outcome, wins[0], wins[1], outcome)
		}
	}
}

// TestAnalyzePartizanMoves counts the moves of empty Domineering
// rectangles: Left's vertical dominoes, (rows-1)·cols, and Right's
// horizontal ones, rows·(cols-1).
func TestAnalyzePartizanMoves(t *testing.T) {
	for rows := 1; rows <= 3; rows++ {
		for cols := 1; cols <= 4; cols++ {
			board := strings.TrimSuffix(strings.Repeat(strings.Repeat(".", cols)+"|", rows), "|")
			s := analyzeJSON(t, "domineering", board)
			if len(s.Left) != (rows-1)*cols || len(s.Right) != rows*(cols-1) {
				t.Errorf("analyze domineering %s: %d Left and %d Right moves, want %d and %d",
					board, len(s.Left), len(s.Right), (rows-1)*cols, rows*(cols-1))
			}
		}
	}
}

// TestAnalyzePartizanText checks the words of a partizan analysis: the
// canonical form, who wins, and the winning moves marked.
func TestAnalyzePartizanText(t *testing.T) {
	code, out, errOut := nimber(t, "", "analyze", "domineering", "...|...")
	want := `position: ...|...
canonical form {2|-1/2}
outcome N: the first player wins
Left's moves (3, 1 winning for Left moving first, marked *):
  leaves ..|.., value +-1 (N)
* leaves .|. + .|., value 2 (L)
  leaves ..|.., value +-1 (N)
Right's moves (4, 4 winning for Right moving first, marked *):
* leaves ##.|..., value -1/2 (R)
* leaves .##|..., value -1/2 (R)
* leaves ...|##., value -1/2 (R)
* leaves ...|.##, value -1/2 (R)
`
	if code != 0 || out != want {
		t.Errorf("analyze domineering ...|...: exit %d, %s%s, want\n%s", code, out, errOut, want)
	}
	refused(t, `argument 2 "..|...": row 2 has 3 cells, row 1 has 2`, "analyze", "domineering", "..|...")
	refused(t, "30 stones, limit 24", "analyze", "clobber", "xoxoxoxoxo|oxoxoxoxox|xoxoxoxoxo")
}

// TestPartizanDocExamples runs the analyze and table examples of
// docs/partizan.md and checks that they print what the page shows.
func TestPartizanDocExamples(t *testing.T) {
	n := runDocExamples(t, "docs/partizan.md", "$ nimber analyze ")
	n += runDocExamples(t, "docs/partizan.md", "$ nimber table ")
	if n < 5 {
		t.Errorf("docs/partizan.md: %d analyze and table examples ran, want 5", n)
	}
}

// TestAnalyzePartizanEmpty checks a position with no part left: value 0,
// no moves, and JSON lists that are empty, not null.
func TestAnalyzePartizanEmpty(t *testing.T) {
	code, out, errOut := nimber(t, "", "analyze", "domineering", "#", "--json")
	if code != 0 || !strings.Contains(out, `"parts": []`) || !strings.Contains(out, `"left_moves": []`) || !strings.Contains(out, `"right_moves": []`) {
		t.Errorf("analyze domineering # --json: exit %d, %s%s; want empty lists", code, out, errOut)
	}
}
