package game_test

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"strconv"
	"strings"
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
	// With no MaxParts, a Calc of little memory bounds the parts too, so
	// that the memo holds no more than the Calc may: n, where either
	// player moves to n-1, is 0 or * (the Calc stays small) and n+1 parts,
	// and 1 MiB allows 6553 parts.
	down, _ := game.PartizanOf(game.OfPartizan[int](either{chain{step: func(n int) int { return n - 1 }}}))
	const limit = 1 << 20
	for n, refused := range map[string]bool{"6000": false, "8000": true} {
		long, err := down.Parse(n)
		if err != nil {
			t.Fatal(err)
		}
		x, _, err := down.Values(context.Background(), down.NewEvaluator(cgt.New(limit)), long)
		if refused && (!errors.As(err, &le) || le.Limit != limit/game.PartBytes) {
			t.Errorf("a chain of %s moves in a Calc of %d bytes: %v, want a *LimitError of %d parts", n, limit, err, limit/game.PartBytes)
		}
		if want := map[string]string{"6000": "0"}[n]; !refused && (err != nil || x != cgt.Zero || want != "0") {
			t.Errorf("a chain of %s moves in a Calc of %d bytes: %v", n, limit, err)
		}
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

// chain is a partizan game of int parts for the Evaluator's tests: from n
// Left moves to step(n) while n > 0, Right has no move; fail, when set,
// makes the options of n fail (PartizanContextual).
type chain struct {
	step func(int) int
	fail int
}

func (c chain) Options(n int, side game.Side) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		if side == game.Left && n > 0 {
			yield([]int{c.step(n)})
		}
	}
}

func (chain) Parse(text string) (game.Sum[int], error) {
	n, err := strconv.Atoi(text)
	return game.Sum[int]{Parts: []int{n}}, err
}

func (chain) Format(s game.Sum[int]) string { return strconv.Itoa(s.Parts[0]) }
func (chain) Check(game.Sum[int]) error     { return nil }

// either is chain with the same move for both players.
type either struct{ chain }

func (e either) Options(n int, _ game.Side) iter.Seq[[]int] {
	return e.chain.Options(n, game.Left)
}

// failing is chain whose options fail at fail, as a rules file's may.
type failing struct{ chain }

func (c failing) Bind(context.Context) (game.PartizanRules[int], func() error) {
	b := &boundChain{chain: c.chain}
	return b, func() error { return b.err }
}

type boundChain struct {
	chain
	err error
}

func (b *boundChain) Options(n int, side game.Side) iter.Seq[[]int] {
	if n == b.fail {
		b.err = fmt.Errorf("the options of %d failed", n)
		return func(func([]int) bool) {}
	}
	return b.chain.Options(n, side)
}

// TestEvaluatorShort checks that the Evaluator refuses a game that is not
// short in one line naming the positions of the cycle, a game deeper than
// MaxDepth with a *LimitError, and reports the failure of a
// PartizanContextual game's options, forgetting what it valued then.
func TestEvaluatorShort(t *testing.T) {
	ctx := context.Background()
	value := func(g game.Game, text string, e *game.Evaluator) (string, error) {
		pg, _ := game.PartizanOf(g)
		pos, err := g.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if e == nil {
			e = pg.NewEvaluator(cgt.New(0))
		}
		v, _, err := pg.Values(ctx, e, pos)
		return e.Calc().String(v), err
	}

	loop := game.OfPartizan[int](chain{step: func(n int) int { return n%3 + 1 }})
	_, err := value(loop, "1", nil)
	var ce *game.CycleError
	if !errors.As(err, &ce) || strings.Join(ce.Path, " ") != "1 2 3 1" || strings.Contains(err.Error(), "\n") {
		t.Errorf("1 -> 2 -> 3 -> 1: %v, want a *CycleError 1 2 3 1 on one line", err)
	}

	down := game.OfPartizan[int](chain{step: func(n int) int { return n - 1 }})
	if v, err := value(down, "100", nil); err != nil || v != "100" {
		t.Errorf("a chain of 100 Left moves: %s, %v, want 100", v, err)
	}
	if v, err := value(down, strconv.Itoa(game.MaxDepth), nil); err != nil || v != strconv.Itoa(game.MaxDepth) {
		t.Errorf("a chain of MaxDepth Left moves: %s, %v", v, err)
	}
	_, err = value(down, strconv.Itoa(game.MaxDepth+1), nil)
	var le *game.LimitError
	if !errors.As(err, &le) || le.Limit != game.MaxDepth {
		t.Errorf("a chain of MaxDepth+1 moves: %v, want a *LimitError of %d", err, game.MaxDepth)
	}

	bad := game.OfPartizan[int](failing{chain{step: func(n int) int { return n - 1 }, fail: 3}})
	pg, _ := game.PartizanOf(bad)
	e := pg.NewEvaluator(cgt.New(0))
	if v, err := value(bad, "2", e); err != nil || v != "2" || e.Len() != 3 {
		t.Errorf("2 below the failure: %s, %v with %d parts valued, want 2 with 3", v, err, e.Len())
	}
	if _, err := value(bad, "5", e); err == nil || err.Error() != "the options of 3 failed" {
		t.Errorf("5 above the failure: %v, want it", err)
	}
	if e.Len() != 0 {
		t.Errorf("%d parts kept after a failure, want none", e.Len())
	}
}
