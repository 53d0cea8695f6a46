package main

import (
	"bufio"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"nimber/cgt"
	"nimber/game"
	"nimber/play"
)

// analyzePartizan analyses pos, a position of the partizan game g, in a
// Calc bounded by half of maxMemory (a Calc allocates about twice its
// estimate), and prints it in words or as JSON.
func analyzePartizan(cmd *cobra.Command, g *chosenGame, pos game.Position, maxMemory int64, asJSON bool) error {
	act := startActivity(cmd.ErrOrStderr(), g.name, 0)
	s, err := play.AnalyzePartizan(cmd.Context(), g, pos, cgt.New(max(maxMemory/2, 1)))
	act.stop()
	if err != nil {
		if errors.Is(err, cgt.ErrLimit) {
			err = fmt.Errorf("%w (--max-memory %d bytes: the canonical forms may take half; raise it)", err, maxMemory)
		}
		return g.annotate(fmt.Errorf("analyze %s: %w", g.name, err))
	}
	out := bufio.NewWriter(cmd.OutOrStdout())
	if asJSON {
		return flushJSON(out, s)
	}
	writePartizan(out, g.Info().Noun, s)
	return out.Flush()
}

// writePartizan explains an analysed partizan position: the position, its
// canonical form and outcome, its parts' canonical forms, and each
// player's moves, those that win for the mover marked *.
func writePartizan(out *bufio.Writer, noun string, s *play.PartizanState) {
	text := strings.TrimRight(s.Position, "\n")
	if strings.Contains(text, "\n") || text == "" {
		fmt.Fprintf(out, "position:\n%s\n", indent(text))
	} else {
		fmt.Fprintf(out, "position: %s\n", text)
	}
	fmt.Fprintf(out, "canonical form %s\n", s.Canonical)
	fmt.Fprintf(out, "outcome %s: %s\n", s.Outcome, partizanOutcome[s.Outcome])
	if len(s.Parts) > 1 {
		for i, p := range s.Parts {
			fmt.Fprintf(out, "  %s %d: %s = %s\n", noun, i+1, p.Position, p.Canonical)
		}
	}
	for _, side := range []struct {
		name  string
		moves []play.PartizanMove
	}{{"Left", s.Left}, {"Right", s.Right}} {
		if len(side.moves) == 0 {
			fmt.Fprintf(out, "%s has no move\n", side.name)
			continue
		}
		wins := 0
		for _, m := range side.moves {
			if m.Wins {
				wins++
			}
		}
		fmt.Fprintf(out, "%s's moves (%d, %d winning for %s moving first, marked *):\n", side.name, len(side.moves), wins, side.name)
		for _, m := range side.moves {
			where := ""
			if len(s.Parts) > 1 {
				where = fmt.Sprintf("in %s %d: ", noun, m.Part+1)
			}
			fmt.Fprintf(out, "%s %sleaves %s, value %s (%s)\n", winMark(m.Wins), where, m.Leaves, m.Canonical, m.Outcome)
		}
	}
}
