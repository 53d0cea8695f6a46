package clobber

import (
	"context"
	"testing"

	"nimber/cgt"
	"nimber/game"
)

// BenchmarkCheckerboard3x4 values CGSuite's Profiler board xoxo|oxox|xoxo
// (which is 0) from scratch.
func BenchmarkCheckerboard3x4(b *testing.B) {
	pg, _ := game.PartizanOf(Game())
	pos, err := Game().Parse("xoxo|oxox|xoxo")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, _, err := pg.Values(context.Background(), pg.NewEvaluator(cgt.New(0)), pos); err != nil {
			b.Fatal(err)
		}
	}
}
