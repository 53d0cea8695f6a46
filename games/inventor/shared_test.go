package inventor

// The game described to the shared tests of package gridtest, and the
// randomized cross-checks they run: the two solvers against the exhaustive
// twin of exhaustive_test.go and against each other, the moves of the game
// API against the twin's rules, the battery of the game API, and the parse
// cases of testdata/positions.txt. Every test uses fixed seeds, so a failure
// reproduces; the failing board is printed in input form.

import (
	"fmt"
	"testing"

	"nimber/game/gametest"
	"nimber/games/internal/gridtest"
)

// harness describes Inventor Outlasting to the shared tests of package
// gridtest.
var harness = gridtest.Game[exhSet, Move]{
	Spec: Spec,
	Boards: gridtest.Boards{
		Blank: Blank, Marked: Spot,
		Stream: 0x696e76656e746f72,
	},
	Rules:   exhRules,
	Dense:   gridtest.AsSolver(Solve),
	Generic: gridtest.AsSolver(SolveGeneric),
	// "(row,col)" with 0-based coordinates.
	FormatMove: func(m Move) string { return fmt.Sprintf("(%d,%d)", m.Row, m.Col) },
	API: gridtest.API[exhSet]{
		Game: Game(),
		// The twin's state is the set of occupied cells.
		State: gridtest.CellsOf[[4]uint64](Occupied),
	},
}

// TestShared runs the shared tests of package gridtest: Solve and
// SolveGeneric against the exhaustive search and against each other on
// boards up to 10 x 10; the battery of the game API (the dense tables
// against the generic solver, a search of whole positions) from random
// boards and the positions random play reaches; the moves of the game API
// against the twin's rules along random games (the same sets of occupied
// cells must be reachable in one move); and the parse cases of
// testdata/positions.txt.
func TestShared(t *testing.T) {
	harness.Shared(t, gridtest.Checks{
		Generic:     gridtest.Sample{N: 400, MaxSide: 10, ShortN: 100, ShortMaxSide: 8},
		Starts:      []string{".......\n...X.X.\n...X.X.\n..XX...\n..X....\n", "X.X.X\n.X.X.\n", "X"},
		BatterySeed: 3, BatteryBoards: 30, BatterySide: 5,
		MovesSeed: 6, Moves: gridtest.Sample{N: 500, MaxSide: 6, ShortN: 100, ShortMaxSide: 5},
	})
}

func FuzzParsePosition(f *testing.F) {
	gametest.FuzzParse(f, Game(), "X.X\n.X.", "o..\n.o.\n..o", "XX\nXo")
}
