package caos3

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

// CAOS3 through the game API. A position is the map as rows of cells: '^'
// floor, '#' wall, and under lava '~' (floor) or '=' (a wall). The monsters
// are fixed by the map under the lava. The cells without lava form
// rectangles separated by lava lines, each a part: the cross-cut game of
// its monsters (a volcano's lava fills its row and column up to the lava
// around the rectangle).

// Lava characters of a position: lava over floor and over a wall. A
// volcano's own cell is lava over floor ('O' is also read).
const (
	LavaFloor = '~'
	LavaWall  = '='
)

// frame is the map a position stands on: the map under the lava, its
// monsters and lava.
type frame struct {
	g     grid.Grid // '^' and '#' only
	lava  []bool
	board *crosscut.Board
}

// part is a rectangle of a map without lava; the frame of a position is a
// part with an empty rectangle.
type part struct {
	f *frame
	crosscut.Rect
}

// rules is CAOS3 as game.Rules[part, crosscut.Point].
type rules struct{}

// The capabilities of rules.
var (
	_ rect.Capabilities[part, crosscut.Point] = rules{}
	_ game.Players                            = rules{}
)

// Game returns CAOS3 through the game API.
func Game() game.Game { return game.Of(rules{}) }

func (rules) Parse(text string) (game.Sum[part], error) {
	g, err := rect.ParseBoard("map", text, "^#~=O", Spec.MaxCells)
	if err != nil {
		return game.Sum[part]{}, err
	}
	lava := make([]bool, len(g.Cells))
	for i, c := range g.Cells {
		switch c {
		case LavaFloor, 'O':
			lava[i], g.Cells[i] = true, Floor
		case LavaWall:
			lava[i], g.Cells[i] = true, Wall
		}
	}
	f := &frame{g: g, lava: lava, board: Board(g)}
	regions, err := grid.Regions(grid.Grid{Rows: g.Rows, Cols: g.Cols, Cells: lavaCells(lava)}, func(c byte) bool { return c == 0 })
	if err != nil {
		return game.Sum[part]{}, fmt.Errorf("%v: the cells without lava form rectangles separated by lava", err)
	}
	s := game.Sum[part]{Frame: part{f: f, Rect: crosscut.Rect{R1: 0, R2: -1, C1: 0, C2: -1}}}
	for _, r := range regions {
		s.Parts = append(s.Parts, part{f: f, Rect: crosscut.Rect{R1: r.R1, R2: r.R2, C1: r.C1, C2: r.C2}})
	}
	return s, nil
}

// lavaCells returns one byte a cell, 1 under lava.
func lavaCells(lava []bool) []byte {
	out := make([]byte, len(lava))
	for i, l := range lava {
		if l {
			out[i] = 1
		}
	}
	return out
}

// Format writes the map of the parts, map by map for a sum joined from
// several maps (game.FrameOf.Format).
func (rules) Format(s game.Sum[part]) string { return onMap.Format(s, (*frame).format) }

// onMap is the map a part stands on.
var onMap game.FrameOf[part, *frame] = func(p part) *frame { return p.f }

// format writes the map f with lava everywhere but on parts, which stand
// on it.
func (f *frame) format(parts []part) string {
	cells := make([]byte, len(f.g.Cells))
	for i, c := range f.g.Cells {
		cells[i] = LavaFloor
		if c == Wall {
			cells[i] = LavaWall
		}
	}
	for _, p := range parts {
		for r := p.R1; r <= p.R2; r++ {
			for c := p.C1; c <= p.C2; c++ {
				cells[r*f.g.Cols+c] = f.g.Cells[r*f.g.Cols+c]
			}
		}
	}
	return grid.Grid{Rows: f.g.Rows, Cols: f.g.Cols, Cells: cells}.String()
}

// Moves yields the monsters of p, row-major, each with the rectangles its
// volcano leaves.
func (rules) Moves(p part) iter.Seq2[crosscut.Point, []part] {
	return crosscut.MovesOf(p.f.board, p.Rect, func(x crosscut.Rect) part { return part{f: p.f, Rect: x} })
}

// Describe says a move, 1-based: "volcano at row 2, column 5".
func (rules) Describe(_ part, m crosscut.Point) string {
	return fmt.Sprintf("volcano at row %d, column %d", m.Row+1, m.Col+1)
}

func (rules) Cells(_ part, m crosscut.Point) []game.Cell {
	return []game.Cell{{Row: m.Row, Col: m.Col}}
}

// Check refuses maps over the input limits of the problem (Spec) and more
// monsters than the dense solver's table holds.
func (rules) Check(s game.Sum[part]) error {
	return onMap.Check(s, func(f *frame) error {
		if err := rect.CheckSides("map", f.g, Spec.MaxSide); err != nil {
			return err
		}
		return game.CheckLimit(fmt.Sprintf("map %d x %d", f.g.Rows, f.g.Cols), "monsters", int64(f.board.Count()), crosscut.MaxPoints)
	})
}

func (rules) Legend() []game.Symbol {
	return []game.Symbol{
		{Char: string(Floor), Meaning: "floor (a monster where its four arms of floor are at least 2 long)", Start: true},
		{Char: string(Wall), Meaning: "wall", Start: true},
		{Char: string(LavaFloor), Meaning: "lava"},
		{Char: string(LavaWall), Meaning: "lava over a wall"},
	}
}

// Players are Asuna, who moves first, and Kirito.
func (rules) Players() [2]string { return [2]string{"Asuna", "Kirito"} }

// Accelerate values parts from the dense cross-cut table of each map they
// stand on.
func (rules) Accelerate(ctx context.Context, s game.Sum[part]) (game.Valuer[part], error) {
	solve := func(ctx context.Context, f *frame) (*crosscut.Table, error) { return crosscut.Solve(ctx, f.board) }
	return game.Tables(ctx, onMap, s, solve, func(t *crosscut.Table, p part) int { return t.Value(p.Rect) })
}

// Memo gives the generic solver a flat memo of the sub-rectangles of the
// map (a map memo for a sum of several maps).
func (rules) Memo(s game.Sum[part]) sg.Memo[part] {
	return onMap.Memo(s, func(f *frame) sg.Memo[part] {
		return rect.Memo(f.g.Rows, f.g.Cols, func(p part) (int, int, int, int) { return p.R1, p.R2, p.C1, p.C2 })
	})
}

// Memory estimates the bytes of the dense cross-cut tables of the maps.
func (rules) Memory(s game.Sum[part]) int64 {
	return onMap.Memory(s, func(f *frame) int64 {
		return crosscut.MemoryEstimate(f.board.Rows, f.board.Cols, f.board.Count())
	})
}

// PartNoun implements game.PartDescriber: a part is a rectangle.
func (rules) PartNoun() string { return "rectangle" }

// DescribePart says where a rectangle is and its monsters, 1-based: "rows
// 1-5, columns 1-5, 1 monster".
func (rules) DescribePart(p part) string {
	monsters := 0
	for range p.f.board.Moves(p.Rect) {
		monsters++
	}
	return fmt.Sprintf("%s, %s, %d monster(s)", span("row", p.R1, p.R2), span("column", p.C1, p.C2), monsters)
}

// span names the lines lo..hi, 1-based: "row 4" or "rows 2-6".
func span(noun string, lo, hi int) string {
	if lo == hi {
		return fmt.Sprintf("%s %d", noun, lo+1)
	}
	return fmt.Sprintf("%ss %d-%d", noun, lo+1, hi+1)
}
