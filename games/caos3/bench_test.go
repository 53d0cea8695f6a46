package caos3

import (
	"testing"

	"nimber/games/internal/gametest"
)

// The benchmark maps are n x n with the given fraction of walls, from a
// fixed seed.

func BenchmarkSolve(b *testing.B) {
	game.BenchSizes(b, game.Dense, []gametest.BenchBoard{{N: 20, Density: 0.01}, {N: 48, Density: 0.01}})
}

func BenchmarkSolveGeneric(b *testing.B) {
	game.Bench(b, game.Generic, gametest.BenchBoard{N: 20, Density: 0.01})
}
