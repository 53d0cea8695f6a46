package play

import (
	"math/rand/v2"
	"testing"
)

// benchBoards returns an n x n board of each game from a fixed seed: a
// few marked cells for the grid games, a dozen tokens for knights, an open
// board with A and B in opposite corners for BOI 2008.
func benchBoards(n int) map[string][]string {
	rng := rand.New(rand.NewPCG(15, 15))
	boi := randomBoard(rng, n, n, 0.1, '.', '#')
	boi[0] = "A" + boi[0][1:]
	boi[n-1] = boi[n-1][:n-1] + "B"
	return map[string][]string{
		"bacterial-tactics":   randomBoard(rng, n, n, 0.05, '.', '#'),
		"inventor-outlasting": randomBoard(rng, n, n, 0.5, '.', 'X'),
		"caos3":               randomBoard(rng, n, n, 0.03, '^', '#'),
		"knights":             randomBoard(rng, n, n, 0.05, '.', 'K'),
		"boi2008-game":        boi,
	}
}

// benchReplay measures Replay of game on board after the first few moves
// of perfect play.
func benchReplay(b *testing.B, game string, board []string, plies int) {
	var moves []Move
	for range plies {
		p, err := Replay(b.Context(), game, board, moves)
		if err != nil {
			b.Fatal(err)
		}
		m, ok := p.EngineMove()
		if !ok {
			break
		}
		moves = append(moves, m)
	}
	for b.Loop() {
		if _, err := Replay(b.Context(), game, board, moves); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplay15 replays a 15 x 15 board of each impartial game with
// five moves and analyses the position reached.
func BenchmarkReplay15(b *testing.B) {
	boards := benchBoards(15)
	for _, game := range []string{"bacterial-tactics", "inventor-outlasting", "caos3", "knights"} {
		b.Run(game, func(b *testing.B) { benchReplay(b, game, boards[game], 5) })
	}
}

// BenchmarkReplay40 is BenchmarkReplay15 at MaxSide, with BOI 2008 at
// MaxSideBOI.
func BenchmarkReplay40(b *testing.B) {
	boards := benchBoards(MaxSide)
	for _, game := range []string{"bacterial-tactics", "inventor-outlasting", "caos3", "knights"} {
		b.Run(game, func(b *testing.B) { benchReplay(b, game, boards[game], 5) })
	}
	b.Run("boi2008-game", func(b *testing.B) { benchReplay(b, "boi2008-game", benchBoards(MaxSideBOI)["boi2008-game"], 5) })
}
