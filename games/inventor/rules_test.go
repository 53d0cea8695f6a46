package inventor

import (
	"testing"

	"nimber/game/gametest"
	"nimber/games/internal/gridtest"
)

// TestRulesBattery runs the shared checks of the game API: text round trips,
// the dense tables against the generic solver, and a search of whole
// positions, from random boards and the positions random play reaches.
func TestRulesBattery(t *testing.T) {
	starts := append([]string{".......\n...X.X.\n...X.X.\n..XX...\n..X....\n", "X.X.X\n.X.X.\n", "X"}, harness.Boards.Starts(3, 30, 5)...)
	gametest.Run(t, Game(), starts, gametest.Options{Walks: 5, Seed: 3})
}

// TestMovesMatchRules compares the moves of the game API with the
// exhaustive twin written from the rules (exhaustive_test.go) along random
// games: the same sets of occupied cells must be reachable in one move.
func TestMovesMatchRules(t *testing.T) {
	harness.MovesMatchRules(t, gridtest.API[exhSet]{
		Game: Game(),
		State: func(text string) exhSet {
			return gridtest.CellsOf[[4]uint64](text, func(c byte) bool { return c == Occupied })
		},
	}, 6, gridtest.Sample{N: 500, MaxSide: 6, ShortN: 100, ShortMaxSide: 5})
}

func TestParsePosition(t *testing.T) {
	g := Game()
	gametest.CheckParse(t, g, []gametest.ParseCase{
		{In: "X.X\n.X.", Format: "X.X\n.X.\n"},
		{In: "A..\n.\\.\n..\\", Format: "o..\n.o.\n..o\n"},
		{In: "X.\n.y", Err: `row 2, column 2: character 'y' is not one of "X.oA\\/"`},
		{In: "...\n.o.\n...", Err: "row 2, column 2: occupied, but on no diagonal of occupied cells from edge to edge of free ones"},
	})
}

func FuzzParsePosition(f *testing.F) {
	gametest.FuzzParse(f, Game(), "X.X\n.X.", "o..\n.o.\n..o", "XX\nXo")
}
