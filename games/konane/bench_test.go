package konane

import (
	"testing"

	"nimber/game/gametest"
)

// BenchmarkCheckerboard4x4Holes values a 4 x 4 checkerboard with two
// adjacent stones taken out (an opening of Konane), 14 stones.
func BenchmarkCheckerboard4x4Holes(b *testing.B) {
	gametest.BenchValue(b, Game(), "xoxo|o..x|xoxo|oxox")
}

// BenchmarkCheckerboard4x5Holes values a 4 x 5 checkerboard with two
// adjacent stones taken out, 18 stones.
func BenchmarkCheckerboard4x5Holes(b *testing.B) {
	gametest.BenchValue(b, Game(), "xoxox|o..xo|xoxox|oxoxo")
}
