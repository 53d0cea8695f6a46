package game

import (
	"context"
	"errors"
	"fmt"

	"nimber/sg"
)

// Engine selects how Analyze values parts.
type Engine string

// The engines.
const (
	// Fast uses the game's accelerator when it has one (the default).
	Fast Engine = "fast"
	// Generic uses the generic solver (sg.Solver, or the retrograde
	// analysis of loopy games) whatever the game offers: slower, an
	// independent check.
	Generic Engine = "generic"
)

// Options tune Analyze.
type Options struct {
	// Engine selects the solver; empty means Fast.
	Engine Engine
	// Limit bounds the positions the generic retrograde analysis of a loopy
	// game may explore (DefaultExploreLimit when zero).
	Limit int
	// MaxMemory refuses positions whose fast solver needs more bytes, by
	// the game's estimate (DefaultMaxMemory when zero).
	MaxMemory int64
	// Cache, when not nil, keeps the solver between calls: a later call
	// reuses it, so it must be for a position reachable from the first one
	// analysed with the cache (a position and the one after a reply).
	Cache *Cache
}

// Cache keeps the solver of Analyze between calls; its zero value is empty.
type Cache struct {
	valuer   any // a Valuer[P] of the rules' part type
	outcomes any // or the outcome function of a loopy game
}

// DefaultMaxMemory is the memory limit of Analyze when Options do not set
// one.
const DefaultMaxMemory = 1 << 30

// MemoryError reports a position refused because its solver's memory
// estimate is over the limit.
type MemoryError struct {
	Need, Limit int64
}

func (e *MemoryError) Error() string {
	return fmt.Sprintf("solving this position needs about %s, over the memory limit of %s", FormatBytes(e.Need), FormatBytes(e.Limit))
}

// FormatBytes writes n in binary units, e.g. "1.5 GiB".
func FormatBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit && exp < 4; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTP"[exp])
}

// Analysis is a solved position: its value or outcome, its parts' values,
// and every move with what it leaves. What the values are follows the
// game's Kind (Info): Nimbers in an impartial game; in a loopy game the
// outcome and remoteness decide, and the values are unknown unless the
// engine gives them.
type Analysis struct {
	// Text is the position as Format writes it.
	Text string
	// Value is the value of the position: in an impartial game the Nimber
	// of the nim-sum of its parts'.
	Value Value
	// Outcome is N (the player to move wins), P, or D (loopy games only).
	Outcome sg.Outcome
	// Remoteness is how many moves the game lasts with best play, the
	// winner hurrying and the loser delaying; HasRemoteness reports that
	// the engine gave it (loopy games).
	Remoteness    int
	HasRemoteness bool
	// Parts are the position's parts with their values.
	Parts []PartValue
	// Moves are the moves of the position, in the order of Game.Moves.
	Moves []MoveValue
	// Cyclic reports values of a game whose positions repeat: generalised
	// Sprague–Grundy values (a Nimber or ∞(K)) of the graph of the
	// positions reachable from the parts, the sum's by Smith's theorem, its
	// outcome N, P or D. It has no remoteness.
	Cyclic bool

	engine int // 1 + the index in Moves of the engine's move; 0: by rank
}

// PartValue is a part of an analysed position.
type PartValue struct {
	Position Position
	Text     string // Format of the part alone
	Value    Value  // its value
}

// MoveValue is a move of an analysed position with what it leads to.
type MoveValue struct {
	Move
	// Value is the value of the position after the move, and LeavesValue
	// the value of the sum of the parts the move leaves.
	Value, LeavesValue Value
	// LeafValues are the values of the parts the move leaves, in the order
	// of Leaves (none when the values are unknown).
	LeafValues []Value
	// Outcome is the outcome of the position after the move, for the
	// player who then moves; the move wins when that is P.
	Outcome sg.Outcome
	// Remoteness of the position after the move, when the Analysis has
	// one (HasRemoteness).
	Remoteness int
	// Winning reports a move after which the opponent loses.
	Winning bool
}

// EngineMove returns the move of perfect play: in a loopy game the winning
// move that wins soonest, else a move that keeps a draw, else the losing
// move that loses latest; in a game whose positions repeat (Cyclic) the
// winning move that makes progress (sg.Loopy.WinningMove), else a move that
// keeps a draw, else the first move; in other games the first winning move,
// else the first move. ok is false when there is no move.
func (a *Analysis) EngineMove() (m MoveValue, ok bool) {
	if len(a.Moves) == 0 {
		return MoveValue{}, false
	}
	if a.engine > 0 {
		return a.Moves[a.engine-1], true
	}
	best := a.Moves[0]
	for _, mv := range a.Moves[1:] {
		if better(mv, best, a.HasRemoteness) {
			best = mv
		}
	}
	return best, true
}

// better reports whether move a is better than b for the player making it;
// by remoteness among moves of the same outcome when byRemoteness.
func better(a, b MoveValue, byRemoteness bool) bool {
	rank := func(m MoveValue) int {
		switch m.Outcome {
		case sg.P:
			return 2 // the opponent loses: a win
		case sg.D:
			return 1
		}
		return 0
	}
	if ra, rb := rank(a), rank(b); ra != rb || !byRemoteness {
		return ra > rb
	}
	if a.Outcome == sg.P {
		return a.Remoteness < b.Remoteness // win soonest
	}
	return a.Remoteness > b.Remoteness // lose latest
}

// valuer returns the Valuer of engine e for the parts reachable from s,
// with the rules r bound to the caller's context.
func (g *typed[P, M]) valuer(ctx context.Context, r Rules[P, M], s Sum[P], e Engine) (Valuer[P], error) {
	switch e {
	case "", Fast:
		if a, ok := g.r.(Accelerator[P]); ok {
			return a.Accelerate(ctx, s)
		}
	case Generic:
	default:
		return nil, fmt.Errorf("unknown engine %q (known: %s, %s)", e, Fast, Generic)
	}
	var memo sg.Memo[P] = sg.NewMapMemo[P]()
	if m, ok := g.r.(Memoizer[P]); ok {
		memo = m.Memo(s)
	}
	return sg.NewSolver[P, M](r, memo), nil
}

// Values returns a Valuer of engine e for every part reachable from pos of
// g, a game of Rules[P, M]: typed access for the game's own packages and
// tests.
func Values[P comparable, M any](ctx context.Context, g Game, pos Position, e Engine) (Valuer[P], error) {
	t, ok := g.(*typed[P, M])
	if !ok {
		return nil, fmt.Errorf("game: not a game of parts %T and moves %T", *new(P), *new(M))
	}
	r, _ := t.bind(ctx)
	return t.valuer(ctx, r, t.sum(pos), e)
}

func (g *typed[P, M]) Analyze(ctx context.Context, pos Position, o Options) (*Analysis, error) {
	s := g.sum(pos)
	if err := g.r.Check(s); err != nil {
		return nil, err
	}
	if z, ok := g.r.(Sizer[P]); ok && o.Engine != Generic {
		limit := o.MaxMemory
		if limit <= 0 {
			limit = DefaultMaxMemory
		}
		if need := z.Memory(s); need > limit {
			return nil, &MemoryError{Need: need, Limit: limit}
		}
	}
	r, failed := g.bind(ctx)
	a, err := g.analyze(ctx, r, s, o)
	if ferr := failed(); ferr != nil {
		return nil, ferr
	}
	return a, err
}

// analyze is Analyze with the rules r bound to ctx.
func (g *typed[P, M]) analyze(ctx context.Context, r Rules[P, M], s Sum[P], o Options) (*Analysis, error) {
	if g.info.Kind == Loopy {
		return g.analyzeLoopy(ctx, r, s, o)
	}
	if rp, ok := g.r.(Repeater); ok && rp.Repeats() {
		return g.analyzeGeneral(ctx, r, s, o)
	}
	v, ok := Valuer[P](nil), false
	if o.Cache != nil {
		v, ok = o.Cache.valuer.(Valuer[P])
	}
	if !ok {
		var err error
		if v, err = g.valuer(ctx, r, s, o.Engine); err != nil {
			return nil, err
		}
		if o.Cache != nil {
			o.Cache.valuer = v
		}
	}
	grundy := func(p P) (int, error) {
		x, err := v.Grundy(ctx, p)
		if err != nil {
			return 0, g.solveError(s, err)
		}
		return x, nil
	}
	a, err := g.analyzeAcyclic(ctx, r, s, grundy)
	if isCycle(err) {
		// Positions repeat: generalised Sprague–Grundy values.
		return g.analyzeGeneral(ctx, r, s, o)
	}
	return a, err
}

// analyzeAcyclic is analyze by the Grundy values grundy gives the parts.
func (g *typed[P, M]) analyzeAcyclic(ctx context.Context, r Rules[P, M], s Sum[P], grundy func(P) (int, error)) (*Analysis, error) {
	a := &Analysis{Text: g.r.Format(s)}
	sum, parts := 0, make([]int, len(s.Parts)) // the nim-sum and the parts' values
	for i, p := range s.Parts {
		x, err := grundy(p)
		if err != nil {
			return nil, err
		}
		sum, parts[i] = sum^x, x
		part := Sum[P]{Parts: []P{p}, Frame: s.Frame}
		a.Parts = append(a.Parts, PartValue{Position: g.wrap(part), Text: g.r.Format(part), Value: Nimber(x)})
	}
	a.Value, a.Outcome = Nimber(sum), sg.OutcomeOf(sum)
	var moveErr error
	moves(r, s, func(i int, m M, leaves []P) {
		if moveErr != nil {
			return
		}
		x := 0
		values := make([]Value, len(leaves))
		for k, l := range leaves {
			lv, err := grundy(l)
			if err != nil {
				moveErr = err
				return
			}
			values[k] = Nimber(lv)
			x ^= lv
		}
		next := sum ^ parts[i] ^ x
		a.Moves = append(a.Moves, MoveValue{Move: g.move(s, i, m, leaves), Value: Nimber(next), LeavesValue: Nimber(x),
			LeafValues: values, Outcome: sg.OutcomeOf(next), Winning: next == 0})
	})
	if moveErr != nil {
		return nil, moveErr
	}
	return a, ctx.Err()
}

// solveError gives context to the failure of a solver: a cycle names its
// positions.
func (g *typed[P, M]) solveError(s Sum[P], err error) error {
	var ce *sg.CycleError[P]
	if errors.As(err, &ce) {
		names := make([]string, len(ce.Path))
		for i, p := range ce.Path {
			names[i] = g.Name(g.wrap(Sum[P]{Parts: []P{p}, Frame: s.Frame}))
		}
		return &CycleError{Path: names}
	}
	return err
}

// CycleError reports a game that is not acyclic although it does not say it
// is of Kind Loopy: a position reachable from itself. Analyze values such a
// game by generalised Sprague–Grundy values instead of returning it; the
// solvers that need an acyclic game (Valuer, sequences) still do.
type CycleError struct {
	// Path names the positions of the cycle, the first again at the end.
	Path []string
}

func (e *CycleError) Error() string {
	const most = 8
	path := e.Path
	if len(path) > most {
		path = append(append(path[:most-2:most-2], "..."), path[len(path)-1])
	}
	msg := "a position is reachable from itself: "
	for i, p := range path {
		if i > 0 {
			msg += " -> "
		}
		msg += clip(p)
	}
	return msg
}

// analyzeLoopy solves a position of a loopy game by its outcomes.
func (g *typed[P, M]) analyzeLoopy(ctx context.Context, r Rules[P, M], s Sum[P], o Options) (*Analysis, error) {
	switch len(s.Parts) {
	case 1:
	case 0: // the empty sum: the player to move has no move, and loses
		return &Analysis{Text: g.r.Format(s), Outcome: sg.P, HasRemoteness: true}, nil
	default:
		return nil, fmt.Errorf("a sum of %d positions of a loopy game: its outcome is not one of its parts', give one position", len(s.Parts))
	}
	outcome, ok := (func(P) (sg.Outcome, int, error))(nil), false
	if o.Cache != nil {
		outcome, ok = o.Cache.outcomes.(func(P) (sg.Outcome, int, error))
	}
	if !ok {
		var err error
		if outcome, err = g.outcomes(ctx, r, s, o); err != nil {
			return nil, err
		}
		if o.Cache != nil {
			o.Cache.outcomes = outcome
		}
	}
	var err error
	a := &Analysis{Text: g.r.Format(s), HasRemoteness: true}
	if a.Outcome, a.Remoteness, err = outcome(s.Parts[0]); err != nil {
		return nil, err
	}
	a.Parts = []PartValue{{Position: g.wrap(s), Text: a.Text}}
	for m, leaves := range r.Moves(s.Parts[0]) {
		if len(leaves) != 1 {
			return nil, fmt.Errorf("game: a move of a loopy game left %d parts, want 1", len(leaves))
		}
		mv := MoveValue{Move: g.move(s, 0, m, leaves)}
		if mv.Outcome, mv.Remoteness, err = outcome(leaves[0]); err != nil {
			return nil, err
		}
		mv.Winning = mv.Outcome == sg.P
		a.Moves = append(a.Moves, mv)
	}
	return a, ctx.Err()
}

// outcomes returns the outcome function of the engine of o for the
// positions reachable from s.
func (g *typed[P, M]) outcomes(ctx context.Context, r Rules[P, M], s Sum[P], o Options) (func(P) (sg.Outcome, int, error), error) {
	switch o.Engine {
	case "", Fast:
		if oc, ok := g.r.(Outcomer[P]); ok {
			return oc.Outcomes(ctx, s)
		}
	case Generic:
	default:
		return nil, fmt.Errorf("unknown engine %q (known: %s, %s)", o.Engine, Fast, Generic)
	}
	graph, err := g.explore(ctx, r, []Sum[P]{s}, o.Limit)
	if err != nil {
		return nil, err
	}
	out, rem, err := sg.Retrograde(ctx, graph.Len(), graph.Options)
	if err != nil {
		return nil, err
	}
	return func(p P) (sg.Outcome, int, error) {
		i, ok := graph.lookup(Sum[P]{Parts: []P{p}, Frame: s.Frame})
		if !ok {
			return 0, 0, fmt.Errorf("game: a position not reachable from the one analysed")
		}
		return out[i], int(rem[i]), nil
	}, nil
}
