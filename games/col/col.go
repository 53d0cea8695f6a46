// Package col is the partizan game Col on a grid board, with Winning
// Ways' and CGSuite's conventions: a player colours an empty cell their
// own colour (Left blue, 'L'; Right red, 'R'), never orthogonally next to
// a cell of their own colour; who cannot move loses. Blocked cells ('#')
// take no part. A board splits into regions of empty cells that no move
// joins, valued separately; a region remembers, cell by cell, who may no
// longer colour it.
package col

import (
	"fmt"
	"iter"

	"nimber/game"
	"nimber/games/internal/pgrid"
	"nimber/grid"
)

// MaxRegion is the most empty cells of one region Check accepts. The
// number of positions grows exponentially with it, so a larger region is
// refused before it is searched.
const MaxRegion = 20

// Game returns Col, for the registry: a game of Kind Partizan.
func Game() game.Game { return theGame }

var theGame = game.OfPartizan[pgrid.Region](rules{})

// rules is Col's rules. A region's cells are '.' (either player may
// colour it), 'l' (only Left may: it touches a red cell), 'r' (only Right
// may: it touches a blue cell) and '#' (not in the region).
type rules struct{}

// may reports whether side may colour a region cell c.
func may(c byte, side game.Side) bool {
	if side == game.Left {
		return c == '.' || c == 'l'
	}
	return c == '.' || c == 'r'
}

// Options yields side's options of region p: every cell side may colour,
// coloured, its neighbours closed to side, leaving the regions of the
// cells still open to someone.
func (rules) Options(p pgrid.Region, side game.Side) iter.Seq[[]pgrid.Region] {
	return func(yield func([]pgrid.Region) bool) {
		g := p.Grid()
		for i, c := range g.Cells {
			if !may(c, side) {
				continue
			}
			h := grid.Grid{Rows: g.Rows, Cols: g.Cols, Cells: append([]byte(nil), g.Cells...)}
			h.Cells[i] = '#'
			for _, j := range neighbours(g, i) {
				h.Cells[j] = shut(h.Cells[j], side)
			}
			if !yield(split(h)) {
				return
			}
		}
	}
}

// shut returns region cell c once side may no longer colour it: '#' when
// no one may.
func shut(c byte, side game.Side) byte {
	switch {
	case c == '#':
		return '#'
	case side == game.Left && c == '.':
		return 'r'
	case side == game.Right && c == '.':
		return 'l'
	case side == game.Left && c == 'r', side == game.Right && c == 'l':
		return c
	}
	return '#'
}

// neighbours returns the cells orthogonally next to cell i of g.
func neighbours(g grid.Grid, i int) []int {
	r, c := i/g.Cols, i%g.Cols
	var out []int
	if r > 0 {
		out = append(out, i-g.Cols)
	}
	if r < g.Rows-1 {
		out = append(out, i+g.Cols)
	}
	if c > 0 {
		out = append(out, i-1)
	}
	if c < g.Cols-1 {
		out = append(out, i+1)
	}
	return out
}

// split returns the regions of the cells of g open to someone.
func split(g grid.Grid) []pgrid.Region {
	return pgrid.Split(g, func(c byte) bool { return c != '#' }, '#', 1)
}

// Parse reads a board: '.' empty, 'L' Left's (blue) cell, 'R' Right's
// (red), '#' blocked, and, as regions are written, 'l' an empty cell only
// Left may colour and 'r' one only Right may. Two cells of one colour
// side by side are refused.
func (rules) Parse(text string) (game.Sum[pgrid.Region], error) {
	boards, err := pgrid.Parse(text, ".LR#lr")
	if err != nil {
		return game.Sum[pgrid.Region]{}, err
	}
	var s game.Sum[pgrid.Region]
	for b, g := range boards {
		h := grid.Grid{Rows: g.Rows, Cols: g.Cols, Cells: make([]byte, len(g.Cells))}
		for i, c := range g.Cells {
			h.Cells[i] = c
			if c == 'L' || c == 'R' {
				h.Cells[i] = '#'
			}
			for _, j := range neighbours(g, i) {
				if (c == 'L' || c == 'R') && g.Cells[j] == c {
					where := ""
					if len(boards) > 1 {
						where = fmt.Sprintf("board %d: ", b+1)
					}
					return game.Sum[pgrid.Region]{}, fmt.Errorf("%srow %d, column %d: two %c cells side by side, which no play of Col makes", where, i/g.Cols+1, i%g.Cols+1, c)
				}
			}
		}
		for i := range g.Cells {
			for _, j := range neighbours(g, i) {
				switch g.Cells[j] {
				case 'L':
					h.Cells[i] = shut(h.Cells[i], game.Left)
				case 'R':
					h.Cells[i] = shut(h.Cells[i], game.Right)
				}
			}
		}
		s.Parts = append(s.Parts, split(h)...)
	}
	return s, nil
}

func (rules) Format(s game.Sum[pgrid.Region]) string { return pgrid.Format(s.Parts, '#') }

// Check refuses a region of more than MaxRegion cells.
func (rules) Check(s game.Sum[pgrid.Region]) error {
	return pgrid.CheckRegions(s.Parts, ".lrLR", "cells", MaxRegion)
}

// Key returns the normal form of p under the symmetries of the square,
// which keep both players' moves.
func (rules) Key(p pgrid.Region) pgrid.Region { return pgrid.Key(p, true) }

func (rules) Legend() []game.Symbol {
	return []game.Symbol{
		{Char: ".", Meaning: "empty", Start: true},
		{Char: "L", Meaning: "Left's (blue) cell", Start: true},
		{Char: "R", Meaning: "Right's (red) cell", Start: true},
		{Char: "#", Meaning: "blocked", Start: true},
		{Char: "l", Meaning: "empty, only Left may colour it"},
		{Char: "r", Meaning: "empty, only Right may colour it"},
	}
}

func (rules) PartNoun() string { return "region" }

func (rules) DescribePart(p pgrid.Region) string {
	return fmt.Sprintf("%d empty cells: %s", p.Count(".lrLR"), p)
}
