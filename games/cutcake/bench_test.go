package cutcake

import (
	"context"
	"testing"

	"nimber/cgt"
	"nimber/game"
)

// BenchmarkLargest values the largest cake Check accepts, from scratch.
func BenchmarkLargest(b *testing.B) {
	pg, _ := game.PartizanOf(Game())
	pos, err := Game().Parse("100x100")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, _, err := pg.Values(context.Background(), pg.NewEvaluator(cgt.New(0)), pos); err != nil {
			b.Fatal(err)
		}
	}
}
