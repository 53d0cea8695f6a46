package game

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"nimber/cgt"
)

// DefaultMaxParts is the most distinct parts an Evaluator keeps canonical
// forms of when its MaxParts is zero: with the Calc's own memory limit it
// bounds the memory of a valuation.
const DefaultMaxParts = 1 << 23

// Evaluator values the positions of one partizan game in a cgt.Calc: the
// canonical form of every part it meets, memoised by the part's normal
// form (Keyer), so that equal regions anywhere are valued once. It is
// tied to its Calc and game, and is not safe for concurrent use.
type Evaluator struct {
	c    *cgt.Calc
	game Game
	memo map[any]cgt.Game
	// MaxParts bounds the distinct parts valued (DefaultMaxParts when zero
	// or less); past it Values fails with a *LimitError.
	MaxParts int
}

// Calc returns the Calc the Evaluator's canonical forms live in.
func (v *Evaluator) Calc() *cgt.Calc { return v.c }

// Len returns the number of distinct parts valued so far.
func (v *Evaluator) Len() int { return len(v.memo) }

func (g *partizan[P]) NewEvaluator(c *cgt.Calc) *Evaluator {
	return &Evaluator{c: c, game: g, memo: map[any]cgt.Game{}}
}

// Values returns the canonical form of pos and of each of its parts: each
// part is valued by memoised recursion over its options (an option's
// value is the sum of the parts it leaves), its canonical form made by
// Calc.Make, and the parts are added by Calc.Add. It fails with ctx's
// error once ctx is done, or with the Calc's ErrLimit or ErrWork.
func (g *partizan[P]) Values(ctx context.Context, v *Evaluator, pos Position) (cgt.Game, []cgt.Game, error) {
	if v == nil || v.game != Game(g) {
		return cgt.Zero, nil, errors.New("values: an Evaluator of another game")
	}
	s := g.sum(pos)
	parts := make([]cgt.Game, len(s.Parts))
	sum := cgt.Zero
	for i, p := range s.Parts {
		x, err := g.value(ctx, v, p)
		if err != nil {
			return cgt.Zero, nil, err
		}
		parts[i] = x
		if sum, err = v.c.Add(sum, x); err != nil {
			return cgt.Zero, nil, fmt.Errorf("the sum of %d %ss: %w", i+1, g.info.Noun, err)
		}
	}
	return sum, parts, nil
}

// value returns the canonical form of part p.
func (g *partizan[P]) value(ctx context.Context, v *Evaluator, p P) (cgt.Game, error) {
	var k any = p
	if n, ok := g.r.(Keyer[P]); ok {
		k = n.Key(p)
	}
	if x, ok := v.memo[k]; ok {
		return x, nil
	}
	if len(v.memo)%1024 == 0 {
		if err := ctx.Err(); err != nil {
			return cgt.Zero, err
		}
	}
	most := v.MaxParts
	if most <= 0 {
		most = DefaultMaxParts
	}
	if len(v.memo) >= most {
		return cgt.Zero, &LimitError{What: "the canonical form", Measure: "distinct " + g.info.Noun + "s", Got: int64(len(v.memo)) + 1, Limit: int64(most)}
	}
	var opts [2][]cgt.Game
	for _, side := range []Side{Left, Right} {
		for leaves := range g.r.Options(p, side) {
			leaves = slices.Clone(leaves) // valid until the next step only
			sum := cgt.Zero
			for _, l := range leaves {
				x, err := g.value(ctx, v, l)
				if err != nil {
					return cgt.Zero, err
				}
				if sum, err = v.c.Add(sum, x); err != nil {
					return cgt.Zero, err
				}
			}
			opts[side] = append(opts[side], sum)
		}
	}
	x, err := v.c.Make(opts[Left], opts[Right])
	if err != nil {
		return cgt.Zero, err
	}
	v.memo[k] = x
	return x, nil
}
