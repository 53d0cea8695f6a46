package inventor

import (
	"testing"

	"nimber/games/internal/gametest"
)

// The benchmark boards are n x n with the given fraction of spots, from a
// fixed seed.

func BenchmarkSolve(b *testing.B) {
	game.BenchSizes(b, game.Dense, []gametest.BenchBoard{{N: 14, Density: 0.7}, {N: 30, Density: 0.7}, {N: 45, Density: 0.7}, {N: 60, Density: 0.7}})
}

func BenchmarkSolveGeneric(b *testing.B) {
	game.Bench(b, game.Generic, gametest.BenchBoard{N: 14, Density: 0.7})
}
