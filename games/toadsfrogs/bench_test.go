package toadsfrogs

import (
	"context"
	"testing"

	"nimber/cgt"
	"nimber/game"
)

// benchValue values text from scratch, once an iteration.
func benchValue(b *testing.B, text string) {
	pg, _ := game.PartizanOf(Game())
	pos, err := Game().Parse(text)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, _, err := pg.Values(context.Background(), pg.NewEvaluator(cgt.New(0)), pos); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRow12 values CGSuite's ttttt..fffff, a row of 12 squares (the
// issue's target: ≤ 1 s).
func BenchmarkRow12(b *testing.B) { benchValue(b, "TTTTT..FFFFF") }

// BenchmarkRow12Spread values a row of 12 squares with more room to move.
func BenchmarkRow12Spread(b *testing.B) { benchValue(b, "TT.T..F.F.FF") }
