package foxgeese

import (
	"testing"

	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
)

// BenchmarkValue values from scratch, as nimber value --game does:
// CGSuite's example, four geese on row 4 and the fox in the corner,
// {4*|7/2} (Start); four geese on row 6 (Row6); and the whole game, four
// geese on the top row of the 8x8 board (Row8); and builds the graph of
// Row8's position, the part of its work done through the game API
// (GraphRow8).
func BenchmarkValue(b *testing.B) {
	pgridtest.Benchmarks(b, Game(), []pgridtest.Bench{
		{Name: "Start", Text: "geese 4,2 4,4 4,6 4,8 fox 1,1", Time: gametest.BenchLoopyValue},
		{Name: "Row6", Text: "geese 6,2 6,4 6,6 6,8 fox 1,1", Time: gametest.BenchLoopyValue},
		{Name: "Row8", Text: "geese 8,2 8,4 8,6 8,8 fox 1,1", Time: gametest.BenchLoopyValue},
		{Name: "GraphRow8", Text: "geese 8,2 8,4 8,6 8,8 fox 1,1", Time: gametest.BenchLoopyGraph},
	})
}
