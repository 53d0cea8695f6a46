package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"nimber/game"
	"nimber/internal/testsize"
	"nimber/problems"
	"nimber/registry"
	"nimber/registry/registrytest"
)

// trials returns n, or a tenth of it in -short mode.
func trials(n int) int { return testsize.N(n, max(1, n/10)) }

// starts draws random start positions of the games the tests play: the
// official problems' generators for the board games, random tokens and
// heaps for the others.
var starts = map[string]func(rng *rand.Rand) string{
	"bacterial-tactics":   boardOf("bacterial-tactics", 1, 7, -1),
	"inventor-outlasting": boardOf("inventor-outlasting", 1, 7, -1),
	"caos3":               boardOf("caos3", 5, 10, 0.05),
	"boi2008-game":        boardOf("boi2008-game", 2, 7, -1),
	"knights": func(rng *rand.Rand) string {
		r, c := 2+rng.IntN(7), 2+rng.IntN(7)
		text := fmt.Sprintf("%dx%d", r, c)
		for range 1 + rng.IntN(4) {
			text += fmt.Sprintf(" %d,%d", 1+rng.IntN(r), 1+rng.IntN(c))
		}
		return text
	},
	"0.77":      heaps(12),
	"sub:1,3,4": heaps(20),
}

// boardOf draws boards of problem name with sides lo..hi.
func boardOf(name string, lo, hi int, density float64) func(*rand.Rand) string {
	return func(rng *rand.Rand) string {
		p, err := registry.Problem(name)
		if err != nil {
			panic(err)
		}
		n := lo + rng.IntN(hi-lo+1)
		m := n
		if !p.Spec.Square {
			m = lo + rng.IntN(hi-lo+1)
		}
		cases, err := p.Generate(problems.GenOptions{Cases: 1, Rows: n, Cols: m, Density: density, Seed: rng.Uint64()})
		if err != nil {
			panic(err)
		}
		return cases[0].String()
	}
}

// heaps draws one to three heaps below most.
func heaps(most int) func(*rand.Rand) string {
	return func(rng *rand.Rand) string {
		var hs []string
		for range 1 + rng.IntN(3) {
			hs = append(hs, fmt.Sprint(rng.IntN(most)))
		}
		return strings.Join(hs, " ")
	}
}

// TestEngineWins plays EngineMove for the player who starts in a won
// position against a random opponent: he must always win, and
// ReplayAndReply must make the same move and reach the same state as
// Replay.
func TestEngineWins(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for name, draw := range starts {
		t.Run(name, func(t *testing.T) {
			g := registrytest.Game(t, name)
			games, plies := 0, 0
			for tries := 0; games < trials(200) && tries < 100*trials(200); tries++ {
				start := draw(rng)
				s, err := Replay(t.Context(), g, start, nil, game.Options{})
				if err != nil {
					t.Fatalf("%q: %v", start, err)
				}
				if s.Outcome != "N" {
					continue
				}
				games++
				engine := s.ToMove
				var moves []Choice
				for !s.Over {
					if len(moves) > 2000 {
						t.Fatalf("no end after %d moves from\n%s", len(moves), start)
					}
					var m Choice
					if s.ToMove == engine {
						if s.Outcome != "N" {
							t.Fatalf("the engine is to move in a %s position\n%s", s.Outcome, s.Position)
						}
						m, _ = s.EngineMove()
						q, reply, err := ReplayAndReply(t.Context(), g, start, moves, game.Options{})
						after, err2 := Replay(t.Context(), g, start, append(moves[:len(moves):len(moves)], m), game.Options{})
						if err != nil || err2 != nil || reply == nil || *reply != m || !reflect.DeepEqual(q, after) {
							t.Fatalf("ReplayAndReply after %v: %v, %v, %v; want %v", moves, reply, err, err2, m)
						}
					} else {
						o := s.Legal[rng.IntN(len(s.Legal))]
						m = o.Choice
					}
					moves = append(moves, m)
					if s, err = Replay(t.Context(), g, start, moves, game.Options{}); err != nil {
						t.Fatal(err)
					}
				}
				plies += len(moves)
				if s.Winner != engine {
					t.Fatalf("the engine (%s) lost from\n%s\nmoves %v", engine, start, moves)
				}
				if _, reply, err := ReplayAndReply(t.Context(), g, start, moves, game.Options{}); err != nil || reply != nil {
					t.Fatalf("ReplayAndReply of an ended game: %v, %v", reply, err)
				}
			}
			if games == 0 {
				t.Fatal("no won start found")
			}
			t.Logf("the engine won %d games of %d moves in all", games, plies)
		})
	}
}

// TestBOIDrawnPosition checks a drawn position, which random games from
// valid starts do not reach: A and B in a room that neither start is in.
func TestBOIDrawnPosition(t *testing.T) {
	g := registrytest.Game(t, "boi2008-game")
	s, err := Replay(t.Context(), g, "A...B\n#####\na....\n.b...\n.....\n\nA to move\n", nil, game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Outcome != "D" || len(s.Legal) != 2 || s.Over {
		t.Fatalf("outcome %s with %d moves; want a draw with 2", s.Outcome, len(s.Legal))
	}
	for _, o := range s.Legal {
		if o.Outcome != "D" || o.Winning {
			t.Errorf("move %q: %s", o.Text, o.Outcome)
		}
	}
	if m, ok := s.EngineMove(); !ok || m != s.Legal[0].Choice {
		t.Errorf("EngineMove = %v, %v; want the first drawing move", m, ok)
	}
}

func TestReplayErrors(t *testing.T) {
	g := registrytest.Game(t, "0.77")
	for _, tc := range []struct {
		start string
		moves []Choice
		want  string
	}{
		{"5 x", nil, `heap 2: "x" is not a heap size`},
		{"5", []Choice{{0, "take 1, leaving heap 4"}, {0, "take 9, leaving nothing"}}, `move 2 (take 9, leaving nothing): "take 9, leaving nothing" is not one of the 4 moves of heap 1`},
		{"5", []Choice{{3, "take 1, leaving heap 4"}}, "move 1 (take 1, leaving heap 4): no heap 4: the position has 1"},
		{"1", []Choice{{0, "take 1, leaving nothing"}, {0, "take 1, leaving nothing"}}, "move 2 (take 1, leaving nothing): no heap 1: the position has 0"},
		{"5", make([]Choice, MaxMoves+1), "10001 moves, limit 10000"},
	} {
		_, err := Replay(t.Context(), g, tc.start, tc.moves, game.Options{})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q %v: error %v, want %q", tc.start, tc.moves, err, tc.want)
		}
	}
	_, err := Replay(t.Context(), g, "5", []Choice{{3, "x"}}, game.Options{})
	var me *MoveError
	if !errors.As(err, &me) || me.Number != 1 {
		t.Errorf("err = %v, want a *MoveError", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := Replay(ctx, registrytest.Game(t, "caos3"), "^^^^^\n^^^^^\n^^^^^\n^^^^^\n^^^^^", nil, game.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestJSON pins the JSON form of a state, which the web front end reads.
func TestJSON(t *testing.T) {
	for _, tc := range []struct {
		game, start string
		moves       []Choice
		want        string
	}{
		{"knights", "K.\n..", nil,
			`{"position":"K.\n..\n","board":["K.",".."],"moves":[],"to_move":"first","over":true,"winner":"second","value":0,"outcome":"P","parts":[{"position":"K.\n..\n","value":0}],"legal_moves":[]}`},
		{"bacterial-tactics", ".", nil,
			`{"position":".\n","board":["."],"moves":[],"to_move":"first","over":false,"value":1,"outcome":"N","parts":[{"position":".\n","value":1}],"legal_moves":[` +
				`{"part":0,"move":"H colony on row 1, column 1","cells":[{"row":0,"col":0}],"position":"x\n","value":0,"outcome":"P","winning":true},` +
				`{"part":0,"move":"V colony on column 1, row 1","cells":[{"row":0,"col":0}],"position":"x\n","value":0,"outcome":"P","winning":true}]}`},
		{"boi2008-game", "A.\n.B", []Choice{{0, "A to row 1, column 2"}},
			`{"position":"Aa\n.B\n\nB to move\n","board":["Aa",".B"],"moves":[{"part":0,"move":"A to row 1, column 2"}],"to_move":"B","over":false,"outcome":"N","remoteness":1,"parts":[],"legal_moves":[` +
				`{"part":0,"move":"B to row 1, column 2 onto A, then to row 2, column 2","cells":[{"row":0,"col":1},{"row":1,"col":1}],"position":"Aa\n.B\n\nA to move\n","outcome":"N","remoteness":1,"winning":false},` +
				`{"part":0,"move":"B to row 1, column 2 onto A, then to row 1, column 1 and wins","cells":[{"row":0,"col":1},{"row":0,"col":0}],"position":"Aa\n.B\n\nB has won\n","outcome":"P","remoteness":0,"winning":true},` +
				`{"part":0,"move":"B to row 2, column 1","cells":[{"row":1,"col":0}],"position":"Aa\nbB\n\nA to move\n","outcome":"N","remoteness":1,"winning":false}]}`},
	} {
		s, err := Replay(t.Context(), registrytest.Game(t, tc.game), tc.start, tc.moves, game.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.game, err)
		}
		got, err := json.Marshal(s)
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: JSON\n%s\nwant\n%s", tc.game, got, tc.want)
		}
	}
}
