package rules

import (
	"context"
	"fmt"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/cutcake"
)

// sequenceRuns are the nim-sequences of BenchmarkSequence: an example rules
// file and a length, as bench/rules/README.md compares them with CPython.
var sequenceRuns = []struct {
	file string
	to   int
}{{"kayles", 1000}, {"kayles", 2000}, {"kayles", 4000}, {"subtraction", 100000}, {"subtraction", 1000000},
	{"kayles_fast", 1000}, {"kayles_fast", 2000}, {"kayles_fast", 4000}, {"subtraction_fast", 100000}, {"subtraction_fast", 1000000}}

// BenchmarkSequence computes nim-sequences of the example heap games from
// a fresh memo: compare with bench/rules/memo_mex.py.
func BenchmarkSequence(b *testing.B) {
	for _, bc := range sequenceRuns {
		b.Run(fmt.Sprintf("%s/%d", bc.file, bc.to), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				r := load(b, bc.file)
				b.StartTimer()
				if _, err := r.Sequence(context.Background(), bc.to); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAnalyze analyses a heap of Kayles through the game layer, from
// a fresh memo.
func BenchmarkAnalyze(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		g := load(b, "kayles").Game()
		pos := gametest.Parse(b, g, "1000")
		b.StartTimer()
		if _, err := g.Analyze(context.Background(), pos, game.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPartizan values a rectangle of Cutcake by examples/rules/
// cutcake_rules.star, from a fresh memo, and by the built-in game, and a heap of
// the partizan subtraction game: the cost of running the rules in
// Starlark over the same canonical-form engine.
func BenchmarkPartizan(b *testing.B) {
	for _, bc := range []struct{ name, file, pos string }{
		{"cutcake_rules.star/40x40", "cutcake_rules", "40x40"},
		{"builtin-cutcake/40x40", "", "40x40"},
		{"partizan_subtraction.star/3000", "partizan_subtraction", "3000"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				g := cutcake.Game()
				if bc.file != "" {
					g = load(b, bc.file).Game()
				}
				c := cgt.New(0)
				b.StartTimer()
				if _, err := partizanValue(context.Background(), g, c, bc.pos); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
