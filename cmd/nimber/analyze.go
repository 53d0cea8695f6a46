package main

import (
	"bufio"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"nimber/problems"
)

func newAnalyzeCmd() *cobra.Command {
	var flags solveFlags
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "analyze PROBLEM [FILE]",
		Short: "Explain each case: Grundy value, outcome and every winning first move",
		Long: `analyze reads an official input like solve and prints, for every case, the
Sprague–Grundy value of the starting position, its outcome class (N: the
player to move wins; P: the player to move loses) and every winning first
move, with 1-based rows and columns (and the colony type in Bacterial
Tactics). For boi2008-game, a race rather than an impartial game, it prints
the winner, the distance D and its parity, A's first winning move when A
wins, and when B wins the square and move number where B lands on A on the
principal line. With --json it prints the same as a JSON array.`,
		Example: `  nimber analyze bacterial-tactics examples/bacterial-tactics.in
  nimber analyze inventor-outlasting examples/inventor-outlasting.in --json
  nimber analyze boi2008-game examples/boi2008-game.in`,
		Args: problemArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			results, err := analyzeInput(cmd, args, &flags, false)
			if err != nil {
				return err
			}
			out := bufio.NewWriter(cmd.OutOrStdout())
			defer out.Flush()
			if asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(results)
			}
			for _, a := range results {
				writeAnalysis(out, a)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the analysis as JSON")
	flags.register(cmd.Flags())
	return cmd
}

func writeAnalysis(out *bufio.Writer, a problems.Analysis) {
	if a.Race != nil {
		writeRace(out, a)
		return
	}
	fmt.Fprintf(out, "Case #%d (%d x %d): Grundy value %d, ", a.Case, a.Rows, a.Cols, *a.Grundy)
	if a.Outcome == "P" {
		fmt.Fprintf(out, "P-position: the first player loses; official answer %q\n", a.Official)
		return
	}
	fmt.Fprintf(out, "N-position: the first player wins with %d winning first move(s); official answer %q\n", len(a.Winning), a.Official)
	for _, m := range a.Winning {
		fmt.Fprintf(out, "  %s\n", m)
	}
}

func writeRace(out *bufio.Writer, a problems.Analysis) {
	r := a.Race
	fmt.Fprintf(out, "Test #%d (%d x %d): %s wins. Distance D = %d", a.Case, a.Rows, a.Cols, r.Winner, r.Distance)
	switch {
	case r.Distance%2 == 1:
		fmt.Fprintf(out, " is odd: B can never land on A, so A, moving first, arrives first.\n")
	case r.Winner == "A":
		fmt.Fprintf(out, " is even (d = %d), but A can always dodge B's landing on him at B's move %d.\n", r.Distance/2, r.Distance/2)
	case r.InterceptionMove == 0:
		fmt.Fprintf(out, " is even; B can force a win in the full game.\n")
	default:
		fmt.Fprintf(out, " is even (d = %d): whatever A does, B lands on A's square with his move %d, steps once more and arrives first.\n", r.InterceptionMove, r.InterceptionMove)
	}
	if r.FirstMove != nil {
		fmt.Fprintf(out, "  A's first move: %s\n", r.FirstMove)
	}
	if r.Interception != nil {
		fmt.Fprintf(out, "  interception on the principal line: %s, B's move %d\n", r.Interception, r.InterceptionMove)
	}
	if len(r.Line) > 0 {
		fmt.Fprintf(out, "  principal line:")
		for i, m := range r.Line {
			fmt.Fprintf(out, " %c(%d,%d)", "AB"[i%2], m.Row, m.Col)
		}
		fmt.Fprintln(out)
	}
	fmt.Fprintf(out, "  decided by: %s; official answer %q\n", r.Method, a.Official)
}
