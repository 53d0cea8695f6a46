package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"nimber/sg/nimfield"
)

// fieldExamples are the examples of each subcommand of field.
var fieldExamples = map[string]string{
	"mul":   "  nimber field mul 5 7\n  nimber field mul 2 3 16 0xff --json",
	"inv":   "  nimber field inv 5",
	"sqrt":  "  nimber field sqrt 8",
	"pow":   "  nimber field pow 2 5",
	"table": "  nimber field table 16",
}

// fieldUse is the usage line of each subcommand of field.
var fieldUse = map[string]string{
	"mul": "mul A B...", "inv": "inv A", "sqrt": "sqrt A", "pow": "pow A E", "table": "table N",
}

func newFieldCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "field OPERATION ARGS",
		Short: "Nim multiplication: products, inverses, square roots and tables in the field of 2^64 nimbers",
		Long: `field computes in Conway's nim-field, the words 0..2^64-1 with nim-addition
(XOR) and nim-multiplication a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}
(On Numbers and Games, ch. 6; Winning Ways, ch. 14; Lenstra): the product of
numbers, the inverse and square root of one, a nim-power, and the table of
0..N-1 (Winning Ways prints the one of 0..15). Numbers are unsigned 64-bit
decimal, or hexadecimal after 0x. --json prints {"op", "args", "result"} with
the words as decimal strings (doubles cannot hold them), or {"op", "args",
"table"} for table. See docs/coins.md.`,
		Example: "  nimber field mul 5 7\n  nimber field inv 5\n  nimber field sqrt 8\n  nimber field pow 2 5\n  nimber field table 16",
		Args:    cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return fmt.Errorf("field: want an operation: %s", fieldOpNames())
			}
			return fmt.Errorf("field: unknown operation %q: want %s", args[0], fieldOpNames())
		},
	}
	cmd.PersistentFlags().BoolVar(&asJSON, "json", false, "print the answer as JSON")
	for _, op := range nimfield.Ops {
		cmd.AddCommand(&cobra.Command{
			Use:     fieldUse[op.Name],
			Short:   strings.SplitN(op.Args, ": ", 2)[1],
			Example: fieldExamples[op.Name],
			RunE: func(cmd *cobra.Command, args []string) error {
				a, err := nimfield.Eval(op.Name, args)
				if err != nil {
					return err
				}
				return printAnswer(cmd, a, asJSON, writeField)
			},
		})
	}
	return cmd
}

// fieldOpNames lists the operations of field.
func fieldOpNames() string {
	names := make([]string, len(nimfield.Ops))
	for i, op := range nimfield.Ops {
		names[i] = op.Name
	}
	return strings.Join(names, ", ")
}

// writeField writes the answer a as text: an equation, or the table
// aligned as Winning Ways prints it, rows and columns labelled.
func writeField(w io.Writer, a nimfield.Answer) {
	switch a.Op {
	case "mul":
		fmt.Fprintf(w, "%s = %s\n", strings.Join(a.Args, " ⊗ "), a.Result)
	case "inv":
		fmt.Fprintf(w, "1/%s = %s\n", a.Args[0], a.Result)
	case "sqrt":
		fmt.Fprintf(w, "sqrt %s = %s\n", a.Args[0], a.Result)
	case "pow":
		fmt.Fprintf(w, "%s^%s = %s (nim-power)\n", a.Args[0], a.Args[1], a.Result)
	case "table":
		n := len(a.Table)
		width := len(strconv.Itoa(n - 1))
		for _, row := range a.Table {
			for _, v := range row {
				width = max(width, len(strconv.FormatUint(v, 10)))
			}
		}
		fmt.Fprintf(w, "%*s |", width, "⊗")
		for b := range n {
			fmt.Fprintf(w, " %*d", width, b)
		}
		fmt.Fprintf(w, "\n%s+%s\n", strings.Repeat("-", width+1), strings.Repeat("-", n*(width+1)))
		for r, row := range a.Table {
			fmt.Fprintf(w, "%*d |", width, r)
			for _, v := range row {
				fmt.Fprintf(w, " %*d", width, v)
			}
			fmt.Fprintln(w)
		}
	}
}
