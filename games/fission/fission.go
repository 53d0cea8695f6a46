// Package fission is the partizan game Fission, with CGSuite's conventions
// (game.grid.Fission): on a board of stones ('x'), empty cells ('.') and
// blocked ones ('#'), Left splits a stone whose cells just above and just
// below are both empty into two stones on those cells, the stone's own
// cell emptied; Right does the same sideways, onto the cells just left and
// right of it. The board's edge blocks as '#' does. Who cannot move loses.
//
// Every move adds a stone, so play ends. A stone only ever reaches the
// cells orthogonally connected to it through cells that are not blocked,
// so a board splits into those components, valued separately; one without
// a stone is worth 0.
package fission

import (
	"fmt"
	"iter"

	"nimber/game"
	"nimber/games/internal/pgrid"
	"nimber/grid"
)

// Name is the game's name in the registry.
const Name = "fission"

// MaxRegion is the most cells, stones and empty ones, of one region Check
// accepts. The positions of a region grow exponentially with its cells
// (each a stone or empty), so a larger region is refused before it is
// valued: a 5 x 5 board takes 2 to 6 s, a 5 x 6 one 30 s to a minute
// (docs/performance.md).
const MaxRegion = 25

// Game returns Fission, for the registry: a game of Kind Partizan.
func Game() game.Game { return theGame }

var theGame = game.OfPartizan[pgrid.Region](theRules)

// rules is Fission's rules: its moves, on its board.
type rules struct{ pgrid.Board }

// theRules is Fission: regions of the cells that are not blocked, valued
// alike under the flips of the board, which keep both players' moves
// (a transposition swaps them).
var theRules = rules{pgrid.Board{
	Alphabet: ".x#",
	Blank:    '#',
	Split:    split,
	Counted:  ".x",
	Noun:     "cells",
	Most:     MaxRegion,
	Symbols: []game.Symbol{
		{Char: "x", Meaning: "stone", Start: true},
		pgrid.Empty,
		pgrid.Blocked,
	},
	Describe: func(p pgrid.Region) string {
		return fmt.Sprintf("%d stones in %d cells: %s", p.Count("x"), p.Count(".x"), p)
	},
}}

// The capabilities of rules.
var (
	_ game.PartizanRules[pgrid.Region] = rules{}
	_ game.Keyer[pgrid.Region]         = rules{}
	_ game.Board                       = rules{}
	_ game.HandMover                   = rules{}
)

// step is each side's direction: Left's stones split up and down, Right's
// left and right.
func step(side game.Side) [2]int {
	if side == game.Right {
		return [2]int{0, 1}
	}
	return [2]int{1, 0}
}

// Options yields side's options of region p: each stone whose two cells
// along side's direction are empty, split onto them, with the region
// written again (a move never changes which cells are blocked).
func (rules) Options(p pgrid.Region, side game.Side) iter.Seq[[]pgrid.Region] {
	return func(yield func([]pgrid.Region) bool) {
		g := p.Grid()
		d := step(side)
		for r := range g.Rows {
			for c := range g.Cols {
				i, a, b, ok := splits(g, r, c, d)
				if !ok {
					continue
				}
				g.Cells[i], g.Cells[a], g.Cells[b] = '.', 'x', 'x'
				leaves := split(g)
				g.Cells[i], g.Cells[a], g.Cells[b] = 'x', '.', '.'
				if !yield(leaves) {
					return
				}
			}
		}
	}
}

// splits reports whether the cell at (r, c) of g holds a stone whose
// cells one step either way along d are on the board and empty, and the
// indexes of the three cells.
func splits(g grid.Grid, r, c int, d [2]int) (i, a, b int, ok bool) {
	r1, c1, r2, c2 := r-d[0], c-d[1], r+d[0], c+d[1]
	if g.Cells[r*g.Cols+c] != 'x' || r1 < 0 || c1 < 0 || r2 >= g.Rows || c2 >= g.Cols {
		return 0, 0, 0, false
	}
	i, a, b = r*g.Cols+c, r1*g.Cols+c1, r2*g.Cols+c2
	return i, a, b, g.Cells[a] == '.' && g.Cells[b] == '.'
}

// split returns the regions of g: its components of cells that are not
// blocked, each with a stone in it.
func split(g grid.Grid) []pgrid.Region {
	return pgrid.Keep(pgrid.Split(g, func(c byte) bool { return c != '#' }, '#', 1), "x")
}

// HandMoves lists side's moves on the part's text as a player makes them
// by hand: the stone that splits.
func (rules) HandMoves(part string, side game.Side) []game.HandMove {
	rows := pgrid.RowsOf(part)
	d := step(side)
	var out []game.HandMove
	for _, at := range rows.Find("x") {
		a := game.Cell{Row: at.Row - d[0], Col: at.Col - d[1]}
		b := game.Cell{Row: at.Row + d[0], Col: at.Col + d[1]}
		if rows.At(a.Row, a.Col) == '.' && rows.At(b.Row, b.Col) == '.' {
			out = append(out, game.HandMove{Cells: []game.Cell{at}, After: rows.With(map[game.Cell]byte{at: '.', a: 'x', b: 'x'})})
		}
	}
	return out
}
