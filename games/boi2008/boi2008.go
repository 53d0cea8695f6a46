// Package boi2008 solves "Game" of the Baltic Olympiad in Informatics 2008:
// a pursuit race on a grid.
//
// The board is n x n of white ('.', 'A', 'B') and black ('#') squares. A's
// piece starts on 'A', B's on 'B'; A moves first and the players alternate,
// each stepping to an orthogonally adjacent white square (passing is not
// allowed). A player whose step lands on the opponent's square steps once
// more at once, in any direction. The first player to reach the opponent's
// start square wins.
//
// The official analysis claims both players keep to shortest paths: with D
// the distance between the starts, A wins when D is odd, and when D = 2d B
// wins exactly when he can force landing on A's square at his d-th move.
// Solve decides that model by a dynamic program over the layers of shortest
// paths; Exhaustive decides the unrestricted game by retrograde analysis, and
// the tests compare the two.
package boi2008

import (
	"bytes"
	"fmt"

	"nimber/grid"
	"nimber/problems"
)

// Square characters of the input.
const (
	White  = '.'
	Black  = '#'
	StartA = 'A'
	StartB = 'B'
)

// Input limits, far beyond the contest's n <= 300 (README.md's limits
// table).
const (
	// MaxN bounds n, the side of a board.
	MaxN = 5000
	// MaxTotalCells bounds the squares of all the tests of an input: two
	// boards of n = MaxN.
	MaxTotalCells = 1 << 26
)

// Spec is the input format: t tests, each n (2 <= n <= MaxN) and n rows over
// ".#AB" with exactly one A and one B joined by white squares.
var Spec = grid.Spec{
	Alphabet: ".#AB", Square: true, MinSide: 2, MaxSide: MaxN,
	MaxCases: problems.MaxCases, MaxCells: MaxN * MaxN, MaxTotalCells: MaxTotalCells, CaseName: "test",
	Validate: func(g grid.Grid) error { _, err := newBoard(g, false); return err },
}

// Player names a player.
type Player byte

// The players.
const (
	A Player = 'A'
	B Player = 'B'
)

// String returns "A" or "B".
func (p Player) String() string { return string(rune(p)) }

// Square is a square of the board by 0-based row and column.
type Square struct{ Row, Col int }

// Board is a validated board with the distances from both starts.
type Board struct {
	N      int
	Grid   grid.Grid
	A, B   int // start squares, as row-major indexes
	DistA  []int32
	DistB  []int32
	target int32 // D, the distance between the starts
}

// NewBoard validates g (exactly one A and one B, joined by white squares)
// and computes the distances from both starts. Errors are *grid.CellError.
func NewBoard(g grid.Grid) (*Board, error) { return newBoard(g, true) }

// newBoard is NewBoard; without both it stops after the checks, which need
// the distances from A only (the parser's validation).
func newBoard(g grid.Grid, both bool) (*Board, error) {
	if g.Rows != g.Cols || g.Rows < 2 {
		return nil, &grid.CellError{Row: -1, Msg: fmt.Sprintf("board is %d x %d, want n x n with n >= 2", g.Rows, g.Cols)}
	}
	b := &Board{N: g.Rows, Grid: g}
	for _, s := range [2]struct {
		ch  byte
		pos *int
	}{{StartA, &b.A}, {StartB, &b.B}} {
		first := bytes.IndexByte(g.Cells, s.ch)
		if first < 0 {
			return nil, &grid.CellError{Row: -1, Msg: fmt.Sprintf("no %c on the board", s.ch)}
		}
		if k := bytes.IndexByte(g.Cells[first+1:], s.ch); k >= 0 {
			i := first + 1 + k
			return nil, &grid.CellError{Row: i / g.Cols, Col: i % g.Cols, Msg: fmt.Sprintf("second %c (the first is at row %d, column %d)", s.ch, first/g.Cols+1, first%g.Cols+1)}
		}
		*s.pos = first
	}
	queue := make([]int32, b.N*b.N)
	b.DistA = b.bfs(b.A, queue)
	if b.DistA[b.B] < 0 {
		return nil, &grid.CellError{Row: b.B / b.N, Col: b.B % b.N, Msg: "B cannot be reached from A through white squares"}
	}
	b.target = b.DistA[b.B]
	if both {
		b.DistB = b.bfs(b.B, queue)
	}
	return b, nil
}

// Distance returns D, the length of a shortest path between the starts.
func (b *Board) Distance() int { return int(b.target) }

// Square returns the row and column of square index i.
func (b *Board) Square(i int) Square { return Square{i / b.N, i % b.N} }

// white reports whether square i can be stepped on.
func (b *Board) white(i int) bool { return b.Grid.Cells[i] != Black }

// neighbours calls f for each white square next to i.
func (b *Board) neighbours(i int, f func(j int)) {
	r, c := i/b.N, i%b.N
	if r > 0 && b.white(i-b.N) {
		f(i - b.N)
	}
	if r+1 < b.N && b.white(i+b.N) {
		f(i + b.N)
	}
	if c > 0 && b.white(i-1) {
		f(i - 1)
	}
	if c+1 < b.N && b.white(i+1) {
		f(i + 1)
	}
}

// bfs returns the distance of every square from start, -1 where
// unreachable. queue must have room for every square; it is scratch space.
func (b *Board) bfs(start int, queue []int32) []int32 {
	n := b.N
	dist := make([]int32, n*n)
	for i := range dist {
		dist[i] = -1
	}
	dist[start] = 0
	queue[0] = int32(start)
	head, tail := 0, 1
	cells := b.Grid.Cells
	for head < tail {
		i := int(queue[head])
		head++
		r, c, next := i/n, i%n, dist[i]+1
		visit := func(j int) {
			if dist[j] < 0 && cells[j] != Black {
				dist[j] = next
				queue[tail] = int32(j)
				tail++
			}
		}
		if r > 0 {
			visit(i - n)
		}
		if r+1 < n {
			visit(i + n)
		}
		if c > 0 {
			visit(i - 1)
		}
		if c+1 < n {
			visit(i + 1)
		}
	}
	return dist
}
