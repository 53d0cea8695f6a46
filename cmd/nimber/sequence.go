package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"

	"nimber/heap"
)

// sequenceSummary is the JSON summary of a nim-sequence.
type sequenceSummary struct {
	Code  string `json:"code"`
	Heaps int    `json:"heaps"`
	heap.Summary
	Seconds float64 `json:"seconds"`
	Resumed int     `json:"resumed_from,omitempty"`
}

func newSequenceCmd() *cobra.Command {
	var to int
	var values, asJSON, resume bool
	var outFile string
	var every time.Duration
	cmd := &cobra.Command{
		Use:   "sequence CODE --to N",
		Short: "Compute a heap game's nim-sequence and find its period",
		Long: `sequence computes the Grundy values G(0..N-1) of a heap game and looks for a
period: p and the preperiod n0 (the smallest n0 with G(n+p) = G(n) for all
computed n >= n0), proven when the Guy–Smith condition holds within the values
(octal games only). CODE is an octal or hexadecimal code (0.07, .07, 4.07,
0.137, 0.8F), grundy (or 4!.0) for Grundy's game, or sub:1,3,4 for a
subtraction game.

With --out FILE the sequence is written to FILE as it grows (one byte a value
while the values fit, two otherwise) and committed every few seconds by a
checkpoint FILE.ckpt, so a run that is killed loses at most the last few
seconds: --resume continues it from its last checkpoint, and the finished FILE
is byte for byte the file of an uninterrupted run. Ctrl-C writes a checkpoint
before stopping. A progress bar shows on standard error when it is a terminal.`,
		Example: `  nimber sequence 0.77 --to 1000
  nimber sequence 0.07 --to 40 --values
  nimber sequence 0.16 --to 600000 --json
  nimber sequence 0.137 --to 1000000 --out 0.137.seq
  nimber sequence 0.137 --to 1000000 --out 0.137.seq --resume`,
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
			if to < 1 || to > heap.MaxSequence {
				return fmt.Errorf("--to %d out of range 1..%d", to, heap.MaxSequence)
			}
			if resume && outFile == "" {
				return fmt.Errorf("--resume continues the sequence file of --out FILE; give --out")
			}
			if every <= 0 {
				return fmt.Errorf("--checkpoint-every %v: want a positive duration", every)
			}
			start := time.Now()
			var w *heap.Writer
			vals := &heap.Seq{}
			switch {
			case resume:
				w, vals, err = heap.Resume(outFile, g)
				if errors.Is(err, fs.ErrNotExist) {
					if _, serr := os.Stat(outFile); serr != nil {
						return fmt.Errorf("%s does not exist: nothing to resume (start it without --resume)", outFile)
					}
				}
			case outFile != "":
				w, err = heap.Create(outFile, g)
				if errors.Is(err, fs.ErrExist) {
					return fmt.Errorf("%s already exists: continue it with --resume, or remove it", outFile)
				}
			}
			if err != nil {
				return err
			}
			resumed := vals.Len()
			err = computeSequence(cmd.Context(), g, vals, to, w, every, newProgress(cmd.ErrOrStderr(), g.String(), resumed, to))
			if w != nil {
				if cerr := w.Close(); err == nil && cerr != nil {
					err = cerr
				}
			}
			if err != nil {
				return err
			}
			vals.Truncate(to) // a resumed file may hold more
			out := bufio.NewWriterSize(cmd.OutOrStdout(), 1<<16)
			defer out.Flush()
			if values {
				var line []byte
				for n := range to {
					line = strconv.AppendUint(line[:0], uint64(vals.At(n)), 10)
					line = append(line, '\n')
					if _, err := out.Write(line); err != nil {
						return err
					}
				}
				return out.Flush()
			}
			sum := sequenceSummary{Code: args[0], Heaps: to, Summary: g.Summarize(vals), Resumed: resumed}
			sum.Seconds = time.Since(start).Seconds()
			if asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(sum)
			}
			resumedNote := ""
			if resumed > 0 {
				resumedNote = fmt.Sprintf(" (resumed from heap %d)", resumed)
			}
			fmt.Fprintf(out, "%s (%s): G(0..%d) computed in %.2f s%s; largest value %d\n", sum.Code, sum.Canonical, to-1, sum.Seconds, resumedNote, sum.Largest)
			switch {
			case sum.Period == 0:
				fmt.Fprintln(out, "no period found in the computed values")
			case sum.Saltus > 0:
				fmt.Fprintf(out, "apparent arithmetic period %d with saltus %d (G(n+%d) = G(n) + %d) from n = %d, not proven\n", sum.Period, sum.Saltus, sum.Period, sum.Saltus, sum.Preperiod)
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
	cmd.Flags().StringVar(&outFile, "out", "", "write the sequence to `FILE` as it grows, with checkpoints in FILE.ckpt")
	cmd.Flags().BoolVar(&resume, "resume", false, "continue the sequence file of --out from its last checkpoint")
	cmd.Flags().DurationVar(&every, "checkpoint-every", 2*time.Second, "time between checkpoints")
	cmd.Flags().MarkHidden("checkpoint-every")
	return cmd
}

// computeSequence extends vals to heaps 0..to-1 in chunks of about
// chunkTime each (a fraction of every; in one call when there is neither
// file nor bar). After each chunk it appends the new values to w (if not
// nil), commits them with a checkpoint when every has passed since the
// last, and updates the progress bar (if not nil). When ctx is cancelled
// it checkpoints the complete chunks and stops.
func computeSequence(ctx context.Context, g *heap.Game, vals *heap.Seq, to int, w *heap.Writer, every time.Duration, bar *progress) (err error) {
	defer func() { bar.finish(err == nil) }()
	chunkTime := min(every/4, 500*time.Millisecond)
	chunk := 1024
	if w == nil && bar == nil {
		chunk = to // nothing to show or keep on the way: one call
	}
	lastCheckpoint := time.Now()
	vals.Grow(to - vals.Len())
	ext := g.NewExtender(vals)
	var chunkVals []uint16 // the values of a chunk, for w
	for vals.Len() < to {
		t0 := time.Now()
		done := vals.Len()
		if err := ext.Extend(ctx, min(to, done+chunk)); err != nil {
			// Only complete chunks count: the values of a chunk cut short
			// are dropped, whatever the engine computed.
			reached := vals.Len()
			vals.Truncate(done)
			if w != nil {
				if cerr := w.Checkpoint(); cerr != nil {
					return fmt.Errorf("%v; and writing the checkpoint: %v", err, cerr)
				}
			}
			if ctx.Err() != nil {
				if w != nil {
					return fmt.Errorf("interrupted at heap %d; checkpoint written, continue with --resume", done)
				}
				return fmt.Errorf("interrupted at heap %d", reached)
			}
			return err
		}
		if w != nil {
			chunkVals = vals.AppendValues(chunkVals[:0], done, vals.Len())
			if err := w.Append(chunkVals); err != nil {
				return err
			}
			if time.Since(lastCheckpoint) >= every {
				if err := w.Checkpoint(); err != nil {
					return err
				}
				lastCheckpoint = time.Now()
			}
		}
		d := time.Since(t0)
		bar.update(vals.Len(), d)
		switch {
		case d < chunkTime/2 && chunk < 1<<30:
			chunk *= 2
		case d > 2*chunkTime && chunk > 64:
			chunk /= 2
		}
	}
	if w != nil {
		return w.Checkpoint()
	}
	return nil
}

// progress is a progress bar on a terminal; a nil *progress shows nothing.
type progress struct {
	p   *mpb.Progress
	bar *mpb.Bar
}

// newProgress returns a bar for heaps done..total on stderr, or nil when
// stderr is not a terminal.
func newProgress(stderr io.Writer, name string, done, total int) *progress {
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) || done >= total {
		return nil
	}
	p := mpb.New(mpb.WithOutput(f), mpb.WithWidth(40), mpb.WithRefreshRate(200*time.Millisecond))
	bar := p.AddBar(int64(total),
		mpb.PrependDecorators(
			decor.Name(name+" ", decor.WCSyncSpaceR),
			decor.CountersNoUnit("%d / %d heaps", decor.WCSyncSpace),
		),
		mpb.AppendDecorators(
			decor.Percentage(decor.WCSyncSpace),
			decor.MovingAverageSpeed(0, "%.0f heaps/s", decor.NewThreadSafeMovingAverage(&recentAverage{}), decor.WCSyncSpace),
			decor.OnComplete(decor.MovingAverageETA(decor.ET_STYLE_GO, decor.NewThreadSafeMovingAverage(&recentAverage{}), nil, decor.WCSyncSpace), "done"),
		),
	)
	bar.SetCurrent(int64(done))
	return &progress{p: p, bar: bar}
}

// recentAverage is an exponentially weighted moving average of the time a
// heap takes, over the last few chunks, with no warm-up: the engines slow
// down as heaps grow, and the first chunks are tiny.
type recentAverage struct{ v float64 }

func (a *recentAverage) Add(x float64) {
	if a.v == 0 {
		a.v = x
	} else {
		a.v = 0.3*x + 0.7*a.v
	}
}

func (a *recentAverage) Value() float64 { return a.v }
func (a *recentAverage) Set(x float64)  { a.v = x }

func (pr *progress) update(done int, d time.Duration) {
	if pr != nil {
		pr.bar.EwmaSetCurrent(int64(done), d)
	}
}

// finish completes the bar, or leaves it where it stopped, and waits for
// its last rendering.
func (pr *progress) finish(ok bool) {
	if pr == nil {
		return
	}
	if !ok {
		pr.bar.Abort(false)
	}
	pr.p.Wait()
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
			seq := &heap.Seq{}
			if err := g.Extend(cmd.Context(), seq, largest+1); err != nil {
				return err
			}
			vals := seq.Values(0, seq.Len())
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
