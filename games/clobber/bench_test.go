package clobber

import (
	"testing"

	"nimber/game/gametest"
)

// BenchmarkCheckerboard3x4 values CGSuite's Profiler board xoxo|oxox|xoxo
// (which is 0) from scratch.
func BenchmarkCheckerboard3x4(b *testing.B) { gametest.BenchValue(b, Game(), "xoxo|oxox|xoxo") }
