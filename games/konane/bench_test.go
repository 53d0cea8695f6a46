package konane

import (
	"testing"

	"nimber/games/internal/pgrid/pgridtest"
)

// BenchmarkValue values, from scratch, openings of Konane: a 4 x 4
// checkerboard with two adjacent stones taken out, 14 stones
// (xoxo|o..x|xoxo|oxox), and a 4 x 5 one, 18 stones
// (xoxox|o..xo|xoxox|oxoxo).
func BenchmarkValue(b *testing.B) {
	pgridtest.Benchmarks(b, Game(), []pgridtest.Bench{
		{Name: "Checkerboard4x4Holes", Text: opening(4, 4, 1, 1, 1, 2)},
		{Name: "Checkerboard4x5Holes", Text: opening(4, 5, 1, 1, 1, 2)},
	})
}
