// Package konane is the partizan game Konane (Hawaiian checkers), as
// Winning Ways and Ernst's "Playing Konane mathematically" play it, with
// Clobber's letters (CGSuite has no Konane to follow): on a board of
// Left's stones ('x'), Right's ('o') and empty cells ('.'), a player's
// stone jumps orthogonally over an adjacent stone of the other player's
// into the empty cell right behind it, removing the jumped stone, and may
// go on jumping in the same direction; stopping after one jump, two, and
// so on are separate options. Who cannot move loses.
//
// Unlike Clobber's, Konane's stones act across empty cells (a jump lands
// on one), so a board is split into regions only where that is sound: see
// split.
package konane

import (
	"iter"
	"strings"

	"nimber/game"
	"nimber/games/internal/pgrid"
	"nimber/grid"
)

// MaxRegion is the most stones of one region Check accepts. The number of
// positions grows exponentially with it, so a larger region is refused
// before it is searched: the worst 22-stone boards tried take 6 to 8
// seconds and 150 MB, 23 stones up to 31 seconds and 570 MB, 24 up to 42
// seconds and 770 MB (docs/partizan.md).
const MaxRegion = 22

// Game returns Konane, for the registry: a game of Kind Partizan.
func Game() game.Game { return theGame }

// The stone board's eight symmetries of the rectangle (flips, rotations
// by 180 degrees, transpositions) each map an orthogonal jump over a stone
// into an empty cell to another, on the image of the board with its edges,
// and keep whose every stone is, so they keep both players' options and
// the value.
var theGame = game.OfPartizan[pgrid.Region](rules{pgrid.StoneBoard(split, MaxRegion)})

// rules is Konane's rules: its moves, on its board.
type rules struct{ pgrid.Board }

// Options yields side's options of region p: every stone of side's
// jumping, in one of the four directions, over 1, 2, ... stones of the
// other's, each with an empty cell right behind it, leaving the regions
// of the board with a move still possible in them.
func (rules) Options(p pgrid.Region, side game.Side) iter.Seq[[]pgrid.Region] {
	return func(yield func([]pgrid.Region) bool) {
		g := p.Grid()
		pgrid.EachStone(g, side, func(r, c int, us, them byte) bool {
			for _, d := range pgrid.Dirs {
				if !jumps(g, r, c, d, us, them, yield) {
					return false
				}
			}
			return true
		})
	}
}

// jumps yields the options of the stone us at (r, c) jumping in
// direction d once, twice, ...: it is false when yield stopped.
func jumps(g grid.Grid, r, c int, d [2]int, us, them byte, yield func([]pgrid.Region) bool) bool {
	from := r*g.Cols + c
	var jumped []int
	for k := 1; ; k++ {
		tr, tc := r+(2*k-1)*d[0], c+(2*k-1)*d[1]
		er, ec := r+2*k*d[0], c+2*k*d[1]
		if er < 0 || er >= g.Rows || ec < 0 || ec >= g.Cols {
			return true
		}
		t, e := tr*g.Cols+tc, er*g.Cols+ec
		if g.Cells[t] != them || g.Cells[e] != '.' {
			return true
		}
		jumped = append(jumped, t)
		g.Cells[from] = '.'
		for _, j := range jumped {
			g.Cells[j] = '.'
		}
		g.Cells[e] = us
		leaves := split(g)
		g.Cells[from] = us
		for _, j := range jumped {
			g.Cells[j] = them
		}
		g.Cells[e] = '.'
		if !yield(leaves) {
			return false
		}
	}
}

// group is a set of stones of a board being split: the bounding box of
// its stones, how many there are and of which players.
type group struct {
	r1, r2, c1, c2 int
	n              int
	x, o           bool
	parent         int
}

// split returns the regions of board g with a move possible in them.
//
// Stones are gathered into groups, each with a reach: the bounding box
// of its n stones widened by n-1 cells on every side and cut to the
// board. Two groups whose reaches overlap or touch along a side are
// merged (the merged group's reach widened again), until no two touch.
// This is sound, by induction on the moves made: while no two reaches
// touch, a jump of a stone of group A goes over a stone next to it,
// which is in A's reach or next to it and so A's (no other group's
// reach is there), and lands next to that stone; each jump removes one
// stone of A, so A makes at most n-1 of them and its stones never leave
// its box widened by n-1: A's reach. No other group's stone is ever in
// A's reach, so every landing cell is as empty in A's reach alone as on
// the whole board, and the moves of the board are exactly those of the
// groups, each played within its reach: each group's reach is an
// independent part, the board's edge kept where the reach meets it. A
// group of one player's stones never has a move (a jump needs a stone of
// each) and is left out, worth 0.
//
// Each region is the reach of its group, rows joined by '|', with the
// group's stones and every other cell empty.
func split(g grid.Grid) []pgrid.Region {
	var gs []group
	for i, c := range g.Cells {
		if c != 'x' && c != 'o' {
			continue
		}
		r, col := i/g.Cols, i%g.Cols
		gs = append(gs, group{r1: r, r2: r, c1: col, c2: col, n: 1, x: c == 'x', o: c == 'o', parent: len(gs)})
	}
	root := func(a int) int {
		for gs[a].parent != a {
			gs[a].parent = gs[gs[a].parent].parent
			a = gs[a].parent
		}
		return a
	}
	reach := func(a *group) (r1, r2, c1, c2 int) {
		w := a.n - 1
		return max(a.r1-w, 0), min(a.r2+w, g.Rows-1), max(a.c1-w, 0), min(a.c2+w, g.Cols-1)
	}
	for merged := true; merged; {
		merged = false
		for a := range gs {
			if root(a) != a {
				continue
			}
			for b := a + 1; b < len(gs); b++ {
				if root(b) != b {
					continue
				}
				ar1, ar2, ac1, ac2 := reach(&gs[a])
				br1, br2, bc1, bc2 := reach(&gs[b])
				if max(0, max(ar1, br1)-min(ar2, br2))+max(0, max(ac1, bc1)-min(ac2, bc2)) > 1 {
					continue
				}
				A, B := &gs[a], &gs[b]
				A.r1, A.r2, A.c1, A.c2 = min(A.r1, B.r1), max(A.r2, B.r2), min(A.c1, B.c1), max(A.c2, B.c2)
				A.n += B.n
				A.x, A.o = A.x || B.x, A.o || B.o
				B.parent = a
				merged = true
			}
		}
	}
	var out []pgrid.Region
	for a := range gs {
		if root(a) != a || !gs[a].x || !gs[a].o {
			continue
		}
		r1, r2, c1, c2 := reach(&gs[a])
		var b strings.Builder
		b.Grow((r2 - r1 + 1) * (c2 - c1 + 2))
		for r := r1; r <= r2; r++ {
			if r > r1 {
				b.WriteByte('|')
			}
			for c := c1; c <= c2; c++ {
				// Every stone in a group's reach is the group's own.
				b.WriteByte(g.Cells[r*g.Cols+c])
			}
		}
		out = append(out, pgrid.Region(b.String()))
	}
	return out
}

// HandMoves lists side's moves on the part's text as a player makes them
// by hand: a stone of side's, then the empty cell it stops on after
// jumping over 1, 2, ... of the other's stones in one direction (each
// stop a move).
func (rules) HandMoves(part string, side game.Side) []game.HandMove {
	return pgrid.StoneHandMoves(part, side, func(out []game.HandMove, rows pgrid.Rows, from game.Cell, d [2]int, us, them byte) []game.HandMove {
		set := map[game.Cell]byte{from: '.'}
		for k := 1; ; k++ {
			over := game.Cell{Row: from.Row + (2*k-1)*d[0], Col: from.Col + (2*k-1)*d[1]}
			to := game.Cell{Row: from.Row + 2*k*d[0], Col: from.Col + 2*k*d[1]}
			if rows.At(over.Row, over.Col) != them || rows.At(to.Row, to.Col) != '.' {
				return out
			}
			set[over], set[to] = '.', us
			out = append(out, game.HandMove{Cells: []game.Cell{from, to}, After: rows.With(set)})
			set[to] = '.'
		}
	})
}
