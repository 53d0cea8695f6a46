package foxgeese

import (
	"testing"

	"nimber/game/gametest"
)

// BenchmarkStart values CGSuite's example, four geese on row 4 and the
// fox in the corner: {4*|7/2}.
func BenchmarkStart(b *testing.B) {
	gametest.BenchLoopyValue(b, Game(), "geese 4,2 4,4 4,6 4,8 fox 1,1")
}

// BenchmarkRow6 values four geese on row 6 and the fox in the corner.
func BenchmarkRow6(b *testing.B) {
	gametest.BenchLoopyValue(b, Game(), "geese 6,2 6,4 6,6 6,8 fox 1,1")
}

// BenchmarkRow8 values the whole game: four geese on the top row of the
// 8x8 board and the fox in the corner.
func BenchmarkRow8(b *testing.B) {
	gametest.BenchLoopyValue(b, Game(), "geese 8,2 8,4 8,6 8,8 fox 1,1")
}

// BenchmarkGraphRow8 builds the graph of BenchmarkRow8's position, the
// part of its work done through the game API.
func BenchmarkGraphRow8(b *testing.B) {
	gametest.BenchLoopyGraph(b, Game(), "geese 8,2 8,4 8,6 8,8 fox 1,1")
}
