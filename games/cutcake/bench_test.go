package cutcake

import (
	"testing"

	"nimber/game/gametest"
)

// BenchmarkLargest values the largest cake Check accepts, from scratch.
func BenchmarkLargest(b *testing.B) { gametest.BenchValue(b, Game(), "100x100") }
