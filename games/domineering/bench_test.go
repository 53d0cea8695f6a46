package domineering

import (
	"context"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/game/gametest"
)

// rectangle returns the empty board of r rows and c columns.
func rectangle(r, c int) string {
	return strings.TrimSuffix(strings.Repeat(strings.Repeat(".", c)+"|", r), "|")
}

// BenchmarkRect4x4 is the target: the 4x4 board in 0.2 s.
func BenchmarkRect4x4(b *testing.B) { gametest.BenchValue(b, Game(), rectangle(4, 4)) }

// BenchmarkRect4x5 is a step between 4x4 and 5x5.
func BenchmarkRect4x5(b *testing.B) { gametest.BenchValue(b, Game(), rectangle(4, 5)) }

// BenchmarkRect5x5 is the target: the 5x5 board in 30 s and 2 GB.
func BenchmarkRect5x5(b *testing.B) { gametest.BenchValue(b, Game(), rectangle(5, 5)) }

// BenchmarkSumOfRegions values a board of four 3x3 regions split by a
// filled cross: the cost of its regions, which are equal and valued once.
func BenchmarkSumOfRegions(b *testing.B) {
	pg, _ := game.PartizanOf(Game())
	pos, err := Game().Parse("...#...|...#...|...#...|#######|...#...|...#...|...#...")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, _, err := pg.Values(context.Background(), pg.NewEvaluator(cgt.New(0)), pos); err != nil {
			b.Fatal(err)
		}
	}
}
