package caos3

import (
	"context"

	"nimber/games/crosscut"
	"nimber/grid"
	"nimber/sg"
)

// Board returns the cross-cut board of g: its monsters.
func Board(g grid.Grid) *crosscut.Board {
	return &crosscut.Board{Rows: g.Rows, Cols: g.Cols, Marked: Monsters(g)}
}

// MemoryEstimate returns the bytes Solve needs for g.
func MemoryEstimate(g grid.Grid) int64 {
	b := Board(g)
	return crosscut.MemoryEstimate(b.Rows, b.Cols, b.Count())
}

// Solve analyses g with the dense cross-cut solver.
func Solve(ctx context.Context, g grid.Grid) (Result, error) {
	b := Board(g)
	t, err := crosscut.Solve(ctx, b)
	if err != nil {
		return Result{}, err
	}
	root := b.Full()
	res := Result{Grundy: t.Value(root)}
	if res.Grundy == 0 {
		return res, nil
	}
	for r := 0; r < g.Rows; r++ {
		for c := 0; c < g.Cols; c++ {
			if b.Marked[r*g.Cols+c] && t.SplitValue(root, crosscut.Point{Row: r, Col: c}) == 0 {
				res.Winning = append(res.Winning, Move{r, c})
			}
		}
	}
	return res, nil
}

// SolveGeneric analyses g with the generic solver of package sg over the
// game's rules (and a flat memo of sub-rectangles), without the dense
// solver's canonical rectangles.
func SolveGeneric(ctx context.Context, g grid.Grid) (Result, error) {
	var r rules
	s, err := r.Parse(g.String())
	if err != nil {
		return Result{}, err
	}
	whole := part{f: s.Frame.f, Rect: s.Frame.f.board.Full()}
	v, wins, err := sg.NewSolver[part, crosscut.Point](r, r.Memo(s)).Solve(ctx, whole)
	if err != nil {
		return Result{}, err
	}
	res := Result{Grundy: v}
	for _, w := range wins {
		res.Winning = append(res.Winning, Move{w.Move.Row, w.Move.Col})
	}
	return res, nil
}
