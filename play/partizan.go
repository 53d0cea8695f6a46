package play

import (
	"context"
	"fmt"

	"nimber/cgt"
	"nimber/game"
)

// PartizanPart is a part of a partizan position with its canonical form.
type PartizanPart struct {
	Position  string `json:"position"`
	Canonical string `json:"canonical"`
}

// PartizanMove is one move of Left or Right in a partizan position: the
// part it is made in, that part after the move, and the canonical form
// and outcome of the whole position it leaves.
type PartizanMove struct {
	// Part is the 0-based index of the part the move is made in.
	Part int `json:"part"`
	// Leaves is the part after the move in the game's text form ("0" when
	// the move leaves nothing of it).
	Leaves string `json:"leaves"`
	// Canonical and Outcome are those of the whole position after the
	// move (L, R, P or N, as nimber value says them).
	Canonical string `json:"canonical"`
	Outcome   string `json:"outcome"`
	// Wins reports a move that wins for its mover with the opponent to
	// move next: a Left move that leaves a position ≥ 0 (outcome L or P),
	// a Right move that leaves one ≤ 0 (outcome R or P).
	Wins bool `json:"wins"`
}

// PartizanState is the analysis of a partizan position: its canonical form
// and outcome class, its parts' canonical forms, and every move of each
// player with what it leaves.
type PartizanState struct {
	Position  string `json:"position"`
	Canonical string `json:"canonical"`
	Outcome   string `json:"outcome"`
	// Parts are the position's parts with their canonical forms, never
	// nil (none for a position with no part left).
	Parts []PartizanPart `json:"parts"`
	// Left and Right are every move of each player, never nil, part by
	// part in the order of the game's options.
	Left  []PartizanMove `json:"left_moves"`
	Right []PartizanMove `json:"right_moves"`
}

// AnalyzePartizan analyses pos, a position of the partizan game g, in the
// Calc c: the canonical form of the position and of each part, and every
// move of Left and of Right with the canonical form it leaves and whether
// it wins for the mover. The options are valued by one Evaluator, so a
// region met twice is valued once. It fails with ctx's error once ctx is
// done, or with the Calc's or Evaluator's limits.
func AnalyzePartizan(ctx context.Context, g game.Game, pos game.Position, c *cgt.Calc) (*PartizanState, error) {
	pg, ok := game.PartizanOf(g)
	if !ok {
		return nil, fmt.Errorf("analyze: a game of kind %s, not partizan", g.Info().Kind)
	}
	e := pg.NewEvaluator(c)
	sum, values, err := pg.Values(ctx, e, pos)
	if err != nil {
		return nil, err
	}
	s := &PartizanState{
		Position:  g.Format(pos),
		Canonical: c.String(sum),
		Outcome:   c.OutcomeOf(sum).String(),
		Parts:     []PartizanPart{},
		Left:      []PartizanMove{},
		Right:     []PartizanMove{},
	}
	parts := g.Parts(pos)
	for i, p := range parts {
		s.Parts = append(s.Parts, PartizanPart{Position: g.Name(p), Canonical: c.String(values[i])})
	}
	for i, p := range parts {
		for _, side := range []game.Side{game.Left, game.Right} {
			for _, opt := range pg.Options(p, side) {
				after := make([]game.Position, 0, len(parts))
				after = append(after, parts[:i]...)
				after = append(after, opt)
				after = append(after, parts[i+1:]...)
				x, _, err := pg.Values(ctx, e, g.Join(after...))
				if err != nil {
					return nil, err
				}
				m := PartizanMove{Part: i, Leaves: g.Name(opt), Canonical: c.String(x), Outcome: c.OutcomeOf(x).String()}
				if side == game.Left {
					m.Wins = c.LE(cgt.Zero, x)
					s.Left = append(s.Left, m)
				} else {
					m.Wins = c.LE(x, cgt.Zero)
					s.Right = append(s.Right, m)
				}
			}
		}
	}
	return s, nil
}
