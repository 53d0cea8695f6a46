package game

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"nimber/cgt"
)

// DefaultMaxParts is the most distinct parts an Evaluator keeps canonical
// forms of when its MaxParts is zero, unless its Calc's memory limit
// allows fewer (PartBytes each): with the Calc's own limit it bounds the
// memory of a valuation.
const DefaultMaxParts = 1 << 23

// PartBytes estimates the memory of one part an Evaluator keeps: its key
// (a part's normal form, boxed in an interface) and canonical form in the
// memo, with the map's overhead. Measured: 67 to 99 bytes an entry for
// string keys of 8 to 40 bytes (a map of 200,000); 160 leaves room for
// longer keys.
const PartBytes = 160

// MaxDepth bounds the moves in a row that an Evaluator follows from a
// part (the depth of its recursion): a game deeper than that, such as a
// rules file's heap of a million tokens taken one at a time, is refused
// with a *LimitError rather than left to exhaust the goroutine's stack.
const MaxDepth = 100_000

// Evaluator values the positions of one partizan game in a cgt.Calc: the
// canonical form of every part it meets, memoised by the part's normal
// form (Keyer), so that equal regions anywhere are valued once. It is
// tied to its Calc and game, and is not safe for concurrent use.
type Evaluator struct {
	c    *cgt.Calc
	game Game
	memo map[any]cgt.Game
	// path holds the parts being valued, from the outermost, and onPath
	// their places in it: a part met again on its own path is a cycle.
	path   []any
	onPath map[any]int
	// MaxParts bounds the distinct parts valued (when zero or less,
	// DefaultMaxParts or the Calc's memory limit over PartBytes, whichever
	// is less); past it Values fails with a *LimitError.
	MaxParts int
}

// Calc returns the Calc the Evaluator's canonical forms live in.
func (v *Evaluator) Calc() *cgt.Calc { return v.c }

// Len returns the number of distinct parts valued so far.
func (v *Evaluator) Len() int { return len(v.memo) }

func (g *partizan[P]) NewEvaluator(c *cgt.Calc) *Evaluator {
	return &Evaluator{c: c, game: g, memo: map[any]cgt.Game{}, onPath: map[any]int{}}
}

// bind returns the rules to use under ctx, and the check of their failure
// (PartizanContextual); games whose options cannot fail get their rules
// and nil.
func (g *partizan[P]) bind(ctx context.Context) (PartizanRules[P], func() error) {
	if c, ok := g.r.(PartizanContextual[P]); ok {
		return c.Bind(ctx)
	}
	return g.r, noFailure
}

// Values returns the canonical form of pos and of each of its parts: each
// part is valued by memoised recursion over its options (an option's
// value is the sum of the parts it leaves), its canonical form made by
// Calc.Make, and the parts are added by Calc.Add. It fails with ctx's
// error once ctx is done, with the Calc's ErrLimit or ErrWork, with a
// *CycleError when a part can follow from itself (the game is not short),
// with a *LimitError past MaxDepth moves in a row, or with the failure of
// the game's code (PartizanContextual), after which the Evaluator forgets
// what it had valued.
func (g *partizan[P]) Values(ctx context.Context, v *Evaluator, pos Position) (cgt.Game, []cgt.Game, error) {
	if v == nil || v.game != Game(g) {
		return cgt.Zero, nil, errors.New("values: an Evaluator of another game")
	}
	r, failure := g.bind(ctx)
	sum, parts, err := g.values(ctx, v, r, g.sum(pos))
	if ferr := failure(); ferr != nil {
		// Options that failed were taken for none: what was valued since
		// may be wrong.
		clear(v.memo)
		return cgt.Zero, nil, ferr
	}
	return sum, parts, err
}

// values is Values with the rules r bound to its work.
func (g *partizan[P]) values(ctx context.Context, v *Evaluator, r PartizanRules[P], s Sum[P]) (cgt.Game, []cgt.Game, error) {
	parts := make([]cgt.Game, len(s.Parts))
	sum := cgt.Zero
	for i, p := range s.Parts {
		x, err := g.value(ctx, v, r, p)
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

// value returns the canonical form of part p by the options of r.
func (g *partizan[P]) value(ctx context.Context, v *Evaluator, r PartizanRules[P], p P) (cgt.Game, error) {
	var k any = p
	if n, ok := g.r.(Keyer[P]); ok {
		k = n.Key(p)
	}
	if x, ok := v.memo[k]; ok {
		return x, nil
	}
	if at, ok := v.onPath[k]; ok {
		return cgt.Zero, g.cycle(v.path[at:], k)
	}
	if len(v.path) > MaxDepth { // p is len(v.path) moves from the outermost part
		return cgt.Zero, &LimitError{What: "the canonical form", Measure: "moves in a row", Got: int64(len(v.path)), Limit: MaxDepth}
	}
	v.onPath[k] = len(v.path)
	v.path = append(v.path, k)
	defer func() {
		v.path = v.path[:len(v.path)-1]
		delete(v.onPath, k)
	}()
	if len(v.memo)%1024 == 0 {
		if err := ctx.Err(); err != nil {
			return cgt.Zero, err
		}
	}
	most := v.MaxParts
	if most <= 0 {
		most = int(min(DefaultMaxParts, max(1, v.c.Limit()/PartBytes)))
	}
	// The parts on the path, p among them, are not yet in the memo.
	if n := len(v.memo) + len(v.path); n > most {
		return cgt.Zero, &LimitError{What: "the canonical form", Measure: "distinct " + g.info.Noun + "s", Got: int64(n), Limit: int64(most)}
	}
	var opts [2][]cgt.Game
	for _, side := range []Side{Left, Right} {
		for leaves := range r.Options(p, side) {
			leaves = slices.Clone(leaves) // valid until the next step only
			sum := cgt.Zero
			for _, l := range leaves {
				x, err := g.value(ctx, v, r, l)
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

// cycle returns the *CycleError of a part met again on its own path: the
// parts of path, from the first time the part was met, and the part again.
func (g *partizan[P]) cycle(path []any, again any) error {
	name := func(k any) string { return g.Name(g.wrap(Sum[P]{Parts: []P{k.(P)}})) }
	names := make([]string, 0, len(path)+1)
	for _, k := range path {
		names = append(names, name(k))
	}
	names = append(names, name(again))
	return fmt.Errorf("%w (a partizan game is valued only when it is short: no position may follow from itself)", &CycleError{Path: names})
}
