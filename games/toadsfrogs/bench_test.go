package toadsfrogs

import (
	"testing"

	"nimber/game/gametest"
)

// BenchmarkRow12 values CGSuite's ttttt..fffff, a row of 12 squares (the
// issue's target: ≤ 1 s).
func BenchmarkRow12(b *testing.B) { gametest.BenchValue(b, Game(), "TTTTT..FFFFF") }

// BenchmarkRow12Spread values a row of 12 squares with more room to move.
func BenchmarkRow12Spread(b *testing.B) { gametest.BenchValue(b, Game(), "TT.T..F.F.FF") }

// BenchmarkBacksliding values CGSuite's example of Backsliding Toads and
// Frogs, TTT..FFF: {on||0|-1/2} & {1/2|0||off}, by its sides.
func BenchmarkBacksliding(b *testing.B) { gametest.BenchLoopyValue(b, Backsliding(), "TTT..FFF") }
