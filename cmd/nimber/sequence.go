package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"nimber/heap"
)

// maxSequence bounds --to (values take two bytes a heap in memory).
const maxSequence = 1 << 32

// sequenceSummary is the JSON summary of a nim-sequence.
type sequenceSummary struct {
	Code      string  `json:"code"`
	Canonical string  `json:"canonical"`
	Heaps     int     `json:"heaps"`
	Period    int     `json:"period"`
	Preperiod int     `json:"preperiod"`
	Proven    bool    `json:"proven"`
	Needed    int     `json:"values_needed_for_proof,omitempty"`
	Largest   int     `json:"largest_value"`
	Seconds   float64 `json:"seconds"`
}

func newSequenceCmd() *cobra.Command {
	var to int
	var values, asJSON bool
	cmd := &cobra.Command{
		Use:   "sequence CODE --to N",
		Short: "Compute a heap game's nim-sequence and find its period",
		Long: `sequence computes the Grundy values G(0..N-1) of a heap game and looks for a
period: p and the preperiod n0 (the smallest n0 with G(n+p) = G(n) for all
computed n >= n0), proven when the Guy–Smith condition holds within the values
(octal games only). CODE is an octal or hexadecimal code (0.07, .07, 4.07,
0.137, 0.8F), grundy (or 4!.0) for Grundy's game, or sub:1,3,4 for a
subtraction game.`,
		Example: `  nimber sequence 0.77 --to 1000
  nimber sequence 0.07 --to 40 --values
  nimber sequence 0.16 --to 600000 --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("sequence takes one CODE, got %d arguments (see nimber sequence --help)", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := heap.Parse(args[0])
			if err != nil {
				return err
			}
			if to < 1 || to > maxSequence {
				return fmt.Errorf("--to %d out of range 1..%d", to, maxSequence)
			}
			start := time.Now()
			vals, err := g.Extend(cmd.Context(), nil, to)
			if err != nil {
				return err
			}
			out := bufio.NewWriter(cmd.OutOrStdout())
			defer out.Flush()
			if values {
				var b strings.Builder
				for _, v := range vals {
					b.WriteString(strconv.Itoa(int(v)))
					b.WriteByte('\n')
				}
				_, err := out.WriteString(b.String())
				return err
			}
			sum := sequenceSummary{Code: args[0], Canonical: g.String(), Heaps: to}
			for _, v := range vals {
				sum.Largest = max(sum.Largest, int(v))
			}
			if per, ok := g.FindPeriod(vals, 0); ok {
				sum.Period, sum.Preperiod, sum.Proven, sum.Needed = per.Period, per.Preperiod, per.Proven, per.Needed
			}
			sum.Seconds = time.Since(start).Seconds()
			if asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(sum)
			}
			fmt.Fprintf(out, "%s (%s): G(0..%d) computed in %.2f s; largest value %d\n", sum.Code, sum.Canonical, to-1, sum.Seconds, sum.Largest)
			switch {
			case sum.Period == 0:
				fmt.Fprintln(out, "no period found in the computed values")
			case sum.Proven:
				fmt.Fprintf(out, "period %d from n = %d, proven (Guy–Smith: the first %d values suffice)\n", sum.Period, sum.Preperiod, sum.Needed)
			default:
				fmt.Fprintf(out, "apparent period %d from n = %d, not proven", sum.Period, sum.Preperiod)
				if g.Octal() {
					fmt.Fprintf(out, " (Guy–Smith needs %d values)", sum.Needed)
				} else {
					fmt.Fprint(out, " (Guy–Smith covers octal games only)")
				}
				fmt.Fprintln(out)
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&to, "to", 1000, "compute G(0..N-1)")
	cmd.Flags().BoolVar(&values, "values", false, "print G(0..N-1), one per line")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the summary as JSON")
	return cmd
}

func newGrundyCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "grundy CODE HEAP...",
		Short: "Value of a sum of heaps of a heap game, and a winning move",
		Long: `grundy prints the Grundy value of each heap, the nim-sum of the position made
of all the heaps, its outcome (N: the player to move wins), and a winning move
when there is one.`,
		Example: `  nimber grundy 0.77 5 7 9
  nimber grundy grundy 10 20`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) < 2 {
				return fmt.Errorf("grundy takes CODE and at least one HEAP (see nimber grundy --help)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := heap.Parse(args[0])
			if err != nil {
				return err
			}
			heaps := make([]int, len(args)-1)
			largest := 0
			for i, a := range args[1:] {
				n, err := strconv.Atoi(a)
				if err != nil || n < 0 || n >= 1<<24 {
					return fmt.Errorf("heap %q is not a size in 0..%d", a, 1<<24-1)
				}
				heaps[i], largest = n, max(largest, n)
			}
			vals, err := g.Extend(cmd.Context(), nil, largest+1)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			x := uint16(0)
			for i, n := range heaps {
				fmt.Fprintf(out, "heap %d: %d tokens, G = %d\n", i+1, n, vals[n])
				x ^= vals[n]
			}
			if x == 0 {
				fmt.Fprintf(out, "nim-sum 0: P, the player to move loses\n")
				return nil
			}
			fmt.Fprintf(out, "nim-sum %d: N, the player to move wins\n", x)
			for i, n := range heaps {
				target := x ^ vals[n]
				found := false
				g.Moves(n, func(m heap.Move) bool {
					v := uint16(0)
					for _, h := range m.Left {
						v ^= vals[h]
					}
					if v != target {
						return true
					}
					left := "nothing"
					if len(m.Left) > 0 {
						parts := make([]string, len(m.Left))
						for j, h := range m.Left {
							parts[j] = strconv.Itoa(h)
						}
						left = "heaps " + strings.Join(parts, " and ")
					}
					fmt.Fprintf(out, "winning move: in heap %d, take %d, leaving %s\n", i+1, m.Take, left)
					found = true
					return false
				})
				if found {
					break
				}
			}
			return nil
		},
	}
	return cmd
}
