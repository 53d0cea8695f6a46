package domineering

import (
	"context"
	"math/rand/v2"
	"testing"

	"nimber/game"
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
