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

// BenchmarkTwoBySix values x.....|o....., 10 empty squares.
func BenchmarkTwoBySix(b *testing.B) {
	gametest.BenchValue(b, Game(), "x.....|o.....")
}

// BenchmarkTwoBySeven values CGSuite's own benchmark board (its
// Benchmark tool's "Amazons 2x7"), x......|o......, 12 empty squares.
func BenchmarkTwoBySeven(b *testing.B) {
	gametest.BenchValue(b, Game(), "x......|o......")
}

// BenchmarkThreeByFive values a 3 x 5 board less two corners with an
// amazon of each, 11 empty squares: the slowest region measured under
// the limit.
func BenchmarkThreeByFive(b *testing.B) {
	gametest.BenchValue(b, Game(), "x....|.....|..o##")
}
