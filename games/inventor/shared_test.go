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
	Noun: "board",
	Spec: Spec,
	Boards: gridtest.Boards{
		Blank: Blank, Marked: Spot,
		// From no spot at all to all spots.
		Densities: []float64{0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 0.9, 1},
		Stream:    0x696e76656e746f72,
	},
	Rules:   exhRules,
	Dense:   gridtest.AsSolver(Solve),
	Generic: gridtest.AsSolver(SolveGeneric),
	// "(row,col)" with 0-based coordinates.
	FormatMove: func(m Move) string { return fmt.Sprintf("(%d,%d)", m.Row, m.Col) },
	Answer:     gridtest.CaseCount[Move],
	API: gridtest.API[exhSet]{
		Game: Game(),
		// The twin's state is the set of occupied cells.
		State: func(text string) exhSet {
			return gridtest.CellsOf[[4]uint64](text, func(c byte) bool { return c == Occupied })
		},
	},
}

// exhSample is the sample of the comparisons with the exhaustive search:
// boards up to 5 x 5 (4 x 4 in short mode).
var exhSample = gridtest.Sample{N: 5000, MaxSide: 5, ShortN: 1000, ShortMaxSide: 4}

// TestSolvers checks Solve and SolveGeneric against the exhaustive search,
// and against each other, Grundy value and winning moves, on boards up to
// 12 x 12, far beyond the reach of the exhaustive search.
func TestSolvers(t *testing.T) {
	harness.CompareSolvers(t, exhSample, gridtest.Sample{N: 400, MaxSide: 10, ShortN: 100, ShortMaxSide: 8})
}

// TestRulesBattery runs the shared checks of the game API: text round trips,
// the dense tables against the generic solver, and a search of whole
// positions, from random boards and the positions random play reaches.
func TestRulesBattery(t *testing.T) {
	harness.Battery(t, []string{".......\n...X.X.\n...X.X.\n..XX...\n..X....\n", "X.X.X\n.X.X.\n", "X"}, 3, 30, 5)
}

// TestMovesMatchRules compares the moves of the game API with the
// exhaustive twin written from the rules (exhaustive_test.go) along random
// games: the same sets of occupied cells must be reachable in one move.
func TestMovesMatchRules(t *testing.T) {
	harness.MovesMatchRules(t, 6, gridtest.Sample{N: 500, MaxSide: 6, ShortN: 100, ShortMaxSide: 5})
}

// TestParsePosition checks Parse, Format and the errors on the cases of
// testdata/positions.txt.
func TestParsePosition(t *testing.T) {
	gametest.CheckParseFile(t, Game(), "testdata/positions.txt")
}

func FuzzParsePosition(f *testing.F) {
	gametest.FuzzParse(f, Game(), "X.X\n.X.", "o..\n.o.\n..o", "XX\nXo")
}
