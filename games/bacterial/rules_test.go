package bacterial

import (
	"slices"
	"strings"
	"testing"

	"nimber/game/gametest"
	"nimber/games/internal/gridtest"
)

// TestRulesBattery runs the shared checks of the game API: text round trips,
// the dense table against the generic solver, and a search of whole
// positions, from random boards and the positions random play reaches.
func TestRulesBattery(t *testing.T) {
	starts := append([]string{"..\n.#\n", "#.##\n....\n#.##\n", "x.\nx.\n", "#"}, harness.Boards.Starts(1, 30, 4)...)
	gametest.Run(t, Game(), starts, gametest.Options{Walks: 5, Seed: 1})
}

// TestMovesMatchRules compares the moves of the game API with the
// exhaustive twin written from the rules (exhaustive_test.go) along random
// games: the same sets of infected cells must be reachable in one move.
func TestMovesMatchRules(t *testing.T) {
	harness.MovesMatchRules(t, gridtest.API[exhSet]{
		Game: Game(),
		State: func(text string) exhSet {
			return gridtest.CellsOf[[2]uint64](text, func(c byte) bool { return c == Infected })
		},
	}, 4, gridtest.Sample{N: 500, MaxSide: 5, ShortN: 100, ShortMaxSide: 4})
}

func TestParsePosition(t *testing.T) {
	g := Game()
	gametest.CheckParse(t, g, []gametest.ParseCase{
		{In: "..\n.#", Format: "..\n.#\n"},
		{In: "  ..\n\n .#  \n", Format: "..\n.#\n"},
		{In: ".-.\n---\n.|.", Format: ".x.\nxxx\n.x.\n"},
		{In: "..\n.y", Err: `row 2, column 2: character 'y' is not one of ".#x-|HV"`},
		{In: "..\n...", Err: "row 2 has 3 cells, row 1 has 2"},
		{In: "", Err: "empty board: no rows"},
		{In: ".x\n..", Err: "row 1, column 1: this region is not a rectangle: the uninfected cells of a position form rectangles separated by infected cells"},
	})
	pos, _ := g.Parse(".x.\nxxx\n..#")
	if parts := g.Parts(pos); len(parts) != 3 || !slices.Equal(strings.Split(g.Format(parts[2]), "\n"), []string{"xxx", "xxx", "..#", ""}) {
		t.Errorf("parts of a split board: %d, the last %q", len(parts), g.Format(parts[len(parts)-1]))
	}
}

func FuzzParsePosition(f *testing.F) {
	gametest.FuzzParse(f, Game(), "..\n.#", ".x\n..", "x", "#.\n.#\nxx")
}
