package caos3

import (
	"context"

	"nimber/games/crosscut"
	"nimber/games/grid"
	"nimber/games/rect"
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

// SolveGeneric analyses g with the generic solver of package sg over a dense
// memo of sub-rectangles, without the dense solver's canonical rectangles.
func SolveGeneric(ctx context.Context, g grid.Grid) (Result, error) {
	b := Board(g)
	rows, cols := rect.NewIntervals(g.Rows), rect.NewIntervals(g.Cols)
	memo := sg.NewDenseMemo(rows.Len()*cols.Len(), func(x crosscut.Rect) int {
		return cols.Span(x.C1, x.C2)*rows.Len() + rows.Span(x.R1, x.R2)
	})
	s := sg.NewSolver[crosscut.Rect, crosscut.Point](crosscut.NewGame(b), memo)
	v, err := s.Grundy(ctx, b.Full())
	if err != nil {
		return Result{}, err
	}
	wins, err := s.WinningMoves(ctx, b.Full())
	if err != nil {
		return Result{}, err
	}
	res := Result{Grundy: v}
	for _, w := range wins {
		res.Winning = append(res.Winning, Move{w.Move.Row, w.Move.Col})
	}
	return res, nil
}
