package inventor

import (
	"testing"

	"nimber/games/internal/gridtest"
)

// The benchmark boards are n x n with the given fraction of spots, from a
// fixed seed.

func BenchmarkSolve(b *testing.B) {
	harness.BenchSizes(b, harness.Dense, []gridtest.BenchBoard{{N: 14, Density: 0.7}, {N: 30, Density: 0.7}, {N: 45, Density: 0.7}, {N: 60, Density: 0.7}})
}

func BenchmarkSolveGeneric(b *testing.B) {
	harness.Bench(b, harness.Generic, gridtest.BenchBoard{N: 14, Density: 0.7})
}
