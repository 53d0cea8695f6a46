package cgt

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// TestNotationBound: the bound is at least the length of the text
// Notation writes, for games of every day up to 5 (numbers, nimbers, ups,
// switches, tinies and the rest), and CheckNotation refuses exactly the
// games whose bound passes the limit, before writing them.
func TestNotationBound(t *testing.T) {
	c := New(0)
	rng := rand.New(rand.NewPCG(7, 11))
	for day, count := range []int{0, 3, 18, 40, 40, 40} {
		for _, g := range randomCanonical(t, c, rng, int64(day), count) {
			text, bound := c.Notation(g), c.NotationBound(g)
			if int64(len(text)) > bound {
				t.Fatalf("%s: %d characters, bound %d", text, len(text), bound)
			}
			if err := c.checkNotation(g, bound); err != nil {
				t.Errorf("%s under its own bound %d: %v", text, bound, err)
			}
			if err := c.checkNotation(g, bound-1); !errors.Is(err, ErrNotation) {
				t.Errorf("%s under %d, one less than its bound: %v, want ErrNotation", text, bound-1, err)
			}
		}
	}
	for _, g := range []Game{Zero, c.Integer(1), c.Integer(-5)} {
		if text := c.Notation(g); int64(len(text)) > c.NotationBound(g) {
			t.Errorf("%s: bound %d", text, c.NotationBound(g))
		}
	}
}

// TestNotationBoundGrowth: the forms G(n) = {G(n-1), G(n-3) | G(n-2),
// G(n-3)} (a heap of n of partizan subtraction {1,3 | 2,3}), whose text
// grows exponentially with n while the forms stay few, pass MaxWritten
// before n = 200, and Describe refuses the first that does, at once,
// without writing it.
func TestNotationBoundGrowth(t *testing.T) {
	c := New(0)
	gs := []Game{Zero}
	at := func(n int) []Game {
		if n < 0 {
			return nil
		}
		return []Game{gs[n]}
	}
	for n := 1; c.NotationBound(gs[n-1]) <= MaxWritten; n++ {
		if n == 200 {
			t.Fatalf("G(199)'s bound %d is within %d", c.NotationBound(gs[n-1]), MaxWritten)
		}
		g, err := c.Make(append(at(n-1), at(n-3)...), append(at(n-2), at(n-3)...))
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
	}
	last := gs[len(gs)-1]
	if _, err := c.Describe(last); !errors.Is(err, ErrNotation) {
		t.Errorf("Describe of G(%d), bound %d: %v, want ErrNotation", len(gs)-1, c.NotationBound(last), err)
	}
	for n, g := range gs[:30] {
		if text := c.Notation(g); int64(len(text)) > c.NotationBound(g) {
			t.Errorf("G(%d): %d characters, bound %d", n, len(text), c.NotationBound(g))
		}
	}
}
