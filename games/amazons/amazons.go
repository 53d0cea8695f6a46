// Package amazons is the partizan game Amazons, with CGSuite's
// conventions (game.grid.Amazons): on a board of Left's amazons ('x'),
// Right's ('o'), burned squares ('#') and empty ones ('.'), a player moves
// one of their amazons like a chess queen (any distance orthogonally or
// diagonally, over empty squares only), then shoots an arrow from its new
// square, again like a queen, over empty squares (the square it left
// among them) onto an empty square, which burns. Who cannot move loses.
//
// Amazons and arrows cross only empty squares, so a board splits into the
// components of its squares that are not burned, connected orthogonally
// or diagonally (a queen's step): no move ever joins two of them. A
// component with no amazon, or no empty square, has no move and is worth
// 0; the board is the sum of the others.
package amazons

import (
	"fmt"
	"iter"
	"math"
	"math/big"
	"math/bits"
	"strings"

	"nimber/game"
	"nimber/games/internal/pgrid"
	"nimber/grid"
)

// MaxPositions is the most positions a region may have by Regions'
// estimate for Check to accept it. The positions reachable from a region
// grow exponentially with its squares, and with its shape: a long board
// splits as arrows fall and has fewer connected parts than a compact one
// of as many squares, which Regions counts. Measured (CPU time,
// docs/performance.md): the slowest accepted, 3 x 5 less two corners
// with an amazon of each (267,738), takes 5.5 s and 170 MB; CGSuite's
// benchmark board x......|o...... (373,870) 2 s; the refused
// x.......|o....... (1,485,944) 10.5 s and 110 MB, and 3 x 5 less one
// corner (647,268) 11 s and 280 MB.
const MaxPositions = 500_000

// Game returns Amazons, for the registry: a game of Kind Partizan.
func Game() game.Game { return theGame }

var theGame = game.OfPartizan[pgrid.Region](theRules)

// rules is Amazons' rules: its moves, on its board.
type rules struct{ pgrid.Board }

// theRules is Amazons: regions of squares not burned, valued alike under
// the eight symmetries of the square, which map a queen's lines to
// queen's lines and keep whose every amazon is. Its Check is its own (by
// Positions), so the board counts no cells.
var theRules = rules{pgrid.Board{
	Alphabet:  ".xo#",
	Blank:     '#',
	Split:     split,
	Transpose: true,
	Symbols:   append(pgrid.Pieces("amazon"), pgrid.Empty, game.Symbol{Char: "#", Meaning: "burned", Start: true}),
	Describe:  describe,
}}

// split returns the regions of board g with a move in them: the
// components of its squares not burned, a queen's step apart, that hold
// an amazon and an empty square (then some amazon is next to an empty
// square, and may move there and shoot back where it stood), each written
// as its bounding box with every other square burned.
func split(g grid.Grid) []pgrid.Region {
	return pgrid.Keep(pgrid.Split8(g, func(c byte) bool { return c != '#' }, '#', 2), "xo", ".")
}

// describe describes a region: its amazons, its empty squares and the
// region.
func describe(p pgrid.Region) string {
	return fmt.Sprintf("%d of Left's amazons, %d of Right's and %d empty squares: %s", p.Count("x"), p.Count("o"), p.Count("."), p)
}

// Check refuses a region of more than MaxPositions positions by
// Regions' estimate, before any is searched.
func (rules) Check(s game.Sum[pgrid.Region]) error {
	return pgrid.CheckRegionsBy(s.Parts, "positions estimated", MaxPositions, Regions)
}

// MaxListed is the most squares not burned of a region whose connected
// sets Regions lists; a larger one it bounds by Positions.
const MaxListed = 22

// Regions returns a bound on the positions the search of region p may
// value: for each set of p's squares not burned that is connected by
// queen's steps (a region that burning the others may leave), the ways
// to place on it up to as many amazons of each side as p has, with at
// least one amazon and one empty square. A region of more than MaxListed
// such squares is bounded by Positions instead, without listing its sets:
// a long row has few connected sets but many options in each position.
func Regions(p pgrid.Region) int64 {
	g := p.Grid()
	// at[k] is the k-th square not burned.
	var at []int
	nx, no := 0, 0
	for i, c := range g.Cells {
		if c != '#' {
			at = append(at, i)
		}
		nx += b2i(c == 'x')
		no += b2i(c == 'o')
	}
	n := len(at)
	if n > MaxListed {
		return Positions(n, nx, no)
	}
	// weight[m] is the placements on m squares, at most 3^22.
	weight := make([]int64, n+1)
	for m := range weight {
		for a := 0; a <= nx && a < m; a++ {
			for b := 0; a+b < m && b <= no; b++ {
				if a+b > 0 {
					w := new(big.Int).Binomial(int64(m), int64(a))
					weight[m] += w.Mul(w, new(big.Int).Binomial(int64(m-a), int64(b))).Int64()
				}
			}
		}
	}
	index := make(map[int]int, n)
	for k, i := range at {
		index[i] = k
	}
	// near[k] is the set of squares a queen's step from square k.
	near := make([]uint32, n)
	for k, i := range at {
		r, c := i/g.Cols, i%g.Cols
		for _, d := range ring {
			nr, nc := r+d[0], c+d[1]
			if nr >= 0 && nr < g.Rows && nc >= 0 && nc < g.Cols {
				if j, ok := index[nr*g.Cols+nc]; ok {
					near[k] |= 1 << j
				}
			}
		}
	}
	total := int64(0)
	// grow counts set s and every connected set that adds to it squares
	// of edge (those next to s not yet tried) and their neighbours, none
	// of out: each connected set once, grown from its least square.
	var grow func(s, edge, out uint32)
	grow = func(s, edge, out uint32) {
		total += weight[bits.OnesCount32(s)] // at most 2^22 3^22 in all
		for edge != 0 {
			v := edge & -edge
			edge ^= v
			k := bits.TrailingZeros32(v)
			grow(s|v, (edge|near[k])&^(s|v|out), out)
			out |= v
		}
	}
	for k := range n {
		below := uint32(1)<<k - 1
		grow(1<<k, near[k]&^below, below)
	}
	return total
}

// Positions returns a bound on the positions of a region of n squares
// not burned, nx of them Left's amazons and no Right's: the ways to place
// the amazons on its squares and burn any of the others, C(n, nx)
// C(n-nx, no) 2^(n-nx-no), held to math.MaxInt64.
func Positions(n, nx, no int) int64 {
	e := n - nx - no
	if e >= 63 {
		return math.MaxInt64
	}
	p := new(big.Int).Binomial(int64(n), int64(nx))
	p.Mul(p, new(big.Int).Binomial(int64(n-nx), int64(no)))
	p.Lsh(p, uint(e))
	if !p.IsInt64() {
		return math.MaxInt64
	}
	return p.Int64()
}

// b2i is 1 if b, else 0.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// amazonOf returns side's amazon: Left's 'x', Right's 'o'.
func amazonOf(side game.Side) byte {
	if side == game.Right {
		return 'o'
	}
	return 'x'
}

// eachMove calls f with the squares of each of side's moves on g (the
// amazon's square, where it goes and where its arrow lands), in reading
// order of the amazons, then by pgrid.Dirs8 for the step and for the
// arrow, nearest first; g is changed while f runs (the amazon moved, the
// arrow not yet shot) and restored after. It stops, returning false, when
// f does.
func eachMove(g grid.Grid, side game.Side, f func(from, to, arrow int) bool) bool {
	us := amazonOf(side)
	// line calls f with each square in direction d from square i, over
	// empty squares, nearest first, while f is true.
	line := func(i int, d [2]int, f func(j int) bool) bool {
		r, c := i/g.Cols, i%g.Cols
		for {
			r, c = r+d[0], c+d[1]
			if r < 0 || r >= g.Rows || c < 0 || c >= g.Cols || g.Cells[r*g.Cols+c] != '.' {
				return true
			}
			if !f(r*g.Cols + c) {
				return false
			}
		}
	}
	for from, ch := range g.Cells {
		if ch != us {
			continue
		}
		for _, d := range pgrid.Dirs8 {
			ok := line(from, d, func(to int) bool {
				g.Cells[from], g.Cells[to] = '.', us
				defer func() { g.Cells[from], g.Cells[to] = us, '.' }()
				for _, e := range pgrid.Dirs8 {
					if !line(to, e, func(arrow int) bool { return f(from, to, arrow) }) {
						return false
					}
				}
				return true
			})
			if !ok {
				return false
			}
		}
	}
	return true
}

// Options yields side's options of region p: every move of an amazon of
// side's and shot of its arrow, leaving the regions of the board after it
// with a move in them.
func (rules) Options(p pgrid.Region, side game.Side) iter.Seq[[]pgrid.Region] {
	return func(yield func([]pgrid.Region) bool) {
		g := p.Grid()
		// After a move the board has as many empty squares as p less the
		// arrow's; the mover's amazon is still on it.
		empty := strings.Count(string(p), ".") - 1
		var one [1]pgrid.Region
		eachMove(g, side, func(_, _, arrow int) bool {
			g.Cells[arrow] = '#'
			var leaves []pgrid.Region
			switch {
			case mayCut(g, arrow):
				leaves = split(g)
			case empty > 0:
				one[0] = trim(g)
				leaves = one[:]
			}
			g.Cells[arrow] = '.'
			return yield(leaves)
		})
	}
}

// ring are the eight squares around a square, in order round it (north,
// north-east, east, ...): each is a queen's step from the next.
var ring = [8][2]int{{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}}

// cuts holds, for each set of the squares of ring not burned (bit k for
// ring[k]), whether they fall into more than one group a queen's step
// apart among themselves: only then may burning the square between them
// split its region.
var cuts = func() (t [256]bool) {
	for set := range 256 {
		// group[k] is the least square of ring[k]'s group.
		var group [8]int
		for k := range 8 {
			group[k] = k
		}
		find := func(k int) int {
			for group[k] != k {
				k = group[k]
			}
			return k
		}
		for a := range 8 {
			for b := a + 1; b < 8; b++ {
				da, db := ring[a], ring[b]
				near := max(abs(da[0]-db[0]), abs(da[1]-db[1])) == 1
				if set>>a&1 == 1 && set>>b&1 == 1 && near {
					group[max(find(a), find(b))] = min(find(a), find(b))
				}
			}
		}
		roots := 0
		for k := range 8 {
			if set>>k&1 == 1 && find(k) == k {
				roots++
			}
		}
		t[set] = roots > 1
	}
	return t
}()

// abs returns |x|.
func abs(x int) int { return max(x, -x) }

// mayCut reports whether burning square i of g (burned now) may split
// the squares of g not burned, a queen's step apart: whether the squares
// around it not burned fall into more than one group among themselves.
// When it does not, any path through i goes round it.
func mayCut(g grid.Grid, i int) bool {
	r, c := i/g.Cols, i%g.Cols
	set := 0
	for k, d := range ring {
		nr, nc := r+d[0], c+d[1]
		if nr >= 0 && nr < g.Rows && nc >= 0 && nc < g.Cols && g.Cells[nr*g.Cols+nc] != '#' {
			set |= 1 << k
		}
	}
	return cuts[set]
}

// trim returns g's squares not burned as one region, its bounding box:
// the split of a board of one region with a move in it.
func trim(g grid.Grid) pgrid.Region {
	r1, r2, c1, c2 := g.Rows, -1, g.Cols, -1
	for i, ch := range g.Cells {
		if ch != '#' {
			r, c := i/g.Cols, i%g.Cols
			r1, r2, c1, c2 = min(r1, r), max(r2, r), min(c1, c), max(c2, c)
		}
	}
	b := make([]byte, 0, (r2-r1+1)*(c2-c1+2))
	for r := r1; r <= r2; r++ {
		if r > r1 {
			b = append(b, '|')
		}
		b = append(b, g.Cells[r*g.Cols+c1:r*g.Cols+c2+1]...)
	}
	return pgrid.Region(b)
}

// Neg returns -p: the region with every amazon the other player's (the
// search's game.PartNegater).
func (rules) Neg(p pgrid.Region) pgrid.Region { return pgrid.Region(swapAmazons.Replace(string(p))) }

// swapAmazons exchanges Left's amazons and Right's.
var swapAmazons = strings.NewReplacer("x", "o", "o", "x")
