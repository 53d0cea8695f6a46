package play

import (
	"context"
	"errors"
	"fmt"
	"time"

	"nimber/cgt"
	"nimber/game"
)

// PartizanSearch says how AnalyzePartizanSearch searches.
type PartizanSearch struct {
	// Outcome bounds each search of who wins (its TableMiB, ValueMiB and
	// Threads); its MaxNodes, when positive, bounds the positions of all
	// the searches together, the position's and its moves'.
	Outcome game.OutcomeOptions
	// MoveTableMiB is the table of each search of a move's position, in
	// MiB, 0 for Outcome.TableMiB: those searches are many and small, and
	// a smaller table is faster to allocate and clear.
	MoveTableMiB int
	// Mover is the side whose moves are searched first.
	Mover game.Side
	// Both searches the other side's moves too, after the mover's; without
	// it they are decided only where the position's outcome decides them
	// (a side that loses moving first loses with every move), else left
	// undecided.
	Both bool
	// MovesUntil, when not zero, is when the searches of the moves stop:
	// the moves not decided by then are left undecided (Undecided), and
	// the analysis is returned with the others, rather than failing. The
	// moves left undecided when the positions allowed (Outcome.MaxNodes)
	// run out are too.
	MovesUntil time.Time
}

// OutOfReach reports whether err is the failure of a valuation by its
// limits, which a search of who wins may get past: the Calc's memory
// (cgt.ErrLimit) or work (cgt.ErrWork), a form too long to write
// (cgt.ErrNotation), or a *game.LimitError (a position refused by Check,
// an Evaluator's bound on parts, the moves in a row).
func OutOfReach(err error) bool {
	var limit *game.LimitError
	return errors.Is(err, cgt.ErrLimit) || errors.Is(err, cgt.ErrWork) || errors.Is(err, cgt.ErrNotation) || errors.As(err, &limit)
}

// AnalyzePartizanSearch analyses pos, a position of the partizan game g,
// without canonical forms, for a position whose value is out of reach
// (OutOfReach; a position refused by Check that ParseSearch reads): its
// outcome by the game's search of who wins (game.PartizanGame.Outcome),
// and every move of Left and of Right with the whole position it leaves,
// each marked by whether it wins for its mover. A move of Left wins when
// Left wins the position it leaves with Right moving first (a search of
// that position, whose outcome the move then carries), a move of Right
// likewise; every move of a side that loses moving first loses, with no
// search. The mover's moves are searched first, then the other side's
// when o.Both is set; each search runs within o's bounds and ctx.
//
// The analysis has no canonical form (Canonical is "" throughout) and no
// thermograph; Method is the searches' method and Nodes the positions
// they took. It fails with the search of the position's error (ctx's once
// done, one wrapping game.ErrSearchLimit past o.Outcome.MaxNodes, a
// rules file's failure); a move's search that fails by the time or the
// positions allowed (o.MovesUntil, o.Outcome.MaxNodes) or by its memory
// leaves the move undecided, and any other failure fails the analysis.
func AnalyzePartizanSearch(ctx context.Context, g game.Game, pos game.Position, o PartizanSearch) (*PartizanState, error) {
	pg, ok := game.PartizanOf(g)
	if !ok {
		return nil, fmt.Errorf("analyze: a game of kind %s, not partizan", g.Info().Kind)
	}
	if o.Mover != game.Left && o.Mover != game.Right {
		return nil, fmt.Errorf("analyze: mover %d is neither Left nor Right", o.Mover)
	}
	sr := &searches{pg: pg, o: o.Outcome}
	root, err := sr.search(ctx, pos, o.Outcome.TableMiB)
	if err != nil {
		return nil, err
	}
	s := &PartizanState{
		Position: g.Format(pos),
		Outcome:  outcomeClass(root).String(),
		Parts:    []PartizanPart{},
		Left:     []PartizanMove{},
		Right:    []PartizanMove{},
	}
	parts := g.Parts(pos)
	var after [2][]game.Position // the whole position each move leaves
	for i, p := range parts {
		s.Parts = append(s.Parts, PartizanPart{Position: g.Name(p)})
		for _, side := range []game.Side{game.Left, game.Right} {
			for _, opt := range pg.Options(p, side) {
				next := g.Join(withPart(parts, i, opt)...)
				m := PartizanMove{Part: i, Leaves: g.Name(opt), Position: g.Format(next)}
				if side == game.Left {
					s.Left = append(s.Left, m)
				} else {
					s.Right = append(s.Right, m)
				}
				after[side] = append(after[side], next)
			}
		}
	}
	moveCtx := ctx
	if !o.MovesUntil.IsZero() {
		var cancel context.CancelFunc
		moveCtx, cancel = context.WithDeadline(ctx, o.MovesUntil)
		defer cancel()
	}
	table := o.MoveTableMiB
	if table <= 0 {
		table = o.Outcome.TableMiB
	}
	stopped := false // the time or the positions allowed ran out
	for _, side := range []game.Side{o.Mover, 1 - o.Mover} {
		moves := s.Left
		firstWins := root.LeftFirst
		if side == game.Right {
			moves, firstWins = s.Right, root.RightFirst
		}
		for j := range moves {
			m := &moves[j]
			switch {
			case !firstWins:
				continue // every move of a side that loses moving first loses
			case ctx.Err() != nil:
				return nil, ctx.Err()
			case moveCtx.Err() != nil:
				stopped = true // a search checks its context only now and then
			}
			if stopped || (side != o.Mover && !o.Both) {
				m.Undecided = true
				continue
			}
			res, err := sr.search(moveCtx, after[side][j], table)
			switch {
			case err == nil:
				m.Outcome = outcomeClass(res).String()
				m.Wins = side == game.Left && !res.RightFirst || side == game.Right && !res.LeftFirst
			case ctx.Err() != nil:
				return nil, ctx.Err()
			case moveCtx.Err() != nil || errors.Is(err, game.ErrSearchLimit):
				stopped = true
				m.Undecided = true
			case OutOfReach(err):
				m.Undecided = true // this move's search passed its memory
			default:
				return nil, fmt.Errorf("the search of %s: %w", m.Position, err)
			}
		}
	}
	s.Method, s.Nodes = sr.method, sr.nodes
	return s, nil
}

// searches are the searches of one analysis: the positions they took and
// their methods together.
type searches struct {
	pg     game.PartizanGame
	o      game.OutcomeOptions
	nodes  int64
	method string
}

// search decides pos within the positions left of the budget, with a
// table of table MiB.
func (sr *searches) search(ctx context.Context, pos game.Position, table int) (game.OutcomeResult, error) {
	o := sr.o
	o.TableMiB = table
	if sr.o.MaxNodes > 0 {
		if o.MaxNodes = sr.o.MaxNodes - sr.nodes; o.MaxNodes <= 0 {
			return game.OutcomeResult{}, fmt.Errorf("%w (%d)", game.ErrSearchLimit, sr.o.MaxNodes)
		}
	}
	res, err := sr.pg.Outcome(ctx, pos, o)
	if err != nil {
		if errors.Is(err, game.ErrSearchLimit) && sr.o.MaxNodes > 0 {
			sr.nodes = sr.o.MaxNodes
			return res, fmt.Errorf("%w (%d)", game.ErrSearchLimit, sr.o.MaxNodes)
		}
		return res, err
	}
	sr.nodes += res.Nodes
	if res.Method == "" {
		res.Method = game.MethodSearch // a game's own search that does not say
	}
	switch {
	case sr.method == "":
		sr.method = res.Method
	case sr.method != res.Method:
		sr.method = game.MethodSearchValues
	}
	return res, nil
}

// outcomeClass is the outcome class of a position from who wins it moving
// first.
func outcomeClass(r game.OutcomeResult) cgt.Outcome {
	switch {
	case r.LeftFirst && r.RightFirst:
		return cgt.N
	case r.LeftFirst:
		return cgt.L
	case r.RightFirst:
		return cgt.R
	}
	return cgt.P
}
