// Package col holds the partizan games Col and Snort on a grid board, with
// Winning Ways' and CGSuite's conventions: a player colours an empty cell
// their own colour (Left blue, 'L'; Right red, 'R'), never orthogonally
// next to a cell of their own colour (Col) or of the other player's
// (Snort, in snort.go); who cannot move loses. Blocked cells ('#') take no
// part. A board splits into regions of empty cells that no move joins,
// valued separately; a region remembers, cell by cell, who may no longer
// colour it. The two games differ only in whom a coloured cell closes its
// neighbours to, a field of their rules.
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

var theGame = game.OfPartizan[pgrid.Region](rules{Board: board(MaxRegion)})

// rules is Col's rules, or Snort's when snort is set: their moves, on
// their board. A region's cells are '.' (either player may colour it), 'l'
// (only Left may: in Col it touches a red cell, in Snort a blue one), 'r'
// (only Right may) and '#' (not in the region).
type rules struct {
	pgrid.Board
	// snort makes a coloured cell close its neighbours to the other
	// player (Snort) instead of to its own (Col).
	snort bool
}

// board returns Col's and Snort's board, whose regions Check refuses
// beyond most cells: regions of the cells open to someone, valued alike
// under the symmetries of the square, which keep both players' moves.
// Its Parse is the rules' own (Col's coloured cells close their
// neighbours as they are read).
func board(most int) pgrid.Board {
	return pgrid.Board{
		Alphabet:  ".LR#lr",
		Blank:     '#',
		Split:     split,
		Counted:   ".lrLR",
		Noun:      "cells",
		Most:      most,
		Transpose: true,
		Symbols: []game.Symbol{
			pgrid.Empty,
			{Char: "L", Meaning: "Left's (blue) cell", Start: true},
			{Char: "R", Meaning: "Right's (red) cell", Start: true},
			pgrid.Blocked,
			{Char: "l", Meaning: "empty, only Left may colour it"},
			{Char: "r", Meaning: "empty, only Right may colour it"},
		},
	}
}

// barred returns the player whom a cell of side's colour closes its
// empty neighbours to: side in Col, the other player in Snort.
func (r rules) barred(side game.Side) game.Side {
	if !r.snort {
		return side
	}
	if side == game.Left {
		return game.Right
	}
	return game.Left
}

// name returns the game's name, for errors.
func (r rules) name() string {
	if r.snort {
		return "Snort"
	}
	return "Col"
}

// may reports whether side may colour a region cell c.
func may(c byte, side game.Side) bool {
	if side == game.Left {
		return c == '.' || c == 'l'
	}
	return c == '.' || c == 'r'
}

// Options yields side's options of region p: every cell side may colour,
// coloured, its neighbours closed to the player it bars, leaving the
// regions of the cells still open to someone.
func (r rules) Options(p pgrid.Region, side game.Side) iter.Seq[[]pgrid.Region] {
	return func(yield func([]pgrid.Region) bool) {
		g := p.Grid()
		for i, c := range g.Cells {
			if !may(c, side) {
				continue
			}
			h := grid.Grid{Rows: g.Rows, Cols: g.Cols, Cells: append([]byte(nil), g.Cells...)}
			h.Cells[i] = '#'
			for _, j := range neighbours(g, i) {
				h.Cells[j] = shut(h.Cells[j], r.barred(side))
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
// Left may colour and 'r' one only Right may. Two coloured cells side by
// side that no play makes are refused: two of one colour in Col, two of
// different colours in Snort.
func (r rules) Parse(text string) (game.Sum[pgrid.Region], error) {
	boards, err := pgrid.Parse(text, r.Alphabet)
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
				d := g.Cells[j]
				if (c != 'L' && c != 'R') || (d != 'L' && d != 'R') || r.barred(colour(c)) != colour(d) {
					continue
				}
				where := ""
				if len(boards) > 1 {
					where = fmt.Sprintf("board %d: ", b+1)
				}
				what := fmt.Sprintf("two %c cells side by side", c)
				if c != d {
					what = fmt.Sprintf("%c and %c cells side by side", c, d)
				}
				return game.Sum[pgrid.Region]{}, fmt.Errorf("%srow %d, column %d: %s, which no play of %s makes", where, i/g.Cols+1, i%g.Cols+1, what, r.name())
			}
		}
		for i := range g.Cells {
			for _, j := range neighbours(g, i) {
				switch g.Cells[j] {
				case 'L', 'R':
					h.Cells[i] = shut(h.Cells[i], r.barred(colour(g.Cells[j])))
				}
			}
		}
		s.Parts = append(s.Parts, split(h)...)
	}
	return s, nil
}

// colour returns the player whose colour a cell 'L' or 'R' is.
func colour(c byte) game.Side {
	if c == 'L' {
		return game.Left
	}
	return game.Right
}

// HandMoves lists side's moves on the part's text as a player makes them
// by hand: a cell side may colour, coloured (Parse closes its
// neighbours).
func (rules) HandMoves(part string, side game.Side) []game.HandMove {
	rows := pgrid.RowsOf(part)
	own, mine := "L", ".l"
	if side == game.Right {
		own, mine = "R", ".r"
	}
	var out []game.HandMove
	for _, c := range rows.Find(mine) {
		out = append(out, game.HandMove{Cells: []game.Cell{c}, After: rows.With(map[game.Cell]byte{c: own[0]})})
	}
	return out
}
