package clobber

import (
	"testing"

	"nimber/game/gametest"
)

// searchBenchmarks are the positions BenchmarkSearch decides: the
// checkerboards and the row that nimber outcome's targets name, and a sum
// of three 3 x 3 checkerboards.
var searchBenchmarks = []struct{ name, position string }{
	{"4x4", "xoxo|oxox|xoxo|oxox"},
	{"3x6", "xoxoxo|oxoxox|xoxoxo"},
	{"row26", "xoxoxoxoxoxoxoxoxoxoxoxoxo"},
	{"3x3sum", "xox|oxo|xox + xox|oxo|xox + xox|oxo|xox"},
}

// BenchmarkSearch decides each of searchBenchmarks from scratch with the
// default options on one goroutine (a fresh table and Calc each time).
func BenchmarkSearch(b *testing.B) {
	for _, bc := range searchBenchmarks {
		b.Run(bc.name, func(b *testing.B) { gametest.BenchOutcome(b, Game(), bc.position) })
	}
}
