package boi2008

import (
	"context"
	"fmt"
	"slices"
)

// Outcome is the result of the unrestricted game under best play.
type Outcome byte

// The outcomes of the unrestricted game.
const (
	// AWins: A, who moves first, has a winning strategy.
	AWins Outcome = 'A'
	// BWins: B has a winning strategy.
	BWins Outcome = 'B'
	// Draw: neither player can force a win, so best play goes on forever.
	Draw Outcome = 'D'
)

// String returns "A", "B" or "draw".
func (o Outcome) String() string {
	switch o {
	case AWins:
		return "A"
	case BWins:
		return "B"
	case Draw:
		return "draw"
	}
	return fmt.Sprintf("Outcome(%d)", byte(o))
}

// MaxExhaustiveWhite bounds the white squares of the boards Exhaustive
// accepts. The search has 2*W^2 states for W white squares and needs about
// 26 bytes per state, so the bound (a 32 x 32 open board) keeps it near 55 MB
// and well under a second.
const MaxExhaustiveWhite = 1024

// Exhaustive decides the unrestricted game on b straight from the rules, by
// retrograde analysis over every position; it uses neither the distances of
// the board nor any notion of shortest paths.
//
// A position is the square of A's piece, the square of B's piece and the
// side to move; the game starts with A to move from b.A and b.B. The side to
// move steps to an orthogonally adjacent white square. A step onto the
// opponent's start square wins at once, even when the opponent stands there.
// A step onto the square where the opponent stands (not his start square) is
// followed at once by one extra step to any adjacent white square, and that
// extra step wins if it reaches the opponent's start square. Passing is not
// allowed; a player whose piece has no white neighbour loses (this cannot
// happen on a board NewBoard accepts, where every white square the pieces can
// reach has a neighbour). Positions may repeat: a position from which neither
// side can force a win is a draw.
//
// Exhaustive returns an error when b has more than MaxExhaustiveWhite white
// squares, or ctx's error when ctx is done before the search ends.
func Exhaustive(ctx context.Context, b *Board) (Outcome, error) {
	s, err := newExSearch(ctx, b, false)
	if err != nil {
		return 0, err
	}
	switch s.val[s.state(turnA, s.idx[b.A], s.idx[b.B])] {
	case exWin:
		return AWins, nil
	case exLoss:
		return BWins, nil
	}
	return Draw, nil
}

// ExhaustiveFirstMoves returns, in row-major order, A's first moves after
// which A still wins the unrestricted game under best play (see Exhaustive);
// it is empty unless A wins. A move is named by the square A's first step
// reaches. The first move never has an extra step: B then still stands on
// his start square, so stepping onto B's piece wins at once.
func ExhaustiveFirstMoves(ctx context.Context, b *Board) (winning []Square, err error) {
	s, err := newExSearch(ctx, b, false)
	if err != nil {
		return nil, err
	}
	a0, b0 := s.idx[b.A], s.idx[b.B]
	for _, n := range s.nbr[a0] {
		if n == b0 || s.val[s.state(turnB, n, b0)] == exLoss {
			winning = append(winning, b.Square(int(s.sq[n])))
		}
	}
	slices.SortFunc(winning, func(x, y Square) int {
		if x.Row != y.Row {
			return x.Row - y.Row
		}
		return x.Col - y.Col
	})
	return winning, nil
}

// Sides to move, as the high part of a state number.
const (
	turnA = 0
	turnB = 1
)

// Values of states, for the side to move.
const (
	exUnknown byte = iota // undecided; a draw once the search ends
	exWin
	exLoss
	exInvalid // not a position of the game
)

// exSearch is the solved table of the unrestricted game on one board. White
// squares are numbered 0..w-1 in row-major order; state (t, a, b) is numbered
// (t*w+a)*w+b, with t the side to move and a, b the squares of A and B.
type exSearch struct {
	w   int
	sq  []int32   // board index of each white square
	idx []int32   // white number of each board square, -1 for black
	nbr [][]int32 // white neighbours of each white square
	sA  int32     // A's start square, as a white number
	sB  int32     // B's start square, as a white number
	val []byte    // value of each state for the side to move
	// rem is the remoteness of each decided state, when asked for: the
	// moves left under best play, the winner winning as fast and the loser
	// losing as slowly as he can (a step with its extra step is one move).
	rem []int32
}

func (s *exSearch) state(t int, a, b int32) int32 {
	return int32((t*s.w+int(a))*s.w + int(b))
}

// moves generates the moves of state st: it reports whether the side to move
// has a move that wins at once, and otherwise appends the state after each
// move to buf (each successor once: on a grid a single step and a double
// step never reach the same square) and returns it.
func (s *exSearch) moves(st int32, buf []int32) (win bool, succ []int32) {
	w := int32(s.w)
	t := st / (w * w)
	a, b := st/w%w, st%w
	x, y, goal := a, b, s.sB // mover, opponent, opponent's start
	if t == turnB {
		x, y, goal = b, a, s.sA
	}
	next := func(m int32) int32 { // the state after the mover ends on m
		if t == turnA {
			return s.state(turnB, m, y)
		}
		return s.state(turnA, y, m)
	}
	succ = buf[:0]
	for _, n := range s.nbr[x] {
		switch {
		case n == goal:
			return true, nil
		case n == y:
			for _, m := range s.nbr[n] {
				if m == goal {
					return true, nil
				}
				succ = append(succ, next(m))
			}
		default:
			succ = append(succ, next(n))
		}
	}
	return false, succ
}

// newExSearch solves every position of b by retrograde analysis: positions
// with a winning step are won, positions without a move are lost, then a
// position is won when some move leads to a position lost for the opponent
// and lost when every move leads to one won for him. What stays undecided is
// a draw. With remoteness it also fills s.rem: the queue then starts with
// the positions without a move (remoteness 0) before those with a winning
// step (1), so that it holds the decided positions by increasing
// remoteness, as in a breadth-first search: a won position is decided by
// its successor of least remoteness, a lost one by its successor of
// greatest remoteness.
func newExSearch(ctx context.Context, b *Board, remoteness bool) (*exSearch, error) {
	if b.A == b.B || !b.white(b.A) || !b.white(b.B) {
		return nil, fmt.Errorf("boi2008: exhaustive search: start squares %d and %d must be distinct white squares", b.A, b.B)
	}
	cells := len(b.Grid.Cells)
	s := &exSearch{idx: make([]int32, cells)}
	for i := range cells {
		s.idx[i] = -1
		if b.white(i) {
			s.idx[i] = int32(len(s.sq))
			s.sq = append(s.sq, int32(i))
		}
	}
	s.w = len(s.sq)
	if s.w > MaxExhaustiveWhite {
		return nil, fmt.Errorf("boi2008: exhaustive search: %d white squares, at most %d supported", s.w, MaxExhaustiveWhite)
	}
	s.nbr = make([][]int32, s.w)
	for k, i := range s.sq {
		b.neighbours(int(i), func(j int) { s.nbr[k] = append(s.nbr[k], s.idx[j]) })
	}
	s.sA, s.sB = s.idx[b.A], s.idx[b.B]

	w := int32(s.w)
	total := 2 * w * w
	s.val = make([]byte, total)
	deg := make([]uint8, total)      // undecided successors of each state
	off := make([]int32, total+1)    // predecessor lists, CSR
	queue := make([]int32, 0, total) // every state is queued at most once
	var wins []int32                 // with remoteness: the won terminal states
	buf := make([]int32, 0, 16)
	tick := func(st int32) error {
		if st&0xfff == 0 {
			return ctx.Err()
		}
		return nil
	}

	// Pass 1: terminal states, out-degrees and in-degrees. The pieces never
	// share a square, A never stands on B's start and B never on A's (the
	// game would be over); such states are left out.
	for st := int32(0); st < total; st++ {
		if err := tick(st); err != nil {
			return nil, err
		}
		a, bb := st/w%w, st%w
		if a == bb || a == s.sB || bb == s.sA {
			s.val[st] = exInvalid
			continue
		}
		win, succ := s.moves(st, buf)
		buf = succ
		switch {
		case win:
			s.val[st] = exWin
			if remoteness {
				wins = append(wins, st)
			} else {
				queue = append(queue, st)
			}
		case len(succ) == 0:
			s.val[st] = exLoss
			queue = append(queue, st)
		default:
			deg[st] = uint8(len(succ))
			for _, n := range succ {
				off[n]++
			}
		}
	}
	if remoteness {
		s.rem = make([]int32, total)
		for _, st := range wins {
			s.rem[st] = 1
		}
		queue = append(queue, wins...)
	}
	// off[n] becomes the end of n's predecessor list; pass 2 fills each list
	// backwards, leaving off[n] at its start and off[n+1] at its end.
	for st := int32(1); st <= total; st++ {
		off[st] += off[st-1]
	}
	pred := make([]int32, off[total])
	for st := int32(0); st < total; st++ {
		if err := tick(st); err != nil {
			return nil, err
		}
		if deg[st] == 0 {
			continue // terminal or invalid: no successors recorded
		}
		_, succ := s.moves(st, buf)
		buf = succ
		for _, n := range succ {
			off[n]--
			pred[off[n]] = st
		}
	}

	// Pass 3: propagate from the decided states.
	for head := 0; head < len(queue); head++ {
		st := queue[head]
		if err := tick(int32(head)); err != nil {
			return nil, err
		}
		for _, p := range pred[off[st]:off[st+1]] {
			if s.val[p] != exUnknown {
				continue
			}
			if s.val[st] == exLoss {
				s.val[p] = exWin
			} else if deg[p]--; deg[p] == 0 {
				s.val[p] = exLoss
			} else {
				continue
			}
			queue = append(queue, p)
			if s.rem != nil {
				s.rem[p] = s.rem[st] + 1
			}
		}
	}
	return s, nil
}

// Positions holds the outcome of every position of the unrestricted game on
// one board, as the retrograde analysis of Exhaustive computes them.
type Positions struct {
	b *Board
	s *exSearch
}

// SolvePositions solves every position of the unrestricted game on b by the
// retrograde analysis of Exhaustive, with the same limits and errors: at
// most MaxExhaustiveWhite white squares, and ctx's error when ctx is done
// before the search ends. It also keeps the remoteness of every decided
// position, 4 more bytes per position.
func SolvePositions(ctx context.Context, b *Board) (*Positions, error) {
	s, err := newExSearch(ctx, b, true)
	if err != nil {
		return nil, err
	}
	return &Positions{b: b, s: s}, nil
}

// Outcome returns the outcome under best play of the position in which A's
// piece stands on a, B's on b and toMove is to move: AWins, BWins or Draw.
// As in Exhaustive, a move onto the opponent's square includes its extra
// step, so no position has both pieces on one square. ok is false when the
// arguments are not a position of a game in progress: a square off the board
// or black, both pieces on one square, A on B's start or B on A's start (the
// game is over), or toMove neither A nor B.
func (p *Positions) Outcome(a, b Square, toMove Player) (o Outcome, ok bool) {
	st, ok := p.state(a, b, toMove)
	if !ok {
		return 0, false
	}
	mover, other := AWins, BWins
	if toMove == B {
		mover, other = BWins, AWins
	}
	switch p.s.val[st] {
	case exWin:
		return mover, true
	case exLoss:
		return other, true
	case exUnknown:
		return Draw, true
	}
	return 0, false // exInvalid
}

// Remoteness returns the number of moves left in the position of Outcome
// when both players play best: the winner wins as fast as he can and the
// loser loses as slowly as he can; a step onto the opponent with its extra
// step counts as one move. Playing, in a won position, a move to a position
// of remoteness one less (one always exists) therefore wins for sure. ok is
// false for a drawn position and where Outcome's is.
func (p *Positions) Remoteness(a, b Square, toMove Player) (moves int, ok bool) {
	st, ok := p.state(a, b, toMove)
	if !ok || p.s.val[st] == exUnknown {
		return 0, false
	}
	return int(p.s.rem[st]), true
}

// state returns the number of the position of Outcome, or ok=false when it
// is not a position of a game in progress.
func (p *Positions) state(a, b Square, toMove Player) (int32, bool) {
	s := p.s
	ia, ok := p.white(a)
	if !ok {
		return 0, false
	}
	ib, ok := p.white(b)
	if !ok {
		return 0, false
	}
	t := turnA
	switch toMove {
	case A:
	case B:
		t = turnB
	default:
		return 0, false
	}
	st := s.state(t, ia, ib)
	return st, s.val[st] != exInvalid
}

// white returns the white number of square q, or ok=false when q is off the
// board or black.
func (p *Positions) white(q Square) (int32, bool) {
	n := p.b.N
	if q.Row < 0 || q.Row >= n || q.Col < 0 || q.Col >= n {
		return 0, false
	}
	i := p.s.idx[q.Row*n+q.Col]
	return i, i >= 0
}
