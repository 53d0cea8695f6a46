package bacterial

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"nimber/games/grid"
)

// benchBoard is the board of the performance target: n x n with the given
// fraction of radioactive cells, from a fixed seed.
func benchBoard(n int, density float64) grid.Grid {
	return grid.Random(rand.New(rand.NewPCG(1, 0)), n, n, density, Empty, Radioactive)
}

func BenchmarkSolve(b *testing.B) {
	for _, bc := range []struct {
		n       int
		density float64
	}{{15, 0.1}, {50, 0.001}, {100, 0.001}} {
		g := benchBoard(bc.n, bc.density)
		b.Run(fmt.Sprintf("%dx%d-%g", bc.n, bc.n, bc.density), func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve(context.Background(), g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSolveGeneric(b *testing.B) {
	g := benchBoard(30, 0.01)
	for b.Loop() {
		if _, err := SolveGeneric(context.Background(), g); err != nil {
			b.Fatal(err)
		}
	}
}
