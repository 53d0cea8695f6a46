package domineering

import (
	"context"
	"fmt"

	"nimber/game"
	"nimber/grid"
)

// MaxOutcomeCells is the most cells (empty or filled) of a board Outcome
// searches: one bit each in a 64-bit word.
const MaxOutcomeCells = 64

// ErrOutcomeLimit is the error of an Outcome search that would keep more
// positions than its limit.
var ErrOutcomeLimit = game.ErrSearchLimit

// Outcome decides who wins the board g ('.' empty, anything else filled)
// with Left (vertical dominoes) moving first and with Right (horizontal)
// moving first, by a search over the whole board with no values: a
// position is won for the player to move when some move leaves a position
// lost for the other, each position held once in a table. It keeps at
// most maxPositions positions (none when maxPositions <= 0) and returns
// ctx's error once cancelled. It settles boards far past what canonical
// forms reach, but says nothing of a sum with other games. It is the plain
// search, kept as the reference of SolveOutcome, which is much faster.
func Outcome(ctx context.Context, g grid.Grid, maxPositions int) (leftFirst, rightFirst bool, err error) {
	if g.Rows*g.Cols > MaxOutcomeCells || g.Rows < 0 || g.Cols < 0 {
		return false, false, fmt.Errorf("domineering: a %d x %d board has more than %d cells", g.Rows, g.Cols, MaxOutcomeCells)
	}
	s := &search{ctx: ctx, most: maxPositions, won: [2]map[uint64]bool{{}, {}}}
	var empty uint64
	for i, c := range g.Cells {
		if c == '.' {
			empty |= 1 << i
		}
	}
	// A vertical domino covers a cell and the one below it, a horizontal
	// one a cell and the one to its right.
	for i := range g.Rows * g.Cols {
		if i/g.Cols+1 < g.Rows {
			s.fits[0] |= 1 << i
		}
		if i%g.Cols+1 < g.Cols {
			s.fits[1] |= 1 << i
		}
	}
	s.step = [2]int{g.Cols, 1}
	if leftFirst, err = s.wins(empty, 0); err != nil {
		return false, false, err
	}
	rightFirst, err = s.wins(empty, 1)
	return leftFirst, rightFirst, err
}

// search is one Outcome search.
type search struct {
	ctx   context.Context
	most  int
	fits  [2]uint64 // Left's (0) and Right's (1) domino origins on the board
	step  [2]int    // from a domino's first cell to its second
	won   [2]map[uint64]bool
	nodes int
}

// wins reports whether the player (0 Left, 1 Right) to move wins when the
// empty cells are empty.
func (s *search) wins(empty uint64, player int) (bool, error) {
	if v, ok := s.won[player][empty]; ok {
		return v, nil
	}
	if s.nodes++; s.nodes%(1<<16) == 0 {
		if err := s.ctx.Err(); err != nil {
			return false, err
		}
	}
	moves := empty & (empty >> s.step[player]) & s.fits[player]
	win := false
	for m := moves; m != 0 && !win; m &= m - 1 {
		at := m & -m
		lost, err := s.wins(empty&^(at|at<<s.step[player]), 1-player)
		if err != nil {
			return false, err
		}
		win = !lost
	}
	if s.most > 0 && len(s.won[0])+len(s.won[1]) >= s.most {
		return false, ErrOutcomeLimit
	}
	s.won[player][empty] = win
	return win, nil
}
