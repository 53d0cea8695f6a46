package gametest

import (
	"context"
	"strings"
	"testing"

	"nimber/game"
	"nimber/sg"
)

// sumMoves bounds the moves of a joined sum whose positions are analysed
// again one by one.
const sumMoves = 40

// CheckSums checks g on sums joined from positions parsed separately, as
// the command line joins its POSITION arguments: each text with itself and
// with the next text (boards of different sizes, when the texts are). The
// value of a sum is the nim-sum of its positions' values, by both engines,
// its parts keep their values, its moves lead where they say; a loopy game
// refuses a sum of two positions in one line. The empty sum (Join of
// nothing) is a P-position without moves.
func CheckSums(t *testing.T, g game.Game, texts []string) {
	t.Helper()
	ctx := context.Background()
	empty, err := g.Analyze(ctx, g.Join(), game.Options{})
	if err != nil {
		t.Fatalf("Analyze of the empty sum: %v", err)
	}
	if (empty.Value.Known() && !empty.Value.Equal(game.Nimber(0))) || empty.Outcome != sg.P || len(empty.Moves) != 0 {
		t.Fatalf("the empty sum: value %v, %v, %d moves; want 0, P, none", empty.Value, empty.Outcome, len(empty.Moves))
	}
	for i, x := range texts {
		for _, y := range []string{x, texts[(i+1)%len(texts)]} {
			checkSum(t, ctx, g, x, y)
		}
	}
}

// checkSum checks the sum of the positions x and y.
func checkSum(t *testing.T, ctx context.Context, g game.Game, x, y string) {
	t.Helper()
	name := x + " + " + y
	var alone [2]*game.Analysis
	var ps [2]game.Position
	for k, text := range []string{x, y} {
		ps[k] = Parse(t, g, text)
		a, err := g.Analyze(ctx, ps[k], game.Options{})
		if err != nil {
			t.Fatalf("Analyze(%q): %v", text, err)
		}
		alone[k] = a
	}
	sum := g.Join(ps[0], ps[1])
	if n := g.Name(sum); n == "" || strings.Contains(n, "\n") {
		t.Fatalf("%q: Name %q, want one non-empty line", name, n)
	}
	g.Format(sum)
	if g.Info().Kind == game.Loopy {
		_, err := g.Analyze(ctx, sum, game.Options{})
		if err == nil || strings.Contains(err.Error(), "\n") {
			t.Fatalf("%q: Analyze of a sum of two positions of a loopy game: %v, want a one-line error", name, err)
		}
		return
	}
	fast := analyzeBoth(t, ctx, g, sum, name)
	// Smith's theorem where a value is infinite: two infinite parts make ∞.
	if want := game.SumOf([]game.Value{alone[0].Value, alone[1].Value}); !want.Known() || !fast.Value.Equal(want) {
		t.Fatalf("%q: value %v, want %v + %v = %v, the sum of the positions'", name, fast.Value, alone[0].Value, alone[1].Value, want)
	}
	parts := append(append([]game.PartValue(nil), alone[0].Parts...), alone[1].Parts...)
	if len(fast.Parts) != len(parts) {
		t.Fatalf("%q: %d parts, want %d", name, len(fast.Parts), len(parts))
	}
	for i, p := range g.Parts(sum) {
		if !fast.Parts[i].Value.Equal(parts[i].Value) {
			t.Fatalf("%q: part %d value %v, alone %v", name, i+1, fast.Parts[i].Value, parts[i].Value)
		}
		g.DescribePart(sum, i)
		a, err := g.Analyze(ctx, p, game.Options{})
		if err != nil || !a.Value.Equal(parts[i].Value) {
			t.Fatalf("%q: part %d of Parts analysed alone: %v, %v; want value %v", name, i+1, a, err, parts[i].Value)
		}
	}
	for k, m := range fast.Moves {
		if k == sumMoves {
			break
		}
		a, err := g.Analyze(ctx, m.Next, game.Options{})
		if err != nil || !a.Value.Equal(m.Value) {
			t.Fatalf("%q: move %q leaves %q valued %v (%v), the sum's analysis says %v", name, m.Text, g.Format(m.Next), a, err, m.Value)
		}
		if _, _, err := g.Play(sum, m.Part, m.Text); err != nil {
			t.Fatalf("%q: Play(%d, %q): %v", name, m.Part, m.Text, err)
		}
	}
}
