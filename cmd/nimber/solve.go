package main

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"nimber/registry"
)

func newSolveCmd() *cobra.Command {
	var flags solveFlags
	var list bool
	cmd := &cobra.Command{
		Use:   "solve PROBLEM [FILE]",
		Short: "Print exactly the official output for an official input",
		Long: `solve reads an input in the problem's official format from FILE, or from
standard input when FILE is absent or "-", and prints exactly the official
output. The whole input is checked and solved before anything is printed: on
bad input, nimber prints one line on stderr naming the case, line and problem,
and exits with status 2.`,
		Example: `  nimber solve --list
  nimber solve bacterial-tactics examples/bacterial-tactics.in
  nimber solve caos3 < examples/caos3.in`,
		Args: func(cmd *cobra.Command, args []string) error {
			if list {
				return nil
			}
			return problemArgs(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			out := bufio.NewWriter(cmd.OutOrStdout())
			if list {
				for _, e := range registry.Problems() {
					fmt.Fprintf(out, "%-22s %s\n", e.Name, e.Problem.Title)
				}
				return out.Flush()
			}
			results, err := analyzeInput(cmd, args, &flags, true)
			if err != nil {
				return err
			}
			var b strings.Builder
			for _, a := range results {
				b.WriteString(a.Official)
				b.WriteByte('\n')
			}
			if _, err = out.WriteString(b.String()); err != nil {
				return err
			}
			return out.Flush()
		},
	}
	cmd.Flags().BoolVar(&list, "list", false, "list the problems nimber solves")
	flags.register(cmd.Flags())
	return cmd
}
