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
Tactics). With --json it prints the same as a JSON array.`,
		Example: `  nimber analyze bacterial-tactics examples/bacterial-tactics.in
  nimber analyze inventor-outlasting examples/inventor-outlasting.in --json`,
		Args: problemArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, err := flags.options()
			if err != nil {
				return err
			}
			p, cases, err := readCases(cmd, args)
			if err != nil {
				return err
			}
			results, err := p.Analyze(cmd.Context(), cases, opts)
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
	fmt.Fprintf(out, "Case #%d (%d x %d): Grundy value %d, ", a.Case, a.Rows, a.Cols, a.Grundy)
	if a.Outcome == "P" {
		fmt.Fprintf(out, "P-position: the first player loses; official answer %q\n", a.Official)
		return
	}
	fmt.Fprintf(out, "N-position: the first player wins with %d winning first move(s); official answer %q\n", len(a.Winning), a.Official)
	for _, m := range a.Winning {
		fmt.Fprintf(out, "  %s\n", m)
	}
}
