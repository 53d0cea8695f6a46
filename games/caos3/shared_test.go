package caos3

// The game described to the shared tests of package gridtest, and the
// randomized cross-checks they run: the two solvers against the exhaustive
// twin of exhaustive_test.go and against each other, the moves of the game
// API against the twin's rules, the battery of the game API, and the parse
// cases of testdata/positions.txt. Every test uses fixed seeds, so a failure
// reproduces; the failing map is printed in input form.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"nimber/game/gametest"
	"nimber/games/internal/gridtest"
)

// harness describes CAOS3 to the shared tests of package gridtest.
var harness = gridtest.Game[exhSet, Move]{
	Noun: "map",
	Spec: Spec,
	Boards: gridtest.Boards{
		Blank: Floor, Marked: Wall,
		// From all floor to all wall. They favour few walls, since a
		// monster needs two floor cells on each side.
		Densities: []float64{0, 0.02, 0.05, 0.08, 0.1, 0.15, 0.2, 0.3, 0.5, 1},
		Stream:    0x63616f7333000000,
		Side:      cmpSide,
	},
	Rules:   exhRules,
	Dense:   gridtest.AsSolver(Solve),
	Generic: gridtest.AsSolver(SolveGeneric),
	// "(row,col)" with 0-based coordinates.
	FormatMove: func(m Move) string { return fmt.Sprintf("(%d,%d)", m.Row, m.Col) },
	Answer:     answer,
	API: gridtest.API[exhSet]{
		Game: Game(),
		// The twin's state is the set of cells under lava.
		State: gridtest.CellsOf[[2]uint64](LavaFloor, LavaWall),
	},
}

// cmpSide draws a side length in 1..maxSide, three times in four at least 5
// when maxSide allows it, as a narrower map holds no monster.
func cmpSide(rng *rand.Rand, maxSide int) int {
	if maxSide >= 5 && rng.IntN(4) > 0 {
		return 5 + rng.IntN(maxSide-4)
	}
	return 1 + rng.IntN(maxSide)
}

// exhSample is the sample of the comparisons with the exhaustive search.
// Sides go up to 10 (8 in short mode): the search takes up to about 80 ms on
// a 10 x 10 map but seconds on 11 x 11.
var exhSample = gridtest.Sample{N: 5000, MaxSide: 10, ShortN: 1000, ShortMaxSide: 8}

// TestMonstersMatchExhaustive checks Monsters against the exhaustive twin's
// own monster check, exhIsMonster.
func TestMonstersMatchExhaustive(t *testing.T) {
	const seed = 4
	for k, g := range harness.Boards.Generate(seed, 2000, 12) {
		if got, want := Monsters(g), exhMonsters(g); !slices.Equal(got, want) {
			t.Fatalf("seed %d, map %d (%d x %d):\n%sMonsters: %v\nexhaustive: %v", seed, k, g.Rows, g.Cols, g, got, want)
		}
	}
}

// TestShared runs the shared tests of package gridtest: Solve and
// SolveGeneric against the exhaustive search and against each other on maps
// up to 12 x 12, far beyond the search's reach; the battery of the game API
// from random maps and the positions random play reaches; the moves of the
// game API against the twin's rules along random games (the same sets of
// lava cells must be reachable in one move); and the parse cases of
// testdata/positions.txt.
func TestShared(t *testing.T) {
	harness.Shared(t, gridtest.Checks{
		Exhaustive: exhSample, Generic: gridtest.Sample{N: 400, MaxSide: 12, ShortN: 100, ShortMaxSide: 8},
		Starts:      []string{"^^^^^\n^^^^^\n^^^^^\n^^^^^\n^^^^^\n", "^^^^^^\n^^^^^^\n^^#^^^\n^^^^^^\n^^^^^^\n", "~~~\n~^~\n~~~\n"},
		BatterySeed: 2, BatteryBoards: 20, BatterySide: 7,
		MovesSeed: 5, Moves: gridtest.Sample{N: 400, MaxSide: 8, ShortN: 100, ShortMaxSide: 7},
	})
}

func FuzzParsePosition(f *testing.F) {
	gametest.FuzzParse(f, Game(), "^^^\n^#^", "~^\n^^", "O")
}
