package domineering

import (
	"context"
	"math/rand/v2"
	"testing"

	"nimber/game"
	"nimber/grid"
)

// TestSplitAgainstWins checks that Split's boards decide the board as
// Wins does: the mover wins exactly when the opponent loses one of them,
// on random boards with blocked cells.
func TestSplitAgainstWins(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 1))
	ctx := context.Background()
	for range 200 {
		g, text := randomBoard(rng, 2+rng.IntN(4), 2+rng.IntN(4), 0.1+0.2*rng.Float64())
		for _, mover := range []game.Side{game.Left, game.Right} {
			want, _, err := Wins(ctx, g, mover, game.OutcomeOptions{TableMiB: 1})
			if err != nil {
				t.Fatal(err)
			}
			children, settled, win, err := Split(g, mover)
			if err != nil {
				t.Fatal(err)
			}
			if !settled {
				for _, c := range children {
					theyWin, _, err := Wins(ctx, c, 1-mover, game.OutcomeOptions{TableMiB: 1})
					if err != nil {
						t.Fatal(err)
					}
					if !theyWin {
						win = true
					}
				}
			}
			if win != want {
				t.Fatalf("%s, %v first: Split says %v, Wins %v", text, mover, win, want)
			}
		}
	}
}

// TestSolverKeepsTable checks that a Solver's table, kept from board to
// board, never changes an answer: the children of random boards decided
// one after another by one Solver, against Wins with a table each.
func TestSolverKeepsTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 5))
	ctx := context.Background()
	for range 20 {
		g, text := randomBoard(rng, 5, 6, 0.1+0.2*rng.Float64())
		v, err := NewSolver(5, 6, game.OutcomeOptions{TableMiB: 1, Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		children, _, _, err := Split(g, game.Left)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range children {
			got, _, err := v.Wins(ctx, c, game.Right)
			if err != nil {
				t.Fatal(err)
			}
			want, _, err := Wins(ctx, c, game.Right, game.OutcomeOptions{TableMiB: 1, Threads: 1})
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("a child of %s: the Solver says %v, Wins %v", text, got, want)
			}
		}
	}
	if _, err := NewSolver(32, 2, game.OutcomeOptions{}); err == nil {
		t.Error("a 32 x 2 Solver made")
	}
	v, _ := NewSolver(3, 3, game.OutcomeOptions{TableMiB: 1})
	if _, _, err := v.Wins(ctx, grid.New(3, 4, '.'), game.Left); err == nil {
		t.Error("a 3 x 4 board decided by a 3 x 3 Solver")
	}
}
