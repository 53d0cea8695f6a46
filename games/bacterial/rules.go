package bacterial

import (
	"context"
	"fmt"
	"iter"

	"nimber/game"
	"nimber/games/rect"
	"nimber/grid"
	"nimber/sg"
)

// Bacterial Tactics through the game API. A position is the board as rows
// of cells: '.' empty, '#' radioactive, 'x' infected (also read: '-', '|',
// 'H' and 'V', the marks of colonies and the cells they infected). The
// uninfected cells form rectangles separated by infected lines; each is a
// part, a board of its own: a colony spreads along its line up to the
// rectangle's edge. Positions are rectangles of one board, the frame, so
// the dense table of the whole board values every part.

// Infected is the character of an infected cell in a position.
const Infected = 'x'

// infectedMarks are the characters read as infected cells.
const infectedMarks = "x-|HV"

// Rect is a sub-rectangle of the board, rows R1..R2 and columns C1..C2
// inclusive; it is empty when R1 > R2 or C1 > C2.
type Rect struct{ R1, R2, C1, C2 int }

// Cut is a move of a rectangle: infecting a whole row of it (Horizontal, by
// an H colony on any of its cells) or a whole column (by a V colony). Line
// is the 0-based row or column of the board.
type Cut struct {
	Horizontal bool
	Line       int
}

// frame is the board a position stands on: its cells (infected ones as
// Infected) and the line tables of the radioactive cells.
type frame struct {
	g grid.Grid
	b *board
}

// part is a part of a position: a rectangle of uninfected cells of a
// board. The frame of a position is a part with an empty rectangle.
type part struct {
	f *frame
	Rect
}

// rules is Bacterial Tactics as game.Rules[part, Cut].
type rules struct{}

// The capabilities of rules.
var _ rect.Capabilities[part, Cut] = rules{}

// Game returns Bacterial Tactics through the game API.
func Game() game.Game { return game.Of(rules{}) }

func (rules) Parse(text string) (game.Sum[part], error) {
	g, err := rect.ParseMarked("board", text, ".#", infectedMarks, Infected, Spec.MaxCells)
	if err != nil {
		return game.Sum[part]{}, err
	}
	f := &frame{g: g, b: newBoard(g)}
	rects, err := grid.Regions(g, func(c byte) bool { return c != Infected })
	if err != nil {
		return game.Sum[part]{}, fmt.Errorf("%v: the uninfected cells of a position form rectangles separated by infected cells", err)
	}
	s := game.Sum[part]{Frame: part{f: f, Rect: Rect{0, -1, 0, -1}}}
	for _, r := range rects {
		s.Parts = append(s.Parts, part{f: f, Rect: Rect{r.R1, r.R2, r.C1, r.C2}})
	}
	return s, nil
}

// Format writes the board of the parts, board by board for a sum joined
// from several boards (game.FrameOf.Format).
func (rules) Format(s game.Sum[part]) string { return onBoard.Format(s, (*frame).format) }

// onBoard is the board a part stands on.
var onBoard game.FrameOf[part, *frame] = func(p part) *frame { return p.f }

// format writes the board f with the cells of parts, which stand on it,
// uninfected.
func (f *frame) format(parts []part) string {
	g := f.g
	cells := make([]byte, len(g.Cells))
	for i, c := range g.Cells {
		if c == Radioactive {
			cells[i] = Radioactive // never infected: a colony never reaches one
		} else {
			cells[i] = Infected
		}
	}
	for _, p := range parts {
		for r := p.R1; r <= p.R2; r++ {
			for c := p.C1; c <= p.C2; c++ {
				cells[r*g.Cols+c] = g.Cells[r*g.Cols+c]
			}
		}
	}
	return grid.Grid{Rows: g.Rows, Cols: g.Cols, Cells: cells}.String()
}

// Moves yields the safe cuts of p: every row, then every column, whose
// cells are all empty (a colony reaching a radioactive cell mutates and
// loses, so such a move is never made), with the non-empty rectangles on
// either side.
func (rules) Moves(p part) iter.Seq2[Cut, []part] {
	return func(yield func(Cut, []part) bool) {
		var buf [2]part
		b := p.f.b
		for i := p.R1; i <= p.R2; i++ {
			if b.rowFree(i, p.C1, p.C2) && !yield(Cut{true, i}, p.f.nonEmpty(buf[:0], Rect{p.R1, i - 1, p.C1, p.C2}, Rect{i + 1, p.R2, p.C1, p.C2})) {
				return
			}
		}
		for j := p.C1; j <= p.C2; j++ {
			if b.colFree(j, p.R1, p.R2) && !yield(Cut{false, j}, p.f.nonEmpty(buf[:0], Rect{p.R1, p.R2, p.C1, j - 1}, Rect{p.R1, p.R2, j + 1, p.C2})) {
				return
			}
		}
	}
}

// nonEmpty appends to parts the rectangles of rs that hold a cell, as parts
// of frame f.
func (f *frame) nonEmpty(parts []part, rs ...Rect) []part {
	for _, x := range rs {
		if x.R1 <= x.R2 && x.C1 <= x.C2 {
			parts = append(parts, part{f: f, Rect: x})
		}
	}
	return parts
}

// Describe says a cut, 1-based: "H colony on row 3, columns 2-6".
func (rules) Describe(p part, m Cut) string {
	if m.Horizontal {
		return fmt.Sprintf("H colony on row %d, %s", m.Line+1, span("column", p.C1, p.C2))
	}
	return fmt.Sprintf("V colony on column %d, %s", m.Line+1, span("row", p.R1, p.R2))
}

// span names the lines lo..hi, 1-based: "column 4" or "columns 2-6".
func span(noun string, lo, hi int) string {
	if lo == hi {
		return fmt.Sprintf("%s %d", noun, lo+1)
	}
	return fmt.Sprintf("%ss %d-%d", noun, lo+1, hi+1)
}

// Cells are the cells of the cut's line within p: a colony on any of them
// makes the move.
func (rules) Cells(p part, m Cut) []game.Cell {
	var cells []game.Cell
	if m.Horizontal {
		for c := p.C1; c <= p.C2; c++ {
			cells = append(cells, game.Cell{Row: m.Line, Col: c})
		}
	} else {
		for r := p.R1; r <= p.R2; r++ {
			cells = append(cells, game.Cell{Row: r, Col: m.Line})
		}
	}
	return cells
}

// Check refuses boards over the input limits of the problem (Spec).
func (rules) Check(s game.Sum[part]) error {
	return onBoard.Check(s, func(f *frame) error { return rect.CheckSides("board", f.g, Spec.MaxSide) })
}

func (rules) Legend() []game.Symbol {
	return []game.Symbol{
		{Char: ".", Meaning: "empty cell", Start: true},
		{Char: "#", Meaning: "radioactive cell", Start: true},
		{Char: string(Infected), Meaning: "infected cell"},
	}
}

// Accelerate values parts from the dense table of every sub-rectangle of
// each board they stand on (SolveTable).
func (rules) Accelerate(ctx context.Context, s game.Sum[part]) (game.Valuer[part], error) {
	solve := func(ctx context.Context, f *frame) (*Table, error) { return SolveTable(ctx, f.g) }
	return game.Tables(ctx, onBoard, s, solve, func(t *Table, p part) int { return t.Value(p.Rect) })
}

// Memo gives the generic solver a flat memo of the sub-rectangles of the
// board, numbered as the dense table numbers them (a map memo for a sum of
// several boards).
func (rules) Memo(s game.Sum[part]) sg.Memo[part] {
	return onBoard.Memo(s, func(f *frame) sg.Memo[part] {
		return rect.Memo(f.g.Rows, f.g.Cols, func(p part) (int, int, int, int) { return p.R1, p.R2, p.C1, p.C2 })
	})
}

// Memory estimates the bytes of the dense tables of the boards (Problem's
// estimate).
func (rules) Memory(s game.Sum[part]) int64 {
	return onBoard.Memory(s, func(f *frame) int64 { return Problem.Memory(f.g) })
}

// PartNoun implements game.PartDescriber: a part is a rectangle.
func (rules) PartNoun() string { return "rectangle" }

// DescribePart says where a rectangle is, 1-based: "rows 1-3, columns 2-5".
func (rules) DescribePart(p part) string {
	return span("row", p.R1, p.R2) + ", " + span("column", p.C1, p.C2)
}
