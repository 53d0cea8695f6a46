package caos3

import (
	"testing"

	"nimber/game/gametest"
	"nimber/games/internal/gridtest"
)

// TestRulesBattery runs the shared checks of the game API: text round trips,
// the dense table against the generic solver, and a search of whole
// positions, from random maps and the positions random play reaches.
func TestRulesBattery(t *testing.T) {
	starts := append([]string{"^^^^^\n^^^^^\n^^^^^\n^^^^^\n^^^^^\n", "^^^^^^\n^^^^^^\n^^#^^^\n^^^^^^\n^^^^^^\n", "~~~\n~^~\n~~~\n"}, harness.Boards.Starts(2, 20, 7)...)
	gametest.Run(t, Game(), starts, gametest.Options{Walks: 5, Seed: 2})
}

// TestMovesMatchRules compares the moves of the game API with the
// exhaustive twin written from the rules (exhaustive_test.go) along random
// games: the same sets of lava cells must be reachable in one move.
func TestMovesMatchRules(t *testing.T) {
	harness.MovesMatchRules(t, gridtest.API[exhSet]{
		Game: Game(),
		State: func(text string) exhSet {
			return gridtest.CellsOf[[2]uint64](text, func(c byte) bool { return c == LavaFloor || c == LavaWall })
		},
	}, 5, gridtest.Sample{N: 400, MaxSide: 8, ShortN: 100, ShortMaxSide: 7})
}

func TestParsePosition(t *testing.T) {
	g := Game()
	gametest.CheckParse(t, g, []gametest.ParseCase{
		{In: "^^^\n^#^", Format: "^^^\n^#^\n"},
		{In: "O~~\n~^^\n=^^", Format: "~~~\n~^^\n=^^\n"},
		{In: "^^\n^x", Err: `row 2, column 2: character 'x' is not one of "^#~=O"`},
		{In: "~^\n^^", Err: "row 1, column 2: this region is not a rectangle: the cells without lava form rectangles separated by lava"},
	})
}

func FuzzParsePosition(f *testing.F) {
	gametest.FuzzParse(f, Game(), "^^^\n^#^", "~^\n^^", "O")
}
