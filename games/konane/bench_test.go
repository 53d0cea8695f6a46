package konane

import (
	"context"
	"testing"

	"nimber/cgt"
	"nimber/game"
)

// benchValue values board from scratch b.N times.
func benchValue(b *testing.B, board string) {
	pg, _ := game.PartizanOf(Game())
	pos, err := Game().Parse(board)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, _, err := pg.Values(context.Background(), pg.NewEvaluator(cgt.New(0)), pos); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckerboard4x4Holes values a 4 x 4 checkerboard with two
// adjacent stones taken out (an opening of Konane), 14 stones.
func BenchmarkCheckerboard4x4Holes(b *testing.B) { benchValue(b, "xoxo|o..x|xoxo|oxox") }

// BenchmarkCheckerboard4x5Holes values a 4 x 5 checkerboard with two
// adjacent stones taken out, 18 stones.
func BenchmarkCheckerboard4x5Holes(b *testing.B) { benchValue(b, "xoxox|o..xo|xoxox|oxoxo") }
