package gametest

import (
	"context"
	"testing"

	"nimber/cgt"
	"nimber/cgt/loopy"
	"nimber/game"
)

// LoopyTwin is the exhaustive twin of a partizan game whose positions
// repeat, written straight from its rules in the game's own tests:
// positions are values S of the twin's own, read from the game's text,
// expanded one move at a time, and keyed canonically.
type LoopyTwin[S any] struct {
	// State reads a position from the game's text.
	State func(text string) (S, error)
	// Next returns the positions one move of side from s, by the rules.
	Next func(s S, side game.Side) []S
	// Key writes s canonically: equal positions, equal keys.
	Key func(s S) string
}

// LoopyValue returns the loopy value of the position text of the
// partizan game g whose positions repeat, as nimber value --game gives
// it: its graph (PartizanGame.Graph), then loopy.Describe; t fails on an
// error.
func LoopyValue(t testing.TB, g game.Game, text string) loopy.Description {
	t.Helper()
	pg, pos := partizanPosition(t, g, text, g.Parse)
	d, _ := loopyValue(t, pg, pos)
	return d
}

// loopyValue is LoopyValue of pos, with the positions of its graph.
func loopyValue(tb testing.TB, pg game.PartizanGame, pos game.Position) (loopy.Description, int) {
	tb.Helper()
	gr, err := pg.Graph(context.Background(), pos, 0)
	if err != nil {
		tb.Fatal(err)
	}
	d, err := loopy.Describe(context.Background(), cgt.New(0), gr, 0)
	if err != nil {
		tb.Fatal(err)
	}
	return d, gr.Graph.Len()
}

// MatchLoopyTwin checks g on the positions of texts against its twin: who
// wins with Left and with Right moving first, draws included, by the
// loopy graph of the game (PartizanGame.Graph, loopy.ClassOf) and by the
// twin's sweeps of its own positions until nothing changes (a player to
// move wins with a move to a position the opponent, to move, loses; loses
// when every move goes to one the opponent wins; what is never decided is
// a draw). It returns how many positions fell in each class (CGSuite's
// names), for the caller to check that the comparison was not trivial.
func MatchLoopyTwin[S any](t *testing.T, g game.Game, texts []string, tw LoopyTwin[S]) map[string]int {
	t.Helper()
	pg := As(t, g, game.PartizanOf, "partizan rules")
	classes := map[string]int{}
	for _, text := range texts {
		pos := Parse(t, g, text)
		gr, err := pg.Graph(context.Background(), pos, 0)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		got := loopy.ClassOf(gr)
		start, err := tw.State(text)
		if err != nil {
			t.Fatalf("%q: the twin: %v", text, err)
		}
		want := sweep(start, tw)
		if got != want {
			t.Errorf("%q: class %s, the twin's %s", text, got, want)
		}
		classes[got.String()]++
	}
	return classes
}

// sweep returns the class of start by the twin's rules (MatchLoopyTwin).
func sweep[S any](start S, tw LoopyTwin[S]) loopy.Class {
	index := map[string]int{tw.Key(start): 0}
	states := []S{start}
	var next [2][][]int
	for i := 0; i < len(states); i++ {
		for _, side := range []game.Side{game.Left, game.Right} {
			var to []int
			for _, s := range tw.Next(states[i], side) {
				k := tw.Key(s)
				j, ok := index[k]
				if !ok {
					j = len(states)
					index[k] = j
					states = append(states, s)
				}
				to = append(to, j)
			}
			next[side] = append(next[side], to)
		}
	}
	win := [2]loopy.Outcome{game.Left: loopy.LeftWins, game.Right: loopy.RightWins}
	out := [2][]loopy.Outcome{make([]loopy.Outcome, len(states)), make([]loopy.Outcome, len(states))}
	for changed := true; changed; {
		changed = false
		for i := range states {
			for _, p := range []game.Side{game.Left, game.Right} {
				if out[p][i] != loopy.Draw {
					continue
				}
				q := 1 - p
				all := true
				for _, j := range next[p][i] {
					if out[q][j] == win[p] {
						out[p][i], changed = win[p], true
						break
					}
					all = all && out[q][j] == win[q]
				}
				if out[p][i] == loopy.Draw && all {
					out[p][i], changed = win[q], true
				}
			}
		}
	}
	return loopy.Class{LeftFirst: out[game.Left][0], RightFirst: out[game.Right][0]}
}
