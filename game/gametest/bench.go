package gametest

import (
	"context"
	"testing"

	"nimber/cgt"
	"nimber/game"
)

// BenchValue values the position text of the partizan game g from
// scratch (a new Calc and Evaluator) once an iteration, and reports the
// distinct parts valued as the metric "parts": the benchmark of a
// partizan game's canonical forms.
func BenchValue(b *testing.B, g game.Game, text string) {
	pg, pos := partizanPosition(b, g, text, g.Parse)
	for b.Loop() {
		e := pg.NewEvaluator(cgt.New(0))
		if _, _, err := pg.Values(context.Background(), e, pos); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(e.Len()), "parts")
	}
}

// BenchLoopyValue values the position text of the partizan game g whose
// positions repeat as nimber value --game does, from scratch once an
// iteration: its graph (PartizanGame.Graph), then its loopy value
// (loopy.Describe), reporting the graph's positions as "positions".
func BenchLoopyValue(b *testing.B, g game.Game, text string) {
	pg, pos := partizanPosition(b, g, text, g.Parse)
	for b.Loop() {
		_, n := loopyValue(b, pg, pos)
		b.ReportMetric(float64(n), "positions")
	}
}

// BenchLoopyGraph builds the graph of the position text of the partizan
// game g whose positions repeat (PartizanGame.Graph) once an iteration,
// the first step of BenchLoopyValue, reporting its positions.
func BenchLoopyGraph(b *testing.B, g game.Game, text string) {
	pg, pos := partizanPosition(b, g, text, g.Parse)
	for b.Loop() {
		gr, err := pg.Graph(context.Background(), pos, 0)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(gr.Graph.Len()), "positions")
	}
}

// BenchOutcome decides who wins the position text of the partizan game g
// by its search (ParseSearch, Outcome) from scratch once an iteration, on
// one goroutine with the default limits.
func BenchOutcome(b *testing.B, g game.Game, text string) {
	pg, _ := game.PartizanOf(g)
	_, pos := partizanPosition(b, g, text, pg.ParseSearch)
	for b.Loop() {
		if _, err := pg.Outcome(context.Background(), pos, game.OutcomeOptions{Threads: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// partizanPosition returns g as a partizan game and the position text
// read by parse, failing tb when g is not partizan or text does not
// parse.
func partizanPosition(tb testing.TB, g game.Game, text string, parse func(string) (game.Position, error)) (game.PartizanGame, game.Position) {
	tb.Helper()
	pg := As(tb, g, game.PartizanOf, "partizan rules")
	pos, err := parse(text)
	if err != nil {
		tb.Fatal(err)
	}
	return pg, pos
}
