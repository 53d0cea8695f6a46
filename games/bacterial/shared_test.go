package bacterial

// The game described to the shared tests of package gridtest, and the
// randomized cross-checks they run: the two solvers against the exhaustive
// twin of exhaustive_test.go and against each other, the moves of the game
// API against the twin's rules, the battery of the game API, and the parse
// cases of testdata/positions.txt. Every test uses fixed seeds, so a failure
// reproduces; the failing board is printed in input form.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"nimber/game/gametest"
	"nimber/games/internal/gridtest"
)

// harness describes Bacterial Tactics to the shared tests of package gridtest.
var harness = gridtest.Game[exhSet, Move]{
	Spec: Spec,
	Boards: gridtest.Boards{
		Blank: Empty, Marked: Radioactive,
		Stream: 0x6261637465726961,
	},
	Rules:   exhRules,
	Dense:   gridtest.AsSolver(Solve),
	Generic: gridtest.AsSolver(SolveGeneric),
	// "(row,col)H" with 0-based coordinates.
	FormatMove: func(m Move) string { return fmt.Sprintf("(%d,%d)%c", m.Row, m.Col, m.Colony) },
	API: gridtest.API[exhSet]{
		Game: Game(),
		// The twin's state is the set of infected cells.
		State: gridtest.CellsOf[[2]uint64](Infected),
	},
}

// TestShared runs the shared tests of package gridtest: Solve and
// SolveGeneric against the exhaustive search and against each other on
// boards up to 12 x 12, far beyond the search's reach; the battery of the
// game API from random boards and the positions random play reaches; the
// moves of the game API against the twin's rules along random games (the
// same sets of infected cells must be reachable in one move); and the parse
// cases of testdata/positions.txt.
func TestShared(t *testing.T) {
	harness.Shared(t, gridtest.Checks{
		Generic:     gridtest.Sample{N: 400, MaxSide: 12, ShortN: 100, ShortMaxSide: 8},
		Starts:      []string{"..\n.#\n", "#.##\n....\n#.##\n", "x.\nx.\n", "#"},
		BatterySeed: 1, BatteryBoards: 30, BatterySide: 4,
		MovesSeed: 4, Moves: gridtest.Sample{N: 500, MaxSide: 5, ShortN: 100, ShortMaxSide: 4},
	})
}

// TestSplitParts checks the parts of a board split by infected cells.
func TestSplitParts(t *testing.T) {
	g := Game()
	pos, _ := g.Parse(".x.\nxxx\n..#")
	if parts := g.Parts(pos); len(parts) != 3 || !slices.Equal(strings.Split(g.Format(parts[2]), "\n"), []string{"xxx", "xxx", "..#", ""}) {
		t.Errorf("parts of a split board: %d, the last %q", len(parts), g.Format(parts[len(parts)-1]))
	}
}

func FuzzParsePosition(f *testing.F) {
	gametest.FuzzParse(f, Game(), "..\n.#", ".x\n..", "x", "#.\n.#\nxx")
}
