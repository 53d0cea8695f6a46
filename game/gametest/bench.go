package gametest

import (
	"context"
	"testing"

	"nimber/cgt"
	"nimber/cgt/loopy"
	"nimber/game"
)

// BenchValue values the position text of the partizan game g from
// scratch (a new Calc and Evaluator) once an iteration, and reports the
// distinct parts valued as the metric "parts": the benchmark of a
// partizan game's canonical forms.
func BenchValue(b *testing.B, g game.Game, text string) {
	pg, ok := game.PartizanOf(g)
	if !ok {
		b.Fatalf("%s is not a partizan game", text)
	}
	pos, err := g.Parse(text)
	if err != nil {
		b.Fatal(err)
	}
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
	pg, ok := game.PartizanOf(g)
	if !ok {
		b.Fatalf("%s is not a partizan game", text)
	}
	pos, err := g.Parse(text)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		gr, err := pg.Graph(context.Background(), pos, 0)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := loopy.Describe(context.Background(), cgt.New(0), gr, 0); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(gr.Graph.Len()), "positions")
	}
}

// BenchOutcome decides who wins the position text of the partizan game g
// by its search (ParseSearch, Outcome) from scratch once an iteration, on
// one goroutine with the default limits.
func BenchOutcome(b *testing.B, g game.Game, text string) {
	pg, ok := game.PartizanOf(g)
	if !ok {
		b.Fatalf("%s is not a partizan game", text)
	}
	pos, err := pg.ParseSearch(text)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := pg.Outcome(context.Background(), pos, game.OutcomeOptions{Threads: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
