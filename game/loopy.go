package game

import (
	"context"
	"errors"
	"fmt"

	"nimber/sg"
)

// Repeater is implemented by games of Kind Impartial whose positions can
// repeat (Repeats reports true), such as a take-away game with additions:
// Analyze then values them by generalised Sprague–Grundy values at once,
// without first running the Grundy solver into a cycle (which, on a deep
// game, costs more than the values themselves).
type Repeater interface {
	Repeats() bool
}

// analyzeGeneral values s, a position of a game whose positions repeat, by
// generalised Sprague–Grundy values (sg.Generalize): the graph of every
// position reachable from each part alone (at most o.Limit positions) is
// labelled within o.MaxMemory bytes, each part gets its value, a Nimber or
// ∞(K), and the sum and every move the value and outcome Smith's theorem
// gives them. The engine's move is sg.Loopy's winning move (one that makes
// progress, so that repeating it wins) or, in a draw, its drawing move.
func (g *typed[P, M]) analyzeGeneral(ctx context.Context, r Rules[P, M], s Sum[P], o Options) (*Analysis, error) {
	starts := make([]Sum[P], len(s.Parts))
	for i, p := range s.Parts {
		starts[i] = Sum[P]{Parts: []P{p}, Frame: s.Frame}
	}
	gr, err := g.explore(ctx, r, starts, o.Limit)
	if err != nil {
		return nil, err
	}
	limit := o.MaxMemory
	if limit <= 0 {
		limit = DefaultMaxMemory
	}
	l, err := sg.Generalize(ctx, gr.Len(), gr.Options, limit)
	if err != nil {
		return nil, err
	}
	value := func(q int) Value {
		if x := l.Value(q); x != sg.Infinite {
			return Nimber(x)
		}
		return Infinite(l.Followers(q))
	}
	roots := gr.Roots()
	a := &Analysis{Text: g.r.Format(s), Cyclic: true}
	values := make([]Value, len(roots))
	for i, q := range roots {
		values[i] = value(q)
		a.Parts = append(a.Parts, PartValue{Position: g.wrap(starts[i]), Text: g.r.Format(starts[i]), Value: values[i]})
	}
	a.Value = SumOf(values)
	a.Outcome = l.Outcome(roots)
	// node[i] maps the graph position a move of part i leads to onto the
	// index of that move in a.Moves, for the engine's move.
	node := make([]map[int]int, len(roots))
	var moveErr error
	moves(r, s, func(i int, m M, leaves []P) {
		if moveErr != nil {
			return
		}
		q, ok := gr.lookup(Sum[P]{Parts: leaves, Frame: s.Frame})
		if !ok {
			moveErr = fmt.Errorf("game: a move of %s leaves a position its graph does not hold", g.Name(g.wrap(starts[i])))
			return
		}
		leavesValue := value(q)
		var leafValues []Value
		for _, leaf := range leaves {
			k, ok := gr.lookup(Sum[P]{Parts: []P{leaf}, Frame: s.Frame})
			if !ok { // a part left beside others, never alone: its value is not computed
				leafValues = nil
				break
			}
			leafValues = append(leafValues, value(k))
		}
		after := make([]Value, 0, len(values))
		after = append(append(append(after, values[:i]...), leavesValue), values[i+1:]...)
		v := SumOf(after)
		outcome, _ := v.Outcome()
		if node[i] == nil {
			node[i] = map[int]int{}
		}
		if _, seen := node[i][q]; !seen {
			node[i][q] = len(a.Moves)
		}
		a.Moves = append(a.Moves, MoveValue{Move: g.move(s, i, m, leaves), Value: v, LeavesValue: leavesValue,
			LeafValues: leafValues, Outcome: outcome, Winning: outcome == sg.P})
	})
	if moveErr != nil {
		return nil, moveErr
	}
	best, ok := l.WinningMove(roots)
	if !ok {
		best, ok = l.DrawingMove(roots)
	}
	if ok {
		// moves lists the moves of the first of equal parts only.
		part := best.Part
		for j := range part {
			if roots[j] == roots[part] {
				part = j
				break
			}
		}
		if k, found := node[part][best.To]; found {
			a.engine = k + 1
		}
	}
	return a, ctx.Err()
}

// SumOf returns the value of a sum of positions worth values, by Smith's
// theorem: the nim-sum when they are all Nimbers, ∞(K ⊕ s) when one is
// ∞(K) and the others' nim-sum is s, and ∞ (K empty: every option of the sum
// leaves an infinite part) when two or more are infinite. The empty sum is
// worth 0; a sum with an unknown value is unknown.
func SumOf(values []Value) Value {
	sum, infs := Nimber(0), 0
	for _, v := range values {
		switch v.form {
		case unknown:
			return Value{}
		case infinite:
			infs++
		}
		if infs >= 2 {
			continue
		}
		sum, _ = sum.Plus(v)
	}
	if infs >= 2 {
		return Infinite(nil)
	}
	return sum
}

// isCycle reports whether err is a solver's report of a position reachable
// from itself.
func isCycle(err error) bool {
	_, ok := errors.AsType[*CycleError](err)
	return ok
}
