package fission

import (
	"testing"

	"nimber/game/gametest"
)

// BenchmarkExample values CGSuite's example board, one stone on 4 x 4.
func BenchmarkExample(b *testing.B) { gametest.BenchValue(b, Game(), "....|..x.|....|....") }

// BenchmarkBoard5x5 values two stones on a 5 x 5 board, MaxRegion cells.
func BenchmarkBoard5x5(b *testing.B) {
	gametest.BenchValue(b, Game(), ".....|.x...|...x.|.....|.....")
}
