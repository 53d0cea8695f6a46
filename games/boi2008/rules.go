package boi2008

import (
	"bytes"
	"context"
	"fmt"
	"iter"
	"strings"

	"nimber/game"
	"nimber/grid"
	"nimber/sg"
)

// BOI 2008 "Game" through the game API, as a loopy game of one part. A
// position is the board as rows of squares ('.' white, '#' black, 'A' and
// 'B' the starts, 'a' and 'b' the pieces when they are off their starts),
// then after a blank line a line saying who is to move ("A to move", "B to
// move") or who has won ("A has won", the winner's piece then stands on the
// other's start).
// A move is a step; a step onto the opponent's piece includes its extra
// step, so the players alternate. Its positions can repeat: they are solved
// into wins, losses and draws with a remoteness, by the retrograde analysis
// of every position (SolvePositions) or the generic one.

// Pieces in a position's text.
const (
	PieceA = 'a'
	PieceB = 'b'
)

// state is a position: both pieces' squares (row-major), the player to
// move, and the winner once there is one.
type state struct {
	b      *Board
	sq     [2]int32 // A's, then B's
	turn   uint8    // 0: A to move, 1: B
	winner uint8    // 0 none, else 'A' or 'B'
}

// step is a move: the square stepped to and, when that lands on the
// opponent, the square of the extra step (-1 otherwise).
type step struct{ to, then int32 }

// rules is BOI 2008 "Game" as game.Rules[state, step].
type rules struct{}

// The capabilities of rules.
var (
	_ game.Rules[state, step]     = rules{}
	_ game.Namer[state]           = rules{}
	_ game.MoveCells[state, step] = rules{}
	_ game.Board                  = rules{}
	_ game.Players                = rules{}
	_ game.Kinded                 = rules{}
	_ game.Outcomer[state]        = rules{}
	_ game.Sizer[state]           = rules{}
)

// Game returns BOI 2008 "Game" through the game API.
func Game() game.Game { return game.Of(rules{}) }

var players = [2]Player{A, B}

func (rules) Parse(text string) (game.Sum[state], error) {
	body, last := strings.TrimRight(text, " \t\r\n"), ""
	if i := strings.LastIndexByte(body, '\n'); i >= 0 && strings.Contains(body[i+1:], " ") {
		body, last = body[:i], strings.TrimSpace(body[i+1:])
	} else if strings.Contains(body, " ") && !strings.Contains(body, "\n") {
		body, last = "", strings.TrimSpace(body)
	}
	g, err := grid.ParseBoard(body, ".#ABab")
	if err != nil {
		return game.Sum[state]{}, err
	}
	if g.Rows*g.Cols > MaxExhaustiveWhite*4 {
		return game.Sum[state]{}, &game.LimitError{What: fmt.Sprintf("board %d x %d", g.Rows, g.Cols), Measure: "squares", Got: int64(g.Rows * g.Cols), Limit: MaxExhaustiveWhite * 4}
	}
	pieces := [2]int{-1, -1}
	for k, ch := range [2]byte{PieceA, PieceB} {
		first := bytes.IndexByte(g.Cells, ch)
		if first >= 0 && bytes.IndexByte(g.Cells[first+1:], ch) >= 0 {
			return game.Sum[state]{}, fmt.Errorf("more than one %c", ch)
		}
		if first >= 0 {
			pieces[k], g.Cells[first] = first, White
		}
	}
	b, err := NewBoard(g)
	if err != nil {
		return game.Sum[state]{}, err
	}
	s := state{b: b, sq: [2]int32{int32(b.A), int32(b.B)}}
	for k := range pieces {
		if pieces[k] >= 0 {
			s.sq[k] = int32(pieces[k])
		}
	}
	switch last {
	case "", "A to move":
	case "B to move":
		s.turn = 1
	case "A has won", "B has won":
		w := 0
		if last[0] == 'B' {
			w = 1
		}
		if pieces[w] >= 0 {
			return game.Sum[state]{}, fmt.Errorf("%c has won, so %c's piece stands on %c's start, not on its own square", last[0], last[0], "BA"[w])
		}
		s.sq[w] = int32([2]int{b.B, b.A}[w])
		s.winner, s.turn = last[0], uint8(1-w)
	default:
		return game.Sum[state]{}, fmt.Errorf("last line %q: want \"A to move\", \"B to move\", \"A has won\" or \"B has won\"", clip(last))
	}
	return game.Sum[state]{Parts: []state{s}, Frame: s}, nil
}

// Format writes the position, or, for a sum joined from several
// (game.Game.Join, which Analyze refuses), each in turn with a blank line
// between them; the empty sum (Join of nothing) is the empty text.
func (rules) Format(sum game.Sum[state]) string {
	return game.JoinParts(sum.Parts, state.format, "\n")
}

// format writes one position.
func (s state) format() string {
	cells := bytes.Clone(s.b.Grid.Cells)
	for k, ch := range [2]byte{PieceA, PieceB} {
		if i := int(s.sq[k]); i != s.b.A && i != s.b.B {
			cells[i] = ch
		}
	}
	last := players[s.turn].String() + " to move"
	if s.winner != 0 {
		last = string(rune(s.winner)) + " has won"
	}
	return grid.Grid{Rows: s.b.N, Cols: s.b.N, Cells: cells}.String() + "\n" + last + "\n"
}

// Name writes a position on one line: "A(1,1) B(4,4), A to move"; "0" for
// the empty sum, and the positions of a joined sum with " + " between them.
func (rules) Name(sum game.Sum[state]) string {
	return game.NameParts(sum.Parts, state.name, " + ")
}

// name writes one position on one line.
func (s state) name() string {
	n := s.b.N
	pos := fmt.Sprintf("A(%d,%d) B(%d,%d)", s.sq[0]/int32(n)+1, s.sq[0]%int32(n)+1, s.sq[1]/int32(n)+1, s.sq[1]%int32(n)+1)
	if s.winner != 0 {
		return pos + ", " + string(rune(s.winner)) + " has won"
	}
	return pos + ", " + players[s.turn].String() + " to move"
}

// Moves yields the steps of the player to move, in the order of
// Board.neighbours, a step onto the opponent once per extra step.
func (rules) Moves(s state) iter.Seq2[step, []state] {
	return func(yield func(step, []state) bool) {
		if s.winner != 0 {
			return
		}
		me, other := int(s.turn), 1-int(s.turn)
		target := int32([2]int{s.b.B, s.b.A}[me])
		var buf [1]state
		arrive := func(m step, at int32) bool {
			next := s
			next.sq[me] = at
			next.turn = uint8(other)
			if at == target {
				next.winner = byte(players[me])
			}
			buf[0] = next
			return yield(m, buf[:])
		}
		ok := true
		s.b.neighbours(int(s.sq[me]), func(j int) {
			if !ok {
				return
			}
			to := int32(j)
			if to != s.sq[other] || to == target {
				ok = arrive(step{to, -1}, to)
				return
			}
			s.b.neighbours(j, func(k int) {
				if ok {
					ok = arrive(step{to, int32(k)}, int32(k))
				}
			})
		})
	}
}

// Describe says a step, 1-based: "A to row 2, column 3", "A to row 2,
// column 3 onto B, then to row 2, column 4", with "and wins" when it
// reaches the other's start.
func (rules) Describe(s state, m step) string {
	me := players[s.turn]
	n := int32(s.b.N)
	at := func(i int32) string { return fmt.Sprintf("row %d, column %d", i/n+1, i%n+1) }
	text := fmt.Sprintf("%v to %s", me, at(m.to))
	last := m.to
	if m.then >= 0 {
		text += fmt.Sprintf(" onto %v, then to %s", players[1-s.turn], at(m.then))
		last = m.then
	}
	if last == int32([2]int{s.b.B, s.b.A}[s.turn]) {
		text += " and wins"
	}
	return text
}

func (rules) Cells(s state, m step) []game.Cell {
	n := int32(s.b.N)
	cells := []game.Cell{{Row: int(m.to / n), Col: int(m.to % n)}}
	if m.then >= 0 {
		cells = append(cells, game.Cell{Row: int(m.then / n), Col: int(m.then % n)})
	}
	return cells
}

// Check refuses boards of more white squares than the retrograde analysis
// of every position takes (MaxExhaustiveWhite).
func (rules) Check(sum game.Sum[state]) error {
	for _, s := range sum.Parts {
		white := s.b.N*s.b.N - bytes.Count(s.b.Grid.Cells, []byte{Black})
		if err := game.CheckLimit(fmt.Sprintf("board %d x %d", s.b.N, s.b.N), "white squares", int64(white), MaxExhaustiveWhite); err != nil {
			return err
		}
	}
	return nil
}

func (rules) Legend() []game.Symbol {
	return []game.Symbol{
		{Char: string(White), Meaning: "white square", Start: true},
		{Char: string(Black), Meaning: "black square", Start: true},
		{Char: string(StartA), Meaning: "A's start (and A's piece while it is there)", Start: true},
		{Char: string(StartB), Meaning: "B's start (and B's piece while it is there)", Start: true},
		{Char: string(PieceA), Meaning: "A's piece"},
		{Char: string(PieceB), Meaning: "B's piece"},
	}
}

func (rules) Players() [2]string { return [2]string{"A", "B"} }

// Kind reports that positions can repeat: the game is loopy.
func (rules) Kind() game.Kind { return game.Loopy }

// Outcomes solves every position of the board by SolvePositions.
func (rules) Outcomes(ctx context.Context, sum game.Sum[state]) (func(state) (sg.Outcome, int, error), error) {
	b := sum.Parts[0].b
	pos, err := SolvePositions(ctx, b)
	if err != nil {
		return nil, err
	}
	return func(s state) (sg.Outcome, int, error) {
		if s.winner != 0 {
			return sg.P, 0, nil
		}
		a, bq := b.Square(int(s.sq[0])), b.Square(int(s.sq[1]))
		o, ok := pos.Outcome(a, bq, players[s.turn])
		if !ok {
			return 0, 0, fmt.Errorf("boi2008: no outcome for A on %v, B on %v", a, bq)
		}
		if o == Draw {
			return sg.D, 0, nil
		}
		rem, _ := pos.Remoteness(a, bq, players[s.turn])
		if byte(o) == byte(players[s.turn]) {
			return sg.N, rem, nil
		}
		return sg.P, rem, nil
	}, nil
}

// Memory estimates the bytes of SolvePositions: about 26 bytes for each of
// the 2 W^2 positions of W white squares.
func (rules) Memory(sum game.Sum[state]) int64 {
	var n int64
	for _, s := range sum.Parts {
		white := int64(s.b.N*s.b.N - bytes.Count(s.b.Grid.Cells, []byte{Black}))
		n += 26 * 2 * white * white
	}
	return n
}

// clip shortens s to 24 bytes for an error message.
func clip(s string) string { return game.Clip(s, 24) }
