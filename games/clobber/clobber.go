// Package clobber is the partizan game Clobber, with CGSuite's
// conventions: on a board of Left's stones ('x'), Right's ('o') and empty
// cells ('.'), a player moves one of their stones onto an orthogonally
// adjacent stone of the other player, which is removed (clobbered); who
// cannot move loses. A board splits into regions of stones that no move
// joins, valued separately.
package clobber

import (
	"fmt"
	"iter"
	"strings"

	"nimber/game"
	"nimber/games/internal/pgrid"
	"nimber/grid"
)

// MaxRegion is the most stones of one region Check accepts, and
// MaxBoardRegion the most of a region of more than one row. The number of
// positions grows exponentially with it, so a larger region is refused
// before it is searched.
const (
	MaxRegion      = 24
	MaxBoardRegion = 18
)

// Game returns Clobber, for the registry: a game of Kind Partizan.
func Game() game.Game { return theGame }

var theGame = game.OfPartizan[pgrid.Region](theRules)

// rules is Clobber's rules: its moves, on its board.
type rules struct{ pgrid.Board }

// theRules is Clobber: regions of stones, valued alike under the
// symmetries of the square, which keep both players' moves.
var theRules = rules{pgrid.StoneBoard(split, MaxRegion)}

// Options yields side's options of region p: every stone of side's
// clobbering an orthogonally adjacent stone of the other's, leaving the
// regions of stones with a move still in them.
func (rules) Options(p pgrid.Region, side game.Side) iter.Seq[[]pgrid.Region] {
	return func(yield func([]pgrid.Region) bool) {
		g := p.Grid()
		pgrid.EachStone(g, side, func(r, c int, us, them byte) bool {
			i := r*g.Cols + c
			for _, d := range pgrid.Dirs {
				r2, c2 := r+d[0], c+d[1]
				if r2 < 0 || r2 >= g.Rows || c2 < 0 || c2 >= g.Cols || g.Cells[r2*g.Cols+c2] != them {
					continue
				}
				j := r2*g.Cols + c2
				g.Cells[i], g.Cells[j] = '.', us
				leaves := split(g)
				g.Cells[i], g.Cells[j] = us, them
				if !yield(leaves) {
					return false
				}
			}
			return true
		})
	}
}

// split returns the regions of stones of g with a move in them: those
// with stones of both players (a region of one player's stones is 0).
func split(g grid.Grid) []pgrid.Region {
	return pgrid.Keep(pgrid.Split(g, func(c byte) bool { return c != '.' }, '.', 2), "x", "o")
}

// Check refuses a region of more than MaxRegion stones, or of more than
// MaxBoardRegion when it spans more than one row: a 3 x 6 checkerboard (18
// stones) takes about 2 minutes and 1.2 GB, the 4 x 5 one (20) passed 2 GB
// after 5 minutes without an answer. nimber outcome decides such regions by
// search (CheckSearch).
func (r rules) Check(s game.Sum[pgrid.Region]) error {
	if err := r.Board.Check(s); err != nil {
		return err
	}
	var boards []pgrid.Region
	for _, p := range s.Parts {
		if strings.Contains(string(p), "|") {
			boards = append(boards, p)
		}
	}
	if err := pgrid.CheckRegions(boards, "xo", "stones of more than one row", MaxBoardRegion); err != nil {
		return fmt.Errorf("%w (who wins: nimber outcome --game clobber)", err)
	}
	return nil
}

// HandMoves lists side's moves on the part's text as a player makes them
// by hand: a stone of side's, then the orthogonally next stone of the
// other's that it clobbers.
func (rules) HandMoves(part string, side game.Side) []game.HandMove {
	return pgrid.StoneHandMoves(part, side, func(out []game.HandMove, rows pgrid.Rows, from game.Cell, d [2]int, us, them byte) []game.HandMove {
		to := game.Cell{Row: from.Row + d[0], Col: from.Col + d[1]}
		if rows.At(to.Row, to.Col) != them {
			return out
		}
		return append(out, game.HandMove{Cells: []game.Cell{from, to}, After: rows.With(map[game.Cell]byte{from: '.', to: us})})
	})
}
