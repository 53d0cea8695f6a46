package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"nimber/problems"
	"nimber/registry"
)

func newGenCmd() *cobra.Command {
	var o problems.GenOptions
	var size int
	cmd := &cobra.Command{
		Use:   "gen PROBLEM",
		Short: "Write random valid inputs in the problem's official format",
		Long: `gen writes random valid inputs for stress-testing: --cases boards of --rows x
--cols cells, each cell independently marked with probability --density
(radioactive '#' in bacterial-tactics, spot 'X' in inventor-outlasting, wall
'#' in caos3). For boi2008-game, --family picks one of the official test
families. The same --seed gives the same input.`,
		Example: `  nimber gen bacterial-tactics --rows 15 --cols 15 --cases 100 --seed 7 > big.in
  nimber gen caos3 --rows 48 --cols 48 --density 0.01 | nimber analyze caos3
  nimber gen boi2008-game --family b --size 300 --cases 10 | nimber solve boi2008-game`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("gen takes exactly one PROBLEM, got %d arguments (see nimber gen --help)", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			fl := cmd.Flags()
			if fl.Changed("size") {
				if fl.Changed("rows") || fl.Changed("cols") {
					return fmt.Errorf("--size sets both --rows and --cols: give one or the others")
				}
				o.Rows, o.Cols = size, size
			}
			switch {
			case !fl.Changed("density"):
				o.Density = -1 // the problem's own
			case !(o.Density >= 0 && o.Density <= 1):
				return fmt.Errorf("--density %g out of range 0..1", o.Density)
			}
			p, err := registry.Problem(args[0])
			if err != nil {
				return err
			}
			cases, err := p.Generate(o)
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), p.Spec.Format(cases))
			return err
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.Cases, "cases", 1, "number of cases")
	f.IntVar(&o.Rows, "rows", 10, "rows of every board")
	f.IntVar(&o.Cols, "cols", 10, "columns of every board")
	f.Float64Var(&o.Density, "density", 0, "fraction of marked cells, 0..1 (default: the problem's own; boi2008-game family b: fraction of wall squares opened)")
	f.StringVar(&o.Family, "family", "", "boi2008-game only: official test family a (open, ~3% black), b (serpentine), c (~20% black); boards come in pairs, A in the corner and one square right")
	f.IntVar(&size, "size", 0, "rows and columns at once (n for boi2008-game)")
	f.Uint64Var(&o.Seed, "seed", 1, "random seed")
	return cmd
}
