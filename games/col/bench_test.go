package col

import (
	"testing"

	"nimber/game/gametest"
)

// BenchmarkEmpty4x4 values the empty 4 x 4 board from scratch.
func BenchmarkEmpty4x4(b *testing.B) { gametest.BenchValue(b, Game(), "....|....|....|....") }

// BenchmarkSnortEmpty values empty Snort boards from scratch, up to 3 x 6
// (SnortMaxRegion cells).
func BenchmarkSnortEmpty(b *testing.B) {
	for _, bc := range []struct{ name, board string }{
		{"3x3", "...|...|..."},
		{"3x4", "....|....|...."},
		{"4x4", "....|....|....|...."},
		{"3x6", "......|......|......"},
	} {
		b.Run(bc.name, func(b *testing.B) { gametest.BenchValue(b, Snort(), bc.board) })
	}
}
