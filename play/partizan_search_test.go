package play_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"nimber/cgt"
	"nimber/game"
	"nimber/game/gametest"
	"nimber/play"
	"nimber/registry"
	"nimber/registry/registrytest"
)

// partizanGame looks a partizan game up by name.
func partizanGame(t *testing.T, name string) (game.Game, game.PartizanGame) {
	t.Helper()
	g := registrytest.Game(t, name)
	return g, gametest.As(t, g, game.PartizanOf, "partizan rules")
}

// TestAnalyzePartizanSearch: on positions whose canonical forms are known
// (every partizan game's example, sums), the search's analysis agrees
// with AnalyzePartizan: the position's outcome, every move's position,
// and each move searched has the outcome and the mark the canonical form
// gives; a move of a side that loses moving first loses unsearched; no
// move is undecided when both sides are searched without limits.
func TestAnalyzePartizanSearch(t *testing.T) {
	cases := [][2]string{
		{"domineering", "...|..."},
		{"domineering", "..|..|.# + .."},
		{"domineering", "....|....|...."},
		{"clobber", "xox|ox. + xo"},
		{"clobber", "xoxo|oxox"},
	}
	for _, e := range registry.Entries() {
		if s := e.Supports(); s.Partizan && s.OutcomeSearch {
			cases = append(cases, [2]string{e.ExampleName(), e.ExamplePosition})
		}
	}
	for _, tc := range cases {
		g, _ := partizanGame(t, tc[0])
		pos, err := g.Parse(tc[1])
		if err != nil {
			t.Fatal(err)
		}
		want, err := play.AnalyzePartizan(context.Background(), g, pos, cgt.New(0))
		if err != nil {
			t.Fatal(err)
		}
		if want.Method != play.MethodCanonical {
			t.Errorf("%s %q: AnalyzePartizan's method %q", tc[0], tc[1], want.Method)
		}
		got, err := play.AnalyzePartizanSearch(context.Background(), g, pos, play.PartizanSearch{Both: true})
		if err != nil {
			t.Fatalf("%s %q: %v", tc[0], tc[1], err)
		}
		what := fmt.Sprintf("%s %q", tc[0], tc[1])
		if got.Outcome != want.Outcome || got.Position != want.Position || got.Canonical != "" || got.Thermograph != nil || len(got.Parts) != len(want.Parts) {
			t.Errorf("%s: search %+v, canonical forms %+v", what, got, want)
			continue
		}
		switch got.Method {
		case game.MethodSearch, game.MethodValues, game.MethodSearchValues:
		default:
			t.Errorf("%s: method %q", what, got.Method)
		}
		firstWins := map[string][2]bool{"L": {true, false}, "R": {false, true}, "N": {true, true}, "P": {false, false}}[got.Outcome]
		for side, pair := range [][2][]play.PartizanMove{{got.Left, want.Left}, {got.Right, want.Right}} {
			g, w := pair[0], pair[1]
			if len(g) != len(w) {
				t.Errorf("%s: side %d: %d moves, want %d", what, side, len(g), len(w))
				continue
			}
			won := false
			for i := range g {
				m := g[i]
				if m.Position != w[i].Position || m.Leaves != w[i].Leaves || m.Part != w[i].Part || m.Canonical != "" || m.Undecided {
					t.Errorf("%s: move %+v, want %+v", what, m, w[i])
				}
				if m.Wins != w[i].Wins {
					t.Errorf("%s: move %s wins %v, the canonical form says %v", what, m.Position, m.Wins, w[i].Wins)
				}
				switch {
				case !firstWins[side] && m.Outcome != "":
					t.Errorf("%s: move %s of a side that loses moving first searched (%s)", what, m.Position, m.Outcome)
				case firstWins[side] && m.Outcome != w[i].Outcome:
					t.Errorf("%s: move %s leaves outcome %s, the canonical form says %s", what, m.Position, m.Outcome, w[i].Outcome)
				}
				won = won || m.Wins
			}
			if won != firstWins[side] {
				t.Errorf("%s: side %d: a winning move %v, outcome %s", what, side, won, got.Outcome)
			}
		}
	}
}

// TestAnalyzePartizanSearchBounds: only the mover's moves are searched
// unless Both (the other side's left undecided where the outcome does not
// decide them); the moves not searched by MovesUntil, or within the
// positions allowed, are undecided; the position's own search failing by
// the positions allowed, or by its context, fails the analysis.
func TestAnalyzePartizanSearchBounds(t *testing.T) {
	ctx := context.Background()
	g, pg := partizanGame(t, "domineering")
	// 4 x 4, outcome N: both sides win moving first.
	pos, err := pg.ParseSearch("....|....|....|....")
	if err != nil {
		t.Fatal(err)
	}
	st, err := play.AnalyzePartizanSearch(ctx, g, pos, play.PartizanSearch{Mover: game.Right})
	if err != nil {
		t.Fatal(err)
	}
	if st.Outcome != "N" {
		t.Fatalf("4 x 4: outcome %s, want N", st.Outcome)
	}
	for _, m := range st.Right {
		if m.Undecided || m.Outcome == "" {
			t.Errorf("Right to move: Right's move %+v not searched", m)
		}
	}
	for _, m := range st.Left {
		if !m.Undecided || m.Wins || m.Outcome != "" {
			t.Errorf("Right to move: Left's move %+v searched", m)
		}
	}
	all := st.Nodes

	// Past MovesUntil no move is searched; the position's outcome still is.
	st, err = play.AnalyzePartizanSearch(ctx, g, pos, play.PartizanSearch{Both: true, MovesUntil: time.Now().Add(-time.Second)})
	if err != nil {
		t.Fatal(err)
	}
	if st.Outcome != "N" {
		t.Errorf("past MovesUntil: outcome %s", st.Outcome)
	}
	for _, m := range append(st.Left, st.Right...) {
		if !m.Undecided || m.Wins {
			t.Errorf("past MovesUntil: move %+v decided", m)
		}
	}

	// A budget of positions that the position's search and some moves'
	// fit: the rest undecided, the positions within the budget.
	root, err := pg.Outcome(ctx, pos, game.OutcomeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	budget := root.Nodes + (all-root.Nodes)/2
	st, err = play.AnalyzePartizanSearch(ctx, g, pos, play.PartizanSearch{Mover: game.Right, Outcome: game.OutcomeOptions{MaxNodes: budget}})
	if err != nil {
		t.Fatal(err)
	}
	decided, undecided := 0, 0
	for _, m := range st.Right {
		if m.Undecided {
			undecided++
		} else {
			decided++
		}
	}
	if decided == 0 || undecided == 0 || st.Nodes > budget {
		t.Errorf("a budget of %d positions: %d moves decided, %d not, %d positions", budget, decided, undecided, st.Nodes)
	}

	// The position's own search past the budget, or cancelled, fails.
	if _, err := play.AnalyzePartizanSearch(ctx, g, pos, play.PartizanSearch{Outcome: game.OutcomeOptions{MaxNodes: 10}}); !errors.Is(err, game.ErrSearchLimit) {
		t.Errorf("a budget of 10 positions: %v, want the search's limit", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	big, err := pg.ParseSearch(".......|.......|.......|.......|.......|.......|.......")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := play.AnalyzePartizanSearch(cancelled, g, big, play.PartizanSearch{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestOutOfReach: the failures of canonical forms by their limits are out
// of reach, anything else not.
func TestOutOfReach(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{cgt.ErrLimit, true},
		{fmt.Errorf("x: %w", cgt.ErrWork), true},
		{fmt.Errorf("%w: up to 99 characters", cgt.ErrNotation), true},
		{&game.LimitError{What: "region 1", Measure: "empty cells", Got: 40, Limit: 36}, true},
		{context.DeadlineExceeded, false},
		{errors.New("rules.star:3: boom"), false},
	} {
		if got := play.OutOfReach(c.err); got != c.want {
			t.Errorf("OutOfReach(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}

// TestNotationOutOfReach: a heap of 200 of psub:1,3:2,3, valued at once
// but whose canonical form is too long to write, is refused by
// AnalyzePartizan as out of reach, and the search decides it: Left wins
// whoever starts (as its canonical form, compared with 0, says).
func TestNotationOutOfReach(t *testing.T) {
	g, pg := partizanGame(t, "psub:1,3:2,3")
	pos, err := g.Parse("200")
	if err != nil {
		t.Fatal(err)
	}
	c := cgt.New(0)
	if _, err := play.AnalyzePartizan(context.Background(), g, pos, c); !errors.Is(err, cgt.ErrNotation) || !play.OutOfReach(err) {
		t.Fatalf("AnalyzePartizan: %v, want cgt.ErrNotation", err)
	}
	v, _, err := pg.Values(context.Background(), pg.NewEvaluator(c), pos)
	if err != nil {
		t.Fatal(err)
	}
	want := c.OutcomeOf(v).String()
	st, err := play.AnalyzePartizanSearch(context.Background(), g, pos, play.PartizanSearch{Outcome: game.OutcomeOptions{TableMiB: 4, ValueMiB: 64, Threads: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if st.Outcome != want || want != "L" {
		t.Errorf("the search says %s, the canonical form %s, want L", st.Outcome, want)
	}
}
