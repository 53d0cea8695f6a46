// Package pgridtest checks partizan board games against the definition of
// a game's value, for their tests: explicit game trees built from a
// move function of whole boards (no regions, no canonical forms), compared
// with an engine's canonical form by Conway's recursion for ≤.
package pgridtest

import (
	"strings"

	"nimber/cgt"
)

// Moves returns the boards after each move of the player (left or not)
// on board, rows joined by '|'. It is the test's own statement of the
// rules, independent of the game's package.
type Moves func(board string, left bool) []string

// Forest holds explicit game trees, each node its Left and Right options,
// and memoises ≤ between them.
type Forest struct {
	l, r [][]int
	ids  map[string]int
	le   map[[2]int]bool
}

// NewForest returns an empty Forest.
func NewForest() *Forest { return &Forest{ids: map[string]int{}, le: map[[2]int]bool{}} }

func (f *Forest) add(l, r []int) int {
	f.l = append(f.l, l)
	f.r = append(f.r, r)
	return len(f.l) - 1
}

// Tree returns the node of board's game tree by moves.
func (f *Forest) Tree(board string, moves Moves) int {
	if id, ok := f.ids["b:"+board]; ok {
		return id
	}
	var l, r []int
	for _, b := range moves(board, true) {
		l = append(l, f.Tree(b, moves))
	}
	for _, b := range moves(board, false) {
		r = append(r, f.Tree(b, moves))
	}
	id := f.add(l, r)
	f.ids["b:"+board] = id
	return id
}

// FromCalc returns the node of g's form in c (its options as c lists them).
func (f *Forest) FromCalc(c *cgt.Calc, g cgt.Game) int {
	var l, r []int
	for _, x := range c.Left(g) {
		l = append(l, f.FromCalc(c, x))
	}
	for _, x := range c.Right(g) {
		r = append(r, f.FromCalc(c, x))
	}
	return f.add(l, r)
}

// Sum returns the node of the disjunctive sum of nodes a and b, by the
// definition: a move in one of them.
func (f *Forest) Sum(a, b int) int {
	var l, r []int
	for _, x := range f.l[a] {
		l = append(l, f.Sum(x, b))
	}
	for _, x := range f.l[b] {
		l = append(l, f.Sum(a, x))
	}
	for _, x := range f.r[a] {
		r = append(r, f.Sum(x, b))
	}
	for _, x := range f.r[b] {
		r = append(r, f.Sum(a, x))
	}
	return f.add(l, r)
}

// LE reports whether g ≤ h by Conway's definition: no Left option of g is
// ≥ h and no Right option of h is ≤ g.
func (f *Forest) LE(g, h int) bool {
	k := [2]int{g, h}
	if v, ok := f.le[k]; ok {
		return v
	}
	v := true
	for _, x := range f.l[g] {
		if f.LE(h, x) {
			v = false
			break
		}
	}
	if v {
		for _, x := range f.r[h] {
			if f.LE(x, g) {
				v = false
				break
			}
		}
	}
	f.le[k] = v
	return v
}

// Equal reports whether g = h: g ≤ h and h ≤ g.
func (f *Forest) Equal(g, h int) bool { return f.LE(g, h) && f.LE(h, g) }

// Cells returns the cells of rows as a grid to change: a copy.
func Cells(rows []string) [][]byte {
	b := make([][]byte, len(rows))
	for i := range rows {
		b[i] = []byte(rows[i])
	}
	return b
}

// Board writes a grid of cells as a board, rows joined by '|'.
func Board(b [][]byte) string {
	s := make([]string, len(b))
	for i := range b {
		s[i] = string(b[i])
	}
	return strings.Join(s, "|")
}

// StoneMoves returns the boards after each move of a stone game (Left's
// stones 'x', Right's 'o') on board, rows joined by '|': step lists the
// boards a stone of the mover's (us, at row r and column c) reaches in
// direction d, one of the four orthogonal ones, when the other player's
// stones are them. It is the part the stone games' statements of their
// rules share.
func StoneMoves(board string, left bool, step func(rows []string, r, c int, d [2]int, us, them byte) []string) []string {
	rows := strings.Split(board, "|")
	us, them := byte('x'), byte('o')
	if !left {
		us, them = them, us
	}
	var out []string
	for r := range rows {
		for c := range rows[r] {
			if rows[r][c] != us {
				continue
			}
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				out = append(out, step(rows, r, c, d, us, them)...)
			}
		}
	}
	return out
}

// Images returns the seven other images of board (rows joined by '|')
// under the symmetries of the square: flipped top to bottom, left to
// right and both (a half turn), reflected in either diagonal, and turned
// a quarter either way. They are worked out here, for the tests of a
// game's Key, independently of pgrid.
func Images(board string) []string {
	rows := strings.Split(board, "|")
	h, w := len(rows), len(rows[0])
	image := func(th, tw int, at func(i, j int) byte) string {
		b := make([][]byte, th)
		for i := range th {
			b[i] = make([]byte, tw)
			for j := range tw {
				b[i][j] = at(i, j)
			}
		}
		return Board(b)
	}
	return []string{
		image(h, w, func(i, j int) byte { return rows[h-1-i][j] }),
		image(h, w, func(i, j int) byte { return rows[i][w-1-j] }),
		image(h, w, func(i, j int) byte { return rows[h-1-i][w-1-j] }),
		image(w, h, func(i, j int) byte { return rows[j][i] }),
		image(w, h, func(i, j int) byte { return rows[h-1-j][w-1-i] }),
		image(w, h, func(i, j int) byte { return rows[h-1-j][i] }),
		image(w, h, func(i, j int) byte { return rows[j][w-1-i] }),
	}
}
