package main

import (
	"bufio"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"nimber/heap"
	"nimber/misere"
)

// genusReport is the JSON answer of genus.
type genusReport struct {
	Code string `json:"code"`
	// Genus holds, for each heap n = 0, 1, ..., [g, γ0, γ1, γ2, γ3, γ4]:
	// the normal-play value and the misère values with 0..4 Nim-heaps of
	// size 2 beside it.
	Genus    [][]int  `json:"genus"`
	Notation []string `json:"notation"`  // Conway's: 0^120, 4^146, ...
	Tame     []bool   `json:"tame"`      // hereditarily tame: the phylum is tame
	NimGenus []bool   `json:"nim_genus"` // a Nim-heap's genus (a wild heap may have one)
	// Phylum is Conway's class of each heap, hereditarily: tame,
	// restive, restless or wild (misere.Solver.Phylum).
	Phylum []string `json:"phylum"`
	// tameGenus: one of Conway's tame genera (for the text).
	tameGenus []bool
}

func newGenusCmd() *cobra.Command {
	var to, budget int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "genus CODE --to N",
		Short: "Conway's genus of every heap of a heap game: its normal value and misère values",
		Long: `genus prints the genus g^γ0γ1γ2... of heaps 0..N-1 of a heap game (an octal or
hexadecimal code, grundy, sub:SET): g is the heap's normal-play Grundy value and
γk the misère Grundy value of the heap with k Nim-heaps of size 2 beside it,
written as Conway does, cut after the first two values of the alternation the
superscript settles into (0^120, 1^031, 2^20, 4^146). The genus is exact: it
is computed from the genera of the positions the heap's moves leave, within
--budget positions, and the alternation is proved to have started.

Each heap is classed as Conway does (hereditarily): tame (its genus is 0^120,
1^031, 0^02, 1^13 or g^{g, g xor 2}, and every heap its moves leave is tame:
misère sums of tame heaps follow misère Nim's rule), restive (not tame, only
tame heaps left by its moves, g = 0 or 1), restless (the same with γ0 = 0 or
1 instead) or wild. --json prints {"genus": [[g, γ0, γ1, γ2, γ3, γ4], ...],
"notation", "tame" (hereditarily), "nim_genus" (a Nim-heap's genus), "phylum"}.`,
		Example: `  nimber genus 0.77 --to 12
  nimber genus 0.07 --to 20 --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := heap.Parse(args[0])
			if err != nil {
				return err
			}
			if to < 1 || to > misere.MaxHeap+1 {
				return fmt.Errorf("--to %d out of range 1..%d", to, misere.MaxHeap+1)
			}
			if budget < 1 {
				return fmt.Errorf("--budget %d: want at least 1 position", budget)
			}
			s := misere.New(g, budget)
			rep := genusReport{Code: args[0]}
			act := startActivity(cmd.ErrOrStderr(), "genus of "+args[0], 0)
			for n := range to {
				gen, err := s.Genus(cmd.Context(), n)
				if err != nil {
					act.stop()
					return fmt.Errorf("%s, heap %d: %w", args[0], n, err)
				}
				rep.Genus = append(rep.Genus, append([]int{gen.G}, gen.Gamma[:5]...))
				rep.Notation = append(rep.Notation, gen.String())
				rep.NimGenus = append(rep.NimGenus, gen.Tame())
				rep.tameGenus = append(rep.tameGenus, gen.TameGenus())
				ph, err := s.Phylum(cmd.Context(), n)
				if err != nil {
					act.stop()
					return fmt.Errorf("%s, heap %d: %w", args[0], n, err)
				}
				rep.Phylum = append(rep.Phylum, ph)
				rep.Tame = append(rep.Tame, ph == misere.Tame)
			}
			act.stop()
			out := bufio.NewWriter(cmd.OutOrStdout())
			if asJSON {
				return flushJSON(out, rep)
			}
			for n, s := range rep.Notation {
				kind := rep.Phylum[n]
				switch {
				case rep.NimGenus[n]:
					kind += ", a Nim-heap's genus"
				case rep.tameGenus[n] && kind != misere.Tame:
					kind += ", a tame genus"
				}
				fmt.Fprintf(out, "%6s  %-12s %s\n", strconv.Itoa(n), s, kind)
			}
			return out.Flush()
		},
	}
	cmd.Flags().IntVar(&to, "to", 20, "heaps 0..N-1")
	cmd.Flags().IntVar(&budget, "budget", defaultMisereBudget(), "the most positions the search keeps (about 100 bytes each; the default fits the memory limit of nimber doctor)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the genera as JSON")
	return cmd
}
