package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"nimber/census"
	"nimber/game"
	"nimber/heap"
	"nimber/heap/seqfile"
	"nimber/store"
)

// sequenceSummary is the JSON summary of a nim-sequence.
type sequenceSummary struct {
	Code  string `json:"code"`
	Heaps int    `json:"heaps"`
	heap.Summary
	Seconds float64 `json:"seconds"`
	Resumed int     `json:"resumed_from,omitempty"`
	// exceptional is G(LastExceptional), for the text summary.
	exceptional int
}

// sequenceFlags are the flags of the sequence command.
type sequenceFlags struct {
	to                    int
	values, asJSON, again bool
	out                   string
	every                 time.Duration
	maxMemory             string
	db                    string
}

// sequenceBytes estimates the memory of a code's sequence of to heaps: a
// byte a value and a bit a heap for the scans (values of 255 and more
// take side blocks, a small fraction).
func sequenceBytes(to int) int64 { return int64(to) + int64(to)/8 }

func newSequenceCmd() *cobra.Command {
	var f sequenceFlags
	var gf gameFlag
	cmd := &cobra.Command{
		Use:   "sequence (CODE | GAME | --rules FILE) --to N",
		Short: "Compute a heap game's nim-sequence and find its period",
		Long: `sequence computes the Grundy values G(0..N-1) of a heap game and looks for a
period: p and the preperiod n0 (the smallest n0 with G(n+p) = G(n) for all
computed n >= n0), proven when the Guy–Smith condition holds within the values
(octal games only). CODE is an octal or hexadecimal code (0.07, .07, 4.07,
0.137, 0.8F), grundy (or 4!.0) for Grundy's game, or sub:1,3,4 for a
subtraction game; these use the sparse-space engine. Any other game with heaps
works too (nim, allbut:1,3,4, or a rules file whose positions are integers,
with --rules FILE): its period and saltus are apparent, never proven.

With --out FILE the sequence of a CODE is written to FILE as it grows (one
byte a value while the values fit, two otherwise) and committed every few
seconds by a checkpoint FILE.ckpt, so a run that is killed loses at most the
last few seconds: --resume continues it from its last checkpoint, and the
finished FILE is byte for byte the file of an uninterrupted run. Ctrl-C writes
a checkpoint before stopping. A progress bar shows on standard error when it
is a terminal.`,
		Example: `  nimber sequence 0.77 --to 1000
  nimber sequence 0.07 --to 40 --values
  nimber sequence 0.16 --to 600000 --json
  nimber sequence 0.137 --to 1000000 --out 0.137.seq
  nimber sequence 0.137 --to 1000000 --out 0.137.seq --resume
  nimber sequence allbut:1,3 --to 1000
  nimber sequence --rules examples/rules/kayles.star --to 1000`,
		Args: func(cmd *cobra.Command, args []string) error {
			if want := 1 - min(len(gf.rules), 1); len(args) != want {
				return fmt.Errorf("sequence takes one CODE or GAME, or --rules FILE alone; got %d arguments (see nimber sequence --help)", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 && gf.rules == "" {
				if g, err := heap.Parse(args[0]); err == nil {
					if f.db != "" {
						return storedSequence(cmd, args[0], f)
					}
					return codeSequence(cmd, args[0], g, f)
				}
			}
			if f.db != "" {
				return fmt.Errorf("--db keeps heap games by code (0.77, grundy, sub:1,3,4)")
			}
			if f.out != "" || f.again {
				return fmt.Errorf("--out and --resume are for heap games by code (0.77, grundy, sub:1,3,4)")
			}
			g, _, err := gf.resolve(args)
			if err != nil {
				return err
			}
			return gameSequence(cmd, g, f)
		},
	}
	cmd.Flags().IntVar(&f.to, "to", 1000, "compute G(0..N-1)")
	cmd.Flags().BoolVar(&f.values, "values", false, "print G(0..N-1), one per line")
	cmd.Flags().BoolVar(&f.asJSON, "json", false, "print the summary as JSON")
	cmd.Flags().StringVar(&f.out, "out", "", "write the sequence to `FILE` as it grows, with checkpoints in FILE.ckpt")
	cmd.Flags().BoolVar(&f.again, "resume", false, "continue the sequence file of --out from its last checkpoint")
	cmd.Flags().DurationVar(&f.every, "checkpoint-every", 2*time.Second, "time between checkpoints")
	cmd.Flags().StringVar(&f.maxMemory, "max-memory", "", "refuse a sequence whose memory estimate (about 1.1 bytes a heap) exceeds this, e.g. 2GiB (default: the memory limit of nimber doctor)")
	cmd.Flags().StringVar(&f.db, "db", "", "answer from the census database `FILE` when the code is stored to at least N heaps, and store the run otherwise (nimber census)")
	cmd.Flags().MarkHidden("checkpoint-every")
	gf.register(cmd.Flags())
	return cmd
}

// MaxGameSequence bounds --to for games other than heap codes, whose values
// are computed heap by heap.
const MaxGameSequence = 1 << 24

// gameSequence computes the nim-sequence of a game with heaps that is not a
// heap code: by the game's own sequence algorithm or heap by heap, with an
// apparent period.
func gameSequence(cmd *cobra.Command, g *chosenGame, f sequenceFlags) error {
	h, ok := game.HeapsOf(g)
	if !ok {
		return fmt.Errorf("%s has no heaps, so no nim-sequence", g.name)
	}
	if f.to < 1 || f.to > MaxGameSequence {
		return fmt.Errorf("--to %d out of range 1..%d", f.to, MaxGameSequence)
	}
	start := time.Now()
	vals, err := h.Sequence(cmd.Context(), f.to)
	if _, ok := errors.AsType[*game.CycleError](err); ok {
		err = fmt.Errorf("a nim-sequence needs a game whose positions do not repeat (nimber table --function grundy gives their generalised values): %w", err)
	}
	if err != nil {
		return g.annotateHeaps(err, f.to-1)
	}
	out := bufio.NewWriterSize(cmd.OutOrStdout(), 1<<16)
	if f.values {
		err = writeValues(out, heap.Ints(vals))
	} else {
		sum := sequenceSummary{Code: g.name, Heaps: f.to, Summary: heap.SummarizeValues(g.name, heap.Ints(vals))}
		if sum.LastExceptional >= 0 {
			sum.exceptional = vals[sum.LastExceptional]
		}
		sum.Seconds = time.Since(start).Seconds()
		err = writeSummary(out, sum, f.asJSON, false)
	}
	if err != nil {
		return err
	}
	return out.Flush()
}

// codeSequence computes the nim-sequence of a heap game by code with the
// sparse-space engine, to a sequence file with checkpoints when asked.
func codeSequence(cmd *cobra.Command, code string, g *heap.Code, f sequenceFlags) error {
	if f.to < 1 || f.to > heap.MaxSequence {
		return fmt.Errorf("--to %d out of range 1..%d", f.to, heap.MaxSequence)
	}
	if f.again && f.out == "" {
		return fmt.Errorf("--resume continues the sequence file of --out FILE; give --out")
	}
	if f.every <= 0 {
		return fmt.Errorf("--checkpoint-every %v: want a positive duration", f.every)
	}
	limit := defaultMaxMemory()
	if f.maxMemory != "" {
		var err error
		if limit, err = parseBytes(f.maxMemory); err != nil {
			return fmt.Errorf("--max-memory: %w", err)
		}
	}
	if need := sequenceBytes(f.to); need > limit {
		return fmt.Errorf("%d heaps need about %s, over the memory limit of %s (raise --max-memory)", f.to, game.FormatBytes(need), game.FormatBytes(limit))
	}
	start := time.Now()
	var w *seqfile.Writer
	vals := &heap.Seq{}
	var err error
	switch {
	case f.again:
		w, vals, err = seqfile.Resume(f.out, g)
		if errors.Is(err, fs.ErrNotExist) {
			if _, serr := os.Stat(f.out); serr != nil {
				return fmt.Errorf("%s does not exist: nothing to resume (start it without --resume)", f.out)
			}
		}
	case f.out != "":
		w, err = seqfile.Create(f.out, g)
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s already exists: continue it with --resume, or remove it", f.out)
		}
	}
	if err != nil {
		return err
	}
	resumed := vals.Len()
	err = computeSequence(cmd.Context(), g, vals, f.to, w, f.every, newProgress(cmd.ErrOrStderr(), g.String(), resumed, f.to))
	if w != nil {
		if cerr := w.Close(); err == nil && cerr != nil {
			err = cerr
		}
	}
	if err != nil {
		return err
	}
	vals.Truncate(f.to) // a resumed file may hold more
	out := bufio.NewWriterSize(cmd.OutOrStdout(), 1<<16)
	if f.values {
		err = writeValues(out, vals)
	} else {
		sum := sequenceSummary{Code: code, Heaps: f.to, Summary: g.Summarize(vals), Resumed: resumed}
		if sum.LastExceptional >= 0 {
			sum.exceptional = vals.Value(sum.LastExceptional)
		}
		sum.Seconds = time.Since(start).Seconds()
		err = writeSummary(out, sum, f.asJSON, g.Octal())
	}
	if err != nil {
		return err
	}
	return out.Flush()
}

// storedSequence answers sequence --db: from the census database when the
// code is stored to at least --to heaps, else computed as a census of one
// code (extending a shorter stored run) and stored.
func storedSequence(cmd *cobra.Command, code string, f sequenceFlags) error {
	if f.out != "" || f.again {
		return fmt.Errorf("--db keeps its own sequence files: leave out --out and --resume")
	}
	if f.to < 1 || f.to > census.MaxHeaps {
		return fmt.Errorf("--to %d out of range 1..%d (with --db)", f.to, census.MaxHeaps)
	}
	ctx := cmd.Context()
	st, seqDir, err := openStore(ctx, f.db, "")
	if err != nil {
		return err
	}
	defer st.Close()
	rs, err := census.Run(ctx, census.Options{Codes: []string{code}, To: f.to, Store: st, Workers: 1, SeqDir: seqDir})
	if err != nil {
		return err
	}
	r := rs[0]
	g, err := heap.Parse(code)
	if err != nil {
		return err
	}
	out := bufio.NewWriterSize(cmd.OutOrStdout(), 1<<16)
	if f.values {
		vals, err := storedValues(r)
		if err != nil {
			return err
		}
		vals.Truncate(f.to)
		if err := writeValues(out, vals); err != nil {
			return err
		}
		return out.Flush()
	}
	sum := sequenceSummary{Code: code, Heaps: r.Heaps, Seconds: r.Seconds, Resumed: r.Extended, Summary: heap.Summary{
		Canonical: r.Canonical, Octal: g.Octal(),
		Period: r.Period, Preperiod: r.Preperiod, Proven: r.Proven, Saltus: r.Saltus, Largest: r.Largest, Mask: r.Mask,
		Rare: r.Rare, LastRare: r.LastRare, LastExceptional: r.LastExceptional}}
	if r.Proven {
		sum.Needed = 2*r.Preperiod + 2*r.Period + g.MaxRemoval()
	}
	if r.LastExceptional >= 0 {
		vals, err := storedValues(r)
		if err != nil {
			return err
		}
		sum.exceptional = vals.Value(r.LastExceptional)
	}
	if f.asJSON {
		err = writeJSON(out, struct {
			sequenceSummary
			Cached bool   `json:"from_store"`
			DB     string `json:"db"`
		}{sum, r.Cached, st.Path()})
	} else {
		where := "computed and stored in"
		if r.Cached {
			where = "from"
		}
		if _, err := fmt.Fprintf(out, "(%s the census database %s)\n", where, st.Path()); err != nil {
			return err
		}
		err = writeSummary(out, sum, false, sum.Octal)
	}
	if err != nil {
		return err
	}
	return out.Flush()
}

// storedValues reads the values of a stored run from its sequence file,
// which must be unchanged since.
func storedValues(r census.Result) (*heap.Seq, error) {
	if r.SeqPath == "" {
		return nil, fmt.Errorf("the stored run of %s has no sequence file: run it again without --db, or with a new --db", r.Canonical)
	}
	if err := store.VerifySequence(r); err != nil {
		return nil, err
	}
	_, vals, err := seqfile.ReadFile(r.SeqPath)
	return vals, err
}

// writeValues prints the values one a line.
func writeValues(out io.Writer, vals heap.Values) error {
	var line []byte
	for n := range vals.Len() {
		line = strconv.AppendInt(line[:0], int64(vals.Value(n)), 10)
		if _, err := out.Write(append(line, '\n')); err != nil {
			return err
		}
	}
	return nil
}

// writeSummary prints the summary of a nim-sequence, as JSON or text;
// octal says whether the Guy–Smith proof could apply.
func writeSummary(out io.Writer, sum sequenceSummary, asJSON, octal bool) error {
	if asJSON {
		return writeJSON(out, sum)
	}
	resumedNote := ""
	if sum.Resumed > 0 {
		resumedNote = fmt.Sprintf(" (resumed from heap %d)", sum.Resumed)
	}
	fmt.Fprintf(out, "%s (%s): G(0..%d) computed in %.2f s%s; largest value %d\n", sum.Code, sum.Canonical, sum.Heaps-1, sum.Seconds, resumedNote, sum.Largest)
	var err error
	switch {
	case sum.Period == 0:
		_, err = fmt.Fprintln(out, "no period found in the computed values")
	case sum.Saltus > 0:
		_, err = fmt.Fprintf(out, "apparent arithmetic period %d with saltus %d (G(n+%d) = G(n) + %d) from n = %d, not proven\n", sum.Period, sum.Saltus, sum.Period, sum.Saltus, sum.Preperiod)
	case sum.Proven:
		_, err = fmt.Fprintf(out, "period %d from n = %d, proven (Guy–Smith: the first %d values suffice)\n", sum.Period, sum.Preperiod, sum.Needed)
	case octal:
		_, err = fmt.Fprintf(out, "apparent period %d from n = %d, not proven (Guy–Smith needs %d values)\n", sum.Period, sum.Preperiod, sum.Needed)
	default:
		_, err = fmt.Fprintf(out, "apparent period %d from n = %d, not proven (Guy–Smith covers octal games only)\n", sum.Period, sum.Preperiod)
	}
	if err != nil {
		return err
	}
	if sum.LastExceptional >= 0 {
		if _, err := fmt.Fprintf(out, "last exceptional value: G(%d) = %d\n", sum.LastExceptional, sum.exceptional); err != nil {
			return err
		}
	}
	if sum.Mask != 0 {
		last := "none"
		if sum.LastRare >= 0 {
			last = strconv.Itoa(sum.LastRare)
		}
		_, err = fmt.Fprintf(out, "rare heaps under mask %d: %d, the last %s\n", sum.Mask, sum.Rare, last)
	}
	return err
}

// computeSequence extends vals to heaps 0..to-1 with seqfile.Compute,
// showing the progress on bar (if not nil).
func computeSequence(ctx context.Context, g *heap.Code, vals *heap.Seq, to int, w *seqfile.Writer, every time.Duration, bar *progress) (err error) {
	defer func() { bar.finish(err == nil) }()
	var step func(int, time.Duration)
	if bar != nil {
		step = bar.update
	}
	return seqfile.Compute(ctx, g.NewExtender(vals), vals, to, w, every, step)
}
