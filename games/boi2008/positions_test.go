package boi2008

import (
	"math/rand/v2"
	"testing"
)

// TestPositionsMatchExhaustive checks on random boards that SolvePositions
// gives the start position the outcome of Exhaustive, and that every
// position's outcome satisfies the rules one step ahead: the player to move
// wins when some step reaches the opponent's start, or lands on the
// opponent and some extra step reaches it or leaves a position he wins, or
// leaves a position he wins; he loses when every step leaves a position the
// opponent wins; otherwise the position is a draw.
func TestPositionsMatchExhaustive(t *testing.T) {
	draws := 0
	for c := range exSolvedBoards(t, rand.New(rand.NewPCG(5, 2008)), 500, 2, 6) {
		g, b, want := c.g, c.b, c.out
		p, err := SolvePositions(t.Context(), b)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := p.Outcome(b.Square(b.A), b.Square(b.B), A); !ok || got != want {
			t.Fatalf("start: Outcome = %v, %v; Exhaustive %v\n%s", got, ok, want, g)
		}
		n := b.N
		for ia := range n * n {
			for ib := range n * n {
				for _, mover := range [2]Player{A, B} {
					got, ok := p.Outcome(b.Square(ia), b.Square(ib), mover)
					valid := ia != ib && b.white(ia) && b.white(ib) && ia != b.B && ib != b.A
					if ok != valid {
						t.Fatalf("Outcome(%v, %v, %v): ok = %v, want %v\n%s", b.Square(ia), b.Square(ib), mover, ok, valid, g)
					}
					if !ok {
						continue
					}
					want, wantRem := lookAhead(p, b, ia, ib, mover)
					if got != want {
						t.Fatalf("Outcome(%v, %v, %v) = %v, one step ahead %v\n%s", b.Square(ia), b.Square(ib), mover, got, want, g)
					}
					rem, ok := p.Remoteness(b.Square(ia), b.Square(ib), mover)
					if ok != (got != Draw) || ok && rem != wantRem {
						t.Fatalf("Remoteness(%v, %v, %v) = %d, %v; one step ahead %d (%v)\n%s", b.Square(ia), b.Square(ib), mover, rem, ok, wantRem, got, g)
					}
					if got == Draw {
						draws++
					}
				}
			}
		}
	}
	t.Logf("%d drawn positions", draws)
}

// lookAhead returns the outcome and the remoteness of a position from those
// p gives the positions one move later: a win takes one move more than the
// quickest lost successor (one move for a step reaching the goal), a loss
// one more than the slowest won successor (0 without a move).
func lookAhead(p *Positions, b *Board, ia, ib int, mover Player) (Outcome, int) {
	x, y, goal, win, lose, next := ia, ib, b.B, AWins, BWins, B
	if mover == B {
		x, y, goal, win, lose, next = ib, ia, b.A, BWins, AWins, A
	}
	won, drawn := false, false
	fastest, slowest := int(^uint(0)>>1), 0
	see := func(m int) { // the mover ends on m
		sa, sb := b.Square(m), b.Square(y)
		if mover == B {
			sa, sb = sb, sa
		}
		o, _ := p.Outcome(sa, sb, next)
		r, _ := p.Remoteness(sa, sb, next)
		switch o {
		case win:
			won, fastest = true, min(fastest, r+1)
		case lose:
			slowest = max(slowest, r+1)
		default:
			drawn = true
		}
	}
	b.neighbours(x, func(n int) {
		switch {
		case n == goal:
			won, fastest = true, 1
		case n == y:
			b.neighbours(n, func(m int) {
				if m == goal {
					won, fastest = true, 1
				} else {
					see(m)
				}
			})
		default:
			see(n)
		}
	})
	switch {
	case won:
		return win, fastest
	case drawn:
		return Draw, 0
	}
	return lose, slowest // every move loses, or there is none
}

// TestPositionsInvalid checks that Outcome and Remoteness refuse arguments
// that are not a position of a game in progress.
func TestPositionsInvalid(t *testing.T) {
	b := exBoard(t, "A.#", "...", "..B")
	p, err := SolvePositions(t.Context(), b)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		a, b Square
		to   Player
	}{
		{Square{0, 1}, Square{1, 1}, 'C'},
		{Square{-1, 0}, Square{1, 1}, A},
		{Square{0, 3}, Square{1, 1}, A},
		{Square{1, 1}, Square{3, 0}, B},
		{Square{0, 2}, Square{1, 1}, A}, // black
		{Square{1, 1}, Square{1, 1}, A}, // same square
		{Square{2, 2}, Square{1, 1}, B}, // A on B's start
		{Square{1, 1}, Square{0, 0}, A}, // B on A's start
	} {
		if o, ok := p.Outcome(c.a, c.b, c.to); ok {
			t.Errorf("Outcome(%v, %v, %v) = %v, want ok = false", c.a, c.b, c.to, o)
		}
		if r, ok := p.Remoteness(c.a, c.b, c.to); ok {
			t.Errorf("Remoteness(%v, %v, %v) = %v, want ok = false", c.a, c.b, c.to, r)
		}
	}
	if _, ok := p.Outcome(Square{0, 0}, Square{2, 2}, A); !ok {
		t.Error("start position refused")
	}
}

// TestSolvePositionsLimits checks that SolvePositions refuses what
// Exhaustive refuses.
func TestSolvePositionsLimits(t *testing.T) {
	if _, err := SolvePositions(t.Context(), exOpenBoard(t, 33)); err == nil {
		t.Errorf("accepted %d white squares, limit %d", 33*33, MaxExhaustiveWhite)
	}
}
