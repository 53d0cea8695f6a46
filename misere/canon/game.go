package canon

import (
	"context"
	"fmt"

	"nimber/game"
)

// DefaultParts bounds the distinct parts FromGame values by default.
const DefaultParts = 1_000_000

// FromGame returns the misère canonical form of a position of an
// impartial game, through the game API alone: each part's form is made
// from the forms of its moves, a move's the sum of the parts it leaves,
// memoised by the part's text; the position's is the sum of its parts'.
// At most maxParts distinct parts are valued (DefaultParts when
// maxParts <= 0). Partizan games and games whose positions repeat are
// refused.
func (t *Table) FromGame(ctx context.Context, g game.Game, pos game.Position, maxParts int) (Form, error) {
	if info := g.Info(); info.Kind != game.Impartial || info.Repeats {
		return 0, fmt.Errorf("the game is %s (%s): a misère canonical form needs an impartial game that ends", info.Kind, info.Kind.Why())
	}
	if maxParts <= 0 {
		maxParts = DefaultParts
	}
	v := &valuer{t: t, g: g, ctx: ctx, memo: map[string]Form{}, busy: map[string]bool{}, most: maxParts}
	return v.sum(g.Parts(pos))
}

// valuer is one FromGame.
type valuer struct {
	t    *Table
	g    game.Game
	ctx  context.Context
	memo map[string]Form
	busy map[string]bool // parts being valued: met again, a cycle
	most int
}

// sum is the form of a sum of parts.
func (v *valuer) sum(parts []game.Position) (Form, error) {
	s := Zero
	for _, p := range parts {
		f, err := v.part(p)
		if err != nil {
			return 0, err
		}
		if s, err = v.t.Add(s, f); err != nil {
			return 0, err
		}
	}
	return s, nil
}

// part is the form of one part.
func (v *valuer) part(p game.Position) (Form, error) {
	k := v.g.Format(p)
	if f, ok := v.memo[k]; ok {
		return f, nil
	}
	if v.busy[k] {
		return 0, fmt.Errorf("the part %s is reached from itself: misère canonical forms need a game that ends", game.Clip(k, 60))
	}
	if len(v.memo) >= v.most {
		return 0, fmt.Errorf("%w: more than %d distinct parts to value (the limit)", ErrLimit, v.most)
	}
	if len(v.memo)&255 == 0 {
		if err := v.ctx.Err(); err != nil {
			return 0, err
		}
	}
	v.busy[k] = true
	defer delete(v.busy, k)
	moves, err := v.g.Moves(p)
	if err != nil {
		return 0, err
	}
	opts := make([]Form, 0, len(moves))
	for _, m := range moves {
		f, err := v.sum(m.Leaves)
		if err != nil {
			return 0, err
		}
		opts = append(opts, f)
	}
	f, err := v.t.Make(opts...)
	if err != nil {
		return 0, err
	}
	v.memo[k] = f
	return f, nil
}
