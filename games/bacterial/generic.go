package bacterial

import (
	"context"

	"nimber/grid"
	"nimber/sg"
)

// SolveGeneric analyses g with the generic solver of package sg over the
// game's rules (and a flat memo of sub-rectangles), not the dense solver.
// It is the reference for Solve on boards too large for exhaustive search.
func SolveGeneric(ctx context.Context, g grid.Grid) (Result, error) {
	var r rules
	s, err := r.Parse(g.String())
	if err != nil {
		return Result{}, err
	}
	whole := part{f: s.Frame.f, Rect: Rect{0, g.Rows - 1, 0, g.Cols - 1}}
	v, wins, err := sg.NewSolver[part, Cut](r, r.Memo(s)).Solve(ctx, whole)
	if err != nil {
		return Result{}, err
	}
	hWins, vWins := make([]bool, g.Rows), make([]bool, g.Cols)
	for _, w := range wins {
		if w.Move.Horizontal {
			hWins[w.Move.Line] = true
		} else {
			vWins[w.Move.Line] = true
		}
	}
	return Result{Grundy: v, Winning: winningMoves(g.Rows, g.Cols, hWins, vWins)}, nil
}
