package loopy

import (
	"context"
	"errors"

	"nimber/cgt"
)

// A term is one expression of a sum: a game, or a sided value S & T
// given by its onside and offside games.
type term struct {
	on, off Game
	sided   bool
}

// parseTerm reads expr, a game in Parse's notation or a sided value
// "S & T" (one & outside all braces and parentheses, S and T games).
// Errors are *cgt.SyntaxError with columns in expr.
func parseTerm(c *cgt.Calc, expr string) (term, error) {
	at, err := sidedAt(expr)
	if err != nil {
		return term{}, err
	}
	if at < 0 {
		g, err := Parse(c, expr)
		return term{on: g, off: g}, err
	}
	var t term
	t.sided = true
	for i, part := range []struct {
		text   string
		offset int
	}{{expr[:at], 0}, {expr[at+1:], at + 1}} {
		g, err := Parse(c, part.text)
		if se, ok := errors.AsType[*cgt.SyntaxError](err); ok {
			moved := *se
			moved.Column += part.offset
			return term{}, &moved
		}
		if err != nil {
			return term{}, err
		}
		if i == 0 {
			t.on = g
		} else {
			t.off = g
		}
	}
	return t, nil
}

// sidedAt returns the index of the & of a sided value in expr, -1 when
// there is none, or an error for a second & or one inside braces,
// parentheses or brackets.
func sidedAt(expr string) (int, error) {
	at, depth := -1, 0
	for i := 0; i < len(expr); i++ {
		switch expr[i] {
		case '{', '(', '[', '<':
			depth++
		case '}', ')', ']', '>':
			depth--
		case '&':
			switch {
			case depth > 0:
				return 0, &cgt.SyntaxError{Column: i + 1, Msg: "a sided value S & T is read only as a whole expression, not inside braces or parentheses"}
			case at >= 0:
				return 0, &cgt.SyntaxError{Column: i + 1, Msg: "a second &: a sided value is S & T"}
			}
			at = i
		}
	}
	return at, nil
}

// ErrSidesOrder is the error of a sided value S & T whose onside S is
// not at least its offside T.
var ErrSidesOrder = errors.New("the onside of a sided value S & T must be at least its offside")

// describeSidedSum describes the sum of terms, at least one of them
// sided: its onside is the onside of the sum of the terms' onsides, its
// offside the offside of the sum of their offsides (the sides of a sum
// are the sides of the sum of the sides; Siegel, "Combinatorial Game
// Theory", VI.4).
func describeSidedSum(ctx context.Context, c *cgt.Calc, terms []term, limit int) (Description, error) {
	// The onside (i = 0) and the offside, both found at once.
	var sides [2]Game
	err := parallel(ctx, 2, func(i int) error {
		games := make([]Game, len(terms))
		for j, t := range terms {
			games[j] = t.off
			if i == 0 {
				games[j] = t.on
			}
		}
		sum, err := Sum(limit, games...)
		if err != nil {
			return err
		}
		h, at, err := sideForms(ctx, sum.Graph, []int{sum.Start}, i == 0, limit)
		if err != nil {
			return err
		}
		sides[i] = Game{h, at[0]}
		return nil
	})
	if err != nil {
		return Description{}, err
	}
	le, err := LE(sides[1], sides[0], limit)
	if err != nil {
		return Description{}, err
	}
	if !le {
		return Description{}, ErrSidesOrder
	}
	if eq, err := LE(sides[0], sides[1], limit); err != nil || eq {
		if err != nil {
			return Description{}, err
		}
		return describeStopper(c, sides[0], limit)
	}
	return describeSided(c, sidedClass(sides[0], sides[1]), sides[0], sides[1], limit)
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
