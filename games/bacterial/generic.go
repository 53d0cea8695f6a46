package bacterial

import (
	"context"

	"nimber/games/grid"
	"nimber/games/rect"
	"nimber/sg"
)

// Rect is a sub-rectangle of the board, rows R1..R2 and columns C1..C2
// inclusive. It is a component of the game: no infected cell lies inside it.
type Rect struct{ R1, R2, C1, C2 int }

// Cut is a move of the rectangle game: infecting a whole row (Horizontal, by
// an H colony) or a whole column (by a V colony). Line is 0-based.
type Cut struct {
	Horizontal bool
	Line       int
}

// Game is Bacterial Tactics as an sg.Game: a component is a Rect, a move a
// Cut leaving the (up to two) non-empty rectangles on either side.
type Game struct {
	b     *board
	parts []Rect
}

// NewGame returns the rectangle game of board g.
func NewGame(g grid.Grid) *Game { return &Game{b: newBoard(g)} }

// Moves implements sg.Game.
func (gm *Game) Moves(x Rect, yield func(Cut, []Rect) bool) {
	split := func(m Cut, a, b Rect) bool {
		gm.parts = gm.parts[:0]
		for _, p := range [2]Rect{a, b} {
			if p.R1 <= p.R2 && p.C1 <= p.C2 {
				gm.parts = append(gm.parts, p)
			}
		}
		return yield(m, gm.parts)
	}
	for i := x.R1; i <= x.R2; i++ {
		if gm.b.rowFree(i, x.C1, x.C2) &&
			!split(Cut{true, i}, Rect{x.R1, i - 1, x.C1, x.C2}, Rect{i + 1, x.R2, x.C1, x.C2}) {
			return
		}
	}
	for j := x.C1; j <= x.C2; j++ {
		if gm.b.colFree(j, x.R1, x.R2) &&
			!split(Cut{false, j}, Rect{x.R1, x.R2, x.C1, j - 1}, Rect{x.R1, x.R2, j + 1, x.C2}) {
			return
		}
	}
}

// SolveGeneric analyses g with the generic solver of package sg over a dense
// memo of sub-rectangles. It is the reference for Solve on boards too large
// for exhaustive search.
func SolveGeneric(ctx context.Context, g grid.Grid) (Result, error) {
	game := NewGame(g)
	rows, cols := rect.NewIntervals(g.Rows), rect.NewIntervals(g.Cols)
	memo := sg.NewDenseMemo(rows.Len()*cols.Len(), func(x Rect) int {
		return cols.Span(x.C1, x.C2)*rows.Len() + rows.Span(x.R1, x.R2)
	})
	s := sg.NewSolver[Rect, Cut](game, memo)
	full := Rect{0, g.Rows - 1, 0, g.Cols - 1}
	v, err := s.Grundy(ctx, full)
	if err != nil {
		return Result{}, err
	}
	wins, err := s.WinningMoves(ctx, full)
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
