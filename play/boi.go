package play

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"nimber/games/boi2008"
	"nimber/games/grid"
)

// boiState is a game of BOI 2008 in progress: the squares of both pieces,
// the player to move, and whether he owes the extra step after landing on
// the opponent (both pieces then share a square).
type boiState struct {
	g       grid.Grid
	b       *boi2008.Board
	pos     *boi2008.Positions
	sq      [2]int // squares of A's and B's pieces, row-major
	mover   int    // 0 for A, 1 for B
	pending bool   // the mover stands on the opponent and steps again
	over    bool   // the mover of the last move has won
}

var boiPlayers = [2]boi2008.Player{boi2008.A, boi2008.B}

func startBOI(ctx context.Context, g grid.Grid, _ ReplayOptions) (state, error) {
	b, err := boi2008.NewBoard(g)
	if err != nil {
		var ce *grid.CellError
		if errors.As(err, &ce) {
			col := ce.Col
			if ce.Row < 0 {
				col = -1
			}
			return nil, &BoardError{Row: ce.Row, Col: col, Msg: ce.Msg}
		}
		return nil, err
	}
	pos, err := boi2008.SolvePositions(ctx, b)
	if err != nil {
		return nil, err
	}
	return &boiState{g: g, b: b, pos: pos, sq: [2]int{b.A, b.B}}, nil
}

// starts returns the start squares: starts()[p] is player p's.
func (s *boiState) starts() [2]int { return [2]int{s.b.A, s.b.B} }

// steps returns the white squares next to square i, row-major.
func (s *boiState) steps(i int) []int {
	n := s.b.N
	r, c := i/n, i%n
	out := make([]int, 0, 4)
	add := func(ok bool, j int) {
		if ok && s.g.Cells[j] != boi2008.Black {
			out = append(out, j)
		}
	}
	add(r > 0, i-n)
	add(c > 0, i-1)
	add(c+1 < n, i+1)
	add(r+1 < n, i+n)
	return out
}

func (s *boiState) play(m Move) error {
	if s.over {
		return fmt.Errorf("the game is over: %v has won", boiPlayers[s.mover])
	}
	n := s.b.N
	x, to := s.sq[s.mover], m.Row*n+m.Col
	if abs(m.Row-x/n)+abs(m.Col-x%n) != 1 {
		return fmt.Errorf("not a step from %s, where %v's piece stands", cellName(x/n, x%n), boiPlayers[s.mover])
	}
	if s.g.Cells[to] == boi2008.Black {
		return errors.New("square is black")
	}
	other := 1 - s.mover
	s.sq[s.mover] = to
	switch {
	case to == s.starts()[other]:
		s.over, s.pending = true, false
	case !s.pending && to == s.sq[other]:
		s.pending = true
	default:
		s.pending = false
		s.mover = other
	}
	return nil
}

// result is the value of a position for one player: he wins, loses, or
// neither can force a win.
type result int

const (
	loss result = iota
	draw
	win
)

// verdict is the result of a move for its player and the remoteness of the
// position it leads to (boi2008.Positions.Remoteness, 0 when the move ends
// the game or the position is drawn).
type verdict struct {
	result result
	rem    int
}

// better reports whether v is better than w for the player choosing: a win,
// the sooner the better, then a draw, then a loss, the later the better.
func (v verdict) better(w verdict) bool {
	if v.result != w.result {
		return v.result > w.result
	}
	if v.result == win {
		return v.rem < w.rem
	}
	return v.rem > w.rem
}

// after returns the verdict of a step of the mover to square to that does
// not land on the opponent, or that is the extra step.
func (s *boiState) after(to int) (verdict, error) {
	next := 1 - s.mover
	if to == s.starts()[next] {
		return verdict{win, 0}, nil
	}
	sq := s.sq
	sq[s.mover] = to
	a, b := s.b.Square(sq[0]), s.b.Square(sq[1])
	o, ok := s.pos.Outcome(a, b, boiPlayers[next])
	if !ok {
		return verdict{}, fmt.Errorf("internal error: no outcome for A on %v, B on %v", a, b)
	}
	rem, _ := s.pos.Remoteness(a, b, boiPlayers[next])
	switch {
	case o == boi2008.Draw:
		return verdict{draw, 0}, nil
	case byte(o) == byte(boiPlayers[next]):
		return verdict{loss, rem}, nil
	}
	return verdict{win, rem}, nil
}

// moveVerdict returns the verdict of the mover's step to square to. A step
// onto the opponent is worth the best of the extra steps that follow.
func (s *boiState) moveVerdict(to int) (verdict, error) {
	other := 1 - s.mover
	if s.pending || to != s.sq[other] || to == s.starts()[other] {
		return s.after(to)
	}
	best := verdict{loss, 0}
	for _, m := range s.steps(to) {
		v, err := s.after(m)
		if err != nil {
			return verdict{}, err
		}
		if v.better(best) {
			best = v
		}
	}
	return best, nil
}

func (s *boiState) analyse(p *Position) error {
	n := s.b.N
	cells := append([]byte(nil), s.g.Cells...)
	for k, ch := range [2]byte{'a', 'b'} {
		if i := s.sq[k]; i != s.starts()[k] {
			cells[i] = ch
		}
	}
	if s.sq[0] == s.sq[1] {
		cells[s.sq[0]] = '*'
	}
	p.Board = displayRows(cells, n)
	if s.over {
		p.ToMove = boiPlayers[1-s.mover].String()
		p.Over, p.Winner, p.Outcome = true, boiPlayers[s.mover].String(), OutcomeP
		return nil
	}
	p.ToMove = boiPlayers[s.mover].String()
	best := verdict{loss, 0}
	type ranked struct {
		m   Move
		rem int
	}
	var winning []ranked
	var drawing []Move
	for _, to := range s.steps(s.sq[s.mover]) {
		m := Move{Row: to / n, Col: to % n}
		v, err := s.moveVerdict(to)
		if err != nil {
			return err
		}
		p.Legal = append(p.Legal, m)
		switch v.result {
		case win:
			winning = append(winning, ranked{m, v.rem})
		case draw:
			drawing = append(drawing, m)
		}
		if v.better(best) {
			best = v
		}
	}
	// The quickest wins first, so that EngineMove makes progress: in a game
	// with cycles, a winning move that does not bring the win nearer could
	// let the game go on forever.
	slices.SortStableFunc(winning, func(x, y ranked) int { return x.rem - y.rem })
	for _, w := range winning {
		p.Winning = append(p.Winning, w.m)
	}
	switch best.result {
	case win:
		p.Outcome = OutcomeN
	case draw:
		p.Outcome, p.Drawing = OutcomeD, drawing
	default:
		p.Outcome = OutcomeP
	}
	if len(p.Legal) == 0 { // a piece walled in: cannot happen on a valid board
		p.Over, p.Winner = true, boiPlayers[1-s.mover].String()
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
