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
// repeat (a rules file whose moves come back to a position): the graph of
// every position reachable from the parts, within maxPositions, valued by
// sg.Generalize within maxMemory bytes; each part's generalised Sprague–Grundy value, the
// outcome of their sum (N, P or D) and a winning or drawing move, in the
// same report as grundy's other answers.
func loopyGrundy(cmd *cobra.Command, g *chosenGame, pos game.Position, asJSON bool, maxPositions int, maxMemory int64) error {
	ctx := cmd.Context()
	parts := g.Parts(pos)
	act := startActivity(cmd.ErrOrStderr(), g.name+": positions that repeat", 0)
	gr, err := g.Explore(ctx, parts, maxPositions)
	if err != nil {
		act.stop()
		return g.annotate(positionsError(err))
	}
	l, err := sg.Generalize(ctx, gr.Len(), gr.Options, maxMemory)
	act.stop()
	if err != nil {
		return fmt.Errorf("%s: %w", g.name, err)
	}
	roots := gr.Roots()
	rep := grundyReport{Game: g.name, Position: g.Format(pos), Values: []game.Value{}, Parts: []play.Part{},
		Outcome: l.Outcome(roots).String()}
	sum := game.Nimber(0)
	for i, r := range roots {
		v := loopyValue(l, r)
		rep.Values = append(rep.Values, v)
		rep.Parts = append(rep.Parts, play.Part{Position: g.Format(parts[i]), Value: v})
		var ok bool
		if sum, ok = sum.Plus(v); !ok {
			sum = game.Infinite(nil) // two infinite parts: ∞, a draw
		}
	}
	rep.NimSum = sum
	// move returns the move of the sum that moves part i's position to
	// position to of the graph.
	move := func(m sg.SumMove) (*winningMove, error) {
		moves, err := g.Moves(parts[m.Part])
		if err != nil {
			return nil, g.annotate(err)
		}
		for _, mv := range moves {
			if q, ok := gr.Find(mv.Next); ok && q == m.To {
				next, _, err := g.Play(pos, m.Part, mv.Text)
				if err != nil {
					return nil, g.annotate(err)
				}
				return &winningMove{Part: m.Part, Move: mv.Text, Position: g.Format(next)}, nil
			}
		}
		return nil, fmt.Errorf("%s: no move of part %d leads to %s", g.name, m.Part+1, gr.Name(m.To))
	}
	if m, ok := l.WinningMove(roots); ok {
		if rep.WinningMove, err = move(m); err != nil {
			return err
		}
	}
	if m, ok := l.DrawingMove(roots); ok {
		if rep.DrawingMove, err = move(m); err != nil {
			return err
		}
	}
	out := bufio.NewWriter(cmd.OutOrStdout())
	if asJSON {
		return flushJSON(out, rep)
	}
	noun := g.Info().Noun
	for i := range roots {
		fmt.Fprintf(out, "%s %d: %s, G = %v\n", noun, i+1, g.DescribePart(pos, i), rep.Values[i])
	}
	switch l.Outcome(roots) {
	case sg.P:
		fmt.Fprintf(out, "sum %v: P, the player to move loses\n", sum)
	case sg.N:
		fmt.Fprintf(out, "sum %v: N, the player to move wins\n", sum)
	default:
		fmt.Fprintf(out, "sum %v: D, a draw: neither player can force a win\n", sum)
	}
	if w := rep.WinningMove; w != nil {
		fmt.Fprintf(out, "winning move: in %s %d, %s\n", noun, w.Part+1, w.Move)
	}
	if d := rep.DrawingMove; d != nil {
		fmt.Fprintf(out, "drawing move: in %s %d, %s\n", noun, d.Part+1, d.Move)
	}
	return out.Flush()
}
