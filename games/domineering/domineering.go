// Package domineering is the partizan game Domineering, with CGSuite's
// conventions: on a board of empty ('.') and filled ('#') cells, Left
// places a vertical domino on two empty cells, Right a horizontal one;
// who cannot move loses. A board splits into regions of empty cells that
// no domino joins, valued separately.
package domineering

import (
	"iter"

	"nimber/game"
	"nimber/games/internal/pgrid"
)

// MaxRegion is the most empty cells of one region Check accepts: a 6 x 6
// board. The number of positions grows exponentially with it, so a larger
// region is refused before it is searched.
const MaxRegion = 36

// Game returns Domineering, for the registry: a game of Kind Partizan.
func Game() game.Game { return theGame }

var theGame = game.OfPartizan[pgrid.Region](theRules)

// rules is Domineering's rules: its moves, on its board.
type rules struct{ pgrid.Board }

// theRules is Domineering: regions of empty cells, valued alike under the
// flips of the board, which keep both players' moves (a transposition
// would swap them).
var theRules = rules{pgrid.DominoBoard(MaxRegion, false)}

// Options yields side's options of region p: every domino (vertical for
// Left, horizontal for Right) on two empty cells, leaving the regions of
// the cells still empty.
func (rules) Options(p pgrid.Region, side game.Side) iter.Seq[[]pgrid.Region] {
	return func(yield func([]pgrid.Region) bool) {
		g := p.Grid()
		for r := range g.Rows {
			for c := range g.Cols {
				if leaves, ok := pgrid.Domino(g, r, c, side == game.Right); ok && !yield(leaves) {
					return
				}
			}
		}
	}
}

// Size is the number of empty cells of p, the estimate of its cost by
// which the search of who wins values p when it is small (PartSizer).
func (rules) Size(p pgrid.Region) int { return p.Count(".") }

// SmallSize is the most empty cells of a region the search values by its
// canonical form (a 4 x 5 region: 2571 parts, 63 ms), larger ones it
// searches.
func (rules) SmallSize() int { return smallSize }

var smallSize = 20

// Neg returns -p: the region transposed, where each player's dominoes lie
// as the other's did (the search's game.PartNegater).
func (rules) Neg(p pgrid.Region) pgrid.Region { return pgrid.Transpose(p) }

// HandMoves lists side's dominoes on the part's text as a player places
// them by hand: Left's up and down, Right's across, on two empty cells,
// pointed at top (or left) cell first.
func (rules) HandMoves(part string, side game.Side) []game.HandMove {
	rows := pgrid.RowsOf(part)
	dr, dc := 1, 0
	if side == game.Right {
		dr, dc = 0, 1
	}
	var out []game.HandMove
	for _, a := range rows.Find(".") {
		b := game.Cell{Row: a.Row + dr, Col: a.Col + dc}
		if rows.At(b.Row, b.Col) == '.' {
			out = append(out, game.HandMove{Cells: []game.Cell{a, b}, After: rows.With(map[game.Cell]byte{a: '#', b: '#'})})
		}
	}
	return out
}
