package bacterial

import (
	"testing"

	"nimber/games/internal/gridtest"
)

// The boards of the performance target: n x n with the given fraction of
// radioactive cells, from a fixed seed.

func BenchmarkSolve(b *testing.B) {
	harness.BenchSizes(b, harness.Dense, []gridtest.BenchBoard{{N: 15, Density: 0.1}, {N: 50, Density: 0.001}, {N: 100, Density: 0.001}})
}

func BenchmarkSolveGeneric(b *testing.B) {
	harness.Bench(b, harness.Generic, gridtest.BenchBoard{N: 30, Density: 0.01})
}
