package toppling

import (
	"testing"

	"nimber/game/gametest"
)

// BenchmarkRow20 values a mixed row of 20 dominoes.
func BenchmarkRow20(b *testing.B) { gametest.BenchValue(b, Game(), "lrelrrlelrlrreelrlre") }

// BenchmarkRow40 values a mixed row of MaxRow dominoes.
func BenchmarkRow40(b *testing.B) {
	gametest.BenchValue(b, Game(), "lrelrrlelrlrreelrlrelrelrrlelrlrreelrlre")
}
