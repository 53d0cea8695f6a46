package caos3

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"nimber/games/grid"
)

// benchBoard is an n x n map with the given fraction of walls, from a fixed
// seed.
func benchBoard(n int, density float64) grid.Grid {
	return grid.Random(rand.New(rand.NewPCG(1, 0)), n, n, density, Floor, Wall)
}

func BenchmarkSolve(b *testing.B) {
	for _, n := range []int{20, 48} {
		g := benchBoard(n, 0.01)
		b.Run(fmt.Sprintf("%dx%d-0.01", n, n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve(context.Background(), g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSolveGeneric(b *testing.B) {
	g := benchBoard(20, 0.01)
	for b.Loop() {
		if _, err := SolveGeneric(context.Background(), g); err != nil {
			b.Fatal(err)
		}
	}
}
