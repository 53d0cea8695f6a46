package gridtest

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/grid"
)

// API describes how a grid game's positions in the game API map to the
// states of its exhaustive twin.
type API[S comparable] struct {
	// Game is the game through the game API.
	Game game.Game
	// State returns the twin's state of a position written as text by the
	// game (the set of cells played on, infected or under lava).
	State func(text string) S
	// Start returns the text of the start position of a board; nil means
	// the board as it is.
	Start func(g grid.Grid) string
}

// MovesMatchRules checks the moves of the game API against the rules of the
// exhaustive twin, position by position along random games from the random
// boards of the sample: from every position the same states must be
// reachable in one move.
func (gm *Game[S, M]) MovesMatchRules(t *testing.T, seed uint64, sample Sample) {
	t.Helper()
	n, maxSide := sample.size()
	rng := rand.New(rand.NewPCG(seed, gm.Boards.Stream))
	api := gm.API
	g := api.Game
	start := func(b grid.Grid) string {
		if api.Start != nil {
			return api.Start(b)
		}
		return b.String()
	}
	positions := 0
	for k, board := range gm.Boards.Generate(seed, n, maxSide) {
		moves := gm.Rules(board)
		pos, err := g.Parse(start(board))
		if err != nil {
			t.Fatalf("%s %d:\n%s%v", gm.noun(), k, board, err)
		}
		for {
			positions++
			text := g.Format(pos)
			want := map[S]bool{}
			moves(api.State(text), func(_ M, next S) bool {
				want[next] = true
				return true
			})
			list, err := g.Moves(pos)
			if err != nil {
				t.Fatal(err)
			}
			got := map[S]bool{}
			for _, m := range list {
				got[api.State(g.Format(m.Next))] = true
			}
			for s := range want {
				if !got[s] {
					t.Fatalf("%s %d at\n%sthe rules reach a position that the game API does not (it has %d moves, the rules %d)", gm.noun(), k, text, len(got), len(want))
				}
			}
			if len(got) != len(want) {
				t.Fatalf("%s %d at\n%sthe game API reaches %d positions, the rules %d", gm.noun(), k, text, len(got), len(want))
			}
			if len(list) == 0 {
				break
			}
			pos = list[rng.IntN(len(list))].Next
		}
	}
	if positions < n {
		t.Fatalf("only %d positions compared", positions)
	}
}

// Battery runs the shared battery of the game API (gametest.Run, five
// random walks from each start) from the positions fixed and from n random
// boards of sides up to maxSide drawn with seed, which also seeds the walks.
func (gm *Game[S, M]) Battery(t *testing.T, fixed []string, seed uint64, n, maxSide int) {
	t.Helper()
	starts := append(slices.Clip(fixed), gm.Boards.Starts(seed, n, maxSide)...)
	gametest.Run(t, gm.API.Game, starts, gametest.Options{Walks: 5, Seed: seed})
}

// CellsOf returns the State of an API whose twin's state is the set of the
// cells whose character is one of played, row-major, line breaks skipped.
func CellsOf[A [2]uint64 | [4]uint64](played ...byte) func(text string) CellSet[A] {
	return func(text string) CellSet[A] {
		var s CellSet[A]
		i := 0
		for k := range len(text) {
			if text[k] == '\n' {
				continue
			}
			if bytes.IndexByte(played, text[k]) >= 0 {
				s.Add(i)
			}
			i++
		}
		return s
	}
}
