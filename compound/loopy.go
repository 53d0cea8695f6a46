package compound

import (
	"context"
	"fmt"

	"nimber/game"
	"nimber/sg"
)

// Disjunctive is the rule of the disjunctive compound (one/long/normal),
// the sum of combinatorial game theory: the only one of the twelve whose
// components may be loopy (DecideLoopy).
var Disjunctive = Rule{Move: One, End: Long, Play: Normal}

// LoopyReport is the answer of a disjunctive compound of positions of a
// game graph with cycles: each component's generalised Sprague–Grundy
// value, the outcome (N, P or D: a draw) by Smith's theorem and a winning
// or drawing move.
type LoopyReport struct {
	ReportHead
	Components []LoopyComponentReport `json:"components"`
	// WinningMove is a winning move (one that makes progress), nil when
	// the player to move has none; DrawingMove a move that keeps a draw,
	// given only for D.
	WinningMove *MoveReport `json:"winning_move"`
	DrawingMove *MoveReport `json:"drawing_move,omitempty"`
}

// LoopyComponentReport is a component with its generalised
// Sprague–Grundy value: an integer, or {"inf": K} in JSON.
type LoopyComponentReport struct {
	Position int        `json:"position"`
	Name     string     `json:"name"`
	Value    game.Value `json:"value"`
}

// DecideLoopy decides the disjunctive compound (the sum) of the positions
// components of g, a game graph whose play may return to earlier
// positions, by generalised Sprague–Grundy values (sg.Generalize within
// maxBytes) and Smith's theorem; name names positions. Any other rule is
// refused: the theory of the other compounds covers only games that end.
func DecideLoopy(ctx context.Context, g GameGraph, components []int, r Rule, name func(p int) string, maxBytes int64) (*LoopyReport, error) {
	if r != Disjunctive {
		return nil, fmt.Errorf("the %s (%s) of games whose positions repeat is not decided: of the twelve compounds only the disjunctive one (%s) is, by Smith's theorem", r.Name(), r, Disjunctive)
	}
	l, err := sg.Generalize(ctx, g.Len(), g.Options, maxBytes)
	if err != nil {
		return nil, err
	}
	rep := &LoopyReport{ReportHead: ReportHead{Rule: r.String(), Name: r.Name(), Invariant: "generalised Sprague–Grundy value (Smith's theorem)"},
		Components: make([]LoopyComponentReport, len(components))}
	values := make([]game.Value, len(components))
	for i, p := range components {
		values[i] = game.Nimber(l.Value(p))
		if l.Value(p) == sg.Infinite {
			values[i] = game.Infinite(l.Followers(p))
		}
		rep.Components[i] = LoopyComponentReport{Position: p, Name: name(p), Value: values[i]}
	}
	rep.Combined = "sum " + game.SumOf(values).String()
	outcome := l.Outcome(components)
	rep.Outcome = outcome.String()
	rep.Winner = map[sg.Outcome]string{sg.N: "first", sg.P: "second", sg.D: "neither"}[outcome]
	move := func(m sg.SumMove) *MoveReport {
		next := append([]int(nil), components...)
		next[m.Part] = m.To
		return moveReport([]int{m.Part}, next, name)
	}
	if m, ok := l.WinningMove(components); ok {
		rep.WinningMove = move(m)
	}
	if m, ok := l.DrawingMove(components); ok {
		rep.DrawingMove = move(m)
	}
	return rep, ctx.Err()
}
