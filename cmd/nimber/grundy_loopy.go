package main

import (
	"bufio"
	"fmt"

	"github.com/spf13/cobra"

	"nimber/game"
	"nimber/play"
	"nimber/sg"
)

// loopyGrundy answers grundy for an impartial game whose positions can
// repeat (a rules file whose moves come back to a position), from a, its
// analysis by generalised Sprague–Grundy values (game.Analysis.Cyclic):
// each part's value, the outcome of their sum (N, P or D) and a winning or
// drawing move, in the same report as grundy's other answers.
func loopyGrundy(cmd *cobra.Command, g *chosenGame, pos game.Position, a *game.Analysis, asJSON bool) error {
	rep := grundyReport{Game: g.name, Position: g.Format(pos), Values: []game.Value{}, Parts: []play.Part{},
		NimSum: a.Value, Outcome: a.Outcome.String()}
	for _, p := range a.Parts {
		rep.Values = append(rep.Values, p.Value)
		rep.Parts = append(rep.Parts, play.Part{Position: p.Text, Value: p.Value})
	}
	if m, ok := a.EngineMove(); ok && a.Outcome != sg.P {
		w := &winningMove{Part: m.Part, Move: m.Text, Position: g.Format(m.Next)}
		if a.Outcome == sg.N {
			rep.WinningMove = w
		} else {
			rep.DrawingMove = w
		}
	}
	sum := a.Value
	roots := a.Parts
	out := bufio.NewWriter(cmd.OutOrStdout())
	if asJSON {
		return flushJSON(out, rep)
	}
	noun := g.Info().Noun
	for i := range roots {
		fmt.Fprintf(out, "%s %d: %s, G = %v\n", noun, i+1, g.DescribePart(pos, i), rep.Values[i])
	}
	fmt.Fprintf(out, "sum %v: %s\n", sum, outcomeWords(a.Outcome.String()))
	if w := rep.WinningMove; w != nil {
		fmt.Fprintf(out, "winning move: in %s %d, %s\n", noun, w.Part+1, w.Move)
	}
	if d := rep.DrawingMove; d != nil {
		fmt.Fprintf(out, "drawing move: in %s %d, %s\n", noun, d.Part+1, d.Move)
	}
	return out.Flush()
}
