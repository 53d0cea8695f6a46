package col

import (
	"context"
	"testing"

	"nimber/cgt"
	"nimber/game"
)

// benchEmpty values board of g from scratch.
func benchEmpty(b *testing.B, g game.Game, board string) {
	pg, _ := game.PartizanOf(g)
	pos, err := g.Parse(board)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, _, err := pg.Values(context.Background(), pg.NewEvaluator(cgt.New(0)), pos); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEmpty4x4 values the empty 4 x 4 board from scratch.
func BenchmarkEmpty4x4(b *testing.B) { benchEmpty(b, Game(), "....|....|....|....") }

// BenchmarkSnortEmpty values empty Snort boards from scratch, up to 3 x 6
// (SnortMaxRegion cells).
func BenchmarkSnortEmpty(b *testing.B) {
	for _, bc := range []struct{ name, board string }{
		{"3x3", "...|...|..."},
		{"3x4", "....|....|...."},
		{"4x4", "....|....|....|...."},
		{"3x6", "......|......|......"},
	} {
		b.Run(bc.name, func(b *testing.B) { benchEmpty(b, Snort(), bc.board) })
	}
}
