package pgridtest

import (
	"context"
	"slices"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/game/gametest"
)

// Value returns the canonical form, in c, of position text of the
// partizan game g, through the game API.
func Value(t testing.TB, g game.Game, c *cgt.Calc, text string) cgt.Game {
	t.Helper()
	pg := gametest.As(t, g, game.PartizanOf, "partizan rules")
	pos := gametest.Parse(t, g, text)
	v, _, err := pg.Values(context.Background(), pg.NewEvaluator(c), pos)
	if err != nil {
		t.Fatalf("Values(%q): %v", text, err)
	}
	return v
}

// SumBruteForce checks, on n pairs of boards drawn by pair, that the
// engine's value of a sum of two boards of g is the sum of their game
// trees by moves.
func SumBruteForce(t *testing.T, g game.Game, moves Moves, n int, pair func() (a, b string)) {
	t.Helper()
	f := NewForest()
	for range n {
		a, b := pair()
		c := cgt.New(0)
		got := f.FromCalc(c, Value(t, g, c, a+" + "+b))
		if want := f.Sum(f.Tree(a, moves), f.Tree(b, moves)); !f.Equal(got, want) {
			t.Fatalf("%q + %q: the engine's sum is not the trees' sum", a, b)
		}
	}
}

// BruteForce holds g's canonical form of each board of boards to the
// board's explicit game tree by moves, by Conway's ≤.
func BruteForce(t *testing.T, g game.Game, moves Moves, boards []string) {
	t.Helper()
	f := NewForest()
	for _, board := range boards {
		c := cgt.New(0)
		v := Value(t, g, c, board)
		if got, want := f.FromCalc(c, v), f.Tree(board, moves); !f.Equal(got, want) {
			t.Fatalf("%q: the engine says %s, unequal to its game tree", board, c.Notation(v))
		}
	}
}

// Boards returns n boards of next, one after another.
func Boards(n int, next func(i int) string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = next(i)
	}
	return out
}

// SameValue checks that each board of images has board's value: the
// symmetries a game's Key uses keep a region's value.
func SameValue(t *testing.T, g game.Game, board string, images ...string) {
	t.Helper()
	c := cgt.New(0)
	v := Value(t, g, c, board)
	for _, q := range images {
		if w := Value(t, g, c, q); w != v {
			t.Errorf("%s = %s but its image %q = %s", board, c.Notation(v), q, c.Notation(w))
		}
	}
}

// HandMoves checks, on each part of each board of boards, that the
// partizan game g's hand moves (game.HandMover) agree with its options
// for both sides: every hand move, its text after read back by Parse,
// leaves what an option leaves, and every option is reached by hand
// moves, at least as many as there are options that leave the same (so
// each option has one of its own).
func HandMoves(t *testing.T, g game.Game, boards []string) {
	t.Helper()
	pg := gametest.As(t, g, game.PartizanOf, "partizan rules")
	for _, b := range boards {
		pos, err := g.Parse(b)
		if err != nil {
			t.Fatalf("Parse(%q): %v", b, err)
		}
		for _, part := range g.Parts(pos) {
			text := g.Name(part)
			for _, side := range []game.Side{game.Left, game.Right} {
				hand, ok := pg.HandMoves(text, side)
				if !ok {
					t.Fatalf("%q: the game has no hand moves", text)
				}
				want := map[string]int{}
				for _, o := range pg.Options(part, side) {
					want[leaves(g, o)]++
				}
				got := map[string]int{}
				for _, h := range hand {
					k := ""
					if strings.TrimSpace(h.After) != "" {
						after, err := g.Parse(h.After)
						if err != nil {
							t.Errorf("%q: %s's hand move %+v: Parse: %v", text, side, h, err)
							continue
						}
						k = leaves(g, after)
					}
					if want[k] == 0 {
						t.Errorf("%q: %s's hand move %+v leaves %q, no option's", text, side, h, k)
					}
					got[k]++
				}
				for k, n := range want {
					if got[k] < n {
						t.Errorf("%q: %s has %d options leaving %q, reached by %d hand moves", text, side, n, k, got[k])
					}
				}
			}
		}
	}
}

// leaves writes the parts of pos, sorted, joined by " + ": what a move
// leaves, whatever order the parts come in.
func leaves(g game.Game, pos game.Position) string {
	var s []string
	for _, p := range g.Parts(pos) {
		s = append(s, g.Format(p))
	}
	slices.Sort(s)
	return strings.Join(s, " + ")
}
