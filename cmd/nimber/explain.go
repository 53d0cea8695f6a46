package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"nimber/game"
	"nimber/play"
)

func newExplainCmd() *cobra.Command {
	var gf gameFlag
	var asJSON bool
	var maxPositions int
	cmd := &cobra.Command{
		Use:   "explain (GAME | --rules FILE) POSITION...",
		Short: "Why a position is won or lost: its parts, the nim-sum in binary, remoteness, every move",
		Long: `explain shows why a sum of positions (each POSITION argument a part) is won or
lost: each part's Grundy value, their nim-sum worked out in binary columns, the
normal-play remoteness (how many moves the game lasts when the winner hurries
and the loser delays), and every legal move with the value, outcome and
remoteness it leaves. The remoteness is searched over every position reachable,
at most --max-positions of them; beyond, it is not given. --json prints what
POST /api/moves/{game} answers.`,
		Example: `  nimber explain 0.77 5 7 9
  nimber explain wythoff 3,5 --json
  nimber explain --rules examples/rules/coins.star '"HHTH"'`,
		RunE: func(cmd *cobra.Command, args []string) error {
			g, pos, err := gf.sum(cmd, args)
			if err != nil {
				return err
			}
			act := startActivity(cmd.ErrOrStderr(), g.name, 0)
			e, err := play.Explain(cmd.Context(), g, pos, game.Options{}, maxPositions)
			act.stop()
			if err != nil {
				return g.annotate(positionsError(err))
			}
			return printAnswer(cmd, e, asJSON, writeExplanation)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&asJSON, "json", false, "print the explanation as JSON (the answer of POST /api/moves/{game})")
	f.IntVar(&maxPositions, "max-positions", play.ExplainLimit, "search the remoteness over at most this many positions")
	gf.register(f)
	return cmd
}

// writeExplanation writes e for people: the parts and the nim-sum in
// binary columns, the outcome, and the moves, winning ones marked *.
func writeExplanation(out io.Writer, e *play.Explanation) {
	if e.NimSumBinary != nil { // Grundy values: the nim-sum in binary columns
		width := len(*e.NimSumBinary)
		for _, p := range e.Parts {
			width = max(width, len(binaryText(p.Value)))
		}
		label := max(len("nim-sum"), len(fmt.Sprintf("part %d", len(e.Parts))))
		for i, p := range e.Parts {
			fmt.Fprintf(out, "  %-*s  %*s  G = %v = mex{%s}  %s\n", label, fmt.Sprintf("part %d", i+1), width, binaryText(p.Value), p.Value,
				joinInts(p.Options), oneLineText(p.Position))
		}
		fmt.Fprintf(out, "  %*s  %s\n", label, "", strings.Repeat("-", width))
		fmt.Fprintf(out, "  %-*s  %*s  = %v (each column: the parity of its ones)\n", label, "nim-sum", width, *e.NimSumBinary, e.Value)
	}
	if e.NimSumBinary == nil && len(e.Parts) > 0 { // generalised values: a position whose play can repeat
		for i, p := range e.Parts {
			how := fmt.Sprintf("= mex{%s}", joinInts(p.Options))
			if _, finite := p.Value.Grundy(); !finite {
				how = fmt.Sprintf("(no finite value fits; its options' finite values {%s})", joinInts(p.Options))
			}
			fmt.Fprintf(out, "  part %d  G = %v %s  %s\n", i+1, p.Value, how, oneLineText(p.Position))
		}
		fmt.Fprintf(out, "  sum     %v (Smith's theorem)\n", e.Value)
	}
	fmt.Fprintf(out, "%s\n", outcomeText(e.Outcome, e.Remoteness))
	fmt.Fprintf(out, "every move (%d), winning ones marked *:\n", len(e.Moves))
	for _, m := range e.Moves {
		mark := winMark(m.Winning)
		value := ""
		if m.Value.Known() {
			value = fmt.Sprintf("value %v, ", m.Value)
		}
		fmt.Fprintf(out, "%s part %d: %s -> %s (%s%s)\n", mark, m.Part+1, m.Text, oneLineText(m.Position), value, outcomeText(m.Outcome, m.Remoteness))
	}
}

// binaryText writes a Grundy value in binary.
func binaryText(v game.Value) string {
	n, _ := v.Grundy()
	return strconv.FormatInt(int64(n), 2)
}

// outcomeText says an outcome for the player to move, with the remoteness
// when it is known.
func outcomeText(outcome string, remoteness *int) string {
	s := map[string]string{"N": "the player to move wins", "P": "the player to move loses", "D": "a draw"}[outcome]
	if remoteness != nil && outcome != "D" {
		s += fmt.Sprintf(" in %d move", *remoteness)
		if *remoteness != 1 {
			s += "s"
		}
	}
	return outcome + ": " + s
}

// oneLineText writes a position's text on one line, its lines joined by
// " / ".
func oneLineText(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(nothing left)"
	}
	return strings.Join(strings.Split(strings.TrimRight(s, "\n"), "\n"), " / ")
}

// winMark is the mark of a winning move in a list of moves: "*", else " ".
func winMark(winning bool) string {
	if winning {
		return "*"
	}
	return " "
}

// joinInts writes values separated by commas.
func joinInts(values []int) string {
	s := make([]string, len(values))
	for i, v := range values {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ",")
}
