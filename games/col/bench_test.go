package col

import (
	"testing"

	"nimber/games/internal/pgrid/pgridtest"
)

// BenchmarkValue values from scratch the empty 4 x 4 board of Col
// (Empty4x4) and empty Snort boards up to 3 x 6, SnortMaxRegion cells
// (SnortEmpty).
func BenchmarkValue(b *testing.B) {
	pgridtest.Benchmarks(b, Game(), []pgridtest.Bench{
		{Name: "Empty4x4", Text: "....|....|....|...."},
		{Name: "SnortEmpty/3x3", Text: "...|...|...", Game: Snort()},
		{Name: "SnortEmpty/3x4", Text: "....|....|....", Game: Snort()},
		{Name: "SnortEmpty/4x4", Text: "....|....|....|....", Game: Snort()},
		{Name: "SnortEmpty/3x6", Text: "......|......|......", Game: Snort()},
	})
}
