package inventor

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"nimber/games/grid"
)

// benchBoard is an n x n board with the given fraction of spots, from a
// fixed seed.
func benchBoard(n int, density float64) grid.Grid {
	return grid.Random(rand.New(rand.NewPCG(1, 0)), n, n, density, Blank, Spot)
}

func BenchmarkSolve(b *testing.B) {
	for _, n := range []int{14, 30, 45, 60} {
		g := benchBoard(n, 0.7)
		b.Run(fmt.Sprintf("%dx%d-0.7", n, n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve(context.Background(), g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSolveGeneric(b *testing.B) {
	g := benchBoard(14, 0.7)
	for b.Loop() {
		if _, err := SolveGeneric(context.Background(), g); err != nil {
			b.Fatal(err)
		}
	}
}
