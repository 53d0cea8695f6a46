package game_test

import (
	"context"
	"errors"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/games/clobber"
	"nimber/games/domineering"
	"nimber/heap"
)

// TestPartizanOf checks that PartizanOf finds partizan games only, and
// that Kind Partizan reads back from its text.
func TestPartizanOf(t *testing.T) {
	if _, ok := game.PartizanOf(domineering.Game()); !ok {
		t.Error("PartizanOf(domineering) is not ok")
	}
	nim, err := heap.Parse("0.3333")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := game.PartizanOf(game.Of(nim)); ok {
		t.Error("PartizanOf of an impartial game is ok")
	}
	var k game.Kind
	if err := k.UnmarshalText([]byte("partizan")); err != nil || k != game.Partizan || k.Why() == "" {
		t.Errorf("partizan reads as %v, %v", k, err)
	}
}

// TestEvaluatorLimits checks the Evaluator's refusals: the parts of
// another game, and more distinct parts than MaxParts (a *LimitError).
func TestEvaluatorLimits(t *testing.T) {
	dom, _ := game.PartizanOf(domineering.Game())
	clob, _ := game.PartizanOf(clobber.Game())
	pos, err := dom.Parse("...|...|...")
	if err != nil {
		t.Fatal(err)
	}
	c := cgt.New(0)
	if _, _, err := dom.Values(context.Background(), clob.NewEvaluator(c), pos); err == nil {
		t.Error("a Domineering position valued by Clobber's Evaluator")
	}
	e := dom.NewEvaluator(c)
	e.MaxParts = 5
	_, _, err = dom.Values(context.Background(), e, pos)
	var le *game.LimitError
	if !errors.As(err, &le) || le.Limit != 5 {
		t.Errorf("3x3 with MaxParts 5: %v, want a *LimitError of 5", err)
	}
	e.MaxParts = 0
	g, parts, err := dom.Values(context.Background(), e, pos)
	if err != nil || len(parts) != 1 || parts[0] != g || e.Len() < 5 {
		t.Errorf("3x3: %v, %v, %v with %d parts valued", g, parts, err, e.Len())
	}
}

// TestOptions checks a partizan game's options of a whole position: a
// move in one part replaces that part by what it leaves.
func TestOptions(t *testing.T) {
	dom, _ := game.PartizanOf(domineering.Game())
	pos, err := dom.Parse("..|.. + .|.")
	if err != nil {
		t.Fatal(err)
	}
	count := map[game.Side]int{}
	for _, side := range []game.Side{game.Left, game.Right} {
		for _, o := range dom.Options(pos, side) {
			count[side]++
			if n := len(dom.Parts(o)); n > 2 {
				t.Errorf("%s's option %q has %d parts", side, dom.Format(o), n)
			}
		}
	}
	// Left: two vertical dominoes in the square, one in the column; Right:
	// two horizontal ones in the square.
	if count[game.Left] != 3 || count[game.Right] != 2 {
		t.Errorf("options %v, want Left 3 and Right 2", count)
	}
}
