package inventor

import (
	"context"
	"slices"

	"nimber/games/crosscut"
	"nimber/grid"
	"nimber/sg"
)

// Class is one colour class of the board as a cross-cut board in rotated,
// halved coordinates: point (U, V) is the cell with r+c = 2U+pu and
// r-c+cols-1 = 2V+pv. Picking a spot of the class is picking its point:
// the four diagonals through the cell are the point's row and column.
type Class struct {
	// Board marks the points of the class's spots.
	Board    crosscut.Board
	pu, pv   int
	gridCols int
}

// Cell returns the board cell of point p.
func (k *Class) Cell(p crosscut.Point) (r, c int) {
	u, v := 2*p.Row+k.pu, 2*p.Col+k.pv
	return (u + v - k.gridCols + 1) / 2, (u - v + k.gridCols - 1) / 2
}

// Point returns the point of board cell (r, c), which must be in the class.
func (k *Class) Point(r, c int) crosscut.Point {
	return crosscut.Point{Row: (r + c - k.pu) / 2, Col: (r - c + k.gridCols - 1 - k.pv) / 2}
}

// Classes splits g into its two colour classes, (r+c) even and odd; the
// board is their sum.
func Classes(g grid.Grid) [2]*Class {
	var out [2]*Class
	span := g.Rows + g.Cols - 2 // u and v both range over 0..span
	for k := range 2 {
		pu, pv := k, (k+g.Cols-1)%2
		cl := &Class{pu: pu, pv: pv, gridCols: g.Cols}
		cl.Board.Rows = max(span-pu, 0)/2 + 1
		cl.Board.Cols = max(span-pv, 0)/2 + 1
		cl.Board.Marked = make([]bool, cl.Board.Rows*cl.Board.Cols)
		for r := 0; r < g.Rows; r++ {
			for c := 0; c < g.Cols; c++ {
				if (r+c)%2 == k && g.At(r, c) == Spot {
					p := cl.Point(r, c)
					cl.Board.Marked[p.Row*cl.Board.Cols+p.Col] = true
				}
			}
		}
		out[k] = cl
	}
	return out
}

// MemoryEstimate returns the bytes Solve needs for g: the larger of the two
// classes' tables, which are built one after the other.
func MemoryEstimate(g grid.Grid) int64 {
	var most int64
	for _, k := range Classes(g) {
		most = max(most, crosscut.MemoryEstimate(k.Board.Rows, k.Board.Cols, k.Board.Count()))
	}
	return most
}

// Solve analyses g with the dense cross-cut solver, one colour class after
// the other.
func Solve(ctx context.Context, g grid.Grid) (Result, error) {
	var values [2]int
	// left[i] is the value a move on spot cell i leaves in its class.
	left := make([]int, len(g.Cells))
	for k, cl := range Classes(g) {
		t, err := crosscut.Solve(ctx, &cl.Board)
		if err != nil {
			return Result{}, err
		}
		root := cl.Board.Full()
		values[k] = t.Value(root)
		for i, cell := range g.Cells {
			if r, c := i/g.Cols, i%g.Cols; cell == Spot && (r+c)%2 == k {
				left[i] = t.SplitValue(root, cl.Point(r, c))
			}
		}
	}
	res := Result{Grundy: values[0] ^ values[1]}
	if res.Grundy == 0 {
		return res, nil
	}
	// A move in class k wins when it leaves the other class's value there.
	for i, cell := range g.Cells {
		if r, c := i/g.Cols, i%g.Cols; cell == Spot && left[i] == res.Grundy^values[(r+c)%2] {
			res.Winning = append(res.Winning, Move{r, c})
		}
	}
	return res, nil
}

func sortMoves(moves []Move) {
	slices.SortFunc(moves, func(a, b Move) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
}

// SolveGeneric analyses g with the generic solver of package sg over the
// game's rules (and a flat memo of sub-rectangles): the board is the sum of
// its two colour classes.
func SolveGeneric(ctx context.Context, g grid.Grid) (Result, error) {
	var r rules
	s, err := r.Parse(g.String())
	if err != nil {
		return Result{}, err
	}
	f := s.Frame.f
	sum := []part{{f: f, class: 0, Rect: f.classes[0].Board.Full()}, {f: f, class: 1, Rect: f.classes[1].Board.Full()}}
	v, wins, err := sg.NewSolver[part, crosscut.Point](r, r.Memo(s)).Solve(ctx, sum...)
	if err != nil {
		return Result{}, err
	}
	res := Result{Grundy: v}
	for _, w := range wins {
		r, c := f.classes[w.Component].Cell(w.Move)
		res.Winning = append(res.Winning, Move{r, c})
	}
	sortMoves(res.Winning)
	return res, nil
}
