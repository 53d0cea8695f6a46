package game_test

import (
	"context"
	"errors"
	"iter"
	"strconv"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/sg"
)

func TestKaylesBattery(t *testing.T) {
	gametest.Run(t, game.Of(kayles{}), []string{"", "1", "7", "4 6", "5 5 2", "11"}, gametest.Options{})
}

func TestKaylesValues(t *testing.T) {
	g := game.Of(kayles{})
	want := []int{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4}
	for n, w := range want {
		pos, err := g.Parse(strconv.Itoa(n))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range []game.Engine{game.Fast, game.Generic} {
			a, err := g.Analyze(context.Background(), pos, game.Options{Engine: e})
			if err != nil || !a.Value.Equal(game.Nimber(w)) {
				t.Fatalf("%s: G(%d) = %v, %v; want %d", e, n, a, err, w)
			}
		}
	}
}

func TestExplore(t *testing.T) {
	g := game.Of(kayles{})
	start, _ := g.Parse("3")
	gr, err := g.Explore(context.Background(), []game.Position{start}, 0)
	if err != nil {
		t.Fatal(err)
	}
	// From 3: 2, 1+1, 1, and the empty position, each once.
	names := map[string]bool{}
	for i := range gr.Len() {
		names[gr.Name(i)] = true
	}
	for _, want := range []string{"3", "2", "1 1", "1", "0"} {
		if !names[want] {
			t.Errorf("position %q missing from %v", want, names)
		}
	}
	if gr.Len() != 5 || gr.Name(gr.Roots()[0]) != "3" {
		t.Fatalf("%d positions, root %q", gr.Len(), gr.Name(gr.Roots()[0]))
	}
	if _, err := g.Explore(context.Background(), []game.Position{start}, 3); !errors.As(err, new(*game.ExploreError)) {
		t.Fatalf("limit 3: err = %v", err)
	}
}

func TestLimit(t *testing.T) {
	g := game.Of(kayles{})
	_, err := g.Parse("5 20000")
	var le *game.LimitError
	if !errors.As(err, &le) || err.Error() != "row: 20000 pins, limit 10000" {
		t.Fatalf("err = %v", err)
	}
}

// loop is a loopy game: a token on a cycle of n squares 0..n-1 moves one
// step forward, or from square 0 out of the cycle (the position -1, with no
// move).
type loop struct{ loopy bool }

func (loop) Parse(text string) (game.Sum[int], error) {
	n, err := strconv.Atoi(strings.TrimSpace(text))
	return game.Sum[int]{Parts: []int{n}}, err
}
func (loop) Format(s game.Sum[int]) string { return kayles{}.Format(s) }
func (loop) Moves(n int) iter.Seq2[int, []int] {
	return func(yield func(int, []int) bool) {
		if n < 0 {
			return
		}
		if n == 0 && !yield(-1, []int{-1}) {
			return
		}
		yield((n+1)%4, []int{(n + 1) % 4})
	}
}
func (loop) Describe(n int, m int) string { return "to " + strconv.Itoa(m) }
func (loop) Check(game.Sum[int]) error    { return nil }
func (l loop) Kind() game.Kind {
	if l.loopy {
		return game.Loopy
	}
	return game.Impartial
}

func TestLoopy(t *testing.T) {
	g := game.Of(loop{loopy: true})
	// From 0 the player to move steps out and wins at once; from 3 he must
	// step to 0, which the opponent wins: every square but 0 is lost.
	for _, tc := range []struct {
		pos  string
		want sg.Outcome
		rem  int
	}{{"0", sg.N, 1}, {"3", sg.P, 2}, {"-1", sg.P, 0}, {"2", sg.N, 3}} {
		pos, _ := g.Parse(tc.pos)
		a, err := g.Analyze(context.Background(), pos, game.Options{})
		if err != nil || a.Outcome != tc.want || a.Remoteness != tc.rem {
			t.Fatalf("%s: %+v, %v; want %v remoteness %d", tc.pos, a, err, tc.want, tc.rem)
		}
	}
	gametest.Run(t, g, []string{"1", "0"}, gametest.Options{})
}

// TestLoopySums is issue 19's: the empty sum of a loopy game is a
// P-position (the player to move has no move), and a sum of two loopy
// positions is refused in one line, not solved by its first part alone.
func TestLoopySums(t *testing.T) {
	g := game.Of(loop{loopy: true})
	ctx := context.Background()
	a, err := g.Analyze(ctx, g.Join(), game.Options{})
	if err != nil || a.Outcome != sg.P || a.Remoteness != 0 || len(a.Moves) != 0 {
		t.Fatalf("the empty sum: %+v, %v; want P, remoteness 0, no move", a, err)
	}
	x, _ := g.Parse("0")
	y, _ := g.Parse("3")
	_, err = g.Analyze(ctx, g.Join(x, y), game.Options{})
	if err == nil || !strings.Contains(err.Error(), "a sum of 2 positions of a loopy game") {
		t.Fatalf("a sum of two loopy positions: %v, want it refused", err)
	}
}

// TestCyclicValues: a game that says it is impartial but whose positions
// repeat gets generalised Sprague–Grundy values instead of a cycle error,
// and its outcomes are the loopy engine's.
func TestCyclicValues(t *testing.T) {
	g, loopy := game.Of(loop{}), game.Of(loop{loopy: true})
	want := map[string]game.Value{"-1": game.Nimber(0), "0": game.Nimber(1), "1": game.Nimber(0), "2": game.Nimber(1), "3": game.Nimber(0)}
	for text, v := range want {
		pos, _ := g.Parse(text)
		a, err := g.Analyze(context.Background(), pos, game.Options{})
		if err != nil || a.Cyclic != (text != "-1") || !a.Value.Equal(v) { // -1 reaches no cycle
			t.Fatalf("%s: %+v, %v; want the value %v", text, a, err, v)
		}
		b, err := loopy.Analyze(context.Background(), pos, game.Options{})
		if err != nil || a.Outcome != b.Outcome {
			t.Fatalf("%s: outcome %v, the loopy engine's %v (%v)", text, a.Outcome, b.Outcome, err)
		}
	}
}

// takeOrAdd is a game whose positions repeat: take 2 or 3 tokens from a
// heap, add one to a heap of 1 to 5, or split a heap of 7 into two heaps
// of 2 (a move that leaves two parts).
type takeOrAdd struct{}

func (takeOrAdd) Parse(text string) (game.Sum[int], error) { return kayles{}.Parse(text) }
func (takeOrAdd) Format(s game.Sum[int]) string            { return kayles{}.Format(s) }
func (takeOrAdd) Moves(n int) iter.Seq2[string, []int] {
	return func(yield func(string, []int) bool) {
		for _, k := range []int{2, 3} {
			if n >= k && !yield("take "+strconv.Itoa(k), []int{n - k}) {
				return
			}
		}
		if n >= 1 && n <= 5 && !yield("add 1", []int{n + 1}) {
			return
		}
		if n == 7 {
			yield("split", []int{2, 2})
		}
	}
}
func (takeOrAdd) Describe(n int, m string) string { return m }
func (takeOrAdd) Check(game.Sum[int]) error       { return nil }

// TestCyclicSumsMatchRetrograde holds the values of sums of a game whose
// positions repeat, and every move's outcome and the engine's move, to
// sg.Retrograde over the graph of the whole sum (no Sprague–Grundy theory).
func TestCyclicSumsMatchRetrograde(t *testing.T) {
	var positions []string
	for x := 0; x <= 10; x++ {
		for y := -1; y <= x; y++ {
			text := strconv.Itoa(x)
			if y >= 0 {
				text += " " + strconv.Itoa(y)
			}
			positions = append(positions, text)
		}
	}
	counts := gametest.CheckCyclic(t, game.Of(takeOrAdd{}), positions)
	if counts[sg.N] == 0 || counts[sg.P] == 0 || counts[sg.D] == 0 {
		t.Fatalf("outcomes %v: want each of N, P and D", counts)
	}
}

func TestEngineMovePrefersQuickWins(t *testing.T) {
	g := game.Of(loop{loopy: true})
	pos, _ := g.Parse("0")
	a, _ := g.Analyze(context.Background(), pos, game.Options{})
	m, ok := a.EngineMove()
	if !ok || m.Text != "to -1" {
		t.Fatalf("engine move %q, %v; want the step out", m.Text, ok)
	}
}

func FuzzKaylesParse(f *testing.F) {
	f.Add("4 6")
	f.Add("x")
	g := game.Of(kayles{})
	f.Fuzz(func(t *testing.T, s string) { gametest.Fuzz(t, g, s) })
}

// repeating is takeOrAdd saying that its positions repeat (game.Repeater).
type repeating struct{ takeOrAdd }

func (repeating) Repeats() bool { return true }

// TestRepeaterSameValues: a game that says its positions repeat is valued
// at once by generalised values, exactly as the same game valued after its
// Grundy solver met a cycle.
func TestRepeaterSameValues(t *testing.T) {
	plain, rep := game.Of(takeOrAdd{}), game.Of(repeating{})
	ctx := context.Background()
	for x := 0; x <= 9; x++ {
		for y := 0; y <= x; y++ {
			text := strconv.Itoa(x) + " " + strconv.Itoa(y)
			p, _ := plain.Parse(text)
			q, _ := rep.Parse(text)
			a, err := plain.Analyze(ctx, p, game.Options{})
			if err != nil {
				t.Fatal(err)
			}
			b, err := rep.Analyze(ctx, q, game.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !b.Cyclic || !a.Value.Equal(b.Value) || a.Outcome != b.Outcome || len(a.Moves) != len(b.Moves) {
				t.Fatalf("%s: %v %v (cyclic %v), without Repeater %v %v", text, b.Value, b.Outcome, b.Cyclic, a.Value, a.Outcome)
			}
			for i, m := range a.Moves {
				if n := b.Moves[i]; m.Text != n.Text || !m.Value.Equal(n.Value) || m.Outcome != n.Outcome {
					t.Fatalf("%s: move %s %v %v, without Repeater %s %v %v", text, n.Text, n.Value, n.Outcome, m.Text, m.Value, m.Outcome)
				}
			}
		}
	}
}
