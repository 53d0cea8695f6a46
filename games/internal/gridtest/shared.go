package gridtest

import (
	"testing"

	"nimber/game/gametest"
)

// Checks are the sizes of the shared tests of one grid game, which Shared
// runs: the game's own data, the logic being the same for every game.
type Checks struct {
	// Exhaustive and Generic are the samples of CompareSolvers: boards the
	// exhaustive twin decides (SmallBoards when zero), and larger ones
	// where the two solvers are compared with each other.
	Exhaustive, Generic Sample
	// Starts are the fixed start positions of Battery, with BatteryBoards
	// random boards of sides up to BatterySide drawn with BatterySeed.
	Starts                     []string
	BatterySeed                uint64
	BatteryBoards, BatterySide int
	// MovesSeed and Moves are the seed and sample of MovesMatchRules.
	MovesSeed uint64
	Moves     Sample
	// Positions is the file of parse cases (gametest.CheckParseFile);
	// "" means testdata/positions.txt.
	Positions string
}

// Shared runs the shared tests of gm with the sizes of c, one subtest each:
// the solvers against the exhaustive twin and each other, the battery of
// the game API, the moves of the game API against the twin's rules, and
// the parse cases.
func (gm *Game[S, M]) Shared(t *testing.T, c Checks) {
	if c.Exhaustive == (Sample{}) {
		c.Exhaustive = SmallBoards
	}
	t.Run("solvers", func(t *testing.T) { gm.CompareSolvers(t, c.Exhaustive, c.Generic) })
	t.Run("battery", func(t *testing.T) { gm.Battery(t, c.Starts, c.BatterySeed, c.BatteryBoards, c.BatterySide) })
	t.Run("moves", func(t *testing.T) { gm.MovesMatchRules(t, c.MovesSeed, c.Moves) })
	if c.Positions == "" {
		c.Positions = "testdata/positions.txt"
	}
	t.Run("positions", func(t *testing.T) { gametest.CheckParseFile(t, gm.API.Game, c.Positions) })
}
