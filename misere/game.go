package misere

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"nimber/game"
)

// GameOutcome is the misère outcome of a position of any game.
type GameOutcome struct {
	// Wins reports that the player to move wins (an N-position).
	Wins bool
	// Move is a winning move (its part, words and the whole position
	// after it), nil when the player to move loses or has no move.
	Move *game.Move
	// Positions is the number of positions the search kept.
	Positions int
}

// errLoop reports a position reached from itself.
var errLoop = errors.New("a position repeats (the game is loopy): misère play needs a game that ends")

// OutcomeGame decides a position of any game (a registered game, a rules
// file) in misère play by exact search: positions are multisets of parts
// (the order of the parts does not matter, and parts with no move are
// dropped: such a part is the zero game), memoised, at most budget of
// them (DefaultBudget when budget <= 0; beyond it, a *LimitError). Loopy
// games are refused.
func OutcomeGame(ctx context.Context, g game.Game, pos game.Position, budget int) (GameOutcome, error) {
	if g.Info().Kind != game.Impartial {
		return GameOutcome{}, fmt.Errorf("the game is %s (%s): misère play here needs an impartial game that ends", g.Info().Kind, g.Info().Kind.Why())
	}
	if budget <= 0 {
		budget = DefaultBudget
	}
	s := &gameSearch{ctx: ctx, g: g, budget: budget, memo: map[string]int8{}, live: map[string]bool{}}
	moves, err := g.Moves(pos)
	if err != nil {
		return GameOutcome{}, err
	}
	out := GameOutcome{Wins: len(moves) == 0}
	for i := range moves {
		w, err := s.wins(moves[i].Next)
		if err != nil {
			return GameOutcome{}, err
		}
		if !w {
			out.Wins, out.Move = true, &moves[i]
			break
		}
	}
	out.Positions = len(s.memo)
	return out, nil
}

// gameSearch is one misère search of OutcomeGame.
type gameSearch struct {
	ctx    context.Context
	g      game.Game
	budget int
	memo   map[string]int8 // 1 wins, 0 loses, -1 being decided
	live   map[string]bool // part text -> it has a move
}

// key writes the position as the sorted texts of its parts that have a
// move.
func (s *gameSearch) key(pos game.Position) (string, error) {
	var parts []string
	for _, p := range s.g.Parts(pos) {
		t := s.g.Format(p)
		live, ok := s.live[t]
		if !ok {
			ms, err := s.g.Moves(p)
			if err != nil {
				return "", err
			}
			live = len(ms) > 0
			s.live[t] = live
		}
		if live {
			parts = append(parts, t)
		}
	}
	slices.Sort(parts)
	return strings.Join(parts, "\x00"), nil
}

// wins reports whether the player to move wins pos: he has no move, or a
// move to a position the opponent loses.
func (s *gameSearch) wins(pos game.Position) (bool, error) {
	k, err := s.key(pos)
	if err != nil {
		return false, err
	}
	switch s.memo[k] {
	case 1:
		return true, nil
	case -1:
		return false, errLoop
	}
	if _, ok := s.memo[k]; ok {
		return false, nil
	}
	if len(s.memo) >= s.budget {
		return false, &LimitError{Budget: s.budget, What: "position " + clipText(s.g.Name(pos))}
	}
	if len(s.memo)&255 == 0 {
		if err := s.ctx.Err(); err != nil {
			return false, err
		}
	}
	s.memo[k] = -1
	moves, err := s.g.Moves(pos)
	if err != nil {
		return false, err
	}
	w := len(moves) == 0
	for _, m := range moves {
		cw, err := s.wins(m.Next)
		if err != nil {
			return false, err
		}
		if !cw {
			w = true
			break
		}
	}
	s.memo[k] = 0
	if w {
		s.memo[k] = 1
	}
	return w, nil
}

// clipText shortens a position's text for an error message.
func clipText(t string) string {
	if len(t) > 60 {
		return t[:60] + "..."
	}
	return t
}
