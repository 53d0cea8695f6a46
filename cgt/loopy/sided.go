package loopy

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"nimber/cgt"
)

// A term is one expression of a sum: a game, or a sided value given by
// its onside and offside games (not yet in their simplest forms).
type term struct {
	on, off Game
	sided   bool
	// parts, for an expression without sided values, are its terms (one
	// unless it is a sum, G + H or n*G), added by DescribeSum; on and off
	// are then set only for an expression that is not a sum.
	parts []Game
}

// parseTerm reads expr, a game in Parse's notation that may hold sided
// values S & T (S and T games, or sided values themselves, the onside of
// S and the offside of T taken) anywhere a game stands. & binds more
// loosely than anything else: an & at the outermost level splits the
// whole expression into its onside and offside, one inside braces,
// parentheses or Tiny(...) the option or game it stands in. An expression
// with sided values is computed twice, each S & T standing for S when
// the onside is sought and for T when the offside is, the other way round
// under a negative (-(S & T) is -T & -S): the games computed have the
// expression's sides, for the sides of a game are those of the game
// whose options are the options' sides, and the sides of a sum the sides
// of the sums of the sides (Siegel, "Combinatorial Game Theory", VI.4).
// Every S & T but the outermost is checked where it stands, its onside
// at least its offside (ErrSidesOrder); the outermost is checked on the
// whole sum (describeSidedSum), and alone when several expressions are
// added (checkSided). ctx and limit bound those checks. Errors are
// *cgt.SyntaxError with columns in expr.
func parseTerm(ctx context.Context, c *cgt.Calc, expr string, limit int) (term, error) {
	if len(expr) > MaxNotation {
		return term{}, &cgt.SyntaxError{Column: 1, Msg: fmt.Sprintf("%d bytes, over the limit of %d", len(expr), MaxNotation)}
	}
	p, root, err := parseTree(expr)
	if err != nil {
		return term{}, err
	}
	b := &nbuilder{c: c, src: expr, labels: p.labels, ctx: ctx, limit: limit}
	if !root.sided {
		if root.kind != kSum && root.kind != kTimes {
			g, err := b.game(root)
			return term{on: g, off: g, parts: []Game{g}}, err
		}
		// The terms of a sum, added by DescribeSum: a sum of stoppers is
		// simplified as it is added, a large one whose terms are not all
		// stoppers has its sides found term by term (foldSides).
		var t term
		kids := root.kids
		if root.kind == kTimes {
			count, _ := strconv.Atoi(root.text) // checked by the parser
			kids = slices.Repeat(root.kids, count)
		}
		for _, k := range kids {
			h, err := b.game(k)
			if err != nil {
				return term{}, err
			}
			t.parts = append(t.parts, h)
		}
		return t, nil
	}
	t := term{sided: true}
	for _, off := range []bool{false, true} {
		b.off, b.used = off, 0
		g, err := b.game(root)
		if err != nil {
			return term{}, err
		}
		if off {
			t.off = g
		} else {
			t.on = g
		}
	}
	return t, nil
}

// sided computes the sided value n, S & T: S on the onside, T on the
// offside. Each S & T but the outermost is computed once for both sides
// (its operands cannot use the labels or pass of braces around it), and
// checked: the onside of S at least the offside of T.
func (b *nbuilder) sided(n *pnode) (nvalue, error) {
	side := 0
	if b.off {
		side = 1
	}
	if n.top {
		return b.eval(n.kids[side])
	}
	if v, ok := b.sides[n]; ok {
		return v[side], nil
	}
	var v [2]nvalue
	var g [2]Game
	off := b.off
	defer func() { b.off = off }()
	for i, k := range n.kids {
		if k.kind == kPass {
			return nvalue{}, b.fail(k, "pass stands alone as an option: it cannot be a side of S & T")
		}
		b.off = i == 1
		x, err := b.eval(k)
		if err != nil {
			return nvalue{}, err
		}
		if g[i], err = b.sideOf(n, x, i == 0); err != nil {
			return nvalue{}, err
		}
		v[i] = x
		if x.loopy { // its side stands for it: a stopper, maybe smaller
			v[i].game = g[i]
		}
	}
	if err := checkOrder(g, b.limit); err != nil {
		return nvalue{}, b.ampFailed(n, err)
	}
	if b.sides == nil {
		b.sides = map[*pnode][2]nvalue{}
	}
	b.sides[n] = v
	return v[side], nil
}

// sideOf returns the onside (onside set) or offside of x, an operand of
// the sided value n: x itself when a stopper, else its side form.
func (b *nbuilder) sideOf(n *pnode, x nvalue, onside bool) (Game, error) {
	g := x.game
	if !x.loopy {
		t := newTarget()
		v, err := b.addShort(t, n, x.short)
		if err != nil {
			return Game{}, err
		}
		g = Game{t.g, v}
	}
	if IsStopper(g) {
		return g, nil
	}
	ctx := b.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	h, at, err := sideForms(ctx, g.Graph, []int{g.Start}, onside, b.limit)
	if err != nil {
		return Game{}, b.ampFailed(n, err)
	}
	return Game{h, at[0]}, nil
}

// ampFailed is the error err of the sided value n, at its &.
func (b *nbuilder) ampFailed(n *pnode, err error) error {
	return &cgt.SyntaxError{Column: n.amp + 1, Msg: err.Error(), Err: err}
}

// ErrSidesOrder is the error of a sided value S & T whose onside S is
// not at least its offside T.
var ErrSidesOrder = errors.New("the onside of a sided value S & T must be at least its offside")

// describeSidedSum describes the sum of terms, at least one of them
// sided: its onside is the onside of the sum of the terms' onsides, its
// offside the offside of the sum of their offsides (the sides of a sum
// are the sides of the sum of the sides; Siegel, "Combinatorial Game
// Theory", VI.4), the onside at least the offside.
func describeSidedSum(ctx context.Context, c *cgt.Calc, terms []term, limit int) (Description, error) {
	var on, off []Game
	for _, t := range terms {
		on, off = append(on, t.on), append(off, t.off)
	}
	sides, err := sidesOf(ctx, on, off, limit)
	if err == nil {
		err = checkOrder(sides, limit)
	}
	if err != nil {
		return Description{}, err
	}
	return describeSides(c, sides, limit)
}

// describeLooseSum describes the sum of games, some of them not
// stoppers, by its sides found term by term (foldSides).
func describeLooseSum(ctx context.Context, c *cgt.Calc, games []Game, limit int) (Description, error) {
	sides, err := sidesOf(ctx, games, games, limit)
	if err != nil {
		return Description{}, err
	}
	return describeSides(c, sides, limit)
}

// checkSided checks a term S & T of a sum, when it is one (checkOrder).
func checkSided(ctx context.Context, t term, limit int) error {
	if !t.sided {
		return nil
	}
	sides, err := sidesOf(ctx, []Game{t.on}, []Game{t.off}, limit)
	if err != nil {
		return err
	}
	return checkOrder(sides, limit)
}

// sidesOf returns the onside of the sum of on and the offside of the sum
// of off (foldSides), both found at once.
func sidesOf(ctx context.Context, on, off []Game, limit int) ([2]Game, error) {
	var sides [2]Game
	err := parallel(ctx, 2, func(i int) error {
		games := on
		if i == 1 {
			games = off
		}
		var err error
		sides[i], err = foldSides(ctx, games, i == 0, limit)
		return err
	})
	return sides, err
}

// checkOrder checks the sides of a sided value written S & T: both
// stoppers (ErrSides), the onside at least the offside (ErrSidesOrder).
func checkOrder(sides [2]Game, limit int) error {
	if !IsStopper(sides[0]) || !IsStopper(sides[1]) {
		return ErrSides
	}
	le, err := LE(sides[1], sides[0], limit)
	if err == nil && !le {
		err = ErrSidesOrder
	}
	return err
}

// describeSides describes a game by its sides: as a stopper when they
// are equal stoppers, else as onside & offside with the class they give.
func describeSides(c *cgt.Calc, sides [2]Game, limit int) (Description, error) {
	if IsStopper(sides[0]) && IsStopper(sides[1]) {
		if eq, err := Equal(sides[0], sides[1], limit); err != nil || eq {
			if err != nil {
				return Description{}, err
			}
			return describeStopper(c, sides[0], limit)
		}
	}
	return describeSided(c, sidedClass(sides[0], sides[1]), sides[0], sides[1], limit)
}

// foldSides returns the onside (onside set) or the offside of the sum
// of games, found term by term: the side of a sum is the side of the sum
// of the sides (Siegel, VI.4), so each partial sum is replaced by its
// side before the next term is added. Positions that are the same game
// (alike) are fused before each side is found.
func foldSides(ctx context.Context, games []Game, onside bool, limit int) (Game, error) {
	return foldSum(limit, games, func(g Game) (Game, error) {
		// Alike positions fused first: a sum of equal terms has many.
		q, qAt := restrict(g.Graph, []int{g.Start}, g.Graph.alike())
		h, at, err := sideForms(ctx, q, qAt, onside, limit)
		if err != nil {
			return Game{}, err
		}
		return Game{h, at[0]}, nil
	})
}

// sidedClass returns the outcome class of a game of onside on and
// offside off: a player who wins on the side that counts endless play
// against her wins; one who loses on the side that counts it for her
// loses; else the play is drawn.
func sidedClass(on, off Game) Class {
	s, t := ClassOf(on), ClassOf(off)
	first := func(onside, offside Outcome) Outcome {
		switch {
		case offside == LeftWins: // Left wins even when endless play is Right's
			return LeftWins
		case onside == RightWins: // Right wins even when it is Left's
			return RightWins
		}
		return Draw
	}
	return Class{first(s.LeftFirst, t.LeftFirst), first(s.RightFirst, t.RightFirst)}
}
