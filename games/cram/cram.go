// Package cram is the impartial game Cram: on a board of empty ('.') and
// filled ('#') cells, either player places a domino, vertical or
// horizontal, on two orthogonally adjacent empty cells; who cannot move
// loses. Its boards are written as Domineering's, and a board splits into
// regions of empty cells that no domino joins, so its Grundy value is the
// nim-sum of its regions' values.
package cram

import (
	"fmt"
	"iter"

	"nimber/game"
	"nimber/games/internal/pgrid"
)

// Name is the game's name in the registry.
const Name = "cram"

// Limits of a region. The positions reachable from a region grow
// exponentially with its size, so larger regions are refused before they
// are searched (docs/performance.md has the times).
const (
	// MaxRegion is the most empty cells Check accepts in a region that is
	// not a strip (one of at most 3 rows or columns): a 4 x 7 board, about
	// 4 s (5 x 6 takes about 25 s).
	MaxRegion = 28
	// MaxRow, MaxWidth2 and MaxWidth3 are the longest strips of 1, 2 and
	// 3 rows (or columns) Check accepts, whatever their empty cells: the
	// dense solver values 2 x 21 in about a second, and 3 x 12 in five.
	MaxRow    = 63
	MaxWidth2 = 21
	MaxWidth3 = 12
)

// maxWidth holds the longest strip of each height Check accepts.
var maxWidth = [4]int{0, MaxRow, MaxWidth2, MaxWidth3}

// Game returns Cram through the game API.
func Game() game.Game { return theGame }

var theGame = game.Of[pgrid.Region, Move](theRules)

// Rules is Cram as game.Rules[pgrid.Region, Move]: regions of empty
// cells, valued alike under the eight symmetries of the square, since
// both players may place a domino either way.
type Rules struct{ pgrid.Board }

// The capabilities of Rules.
var (
	_ game.Rules[pgrid.Region, Move]   = Rules{}
	_ game.PartDescriber[pgrid.Region] = Rules{}
	_ game.Accelerator[pgrid.Region]   = Rules{}
	_ game.Board                       = Rules{}
)

var theRules = Rules{pgrid.DominoBoard(MaxRegion, true)}

// Move is a domino: its top (or left) cell and whether it lies across.
type Move struct {
	Row, Col int
	Across   bool
}

// Moves yields every domino on two empty cells of region p, down ones
// before across ones at each cell in reading order, with the regions of
// the cells still empty.
func (Rules) Moves(p pgrid.Region) iter.Seq2[Move, []pgrid.Region] {
	return func(yield func(Move, []pgrid.Region) bool) {
		g := p.Grid()
		for r := range g.Rows {
			for c := range g.Cols {
				for _, across := range [2]bool{false, true} {
					if leaves, ok := pgrid.Domino(g, r, c, across); ok && !yield(Move{Row: r, Col: c, Across: across}, leaves) {
						return
					}
				}
			}
		}
	}
}

// Describe says a move: "domino on row 1, columns 2-3" (1-based).
func (Rules) Describe(_ pgrid.Region, m Move) string {
	if m.Across {
		return fmt.Sprintf("domino on row %d, columns %d-%d", m.Row+1, m.Col+1, m.Col+2)
	}
	return fmt.Sprintf("domino on column %d, rows %d-%d", m.Col+1, m.Row+1, m.Row+2)
}

// Cells implements game.MoveCells: the domino's two cells, top (or left)
// first.
func (Rules) Cells(_ pgrid.Region, m Move) []game.Cell {
	b := game.Cell{Row: m.Row + 1, Col: m.Col}
	if m.Across {
		b = game.Cell{Row: m.Row, Col: m.Col + 1}
	}
	return []game.Cell{{Row: m.Row, Col: m.Col}, b}
}

// Check refuses a region the solvers cannot value in reasonable time and
// memory: a strip of h <= 3 rows (or columns) longer than its maxWidth,
// or another region of more than MaxRegion empty cells.
func (Rules) Check(s game.Sum[pgrid.Region]) error {
	for i, p := range s.Parts {
		what := fmt.Sprintf("region %d (%s)", i+1, game.Clip(string(p), 40))
		h, w := dims(p)
		if h > w {
			h, w = w, h
		}
		var err error
		if h < len(maxWidth) {
			err = game.CheckLimit(what, fmt.Sprintf("cells along a strip %d wide", h), int64(w), int64(maxWidth[h]))
		} else {
			err = game.CheckLimit(what, "empty cells", int64(p.Count(".")), MaxRegion)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// dims returns the rows and columns of a region.
func dims(p pgrid.Region) (h, w int) {
	g := p.Grid()
	return g.Rows, g.Cols
}
