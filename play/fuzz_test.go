package play

import (
	"strings"
	"testing"
)

// FuzzReplay checks that Replay never panics, and that what it returns is
// consistent: a board of the right size, outcome and players spelled as
// documented, winning moves among the legal ones, and an engine move that
// Replay accepts. The moves are read from data, four bytes each: row and
// column (-1..10), the colony ("", "H", "V" or "X") and the destination
// (none, or a cell -1..6).
func FuzzReplay(f *testing.F) {
	f.Add(uint8(0), "...\n.#.\n...", []byte{0, 1, 1, 0, 2, 1, 1, 0})
	f.Add(uint8(1), "A..\n...\n..B", []byte{0, 2, 0, 0, 2, 3, 0, 0, 1, 2, 0, 0})
	f.Add(uint8(2), "^^^^^\n^^^^^\n^^^^^\n^^^^^\n^^^^^", []byte{3, 3, 0, 0})
	f.Add(uint8(3), "X.X\n.X.\nX.X", []byte{2, 2, 0, 0, 1, 1, 0, 0})
	f.Add(uint8(4), "K..\n...\n..K", []byte{3, 3, 0, 0x12})
	f.Add(uint8(0), "", []byte{})
	f.Add(uint8(1), "A\nB", []byte{1})
	f.Fuzz(func(t *testing.T, game uint8, board string, data []byte) {
		names := Games()
		name := names[int(game)%len(names)]
		var rows []string
		if board != "" {
			rows = strings.Split(board, "\n")
		}
		if len(rows) > 12 || len(board) > 200 {
			return // keep the runs short; the limits are tested elsewhere
		}
		var moves []Move
		for i := 0; i+4 <= len(data) && len(moves) < 64; i += 4 {
			m := Move{Row: int(data[i]%12) - 1, Col: int(data[i+1]%12) - 1, Colony: []string{"", "H", "V", "X"}[data[i+2]%4]}
			if d := data[i+3]; d != 0 {
				m.To = &Cell{Row: int(d>>4)%8 - 1, Col: int(d&15)%8 - 1}
			}
			moves = append(moves, m)
		}
		p, err := Replay(t.Context(), name, rows, moves)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error on more than one line: %q", err)
			}
			return
		}
		if len(p.Board) != len(rows) || p.Legal == nil || p.Winning == nil || len(p.Moves) != len(moves) {
			t.Fatalf("position %+v", p)
		}
		for i, r := range p.Board {
			if len(r) != len(rows[i]) {
				t.Fatalf("display row %d %q for %q", i, r, rows[i])
			}
		}
		switch p.Outcome {
		case OutcomeN, OutcomeP, OutcomeD:
		default:
			t.Fatalf("outcome %q", p.Outcome)
		}
		if (p.Outcome == OutcomeN) != (len(p.Winning) > 0) || p.Over != (len(p.Legal) == 0) || p.Over != (p.Winner != "") {
			t.Fatalf("outcome %s, over %v, winner %q, %d winning and %d legal moves", p.Outcome, p.Over, p.Winner, len(p.Winning), len(p.Legal))
		}
		for _, w := range p.Winning {
			if !containsMove(p.Legal, w) {
				t.Fatalf("winning move %v is not legal", w)
			}
		}
		m, ok := p.EngineMove()
		if ok == p.Over {
			t.Fatalf("EngineMove ok = %v, over %v", ok, p.Over)
		}
		if ok {
			if _, err := Replay(t.Context(), name, rows, append(moves, m)); err != nil {
				t.Fatalf("engine move %v refused: %v", m, err)
			}
		}
	})
}

func containsMove(list []Move, m Move) bool {
	for _, x := range list {
		if equalMoves([]Move{x}, []Move{m}) {
			return true
		}
	}
	return false
}
