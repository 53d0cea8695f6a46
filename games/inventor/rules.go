package inventor

import (
	"context"
	"fmt"
	"iter"

	"nimber/game"
	"nimber/games/crosscut"
	"nimber/games/rect"
	"nimber/grid"
	"nimber/sg"
)

// Inventor Outlasting through the game API. A position is the board as
// rows of cells: 'X' a free building spot, '.' a free cell, 'o' an occupied
// cell (also read: 'A' an attraction, '\' and '/' signs). In each colour
// class the free cells form rectangles of rotated coordinates (Class),
// separated by occupied diagonals; each is a part: the cross-cut game of
// its spots.

// Occupied is the character of an occupied cell in a position.
const Occupied = 'o'

// occupiedMarks are the characters read as occupied cells.
const occupiedMarks = "oA\\/"

// frame is the board a position stands on: its cells (occupied ones as
// Occupied) and its two colour classes.
type frame struct {
	g       grid.Grid
	classes [2]*Class
}

// part is a rectangle of free cells of one colour class; the frame of a
// position is a part with an empty rectangle.
type part struct {
	f     *frame
	class int
	crosscut.Rect
}

// rules is Inventor Outlasting as game.Rules[part, crosscut.Point].
type rules struct{}

// The capabilities of rules.
var _ rect.Capabilities[part, crosscut.Point] = rules{}

// Game returns Inventor Outlasting through the game API.
func Game() game.Game { return game.Of(rules{}) }

func (rules) Parse(text string) (game.Sum[part], error) {
	g, err := rect.ParseMarked("board", text, "X.", occupiedMarks, Occupied, Spec.MaxCells)
	if err != nil {
		return game.Sum[part]{}, err
	}
	f := &frame{g: g, classes: Classes(g)}
	s := game.Sum[part]{Frame: part{f: f, Rect: crosscut.Rect{R1: 0, R2: -1, C1: 0, C2: -1}}}
	for k, cl := range f.classes {
		b := cl.Board
		rects, err := crosscut.Rects(b.Rows, b.Cols, func(u, v int) int8 {
			r, c := cl.Cell(crosscut.Point{Row: u, Col: v})
			switch {
			case r < 0 || r >= g.Rows || c < 0 || c >= g.Cols:
				return crosscut.Unknown
			case g.At(r, c) == Occupied:
				return crosscut.Dead
			}
			return crosscut.Live
		})
		if err != nil {
			if de, ok := err.(*crosscut.DeadPointError); ok {
				r, c := cl.Cell(de.Point)
				return game.Sum[part]{}, fmt.Errorf("row %d, column %d: occupied, but on no diagonal of occupied cells from edge to edge of free ones", r+1, c+1)
			}
			return game.Sum[part]{}, err
		}
		for _, x := range rects {
			s.Parts = append(s.Parts, part{f: f, class: k, Rect: x})
		}
	}
	return s, nil
}

// Format writes the board of the parts, board by board for a sum joined
// from several boards (game.FrameOf.Format).
func (rules) Format(s game.Sum[part]) string { return onBoard.Format(s, (*frame).format) }

// onBoard is the board a part stands on.
var onBoard game.FrameOf[part, *frame] = func(p part) *frame { return p.f }

// format writes the board f with every cell occupied but those of parts,
// which stand on it.
func (f *frame) format(parts []part) string {
	cells := make([]byte, len(f.g.Cells))
	for i := range cells {
		cells[i] = Occupied
	}
	for _, p := range parts {
		cl := f.classes[p.class]
		for u := p.R1; u <= p.R2; u++ {
			for v := p.C1; v <= p.C2; v++ {
				r, c := cl.Cell(crosscut.Point{Row: u, Col: v})
				if r >= 0 && r < f.g.Rows && c >= 0 && c < f.g.Cols {
					cells[r*f.g.Cols+c] = f.g.At(r, c)
				}
			}
		}
	}
	return grid.Grid{Rows: f.g.Rows, Cols: f.g.Cols, Cells: cells}.String()
}

// Moves yields the free spots of p, with the rectangles of its class that
// building on one leaves.
func (rules) Moves(p part) iter.Seq2[crosscut.Point, []part] {
	return crosscut.MovesOf(&p.f.classes[p.class].Board, p.Rect, func(x crosscut.Rect) part { return part{f: p.f, class: p.class, Rect: x} })
}

// Describe says a move, 1-based: "build at row 2, column 5".
func (rules) Describe(p part, m crosscut.Point) string {
	r, c := p.f.classes[p.class].Cell(m)
	return fmt.Sprintf("build at row %d, column %d", r+1, c+1)
}

func (rules) Cells(p part, m crosscut.Point) []game.Cell {
	r, c := p.f.classes[p.class].Cell(m)
	return []game.Cell{{Row: r, Col: c}}
}

// Check refuses boards over the input limits of the problem (Spec) and more
// spots than the dense solver's tables hold.
func (rules) Check(s game.Sum[part]) error {
	return onBoard.Check(s, func(f *frame) error {
		if err := rect.CheckSides("board", f.g, Spec.MaxSide); err != nil {
			return err
		}
		what := fmt.Sprintf("board %d x %d", f.g.Rows, f.g.Cols)
		for _, cl := range f.classes {
			if err := game.CheckLimit(what, "spots in a colour class", int64(cl.Board.Count()), crosscut.MaxPoints); err != nil {
				return err
			}
		}
		return nil
	})
}

func (rules) Legend() []game.Symbol {
	return []game.Symbol{
		{Char: string(Spot), Meaning: "free building spot", Start: true},
		{Char: string(Blank), Meaning: "free cell", Start: true},
		{Char: string(Occupied), Meaning: "occupied by an attraction or a sign"},
	}
}

// Accelerate values parts from the dense cross-cut tables of both colour
// classes of each board they stand on.
func (rules) Accelerate(ctx context.Context, s game.Sum[part]) (game.Valuer[part], error) {
	solve := func(ctx context.Context, f *frame) ([2]*crosscut.Table, error) {
		var ts [2]*crosscut.Table
		for k, cl := range f.classes {
			t, err := crosscut.Solve(ctx, &cl.Board)
			if err != nil {
				return ts, err
			}
			ts[k] = t
		}
		return ts, nil
	}
	return game.Tables(ctx, onBoard, s, solve, func(ts [2]*crosscut.Table, p part) int { return ts[p.class].Value(p.Rect) })
}

// Memo gives the generic solver a flat memo of the sub-rectangles of both
// classes; a sum of several boards, or of none, gets
// a map memo.
func (rules) Memo(s game.Sum[part]) sg.Memo[part] { return onBoard.Memo(s, (*frame).memo) }

// memo is the flat memo of the sub-rectangles of both classes of f.
func (f *frame) memo() sg.Memo[part] {
	var rows, cols [2]rect.Intervals
	var offset [2]int
	for k, cl := range f.classes {
		rows[k], cols[k] = rect.NewIntervals(cl.Board.Rows), rect.NewIntervals(cl.Board.Cols)
		if k == 0 {
			offset[1] = rows[0].Len() * cols[0].Len()
		}
	}
	size := offset[1] + rows[1].Len()*cols[1].Len()
	return sg.NewDenseMemo(size, func(p part) int {
		k := p.class
		return offset[k] + cols[k].Span(p.C1, p.C2)*rows[k].Len() + rows[k].Span(p.R1, p.R2)
	})
}

// Memory estimates the bytes of the dense cross-cut tables of both colour
// classes of each board, which are kept together.
func (rules) Memory(s game.Sum[part]) int64 {
	return onBoard.Memory(s, func(f *frame) (sum int64) {
		for _, cl := range f.classes {
			sum += crosscut.MemoryEstimate(cl.Board.Rows, cl.Board.Cols, cl.Board.Count())
		}
		return sum
	})
}

// PartNoun implements game.PartDescriber: a part is a region of the free
// cells of one colour.
func (rules) PartNoun() string { return "region" }

// DescribePart says a region's colour and free spots: "light squares, 3
// free spots" (light: row + column even, counting from 1).
func (rules) DescribePart(p part) string {
	spots := 0
	for range p.f.classes[p.class].Board.Moves(p.Rect) {
		spots++
	}
	colour := "light"
	if p.class == 1 {
		colour = "dark"
	}
	return fmt.Sprintf("%s squares, %d free spot(s)", colour, spots)
}
