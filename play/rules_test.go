package play

// This file holds the slow, obviously correct twins of the games: each
// position is the whole board state, moves are made straight from the rules
// (colonies spreading cell by cell, lava flowing, sign-builders walking,
// tokens stepping, pieces racing), and the outcome is a win/lose recursion
// over those states, with no Sprague–Grundy theory, no rectangles and no
// tables. The display boards are built here too, with the alphabet of the
// package documentation.

import (
	"bytes"
	"fmt"
	"strings"

	"nimber/games/moveset"
)

// rulesPos is a position of an impartial game as its rules describe it.
type rulesPos interface {
	// key identifies the state of the game (not the history that led to it).
	key() string
	// moves calls yield for every legal move, in the order of
	// Position.Legal, with the position it leads to; it stops when yield
	// returns false.
	moves(yield func(m Move, next rulesPos) bool)
	// board is the display board.
	board() []string
}

// allMoves returns every legal move of p and the positions they lead to.
func allMoves(p rulesPos) (ms []Move, next []rulesPos) {
	p.moves(func(m Move, n rulesPos) bool {
		ms, next = append(ms, m), append(next, n)
		return true
	})
	return ms, next
}

// search is the memoized win/lose recursion of normal play: a position is
// won when some move leads to a lost position (so one without moves is
// lost).
type search struct{ memo map[string]bool }

func newSearch() *search { return &search{memo: map[string]bool{}} }

func (s *search) wins(p rulesPos) bool {
	k := p.key()
	if v, ok := s.memo[k]; ok {
		return v
	}
	won := false
	p.moves(func(_ Move, next rulesPos) bool {
		won = !s.wins(next)
		return !won
	})
	s.memo[k] = won
	return won
}

// splitRows returns the cells of a rectangular board, row-major.
func splitRows(rows []string) []byte { return []byte(strings.Join(rows, "")) }

func joinRows(cells []byte, cols int) []string {
	var out []string
	for i := 0; i < len(cells); i += cols {
		out = append(out, string(cells[i:i+cols]))
	}
	return out
}

// mask returns a key with one byte per cell: '1' where used holds.
func mask(cells []byte, used func(ch byte) bool) string {
	k := make([]byte, len(cells))
	for i, ch := range cells {
		k[i] = '0'
		if used(ch) {
			k[i] = '1'
		}
	}
	return string(k)
}

// ---- Bacterial Tactics ----

// bactPos is a Bacterial Tactics board: '.' empty and uninfected, '#'
// radioactive, anything else infected.
type bactPos struct {
	rows, cols int
	cells      []byte
}

func bactInfected(ch byte) bool { return ch != '.' && ch != '#' }

func (p *bactPos) key() string     { return mask(p.cells, bactInfected) }
func (p *bactPos) board() []string { return joinRows(p.cells, p.cols) }

// place puts a colony on (r, c) and spreads it in its two directions, cell by
// cell, until the edge or an infected cell; ok is false when it reaches a
// radioactive cell (the colony mutates and its player loses: such a move is
// never worth playing, and the package leaves it out of the legal moves).
func (p *bactPos) place(r, c int, colony byte) (next *bactPos, ok bool) {
	n := &bactPos{p.rows, p.cols, bytes.Clone(p.cells)}
	dirs, mark := [2][2]int{{0, -1}, {0, 1}}, byte('-')
	if colony == 'V' {
		dirs, mark = [2][2]int{{-1, 0}, {1, 0}}, '|'
	}
	n.cells[r*p.cols+c] = colony
	for _, d := range dirs {
		for rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < p.rows && cc >= 0 && cc < p.cols; rr, cc = rr+d[0], cc+d[1] {
			ch := p.cells[rr*p.cols+cc]
			if bactInfected(ch) {
				break
			}
			if ch == '#' {
				return nil, false
			}
			n.cells[rr*p.cols+cc] = mark
		}
	}
	return n, true
}

func (p *bactPos) moves(yield func(Move, rulesPos) bool) {
	for r := 0; r < p.rows; r++ {
		for c := 0; c < p.cols; c++ {
			if p.cells[r*p.cols+c] != '.' {
				continue
			}
			for _, colony := range []byte("HV") {
				if next, ok := p.place(r, c, colony); ok && !yield(Move{Row: r, Col: c, Colony: string(colony)}, next) {
					return
				}
			}
		}
	}
}

// ---- Inventor Outlasting ----

// invPos is an Inventor Outlasting board: 'X' a free spot, '.' a free cell
// that is no spot, anything else occupied.
type invPos struct {
	rows, cols int
	cells      []byte
}

func invOccupied(ch byte) bool { return ch != 'X' && ch != '.' }

func (p *invPos) key() string     { return mask(p.cells, invOccupied) }
func (p *invPos) board() []string { return joinRows(p.cells, p.cols) }

func (p *invPos) moves(yield func(Move, rulesPos) bool) {
	for r := 0; r < p.rows; r++ {
		for c := 0; c < p.cols; c++ {
			if p.cells[r*p.cols+c] != 'X' {
				continue
			}
			n := &invPos{p.rows, p.cols, bytes.Clone(p.cells)}
			n.cells[r*p.cols+c] = 'A'
			// Four sign-builders, one per diagonal direction, each putting
			// a sign on every cell it enters until the edge or an occupied
			// cell.
			for _, d := range [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
				mark := byte('\\')
				if d[0] != d[1] {
					mark = '/'
				}
				for rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < p.rows && cc >= 0 && cc < p.cols && !invOccupied(n.cells[rr*p.cols+cc]); rr, cc = rr+d[0], cc+d[1] {
					n.cells[rr*p.cols+cc] = mark
				}
			}
			if !yield(Move{Row: r, Col: c}, n) {
				return
			}
		}
	}
}

// ---- CAOS3 ----

// caosPos is a CAOS3 map: '^' floor, '#' wall, 'O', '-' and '|' lava; the
// monsters are fixed by the start map.
type caosPos struct {
	rows, cols int
	cells      []byte
	monster    []bool
}

func caosLava(ch byte) bool { return ch == 'O' || ch == '-' || ch == '|' }

// caosMonsters marks the '^' cells whose four arms (the runs of '^' cells
// next to them in each direction) are all at least 2 long.
func caosMonsters(rows, cols int, cells []byte) []bool {
	m := make([]bool, len(cells))
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if cells[r*cols+c] != '^' {
				continue
			}
			shortest := rows + cols
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				arm := 0
				for rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < rows && cc >= 0 && cc < cols && cells[rr*cols+cc] == '^'; rr, cc = rr+d[0], cc+d[1] {
					arm++
				}
				shortest = min(shortest, arm)
			}
			m[r*cols+c] = shortest >= 2
		}
	}
	return m
}

func (p *caosPos) key() string     { return mask(p.cells, caosLava) }
func (p *caosPos) board() []string { return joinRows(p.cells, p.cols) }

func (p *caosPos) moves(yield func(Move, rulesPos) bool) {
	for r := 0; r < p.rows; r++ {
		for c := 0; c < p.cols; c++ {
			if !p.monster[r*p.cols+c] || caosLava(p.cells[r*p.cols+c]) {
				continue
			}
			n := &caosPos{p.rows, p.cols, bytes.Clone(p.cells), p.monster}
			n.cells[r*p.cols+c] = 'O'
			// Lava fills the row and the column in all four directions
			// until it meets lava; walls do not stop it.
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				mark := byte('|')
				if d[0] == 0 {
					mark = '-'
				}
				for rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < p.rows && cc >= 0 && cc < p.cols && !caosLava(n.cells[rr*p.cols+cc]); rr, cc = rr+d[0], cc+d[1] {
					n.cells[rr*p.cols+cc] = mark
				}
			}
			if !yield(Move{Row: r, Col: c}, n) {
				return
			}
		}
	}
}

// ---- knights ----

// tokensPos is tokens on a board, count[i] of them on square i, each moving
// by one of steps to a square on the board.
type tokensPos struct {
	rows, cols int
	count      []int
	steps      []moveset.Step
}

func (p *tokensPos) key() string { return fmt.Sprint(p.count) }

func (p *tokensPos) board() []string {
	cells := make([]byte, len(p.count))
	for i, n := range p.count {
		cells[i] = ".K23456789+"[min(n, 10)]
	}
	return joinRows(cells, p.cols)
}

func (p *tokensPos) moves(yield func(Move, rulesPos) bool) {
	for i, n := range p.count {
		if n == 0 {
			continue
		}
		r, c := i/p.cols, i%p.cols
		for _, s := range p.steps {
			rr, cc := r+s.DR, c+s.DC
			if rr < 0 || rr >= p.rows || cc < 0 || cc >= p.cols {
				continue
			}
			next := &tokensPos{p.rows, p.cols, append([]int(nil), p.count...), p.steps}
			next.count[i]--
			next.count[rr*p.cols+cc]++
			if !yield(Move{Row: r, Col: c, To: &Cell{rr, cc}}, next) {
				return
			}
		}
	}
}

// ---- BOI 2008 ----

// boiRules is a BOI 2008 board: n x n cells over ".#AB".
type boiRules struct {
	n      int
	cells  []byte
	starts [2]int // A's and B's start squares
}

// boiPos is a position: both pieces' squares, the player to move (0 for A),
// whether he owes the extra step after landing on the opponent, and whether
// the game is over (the player to move has then lost: the other reached his
// start).
type boiPos struct {
	sq      [2]int
	mover   int
	pending bool
	over    bool
}

// steps returns the white squares next to square i: up, left, right, down.
func (g *boiRules) steps(i int) []int {
	r, c := i/g.n, i%g.n
	var out []int
	for _, d := range [4][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
		rr, cc := r+d[0], c+d[1]
		if rr >= 0 && rr < g.n && cc >= 0 && cc < g.n && g.cells[rr*g.n+cc] != '#' {
			out = append(out, rr*g.n+cc)
		}
	}
	return out
}

// moves returns the moves of p and the positions they lead to: the mover
// steps to a white neighbour; reaching the opponent's start wins at once;
// landing on the opponent (not on his start) gives the same player an extra
// step.
func (g *boiRules) moves(p boiPos) (ms []Move, next []boiPos) {
	if p.over {
		return nil, nil
	}
	other := 1 - p.mover
	for _, to := range g.steps(p.sq[p.mover]) {
		q := p
		q.sq[p.mover] = to
		switch {
		case to == g.starts[other]:
			q.over, q.pending, q.mover = true, false, other
		case !p.pending && to == p.sq[other]:
			q.pending = true
		default:
			q.pending, q.mover = false, other
		}
		ms, next = append(ms, Move{Row: to / g.n, Col: to % g.n}), append(next, q)
	}
	return ms, next
}

// board returns the display board of p.
func (g *boiRules) board(p boiPos) []string {
	cells := bytes.Clone(g.cells)
	for k, ch := range []byte("ab") {
		if p.sq[k] != g.starts[k] {
			cells[p.sq[k]] = ch
		}
	}
	if p.sq[0] == p.sq[1] {
		cells[p.sq[0]] = '*'
	}
	return joinRows(cells, g.n)
}

// values solves every position reachable from p by value iteration: a
// position is won for its mover when some move leads to a position won for
// him (the same mover, after landing on the opponent) or lost for the
// opponent; lost when every move leads to a position lost for him or won
// for the opponent (an ended game is lost for its player to move). Repeated
// until nothing changes, this decides exactly the positions from which a
// player can force a win; the rest are draws (value 0).
func (g *boiRules) values(p boiPos) map[boiPos]result {
	seen := map[boiPos]bool{p: true}
	order := []boiPos{p}
	for i := 0; i < len(order); i++ {
		_, next := g.moves(order[i])
		for _, q := range next {
			if !seen[q] {
				seen[q] = true
				order = append(order, q)
			}
		}
	}
	const unknown = -1
	val := map[boiPos]result{}
	for _, q := range order {
		val[q] = unknown
		if q.over {
			val[q] = loss
		}
	}
	for changed := true; changed; {
		changed = false
		for _, q := range order {
			if val[q] != unknown {
				continue
			}
			_, next := g.moves(q)
			won, allLost := false, true
			for _, r := range next {
				v := val[r]
				if v != unknown && r.mover != q.mover {
					v = win + loss - v // the opponent's value, turned round
				}
				won = won || v == win
				allLost = allLost && v == loss
			}
			switch {
			case won:
				val[q], changed = win, true
			case allLost:
				val[q], changed = loss, true
			}
		}
	}
	for q, v := range val {
		if v == unknown {
			val[q] = draw
		}
	}
	return val
}

// valueFor returns the value for player who of a position valued v for its
// own mover.
func valueFor(val map[boiPos]result, q boiPos, who int) result {
	v := val[q]
	if q.mover != who {
		v = win + loss - v
	}
	return v
}
