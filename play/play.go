// Package play lets a person play any game move by move against perfect
// play, through the game API: Replay reads a start position, plays a list of
// moves, each checked for legality, and analyses the position reached: its
// value or outcome, its parts, and every legal move with what it leads to.
// EngineMove is then the move of perfect play. It holds no game's rules:
// every game of the registry, user rules files included, is played the same
// way.
//
// Replay keeps no state between calls and is safe for concurrent use: the
// page of the web explorer sends the start and the moves so far, and undo
// is replaying fewer moves.
package play

import (
	"context"
	"fmt"
	"strings"

	"nimber/game"
	"nimber/sg"
)

// MaxMoves bounds the moves Replay plays.
const MaxMoves = 10000

// Choice is a move as a player names it: the part it is made in (0-based, as
// the legal moves list it) and its description in the game's words.
type Choice struct {
	Part int    `json:"part"`
	Text string `json:"move"`
}

// Part is a part of a position with its value.
type Part struct {
	Position string     `json:"position"`
	Value    game.Value `json:"value"`
}

// Option is a legal move with what it leads to.
type Option struct {
	Choice
	// Cells are the board cells the move is made on (board games).
	Cells []game.Cell `json:"cells,omitempty"`
	// Position is the position after the move.
	Position string `json:"position"`
	// Value is the value after the move (absent when the outcome alone
	// decides, as in loopy games).
	Value *game.Value `json:"value,omitempty"`
	// Outcome is the outcome after the move, for the player then to move:
	// the move wins when it is P.
	Outcome string `json:"outcome"`
	// Remoteness after the move (loopy games only).
	Remoteness *int `json:"remoteness,omitempty"`
	// Winning reports a move after which the opponent loses.
	Winning bool `json:"winning"`
}

// State is the position reached from a start by Moves, with its analysis
// for the player to move.
type State struct {
	// Position is the position in the game's text form; Board its rows,
	// for board games (without the caption after a blank line).
	Position string   `json:"position"`
	Board    []string `json:"board,omitempty"`
	// Moves are the moves played, never nil.
	Moves []Choice `json:"moves"`
	// ToMove names the player to move (Game.Info().Players).
	ToMove string `json:"to_move"`
	// Over reports that the player to move has no move; Winner is then the
	// other player.
	Over   bool   `json:"over"`
	Winner string `json:"winner,omitempty"`
	// Value is the value of the position (absent when the outcome alone
	// decides, as in loopy games).
	Value *game.Value `json:"value,omitempty"`
	// Outcome is N when the player to move wins with best play, P when he
	// loses, D when neither can force a win (loopy games).
	Outcome string `json:"outcome"`
	// Remoteness is the number of moves left with best play, when the
	// engine gives it (loopy games).
	Remoteness *int `json:"remoteness,omitempty"`
	// Parts are the independent parts of the position, with their values
	// (none when the position has no value, as in loopy games).
	Parts []Part `json:"parts"`
	// Legal lists every legal move, never nil, in the order of Game.Moves.
	Legal []Option `json:"legal_moves"`
	// Cyclic reports a position whose play can repeat, valued by
	// generalised Sprague–Grundy values (game.Analysis.Cyclic): Value and
	// the parts' and moves' values may be ∞(K), and there is no remoteness.
	Cyclic bool `json:"cyclic,omitempty"`

	engine Choice // the move of perfect play, when there is a move
}

// EngineMove returns the move of perfect play (game.Analysis.EngineMove):
// a winning move if any (the quickest in a loopy game), else one that keeps
// a draw, else one that loses as late as possible in a loopy game and the
// first move in others (ReplayAndReply then looks for the longest losing
// line). ok is false when the game is over.
func (s *State) EngineMove() (m Choice, ok bool) {
	if s.Over {
		return Choice{}, false
	}
	return s.engine, true
}

// MoveError is an illegal move: the Number-th of the list (1-based), and
// why.
type MoveError struct {
	Number int
	Move   Choice
	Err    error
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("move %d (%s): %v", e.Number, clip(e.Move.Text), e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }

// Replay reads the start position of g, plays moves, each checked for
// legality, and analyses the position reached under the options o.
// Errors: the game's for a bad start, a *MoveError for the first illegal
// move, more than MaxMoves moves, and ctx's error once ctx is done.
func Replay(ctx context.Context, g game.Game, start string, moves []Choice, o game.Options) (*State, error) {
	s, _, err := replay(ctx, g, start, moves, o)
	return s, err
}

// ReplayAndReply is Replay followed by the engine's move when the game is
// not over: it returns the position after that move and the move (nil when
// the game was over). The start is solved once for both positions.
func ReplayAndReply(ctx context.Context, g game.Game, start string, moves []Choice, o game.Options) (*State, *Choice, error) {
	if o.Cache == nil {
		o.Cache = &game.Cache{}
	}
	s, pos, err := replay(ctx, g, start, moves, o)
	if err != nil || s.Over {
		return s, nil, err
	}
	m := s.engine
	if s.Outcome == "P" && s.Value != nil && !s.Cyclic {
		// Lost: prolong the game, as a good loser does.
		if m, err = prolong(ctx, g, pos, m, o.Limit); err != nil {
			return nil, nil, err
		}
	}
	next, _, err := g.Play(pos, m.Part, m.Text)
	if err != nil {
		return nil, nil, fmt.Errorf("the engine's move %d (%s): %w", len(moves)+1, clip(m.Text), err)
	}
	played := append(append(make([]Choice, 0, len(moves)+1), moves...), m)
	after, err := analyse(ctx, g, next, played, o)
	if err != nil {
		return nil, nil, err
	}
	return after, &m, nil
}

// prolongLimit bounds the positions the engine explores to find its
// longest losing line, so that a reply on a large board stays quick.
const prolongLimit = 1 << 16

// prolong returns the move of pos (a lost position of a game that ends)
// after which the game lasts longest with best play: the option of largest
// remoteness. It returns m when the positions reachable are too many to
// search.
func prolong(ctx context.Context, g game.Game, pos game.Position, m Choice, limit int) (Choice, error) {
	if limit <= 0 || limit > prolongLimit {
		limit = prolongLimit
	}
	remoteness, err := remotenesses(ctx, g, pos, limit)
	if err != nil {
		return m, err
	}
	moves, err := g.Moves(pos)
	if err != nil {
		return m, err
	}
	longest := -1
	for _, mv := range moves {
		if r := remoteness(mv.Next); r != nil && *r > longest {
			longest, m = *r, Choice{Part: mv.Part, Text: mv.Text}
		}
	}
	return m, nil
}

// Analyze returns the state of pos, as if reached from the start: its
// analysis for the player to move.
func Analyze(ctx context.Context, g game.Game, pos game.Position, o game.Options) (*State, error) {
	return analyse(ctx, g, pos, nil, o)
}

// replay is Replay, also returning the position reached.
func replay(ctx context.Context, g game.Game, start string, moves []Choice, o game.Options) (*State, game.Position, error) {
	if len(moves) > MaxMoves {
		return nil, game.Position{}, fmt.Errorf("%d moves, limit %d", len(moves), MaxMoves)
	}
	pos, err := g.Parse(start)
	if err != nil {
		return nil, game.Position{}, err
	}
	for k, m := range moves {
		if k%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, game.Position{}, err
			}
		}
		if pos, _, err = g.Play(pos, m.Part, m.Text); err != nil {
			return nil, game.Position{}, &MoveError{Number: k + 1, Move: m, Err: err}
		}
	}
	s, err := analyse(ctx, g, pos, moves, o)
	return s, pos, err
}

// analyse returns the state of pos, reached by moves.
func analyse(ctx context.Context, g game.Game, pos game.Position, moves []Choice, o game.Options) (*State, error) {
	a, err := g.Analyze(ctx, pos, o)
	if err != nil {
		return nil, err
	}
	info := g.Info()
	s := &State{
		Position: a.Text,
		Moves:    append([]Choice{}, moves...),
		ToMove:   info.Players[len(moves)%2],
		Outcome:  a.Outcome.String(),
		Parts:    make([]Part, len(a.Parts)),
		Legal:    make([]Option, len(a.Moves)),
		Cyclic:   a.Cyclic,
	}
	if info.Legend != nil {
		rows, _, _ := strings.Cut(a.Text, "\n\n") // a caption follows a blank line
		s.Board = strings.Split(strings.TrimRight(rows, "\n"), "\n")
	}
	if a.HasRemoteness {
		s.Remoteness = &a.Remoteness
	}
	if a.Value.Known() {
		s.Value = &a.Value
		for i, p := range a.Parts {
			s.Parts[i] = Part{Position: p.Text, Value: p.Value}
		}
	} else {
		s.Parts = []Part{} // the outcome alone decides: no part has a value
	}
	for i, m := range a.Moves {
		opt := Option{Choice: Choice{Part: m.Part, Text: m.Text}, Cells: m.Cells, Position: g.Format(m.Next),
			Outcome: m.Outcome.String(), Winning: m.Winning}
		if a.HasRemoteness {
			opt.Remoteness = &a.Moves[i].Remoteness
		}
		if m.Value.Known() {
			opt.Value = &a.Moves[i].Value
		}
		s.Legal[i] = opt
	}
	if best, ok := a.EngineMove(); ok {
		s.engine = Choice{Part: best.Part, Text: best.Text}
	} else {
		s.Over, s.Winner = true, info.Players[(len(moves)+1)%2]
	}
	if s.Over && a.Outcome != sg.P {
		return nil, fmt.Errorf("play: a position with no move analysed as %v", a.Outcome)
	}
	return s, nil
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
