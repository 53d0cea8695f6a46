package play

import (
	"math/rand/v2"
	"testing"

	"nimber/game"
	"nimber/grid"
	"nimber/registry/registrytest"
)

// benchBoards returns an n x n board of each game from a fixed seed, in the
// position format: a few marked cells for the grid games, a dozen tokens
// for knights, an open board with A and B in opposite corners for BOI
// 2008 (the boards of the benchmarks before the game API).
func benchBoards(n int) map[string]string {
	rng := rand.New(rand.NewPCG(15, 15))
	boi := grid.Random(rng, n, n, 0.1, '.', '#')
	boi.Set(0, 0, 'A')
	boi.Set(n-1, n-1, 'B')
	return map[string]string{
		"bacterial-tactics":   grid.Random(rng, n, n, 0.05, '.', '#').String(),
		"inventor-outlasting": grid.Random(rng, n, n, 0.5, '.', 'X').String(),
		"caos3":               grid.Random(rng, n, n, 0.03, '^', '#').String(),
		"knights":             grid.Random(rng, n, n, 0.05, '.', 'K').String(),
		"boi2008-game":        boi.String(),
	}
}

// benchReplay measures Replay of game from start after the first few moves
// of perfect play.
func benchReplay(b *testing.B, name, start string, plies int) {
	g := registrytest.Game(b, name)
	var moves []Choice
	for range plies {
		s, err := Replay(b.Context(), g, start, moves, game.Options{})
		if err != nil {
			b.Fatal(err)
		}
		m, ok := s.EngineMove()
		if !ok {
			break
		}
		moves = append(moves, m)
	}
	for b.Loop() {
		if _, err := Replay(b.Context(), g, start, moves, game.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplay15 replays a 15 x 15 board of each impartial game with
// five moves and analyses the position reached.
func BenchmarkReplay15(b *testing.B) {
	boards := benchBoards(15)
	for _, name := range []string{"bacterial-tactics", "inventor-outlasting", "caos3", "knights"} {
		b.Run(name, func(b *testing.B) { benchReplay(b, name, boards[name], 5) })
	}
}

// BenchmarkReplay40 is BenchmarkReplay15 on 40 x 40 boards, with BOI 2008
// on 32 x 32.
func BenchmarkReplay40(b *testing.B) {
	boards := benchBoards(40)
	for _, name := range []string{"bacterial-tactics", "inventor-outlasting", "caos3", "knights"} {
		b.Run(name, func(b *testing.B) { benchReplay(b, name, boards[name], 5) })
	}
	b.Run("boi2008-game", func(b *testing.B) { benchReplay(b, "boi2008-game", benchBoards(32)["boi2008-game"], 5) })
}

// BenchmarkExplain explains positions through Explain with its default
// exploration limit: heap sums whose remoteness is searched exactly, and
// 15 x 15 boards, where the positions reachable are too many and the
// remoteness is null.
func BenchmarkExplain(b *testing.B) {
	const limit = 0
	boards := benchBoards(15)
	for _, c := range []struct{ name, game, position string }{
		{"kayles-10-12-14", "0.77", "10 12 14"},
		{"grundy-40", "grundy", "40"},
		{"wythoff-30-40", "wythoff", "30,40"},
		{"bacterial-15", "bacterial-tactics", boards["bacterial-tactics"]},
		{"caos3-15", "caos3", boards["caos3"]},
	} {
		b.Run(c.name, func(b *testing.B) {
			g := registrytest.Game(b, c.game)
			pos, err := g.Parse(c.position)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := Explain(b.Context(), g, pos, game.Options{}, limit); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
