package pgridtest

import (
	"testing"

	"nimber/game"
	"nimber/game/gametest"
)

// Bench is a position a partizan game's benchmark times: Name names its
// sub-benchmark and Text is the position, of Game when set (another of
// the package's games), timed by Time (gametest.BenchValue when nil).
type Bench struct {
	Name, Text string
	Game       game.Game
	Time       func(b *testing.B, g game.Game, text string)
}

// Benchmarks times each position of benches, of g unless it names its
// own game, as a sub-benchmark of b.
func Benchmarks(b *testing.B, g game.Game, benches []Bench) {
	for _, bc := range benches {
		bg, time := g, bc.Time
		if bc.Game != nil {
			bg = bc.Game
		}
		if time == nil {
			time = gametest.BenchValue
		}
		b.Run(bc.Name, func(b *testing.B) { time(b, bg, bc.Text) })
	}
}
