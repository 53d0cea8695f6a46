package caos3

import (
	"testing"

	"nimber/games/internal/gridtest"
)

// The benchmark maps are n x n with the given fraction of walls, from a
// fixed seed.

func BenchmarkSolve(b *testing.B) {
	harness.BenchSizes(b, harness.Dense, []gridtest.BenchBoard{{N: 20, Density: 0.01}, {N: 48, Density: 0.01}})
}

func BenchmarkSolveGeneric(b *testing.B) {
	harness.Bench(b, harness.Generic, gridtest.BenchBoard{N: 20, Density: 0.01})
}
