package play

import (
	"context"
	"errors"
	"fmt"

	"nimber/cgt"
	"nimber/cgt/loopy"
	"nimber/game"
)

// PartizanPart is a part of a partizan position with its canonical form.
type PartizanPart struct {
	Position  string `json:"position"`
	Canonical string `json:"canonical"`
	// Thermograph is the part's thermograph, set only when asked for
	// (PartizanOptions.Thermographs).
	Thermograph *cgt.ThermographData `json:"thermograph,omitempty"`
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
	// Position is the whole position after the move in the game's text
	// form, which the game parses back: the move played.
	Position string `json:"position"`
	// Canonical and Outcome are those of the whole position after the
	// move (L, R, P or N, as nimber value says them).
	Canonical string `json:"canonical"`
	Outcome   string `json:"outcome"`
	// Wins reports a move that wins for its mover with the opponent to
	// move next: a Left move that leaves a position ≥ 0 (outcome L or P),
	// a Right move that leaves one ≤ 0 (outcome R or P).
	Wins bool `json:"wins"`
	// Draws reports a move, in a game whose positions repeat, after which
	// play goes on for ever with the opponent to move next and best play
	// (neither Wins nor a loss for the mover).
	Draws bool `json:"draws,omitempty"`
	// Undecided is set on a move that a search of who wins
	// (AnalyzePartizanSearch) left undecided: not searched (a move of the
	// side not asked for), or its search stopped by the time or positions
	// allowed. Wins is false then and means nothing.
	Undecided bool `json:"undecided,omitempty"`
}

// MethodCanonical is PartizanState.Method of an analysis by canonical
// forms (AnalyzePartizan); one by a search of who wins has the search's
// method (game.MethodSearch, game.MethodValues, game.MethodSearchValues).
const MethodCanonical = "canonical form"

// PartizanState is the analysis of a partizan position: its canonical form
// and outcome class, its parts' canonical forms, and every move of each
// player with what it leaves. An analysis by a search of who wins
// (AnalyzePartizanSearch) has no canonical form: Canonical is "" there,
// in the parts and in the moves.
type PartizanState struct {
	Position  string `json:"position"`
	Canonical string `json:"canonical"`
	Outcome   string `json:"outcome"`
	// Method says what answered: MethodCanonical, or the method of the
	// searches of who wins (game.MethodSearch, game.MethodValues or
	// game.MethodSearchValues; MethodSearchValues where they differ).
	Method string `json:"method"`
	// Nodes are the positions the searches took, that of the position
	// and those of its moves together; 0 for canonical forms.
	Nodes int64 `json:"nodes,omitempty"`
	// Parts are the position's parts with their canonical forms, never
	// nil (none for a position with no part left).
	Parts []PartizanPart `json:"parts"`
	// Left and Right are every move of each player, never nil, part by
	// part in the order of the game's options.
	Left  []PartizanMove `json:"left_moves"`
	Right []PartizanMove `json:"right_moves"`
	// Thermograph is the whole position's thermograph, set only when
	// asked for (PartizanOptions.Thermographs).
	Thermograph *cgt.ThermographData `json:"thermograph,omitempty"`
}

// PartizanOptions say what AnalyzePartizanWith adds to the analysis.
type PartizanOptions struct {
	// Thermographs adds the thermograph of the position and of each part
	// (none for a game whose positions repeat).
	Thermographs bool
	// Limit bounds the positions of a game whose positions repeat, and
	// the pairs of them its simplest forms compare (0 for none).
	Limit int
}

// AnalyzePartizan analyses pos, a position of the partizan game g, in the
// Calc c: the canonical form of the position and of each part, and every
// move of Left and of Right with the canonical form it leaves and whether
// it wins for the mover. The options are valued by one Evaluator, so a
// region met twice is valued once. It fails with ctx's error once ctx is
// done, or with the Calc's or Evaluator's limits.
func AnalyzePartizan(ctx context.Context, g game.Game, pos game.Position, c *cgt.Calc) (*PartizanState, error) {
	return AnalyzePartizanWith(ctx, g, pos, c, PartizanOptions{})
}

// AnalyzePartizanWith is AnalyzePartizan with what o adds: the
// thermographs of the position and of its parts.
func AnalyzePartizanWith(ctx context.Context, g game.Game, pos game.Position, c *cgt.Calc, o PartizanOptions) (*PartizanState, error) {
	pg, ok := game.PartizanOf(g)
	if !ok {
		return nil, fmt.Errorf("analyze: a game of kind %s, not partizan", g.Info().Kind)
	}
	if g.Info().Repeats {
		return analyzeLoopy(ctx, g, pg, pos, c, o.Limit)
	}
	e := pg.NewEvaluator(c)
	sum, values, err := pg.Values(ctx, e, pos)
	if _, cycle := errors.AsType[*game.CycleError](err); cycle {
		// A rules file whose play repeats, found out only now.
		return analyzeLoopy(ctx, g, pg, pos, c, o.Limit)
	}
	if err != nil {
		return nil, err
	}
	// Every text below is refused before it is built when it would be too
	// long: the sum's, each part's, each move's.
	for _, v := range append([]cgt.Game{sum}, values...) {
		if err := c.CheckNotation(v); err != nil {
			return nil, err
		}
	}
	s := &PartizanState{
		Position:  g.Format(pos),
		Canonical: c.String(sum),
		Outcome:   c.OutcomeOf(sum).String(),
		Method:    MethodCanonical,
		Parts:     []PartizanPart{},
		Left:      []PartizanMove{},
		Right:     []PartizanMove{},
	}
	if o.Thermographs {
		if s.Thermograph, err = c.DescribeThermograph(sum); err != nil {
			return nil, fmt.Errorf("the thermograph of %s: %w", c.String(sum), err)
		}
	}
	parts := g.Parts(pos)
	for i, p := range parts {
		part := PartizanPart{Position: g.Name(p), Canonical: c.String(values[i])}
		if o.Thermographs {
			if part.Thermograph, err = c.DescribeThermograph(values[i]); err != nil {
				return nil, fmt.Errorf("the thermograph of %s: %w", part.Canonical, err)
			}
		}
		s.Parts = append(s.Parts, part)
	}
	for i, p := range parts {
		for _, side := range []game.Side{game.Left, game.Right} {
			for _, opt := range pg.Options(p, side) {
				whole := g.Join(withPart(parts, i, opt)...)
				x, _, err := pg.Values(ctx, e, whole)
				if err == nil {
					err = c.CheckNotation(x)
				}
				if err != nil {
					return nil, err
				}
				m := PartizanMove{Part: i, Leaves: g.Name(opt), Position: g.Format(whole), Canonical: c.String(x), Outcome: c.OutcomeOf(x).String()}
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

// MethodLoopy is PartizanState.Method of an analysis of a game whose
// positions repeat (analyzeLoopy).
const MethodLoopy = "loopy value"

// analyzeLoopy analyses pos, a position of a partizan game whose
// positions repeat, over the graph of every position reachable from it:
// who wins each position with each player to move, draws included
// (loopy.Solve), and the value of the position, of its parts and of
// every move's result as a loopy game (loopy.Describe: a stopper's
// simplest form, or its sides). A move wins when its mover wins with the
// opponent to move next, and draws when play then goes on for ever.
func analyzeLoopy(ctx context.Context, g game.Game, pg game.PartizanGame, pos game.Position, c *cgt.Calc, limit int) (*PartizanState, error) {
	gr, err := pg.Graph(ctx, pos, limit)
	if err != nil {
		return nil, err
	}
	solved := loopy.Solve(gr.Graph)
	// The graph's moves from its start are the parts' moves, part by
	// part, in the order of the game's options (PartizanGame.Graph):
	// the position and every move's are valued together.
	nodes := []int{gr.Start}
	var next [2]int
	type move struct {
		side  game.Side
		m     PartizanMove
		index int // of its node in nodes
	}
	var moves []move
	parts := g.Parts(pos)
	for i, p := range parts {
		for _, side := range []game.Side{game.Left, game.Right} {
			for _, opt := range pg.Options(p, side) {
				out := gr.Graph.Options(gr.Start, loopy.Player(side))
				if next[side] >= len(out) {
					return nil, fmt.Errorf("analyze: the graph of %s has %d %s moves, fewer than the game's", g.Format(pos), len(out), side)
				}
				v := out[next[side]]
				next[side]++
				o := solved.First[loopy.Player(side).Opponent()][v]
				moves = append(moves, move{side, PartizanMove{
					Part: i, Leaves: g.Name(opt), Position: g.Format(g.Join(withPart(parts, i, opt)...)),
					Wins: o == loopyWin[side], Draws: o == loopy.Draw,
				}, len(nodes)})
				nodes = append(nodes, v)
			}
		}
	}
	if err := context.Cause(ctx); err != nil {
		return nil, err
	}
	ds, err := loopy.DescribeAll(ctx, c, gr.Graph, nodes, limit)
	if err != nil {
		return nil, err
	}
	s := &PartizanState{
		Position: g.Format(pos), Canonical: ds[0].Canonical, Outcome: ds[0].Outcome, Method: MethodLoopy,
		Parts: []PartizanPart{}, Left: []PartizanMove{}, Right: []PartizanMove{},
	}
	for _, p := range parts {
		part := PartizanPart{Position: g.Name(p), Canonical: ds[0].Canonical}
		if len(parts) > 1 {
			pd, err := DescribeRepeating(ctx, c, pg, p, limit)
			if err != nil {
				return nil, err
			}
			part.Canonical = pd.Canonical
		}
		s.Parts = append(s.Parts, part)
	}
	for _, mv := range moves {
		m := mv.m
		m.Canonical, m.Outcome = ds[mv.index].Canonical, ds[mv.index].Outcome
		if mv.side == game.Left {
			s.Left = append(s.Left, m)
		} else {
			s.Right = append(s.Right, m)
		}
	}
	return s, nil
}

// loopyWin is the outcome in which each side wins.
var loopyWin = [2]loopy.Outcome{game.Left: loopy.LeftWins, game.Right: loopy.RightWins}

// withPart returns the parts of a position with part i replaced by p (the
// part a move leaves), in a new slice: what g.Join makes the whole
// position after the move of.
func withPart(parts []game.Position, i int, p game.Position) []game.Position {
	out := make([]game.Position, 0, len(parts))
	out = append(out, parts[:i]...)
	out = append(out, p)
	return append(out, parts[i+1:]...)
}

// DescribeRepeating describes pos, a position of the partizan game pg
// whose positions repeat, as a loopy game in the Calc c: by package loopy
// over the graph of every position reachable from pos, of at most limit
// positions (0 for no bound), a bound too on the pairs of them that its
// simplest forms compare.
func DescribeRepeating(ctx context.Context, c *cgt.Calc, pg game.PartizanGame, pos game.Position, limit int) (loopy.Description, error) {
	gr, err := pg.Graph(ctx, pos, limit)
	if err != nil {
		return loopy.Description{}, err
	}
	return loopy.Describe(ctx, c, gr, limit)
}
