package main

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"nimber/registry"
)

func newGamesCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the games: names, position formats and what each supports",
		Long: `games lists every game of the registry: its name (or, for a family, the
pattern of its names, such as sub:SET or CODE for octal codes), what it is,
how its positions are written, and what it supports: the official input and
output of a contest problem (solve, analyze FILE, gen), play, tables of the
compounds' invariants, nim-sequences. Your own games come from rules files
(--rules FILE on every command that takes a game).`,
		Example: `  nimber games
  nimber games --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var list []registry.Info
			for _, e := range registry.Entries() {
				info, err := e.Info()
				if err != nil {
					return err
				}
				list = append(list, info)
			}
			out := bufio.NewWriter(cmd.OutOrStdout())
			if asJSON {
				return flushJSON(out, list)
			}
			for _, g := range list {
				fmt.Fprintf(out, "%-20s %s\n", g.Name, g.Summary)
				fmt.Fprintf(out, "%-20s positions: %s\n", "", g.Format)
				fmt.Fprintf(out, "%-20s supports: %s\n", "", strings.Join(g.Supports.Words(), ", "))
			}
			return out.Flush()
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the list as JSON")
	return cmd
}
