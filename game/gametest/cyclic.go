package gametest

import (
	"context"
	"testing"

	"nimber/game"
	"nimber/sg"
)

// CheckCyclic checks the analysis of a game whose positions repeat (values
// by generalised Sprague–Grundy theory, game.Analysis.Cyclic) on each of
// positions (in g's position format) against a twin with no such theory:
// sg.Retrograde over the graph of the whole position. The outcome of the
// position and of every move must be the twin's, the value must say the
// outcome, and the engine's move must win from N and keep the draw from D.
// It returns how many positions had each outcome.
func CheckCyclic(t *testing.T, g game.Game, positions []string) map[sg.Outcome]int {
	t.Helper()
	ctx := context.Background()
	counts := map[sg.Outcome]int{}
	for _, text := range positions {
		pos := Parse(t, g, text)
		a, err := g.Analyze(ctx, pos, game.Options{})
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		gr, err := g.Explore(ctx, []game.Position{pos}, 0)
		if err != nil {
			t.Fatalf("%q: Explore: %v", text, err)
		}
		out, _, err := sg.Retrograde(ctx, gr.Len(), gr.Options)
		if err != nil {
			t.Fatalf("%q: Retrograde: %v", text, err)
		}
		outcome := func(p game.Position) sg.Outcome {
			i, ok := gr.Find(p)
			if !ok {
				t.Fatalf("%q: %s is not in its graph", text, g.Format(p))
			}
			return out[i]
		}
		if want := outcome(pos); a.Outcome != want {
			t.Fatalf("%q: outcome %v (value %v), retrograde %v", text, a.Outcome, a.Value, want)
		}
		if o, ok := a.Value.Outcome(); !ok || o != a.Outcome {
			t.Fatalf("%q: value %v says %v, outcome %v", text, a.Value, o, a.Outcome)
		}
		counts[a.Outcome]++
		for _, m := range a.Moves {
			if want := outcome(m.Next); m.Outcome != want || m.Winning != (want == sg.P) {
				t.Fatalf("%q, %s in part %d: outcome %v, retrograde %v", text, m.Text, m.Part+1, m.Outcome, want)
			}
			next, _, err := g.Play(pos, m.Part, m.Text)
			if err != nil || g.Format(next) != g.Format(m.Next) {
				t.Fatalf("%q: Play(%d, %q) = %q, %v; want %q", text, m.Part, m.Text, g.Format(next), err, g.Format(m.Next))
			}
		}
		if m, ok := a.EngineMove(); ok {
			switch after := outcome(m.Next); {
			case a.Outcome == sg.N && after != sg.P, a.Outcome == sg.D && after != sg.D:
				t.Fatalf("%q (%v): the engine's move %s leaves %v", text, a.Outcome, m.Text, after)
			}
		}
	}
	return counts
}
