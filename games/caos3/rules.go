package caos3

import (
	"context"
	"fmt"
	"iter"
	"strings"

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
	_ game.Rules[part, crosscut.Point]     = rules{}
	_ game.MoveCells[part, crosscut.Point] = rules{}
	_ game.Board                           = rules{}
	_ game.Players                         = rules{}
	_ game.Accelerator[part]               = rules{}
	_ game.Memoizer[part]                  = rules{}
	_ game.Sizer[part]                     = rules{}
	_ game.PartDescriber[part]             = rules{}
)

// Game returns CAOS3 through the game API.
func Game() game.Game { return game.Of(rules{}) }

func (rules) Parse(text string) (game.Sum[part], error) {
	g, err := grid.ParseBoard(text, "^#~=O")
	if err != nil {
		return game.Sum[part]{}, err
	}
	if err := game.CheckLimit(fmt.Sprintf("map %d x %d", g.Rows, g.Cols), "cells", int64(g.Rows*g.Cols), int64(Spec.MaxCells)); err != nil {
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

// Format writes the map of the parts. A sum joined from several maps
// (game.Game.Join) is written map by map, a blank line between them: a text
// to read, not one position that Parse reads back.
func (rules) Format(s game.Sum[part]) string {
	var b strings.Builder
	for i, f := range game.Frames(s, partFrame) {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(f.format(s.Parts))
	}
	return b.String()
}

// partFrame is the map a part stands on.
func partFrame(p part) *frame { return p.f }

// format writes the map f with lava everywhere but on the parts of parts
// that stand on it.
func (f *frame) format(parts []part) string {
	cells := make([]byte, len(f.g.Cells))
	for i, c := range f.g.Cells {
		cells[i] = LavaFloor
		if c == Wall {
			cells[i] = LavaWall
		}
	}
	for _, p := range parts {
		if p.f != f {
			continue
		}
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
	return func(yield func(crosscut.Point, []part) bool) {
		var buf [4]part
		for pt, rects := range p.f.board.Moves(p.Rect) {
			parts := buf[:0]
			for _, x := range rects {
				parts = append(parts, part{f: p.f, Rect: x})
			}
			if !yield(pt, parts) {
				return
			}
		}
	}
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
	for _, f := range game.Frames(s, partFrame) {
		g := f.g
		what := fmt.Sprintf("map %d x %d", g.Rows, g.Cols)
		if err := game.CheckLimit(what, "rows", int64(g.Rows), int64(Spec.MaxSide)); err != nil {
			return err
		}
		if err := game.CheckLimit(what, "columns", int64(g.Cols), int64(Spec.MaxSide)); err != nil {
			return err
		}
		if err := game.CheckLimit(what, "monsters", int64(f.board.Count()), crosscut.MaxPoints); err != nil {
			return err
		}
	}
	return nil
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
	v := tableValuer{}
	for _, f := range game.Frames(s, partFrame) {
		t, err := crosscut.Solve(ctx, f.board)
		if err != nil {
			return nil, err
		}
		v[f] = t
	}
	return v, nil
}

// tableValuer holds the table of each map.
type tableValuer map[*frame]*crosscut.Table

func (v tableValuer) Grundy(_ context.Context, p part) (int, error) {
	t, ok := v[p.f]
	if !ok {
		return 0, fmt.Errorf("caos3: a rectangle of a map not in the position solved")
	}
	return t.Value(p.Rect), nil
}

// Memo gives the generic solver a flat memo of the sub-rectangles of the
// map; a sum of several maps, or of none, gets a
// map memo.
func (rules) Memo(s game.Sum[part]) sg.Memo[part] {
	frames := game.Frames(s, partFrame)
	if len(frames) != 1 {
		return sg.NewMapMemo[part]()
	}
	g := frames[0].g
	return rect.Memo(g.Rows, g.Cols, func(p part) (int, int, int, int) { return p.R1, p.R2, p.C1, p.C2 })
}

// Memory estimates the bytes of the dense cross-cut tables of the maps.
func (rules) Memory(s game.Sum[part]) int64 {
	var n int64
	for _, f := range game.Frames(s, partFrame) {
		b := f.board
		n += crosscut.MemoryEstimate(b.Rows, b.Cols, b.Count())
	}
	return n
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
