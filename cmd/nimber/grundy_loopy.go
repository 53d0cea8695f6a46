package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"nimber/game"
	"nimber/sg"
)

// loopyGrundy answers grundy for an impartial game whose positions can
// repeat (a rules file whose moves come back to a position), from a, its
// analysis by generalised Sprague–Grundy values (game.Analysis.Cyclic):
// each part's value, the outcome of their sum (N, P or D) and a winning or
// drawing move, in the same report as grundy's other answers.
func loopyGrundy(cmd *cobra.Command, g *chosenGame, pos game.Position, a *game.Analysis, asJSON bool) error {
	rep := newGrundyReport(g, g.Format(pos), a)
	if m, ok := a.EngineMove(); ok && a.Outcome != sg.P {
		w := &winningMove{Part: m.Part, Move: m.Text, Position: g.Format(m.Next)}
		if a.Outcome == sg.N {
			rep.WinningMove = w
		} else {
			rep.DrawingMove = w
		}
	}
	return writeGrundy(cmd, g, pos, rep, fmt.Sprintf("sum %v: %s", a.Value, outcomeWords(a.Outcome.String())), asJSON)
}
