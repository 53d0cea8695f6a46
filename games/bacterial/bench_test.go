package bacterial

import (
	"testing"

	"nimber/games/internal/gametest"
)

// The boards of the performance target: n x n with the given fraction of
// radioactive cells, from a fixed seed.

func BenchmarkSolve(b *testing.B) {
	game.BenchSizes(b, game.Dense, []gametest.BenchBoard{{N: 15, Density: 0.1}, {N: 50, Density: 0.001}, {N: 100, Density: 0.001}})
}

func BenchmarkSolveGeneric(b *testing.B) {
	game.Bench(b, game.Generic, gametest.BenchBoard{N: 30, Density: 0.01})
}
