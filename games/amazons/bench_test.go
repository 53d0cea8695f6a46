package amazons

import (
	"testing"

	"nimber/games/internal/pgrid/pgridtest"
)

// BenchmarkValue values, from scratch: TwoByFour, CGSuite's test board
// x...|o..., 6 empty squares; ThreeByFour, a 3 x 4 board with an amazon
// of each in opposite corners, 10 empty squares; TwoBySix,
// x.....|o....., 10 empty squares; TwoBySeven, CGSuite's own benchmark
// board (its Benchmark tool's "Amazons 2x7"), x......|o......, 12 empty
// squares; ThreeByFive, a 3 x 5 board less two corners with an amazon of
// each, 11 empty squares, the slowest region measured under the limit.
func BenchmarkValue(b *testing.B) {
	pgridtest.Benchmarks(b, Game(), []pgridtest.Bench{
		{Name: "TwoByFour", Text: "x...|o..."},
		{Name: "ThreeByFour", Text: "x...|....|...o"},
		{Name: "TwoBySix", Text: "x.....|o....."},
		{Name: "TwoBySeven", Text: "x......|o......"},
		{Name: "ThreeByFive", Text: "x....|.....|..o##"},
	})
}
