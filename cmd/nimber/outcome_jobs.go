package main

// outcome's long and distributed runs of one Domineering board: the split
// search with a checkpoint (--out, --resume) or over the work queue
// (--nats), and the results store (--db, --list). The work is package
// searchjobs'.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"nimber/grid"
	"nimber/searchjobs"
	"nimber/store"
)

// storedReport is the stored row that answered outcome --db.
type storedReport struct {
	Database string `json:"database"`
	// Position is the stored board; As says how the board asked is it
	// ("" the same, "transposed", "upside down", ...).
	Position   string    `json:"position"`
	As         string    `json:"as,omitempty"`
	Positions  int64     `json:"positions"`
	Seconds    float64   `json:"seconds"`
	Worker     string    `json:"worker"`
	ComputedAt time.Time `json:"computed_at"`
}

// jobFlags reports whether a flag of the long runs is given.
func (f outcomeFlags) jobFlags() bool {
	return f.out != "" || f.resume || f.nats != "" || f.db != "" || f.list
}

// runJobs is outcome with --out, --resume, --nats, --db or --list.
func (f outcomeFlags) runJobs(cmd *cobra.Command, args []string) error {
	if f.rules != "" || f.game != searchjobs.Game {
		return fmt.Errorf("--out, --resume, --nats, --db and --list take --game %s (one board)", searchjobs.Game)
	}
	if f.ackWait < 0 || f.window < 1 {
		return fmt.Errorf("--ack-wait %v, --window %d: want a positive duration and 1 job or more", f.ackWait, f.window)
	}
	ctx := cmd.Context()
	out := bufio.NewWriter(cmd.OutOrStdout())
	if f.list {
		if f.db == "" || len(args) > 0 || f.out != "" || f.nats != "" {
			return errors.New("--list lists the boards stored in --db FILE: give --db and no POSITION, --out or --nats")
		}
		st, err := store.Open(ctx, f.db)
		if err != nil {
			return err
		}
		defer st.Close()
		rows, err := st.Outcomes(ctx, searchjobs.Game)
		if err != nil {
			return err
		}
		return f.writeList(out, rows)
	}
	if len(args) != 1 {
		return fmt.Errorf("--out, --nats and --db take one board, got %d positions", len(args))
	}
	if f.resume && f.out == "" {
		return errors.New("--resume goes on from the checkpoint of --out FILE; give --out")
	}
	split := f.out != "" || f.nats != ""
	if split && f.maxPositions > 0 {
		return fmt.Errorf("--max-positions %d bounds one search; a split run (--out, --nats) takes --timeout", f.maxPositions)
	}
	b, err := searchjobs.ParseBoard(args[0])
	if err != nil {
		return fmt.Errorf("outcome: position 1 %s: %w", quoteArg(args[0]), err)
	}
	var st *store.Store
	if f.db != "" {
		if st, err = store.Open(ctx, f.db); err != nil {
			return err
		}
		defer st.Close()
		t0 := time.Now()
		hit, ok, err := searchjobs.Lookup(ctx, st, b)
		if err != nil {
			return err
		}
		if ok {
			rep := outcomeReport{Position: searchjobs.BoardText(b), Method: "store", Positions: hit.Row.Positions, Threads: f.threads,
				Seconds: time.Since(t0).Seconds(), Stored: &storedReport{Database: f.db, Position: hit.Row.Position, As: hit.As,
					Positions: hit.Row.Positions, Seconds: hit.Row.Seconds, Worker: hit.Row.Worker, ComputedAt: hit.Row.ComputedAt}}
			rep.setOutcome(hit.LeftFirst, hit.RightFirst)
			return f.writeReport(out, rep)
		}
	}
	var rep outcomeReport
	worker := ""
	seconds := 0.0
	if split {
		if rep, worker, err = f.split(cmd, b); err != nil {
			return fmt.Errorf("outcome: %w", err)
		}
		seconds = rep.TotalSeconds
	} else {
		g, err := f.partizanGame("outcome")
		if err != nil {
			return err
		}
		if rep, err = f.decide(cmd, g, args); err != nil {
			return fmt.Errorf("outcome: %s: %w", f.source(g), err)
		}
		seconds = rep.Seconds
	}
	if st != nil {
		lf, rf := rep.LeftFirst == "Left", rep.RightFirst == "Right"
		if rep.Kept, err = searchjobs.Keep(ctx, st, b, lf, rf, rep.Positions, seconds, worker); err != nil {
			return err
		}
	}
	return f.writeReport(out, rep)
}

// split decides board b by searchjobs.Run with the flags, and returns
// the report and the worker to store: the queue's workers, or "" for
// this process.
func (f outcomeFlags) split(cmd *cobra.Command, b grid.Grid) (outcomeReport, string, error) {
	o := searchjobs.Options{Threads: f.threads, Out: f.out, Resume: f.resume, NATS: f.nats, AckWait: f.ackWait, Window: f.window, Depth: f.splitDepth}
	if f.memoryMiB > 0 {
		o.TableMiB = max(1, f.memoryMiB/2)
	}
	if f.progress {
		w := cmd.ErrOrStderr()
		o.Progress = func(p searchjobs.Progress) { writeSplitProgress(w, p) }
	}
	res, err := searchjobs.Run(cmd.Context(), b, o)
	if err != nil {
		return outcomeReport{}, "", err
	}
	rep := outcomeReport{Position: res.Board, Method: "split", Positions: res.Positions, Threads: f.threads, Seconds: res.Seconds,
		TotalSeconds: res.TotalSeconds, Subtrees: res.Subtrees, FromCheckpoint: res.FromCheckpoint, Workers: res.Workers, checkpoint: f.out}
	if rep.TotalSeconds > 0 {
		rep.PositionsPerSecond = math.Round(float64(rep.Positions) / rep.TotalSeconds)
	}
	rep.setOutcome(res.LeftFirst, res.RightFirst)
	return rep, strings.Join(res.Workers, ","), nil
}

// writeSplitProgress writes a line of a split run's progress.
func writeSplitProgress(w io.Writer, p searchjobs.Progress) {
	rate := 0.0
	if s := p.Elapsed.Seconds(); s > 0 {
		rate = float64(p.Positions) / s
	}
	left := "time left unknown"
	if p.Left >= 0 {
		left = "about " + p.Left.Round(time.Second).String() + " left"
	}
	fmt.Fprintf(w, "outcome: %d positions, %.0f a second, %d of %d subtrees, %s (%.0f s)\n",
		p.Positions, rate, p.Done, p.Total, left, p.Elapsed.Seconds())
}

// writeReport writes outcome's answer: JSON, or text.
func (f outcomeFlags) writeReport(out *bufio.Writer, rep outcomeReport) error {
	if f.asJSON {
		return flushJSON(out, rep)
	}
	fmt.Fprintf(out, "outcome %s: %s\n", rep.Outcome, partizanOutcome[rep.Outcome])
	fmt.Fprintf(out, "Left moving first: %s wins\n", rep.LeftFirst)
	fmt.Fprintf(out, "Right moving first: %s wins\n", rep.RightFirst)
	switch s := rep.Stored; {
	case s != nil:
		as := ""
		if s.As != "" {
			as = " (" + s.As + ")"
		}
		fmt.Fprintf(out, "from the store %s: %s%s, decided by %s on %s: %d positions, %.2f s\n",
			s.Database, s.Position, as, s.Worker, s.ComputedAt.UTC().Format(time.RFC3339), s.Positions, s.Seconds)
	case rep.Method == "split":
		fmt.Fprintf(out, "by split search: %d positions searched in %d subtrees", rep.Positions, rep.Subtrees)
		if rep.checkpoint != "" {
			fmt.Fprintf(out, " (%d from the checkpoint %s)", rep.FromCheckpoint, rep.checkpoint)
		}
		if len(rep.Workers) > 0 {
			fmt.Fprintf(out, ", by %d workers", len(rep.Workers))
		}
		fmt.Fprintf(out, ", %.2f s (%.2f s over every run)\n", rep.Seconds, rep.TotalSeconds)
	default:
		fmt.Fprintf(out, "by %s: %d positions searched (%d table hits), %d settled by bounds or values, %d regions valued\n",
			rep.Method, rep.Positions, rep.TableHits, rep.Cutoffs, rep.Valued)
	}
	if rep.Kept {
		fmt.Fprintf(out, "kept in the store %s\n", f.db)
	}
	return out.Flush()
}

// outcomeColumns are the columns of outcome --list.
var outcomeColumns = []string{"position", "outcome", "left_first", "right_first", "positions", "seconds", "worker", "computed_at"}

// writeList writes the stored outcomes: JSON, or a table.
func (f outcomeFlags) writeList(out *bufio.Writer, rows []store.Outcome) error {
	if f.asJSON {
		if rows == nil {
			rows = []store.Outcome{}
		}
		return flushJSON(out, rows)
	}
	table := [][]string{outcomeColumns}
	for _, o := range rows {
		table = append(table, []string{o.Position, o.Outcome, o.LeftFirst, o.RightFirst, strconv.FormatInt(o.Positions, 10),
			strconv.FormatFloat(o.Seconds, 'f', 2, 64), o.Worker, o.ComputedAt.UTC().Format(time.RFC3339)})
	}
	if err := writeAligned(out, table); err != nil {
		return err
	}
	if _, err := fmt.Fprintf(out, "%d boards of %s stored in %s\n", len(rows), searchjobs.Game, f.db); err != nil {
		return err
	}
	return out.Flush()
}
