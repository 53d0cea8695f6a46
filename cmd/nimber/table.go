package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"nimber/compound"
)

func newTableCmd() *cobra.Command {
	var size, to int
	var moves, function, format, set string
	cmd := &cobra.Command{
		Use:   "table knights|subtraction [flags]",
		Short: "Print a table of an invariant over a game's positions",
		Long: `table prints one invariant of every position of a game, the values that decide
the compounds: grundy, grundy-misere, remoteness, remoteness-misere, suspense,
suspense-misere, w and w-misere (w-numbers print SL and SW as words).

  knights      a token on an N x N board moving by --moves (default: the seed's
               knight steps (+1,-2), (-1,-2), (-2,+1), (-2,-1)); N lines of N values
  subtraction  a heap from which a move removes an amount in --set; one line per
               heap size 0..--to, "size value"

--format csv writes comma-separated rows; --format json an array of rows
(knights) or of values (subtraction).`,
		Example: `  nimber table knights --size 8 --function grundy
  nimber table knights --size 8 --function w --format csv
  nimber table subtraction --set 1,3,4 --to 20 --function grundy`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 || (args[0] != "knights" && args[0] != "subtraction") {
				return fmt.Errorf("table takes one game, knights or subtraction (see nimber table --help)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "csv" && format != "json" {
				return fmt.Errorf("--format %q is not one of text, csv, json", format)
			}
			if !slices.Contains(compound.Functions, function) {
				return fmt.Errorf("--function %q is not one of %s", function, strings.Join(compound.Functions, ", "))
			}
			var game compound.Game
			var rows [][]int // positions, row by row
			switch args[0] {
			case "knights":
				b, err := boardFromFlags(fmt.Sprintf("%dx%d", size, size), moves)
				if err != nil {
					return err
				}
				game = b
				for r := 0; r < size; r++ {
					row := make([]int, size)
					for c := range row {
						row[c] = b.Position(r, c)
					}
					rows = append(rows, row)
				}
			case "subtraction":
				sub, err := compound.NewSubtraction(set, to)
				if err != nil {
					return err
				}
				game = sub
				for n := 0; n <= to; n++ {
					rows = append(rows, []int{n})
				}
			}
			inv, err := compound.Compute(cmd.Context(), game)
			if err != nil {
				return err
			}
			table := make([][]string, len(rows))
			for i, row := range rows {
				table[i] = make([]string, len(row))
				for j, p := range row {
					table[i][j], _ = inv.Value(function, p)
				}
			}
			return writeTable(cmd, table, format, args[0] == "subtraction")
		},
	}
	f := cmd.Flags()
	f.IntVar(&size, "size", 8, "knights: the board is size x size")
	f.StringVar(&moves, "moves", "", `knights: steps as (row,col) pairs, e.g. "1,-2;-1,-2;-2,1;-2,-1"`)
	f.StringVar(&set, "set", "1,2", "subtraction: the amounts a move may remove, e.g. 1,3,4")
	f.IntVar(&to, "to", 20, "subtraction: the largest heap")
	f.StringVar(&function, "function", "grundy", "the invariant: grundy, grundy-misere, remoteness, remoteness-misere, suspense, suspense-misere, w, w-misere")
	f.StringVar(&format, "format", "text", "text, csv or json")
	return cmd
}

// writeTable prints the values; heaps prefixes each row with its heap size
// in text and csv.
func writeTable(cmd *cobra.Command, table [][]string, format string, heaps bool) error {
	out := cmd.OutOrStdout()
	switch format {
	case "json":
		conv := func(s string) any {
			if n, err := strconv.Atoi(s); err == nil {
				return n
			}
			return s
		}
		var doc any
		if heaps {
			vals := make([]any, len(table))
			for i, row := range table {
				vals[i] = conv(row[0])
			}
			doc = vals
		} else {
			rows := make([][]any, len(table))
			for i, row := range table {
				rows[i] = make([]any, len(row))
				for j, s := range row {
					rows[i][j] = conv(s)
				}
			}
			doc = rows
		}
		return json.NewEncoder(out).Encode(doc)
	case "csv":
		w := csv.NewWriter(out)
		for i, row := range table {
			if heaps {
				row = append([]string{strconv.Itoa(i)}, row...)
			}
			if err := w.Write(row); err != nil {
				return err
			}
		}
		w.Flush()
		return w.Error()
	}
	var b strings.Builder
	for i, row := range table {
		if heaps {
			fmt.Fprintf(&b, "%d ", i)
		}
		b.WriteString(strings.Join(row, " "))
		b.WriteByte('\n')
	}
	_, err := fmt.Fprint(out, b.String())
	return err
}
