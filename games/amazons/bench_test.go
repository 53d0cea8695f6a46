package amazons

import (
	"testing"

	"nimber/game/gametest"
)

// BenchmarkTwoByFour values CGSuite's test board x...|o..., 6 empty
// squares.
func BenchmarkTwoByFour(b *testing.B) {
	gametest.BenchValue(b, Game(), "x...|o...")
}

// BenchmarkThreeByFour values a 3 x 4 board with an amazon of each in
// opposite corners, 10 empty squares.
func BenchmarkThreeByFour(b *testing.B) {
	gametest.BenchValue(b, Game(), "x...|....|...o")
}

// BenchmarkTwoBySeven values x......|o......, 12 empty squares: the
// Amazons board of CGSuite's own benchmark.
func BenchmarkTwoBySeven(b *testing.B) {
	gametest.BenchValue(b, Game(), "x......|o......")
}
