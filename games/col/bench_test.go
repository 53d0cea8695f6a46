package col

import (
	"context"
	"testing"

	"nimber/cgt"
	"nimber/game"
)

// BenchmarkEmpty4x4 values the empty 4 x 4 board from scratch.
func BenchmarkEmpty4x4(b *testing.B) {
	pg, _ := game.PartizanOf(Game())
	pos, err := Game().Parse("....|....|....|....")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, _, err := pg.Values(context.Background(), pg.NewEvaluator(cgt.New(0)), pos); err != nil {
			b.Fatal(err)
		}
	}
}
