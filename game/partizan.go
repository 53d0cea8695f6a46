package game

import (
	"context"
	"fmt"
	"iter"

	"nimber/cgt"
	"nimber/cgt/loopy"
)

// Side is a player of a partizan game: Left or Right.
type Side byte

// The two players of a partizan game, as combinatorial game theory names
// them: Left (positive values favour her) and Right.
const (
	Left Side = iota
	Right
)

// String returns "Left" or "Right".
func (s Side) String() string {
	if s == Left {
		return "Left"
	}
	return "Right"
}

// PartizanRules is what a partizan game says about itself, written once in
// its own file: P is a part (a region of a board that no move joins to
// another). Every partizan front end and the generic canonical-form engine
// work through it.
//
// Options yields every option of part p for side once, as the independent
// parts the move leaves in p's place (none when it leaves nothing); the
// slice is valid until the next step of the iteration. Together the
// options must make a finite game (no position repeats).
type PartizanRules[P comparable] interface {
	Options(p P, side Side) iter.Seq[[]P]
	// Parse reads a position written in the game's position format into
	// its independent parts, with a one-line error that says where and
	// what (line, column, character); Check says whether it is too large.
	Parse(text string) (Sum[P], error)
	// Format writes a position as Parse reads it.
	Format(s Sum[P]) string
	// Check refuses a position too large to value, by an estimate made
	// before anything is allocated, with a *LimitError; nil when it may be
	// valued.
	Check(s Sum[P]) error
}

// PartizanContextual is implemented by partizan games whose options come
// from code that can fail or run long, such as a user's rules file. Bind
// returns the rules to use under ctx (their Options yield nothing once ctx
// is done or their code fails) and a function that reports the first
// failure, which the caller calls once its work is done: a failure makes
// the results void. Values binds the rules once per call.
type PartizanContextual[P comparable] interface {
	Bind(ctx context.Context) (PartizanRules[P], func() error)
}

// Keyer is implemented by partizan games whose parts have a normal form:
// Key returns a part equal in value to p (p translated, reflected, or
// trimmed) such that equal regions have the same key, so that the
// canonical-form engine values them once.
type Keyer[P comparable] interface {
	Key(p P) P
}

// PartizanGame is a Game of Kind Partizan; PartizanOf finds it.
type PartizanGame interface {
	Game
	// Options returns side's options of pos: each the whole position after
	// one move of side.
	Options(pos Position, side Side) []Position
	// Values returns the canonical form of pos and of each of its parts,
	// each part valued separately, in the Calc of e (which bounds the
	// memory); e may be reused for several positions of the game.
	Values(ctx context.Context, e *Evaluator, pos Position) (sum cgt.Game, parts []cgt.Game, err error)
	// NewEvaluator returns an Evaluator of the game's positions in c: a cache of
	// canonical forms keyed by normalised part, tied to c.
	NewEvaluator(c *cgt.Calc) *Evaluator
	// ParseSearch reads a position for Outcome: as Parse, within the
	// search's limits (SearchChecker) rather than the canonical form's.
	ParseSearch(text string) (Position, error)
	// Outcome decides who wins pos with Left moving first and with Right
	// moving first, by a search of wins and losses in which small regions
	// are valued (SearchSum), or the game's own (SumSearcher).
	Outcome(ctx context.Context, pos Position, o OutcomeOptions) (OutcomeResult, error)
	// Graph returns the graph of every whole position reachable from pos,
	// for a game whose positions repeat (package loopy), within limit
	// positions.
	Graph(ctx context.Context, pos Position, limit int) (loopy.Game, error)
	// HandMoves returns side's moves of a part, given as its text, as a
	// player makes them by pointing at cells; ok is false when the game's
	// rules are not a HandMover.
	HandMoves(part string, side Side) (moves []HandMove, ok bool)
}

// PartizanOf returns g as a partizan game; ok is false when g is not one.
func PartizanOf(g Game) (p PartizanGame, ok bool) {
	if g.Info().Kind != Partizan {
		return nil, false
	}
	p, ok = g.self().(PartizanGame)
	return p, ok
}

// OfPartizan returns the game of the partizan rules r: a Game of Kind
// Partizan whose players are Left and Right.
func OfPartizan[P comparable](r PartizanRules[P]) Game {
	g := &partizan[P]{r: r, positions: positions[P]{format: r.Format, rules: r}}
	g.info = Info{Kind: Partizan, Players: [2]string{"Left", "Right"}, Noun: "region"}
	describeRules[P](&g.info, r)
	return g
}

// partizan is the Game of PartizanRules[P].
type partizan[P comparable] struct {
	positions[P]
	r PartizanRules[P]
}

func (g *partizan[P]) Rules() any { return g.r }
func (g *partizan[P]) self() Game { return g }

func (g *partizan[P]) Parse(text string) (Position, error) {
	s, err := g.r.Parse(text)
	if err != nil {
		return Position{}, err
	}
	if err := g.r.Check(s); err != nil {
		return Position{}, err
	}
	return g.wrap(s), nil
}

func (g *partizan[P]) Options(pos Position, side Side) []Position {
	s := g.sum(pos)
	var out []Position
	for i, p := range s.Parts {
		for leaves := range g.r.Options(p, side) {
			out = append(out, g.wrap(replace(s, i, leaves)))
		}
	}
	return out
}

func (g *partizan[P]) HandMoves(part string, side Side) ([]HandMove, bool) {
	h, ok := g.r.(HandMover)
	if !ok {
		return nil, false
	}
	return h.HandMoves(part, side), true
}

// errPartizan is the error of the impartial solvers asked about a partizan
// game.
func (g *partizan[P]) errPartizan(what string) error {
	return fmt.Errorf("%s: this is a partizan game (Left and Right move differently), valued by canonical forms: try nimber value --game NAME (or --rules FILE)", what)
}

func (g *partizan[P]) Moves(Position) ([]Move, error) { return nil, g.errPartizan("moves") }

func (g *partizan[P]) Play(Position, int, string) (Position, Move, error) {
	return Position{}, Move{}, g.errPartizan("play")
}

func (g *partizan[P]) Analyze(context.Context, Position, Options) (*Analysis, error) {
	return nil, g.errPartizan("analyze")
}

func (g *partizan[P]) Explore(context.Context, []Position, int) (*Graph, error) {
	return nil, g.errPartizan("explore")
}
