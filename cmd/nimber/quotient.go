package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"nimber/census"
	"nimber/heap"
	"nimber/misere"
)

// quotientReport is the JSON answer of quotient.
type quotientReport struct {
	Code string `json:"code"`
	*misere.Quotient
	// StableFrom is the smallest heap from which the quotients of heaps
	// 1..n, up to --heaps, all have the final order.
	StableFrom int `json:"stable_from"`
	// PPortion names the elements of the P-portion.
	PPortion []string `json:"p_portion"`
}

func newQuotientCmd() *cobra.Command {
	var heaps, checks, memory int
	var asJSON, showProgress, resume bool
	var out, db string
	cmd := &cobra.Command{
		Use:   "quotient CODE --heaps N",
		Short: "The misère quotient of a heap game's sums of heaps 1..N (Plambeck and Siegel)",
		Long: `quotient computes the misère quotient of the sums of heaps 1..N of a heap game
(an octal or hexadecimal code, grundy, sub:SET): the sums modulo
indistinguishability (G and H are the same element when G + X and H + X have
the same misère outcome for every sum X). It is a finite commutative monoid:
each heap maps to an element, a sum to the product of its heaps' elements, and
a sum is a P-position (the player to move loses, in misère play) exactly when
its element lies in the P-portion.

It prints the order, a presentation (generators, each a heap, and relations),
the P-portion, each heap's element, how the order grew with the heaps (and
from which heap it stopped growing up to N), and the multiplication table.
The quotient is built one heap at a time and every candidate is checked on
every sum of the heaps, so what it prints is proved, not guessed; a game whose
quotient outgrows --checks or --memory is refused with the heap it reached. --json prints
order, elements, generators, relations, p_portion, map, table, growth,
stable_from and, when the heaps' elements are proved periodic, periodic
{preperiod, period, proved_at}. Once the elements of heaps 1..N repeat with
period p from n0 and N+1 >= r·max(n0,1) + r·p + k (k the largest removal, r
the most heaps a move leaves), the quotient is proved for every heap and the
heaps beyond N are not checked (not for Grundy's game).`,
		Example: `  nimber quotient 0.75 --heaps 20
  nimber quotient 0.77 --heaps 60 --json
  nimber quotient 0.07 --heaps 24`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := heap.Parse(args[0])
			if err != nil {
				return err
			}
			if heaps < 0 || heaps > misere.MaxQuotientHeaps {
				return fmt.Errorf("--heaps %d out of range 0..%d", heaps, misere.MaxQuotientHeaps)
			}
			if checks < 1 {
				return fmt.Errorf("--checks %d: want at least 1", checks)
			}
			// The estimate counts what a check holds, not the garbage of the
			// trials before it, which the collector frees late: a limit
			// above a third of the memory the process may use could end in
			// the kernel's kill.
			if most := maxQuotientMemory(); memory < 16 || memory > most {
				return fmt.Errorf("--memory %d MiB out of range 16..%d (a third of the memory this process may use, see nimber doctor)", memory, most)
			}
			// So the collector is told to work harder from a little above
			// the limit (unless GOMEMLIMIT says otherwise).
			if os.Getenv("GOMEMLIMIT") == "" {
				soft := int64(memory)<<20*5/4 + 128<<20
				if cur := debug.SetMemoryLimit(-1); soft < cur {
					debug.SetMemoryLimit(soft)
				}
			}
			s := census.QuotientLimits{Memory: int64(memory) << 20, Checks: checks}.Solver(g)
			act := startActivity(cmd.ErrOrStderr(), "misère quotient of "+args[0]+", heaps", heaps)
			start := time.Now()
			var progressErr error
			s.SetQuotientProgress(func(h, order int) {
				act.set(h)
				act.tell(fmt.Sprintf("order %d", order))
				if showProgress && progressErr == nil {
					_, progressErr = fmt.Fprintf(cmd.ErrOrStderr(), "heap %d: order %d (%.1f s)\n", h, order, time.Since(start).Seconds())
				}
			})
			from, release, err := quotientCheckpoints(s, out, resume)
			if err != nil {
				return err
			}
			defer release()
			q, err := s.QuotientFrom(cmd.Context(), from, heaps)
			act.stop()
			if _, ok := errors.AsType[*misere.CheckpointError](err); ok {
				return fmt.Errorf("%s: %w", out, err)
			}
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			if progressErr != nil {
				return fmt.Errorf("writing the progress: %w", progressErr)
			}
			rep := quotientReport{Code: args[0], Quotient: q, StableFrom: q.StableFrom(), PPortion: q.PPortion()}
			if db != "" {
				if err := storeQuotient(cmd.Context(), db, g, args[0], q, time.Since(start)); err != nil {
					return err
				}
			}
			return printAnswer(cmd, rep, asJSON, writeQuotient)
		},
	}
	cmd.Flags().IntVar(&heaps, "heaps", 20, "the sums of heaps 1..N")
	cmd.Flags().IntVar(&checks, "checks", misere.DefaultQuotientChecks, "the most sums one walk of a candidate (its marking or its check) may reach")
	cmd.Flags().IntVar(&memory, "memory", defaultQuotientMemory(), "the most memory in MiB one check of a candidate may take, by its estimate (the process peaks at about 2.5 times as much; at most a third of the memory this process may use: the ceiling of nimber doctor)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the quotient as JSON")
	cmd.Flags().StringVar(&out, "out", "", "keep a checkpoint of the computation in `FILE`, written after each heap, so that a stopped run goes on with --resume")
	cmd.Flags().BoolVar(&resume, "resume", false, "go on from the checkpoint in the --out FILE of an earlier run of the same code")
	cmd.Flags().StringVar(&db, "db", "", "store the quotient in the census database `FILE` (SQLite; created when missing)")
	cmd.Flags().BoolVar(&showProgress, "progress", false, "print each heap's order on standard error as the heaps are added (a terminal shows a progress bar without it)")
	return cmd
}

// writeQuotient writes a quotient as text.
func writeQuotient(w io.Writer, r quotientReport) {
	q := r.Quotient
	fmt.Fprintf(w, "misère quotient of %s, sums of heaps 1..%d: order %d", r.Code, q.Heaps, q.Order)
	if q.Heaps > 0 {
		fmt.Fprintf(w, ", the same from heap %d to %d", r.StableFrom, q.Heaps)
	}
	fmt.Fprintln(w)
	if p := q.Periodic; p != nil {
		fmt.Fprintf(w, "periodic: heap n+%d has the element of heap n for every n >= %d, proved from the sums of heaps 1..%d (the periodicity theorem, docs/misere.md): this is the misère quotient of every sum of %s\n",
			p.Period, p.Preperiod, p.ProvedAt, r.Code)
	}
	gens := make([]string, len(q.Generators))
	for i, g := range q.Generators {
		gens[i] = fmt.Sprintf("%s = heap %d", g.Name, g.Heap)
	}
	fmt.Fprintf(w, "generators: %s\n", orNone(strings.Join(gens, ", ")))
	rels := make([]string, len(q.Relations))
	for i, r := range q.Relations {
		rels[i] = r.Left + " = " + r.Right
	}
	fmt.Fprintf(w, "relations: %s\n", orNone(strings.Join(rels, ", ")))
	fmt.Fprintf(w, "P-portion (%d): %s\n", len(r.PPortion), orNone(strings.Join(r.PPortion, ", ")))
	fmt.Fprintln(w, "heaps:")
	for n := 1; n <= q.Heaps; n++ {
		fmt.Fprintf(w, "  %4d  %s\n", n, q.Elements[q.Map[n]])
	}
	var grew []string
	for n := 1; n <= q.Heaps; n++ {
		if q.Growth[n] != q.Growth[n-1] {
			grew = append(grew, fmt.Sprintf("heap %d: %d", n, q.Growth[n]))
		}
	}
	fmt.Fprintf(w, "order grew at: %s\n", orNone(strings.Join(grew, ", ")))
	fmt.Fprintln(w, "multiplication table:")
	width := 1
	for _, e := range q.Elements {
		width = max(width, len(e))
	}
	line := func(first string, cells []string) {
		var b strings.Builder
		fmt.Fprintf(&b, " %-*s", width, first)
		for _, c := range cells {
			fmt.Fprintf(&b, " %-*s", width, c)
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	line("", q.Elements)
	for x, row := range q.Table {
		cells := make([]string, len(row))
		for i, y := range row {
			cells[i] = q.Elements[y]
		}
		line(q.Elements[x], cells)
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// maxQuotientMemory is the largest --memory of quotient, in MiB: a third of
// the memory the process may use (the ceiling of nimber doctor), as the
// process peaks at about 2.5 times the estimate.
func maxQuotientMemory() int { return int(environment().Ceiling / 3 >> 20) }

// defaultQuotientMemory is the default --memory of quotient, in MiB:
// misere's default, cut to maxQuotientMemory (at least 16).
func defaultQuotientMemory() int {
	return max(min(int(misere.DefaultQuotientMemory>>20), maxQuotientMemory()), 16)
}
