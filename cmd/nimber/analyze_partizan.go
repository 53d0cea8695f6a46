package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"nimber/cgt"
	"nimber/cgt/loopy"
	"nimber/game"
	"nimber/play"
)

// analyzePartizan analyses pos, a position of the partizan game g, in a
// Calc bounded by half of maxMemory (a Calc allocates about twice its
// estimate), and prints it in words or as JSON. A game whose positions
// repeat is analysed over at most 1024 positions (and pairs of them) a
// MiB.
func analyzePartizan(cmd *cobra.Command, g *chosenGame, pos game.Position, maxMemory int64, asJSON bool) error {
	act := startActivity(cmd.ErrOrStderr(), g.name, 0)
	s, err := play.AnalyzePartizanWith(cmd.Context(), g, pos, cgt.New(max(maxMemory/2, 1)), play.PartizanOptions{Limit: int(max(maxMemory>>10, 1))})
	act.stop()
	if err != nil {
		switch {
		case errors.Is(err, cgt.ErrLimit):
			err = fmt.Errorf("%w (--max-memory %d bytes: the canonical forms may take half; raise it)", err, maxMemory)
		case errors.Is(err, loopy.ErrTooManyPositions):
			err = fmt.Errorf("%w (--max-memory %d bytes allows %d; raise it)", err, maxMemory, max(maxMemory>>10, 1))
		}
		return g.annotate(fmt.Errorf("analyze %s: %w", g.name, err))
	}
	return printAnswer(cmd, s, asJSON, func(out io.Writer, s *play.PartizanState) { writePartizan(out, g.Info().Noun, s) })
}

// writePartizan explains an analysed partizan position: the position, its
// canonical form and outcome, its parts' canonical forms, and each
// player's moves, those that win for the mover marked * and those that
// draw (in a game whose positions repeat) marked =.
func writePartizan(out io.Writer, noun string, s *play.PartizanState) {
	text := strings.TrimRight(s.Position, "\n")
	if strings.Contains(text, "\n") || text == "" {
		fmt.Fprintf(out, "position:\n%s\n", indent(text))
	} else {
		fmt.Fprintf(out, "position: %s\n", text)
	}
	fmt.Fprintf(out, "canonical form %s\n", s.Canonical)
	fmt.Fprintf(out, "outcome %s: %s\n", s.Outcome, classWords(s.Outcome))
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
		wins, draws := 0, 0
		for _, m := range side.moves {
			if m.Wins {
				wins++
			}
			if m.Draws {
				draws++
			}
		}
		drawn := ""
		if draws > 0 {
			drawn = fmt.Sprintf(", %d drawing, marked =", draws)
		}
		fmt.Fprintf(out, "%s's moves (%d, %d winning for %s moving first, marked *%s):\n", side.name, len(side.moves), wins, side.name, drawn)
		for _, m := range side.moves {
			where := ""
			if len(s.Parts) > 1 {
				where = fmt.Sprintf("in %s %d: ", noun, m.Part+1)
			}
			mark := winMark(m.Wins)
			if m.Draws {
				mark = "="
			}
			fmt.Fprintf(out, "%s %sleaves %s, value %s (%s)\n", mark, where, m.Leaves, m.Canonical, m.Outcome)
		}
	}
}
