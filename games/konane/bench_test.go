package konane

import (
	"testing"

	"nimber/games/internal/pgrid/pgridtest"
)

// BenchmarkValue values, from scratch, a 4 x 4 checkerboard with two
// adjacent stones taken out (an opening of Konane), 14 stones, and a 4 x
// 5 one, 18 stones.
func BenchmarkValue(b *testing.B) {
	pgridtest.Benchmarks(b, Game(), []pgridtest.Bench{
		{Name: "Checkerboard4x4Holes", Text: "xoxo|o..x|xoxo|oxox"},
		{Name: "Checkerboard4x5Holes", Text: "xoxox|o..xo|xoxox|oxoxo"},
	})
}
