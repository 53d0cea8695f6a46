package main

import (
	"bufio"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"nimber/census"
	"nimber/misere"
	"nimber/queue"
	"nimber/searchjobs"
	"nimber/store"
)

// censusFlags are the flags of census.
type censusFlags struct {
	digits, to, workers int
	hex, asJSON         bool
	codes, db, nats     string
	seqDir              string
	ackWait             time.Duration
	// census --misere and its limits of each code.
	misere         bool
	memory, checks int
	timeout        time.Duration
}

func newCensusCmd() *cobra.Command {
	var f censusFlags
	cmd := &cobra.Command{
		Use:   "census (--digits D | --codes FILE) --to N",
		Short: "Survey every octal (or hex) code of D digits: periods, proofs, rare heaps, kept in a database",
		Long: `census computes every code 0.d1...dD of at most D digits (trailing zeros make a
shorter code, counted once; --hex for hexadecimal digits), or the codes listed
in --codes FILE (one a line, # comments), each to N heaps with the sparse-space
engine, and reports per code: proven (Guy–Smith), apparent or open; the period
and preperiod (and saltus for an arithmetic period); the last exceptional value
(the last heap off the period); the rare/common mask with the rare heaps and the
last of them; how far it was computed and the time it took; and a note when its
values equal an earlier code's (the same game as far as computed).

Results are kept in a SQLite database (--db, by default census.db in nimber's
cache directory): a code stored to at least N heaps is answered from it at once,
and a shorter stored run is extended from its sequence file. The jobs run on a
NATS JetStream work queue: by default a broker in this process with one worker
per core (--workers); with --nats URL they go to the broker of "nimber broker",
whose workers ("nimber worker") may run on other machines, and a worker killed
mid-job loses nothing: its job goes to another. --json prints a JSON array, one
object per code; otherwise a table. A progress bar shows on a terminal.

With --misere it computes instead each code's misère quotient of the sums of
heaps 1..N (as "nimber quotient CODE --heaps N"; --to is 20 unless given),
within the limits of each code --memory, --checks and --timeout: a code that
reaches one is reported with the heap it stopped at and the order there. The
quotients are kept in the database too: a code stored to at least N heaps, or
proved periodic, is answered from it, and so is a code stopped at a heap up to
N under limits as high as these. "census report --misere" lists them.`,
		Example: `  nimber census --digits 2 --to 100000
  nimber census --digits 3 --to 100000 --json
  nimber census --codes mycodes.txt --to 1000000
  nimber broker --listen 0.0.0.0:4222 &
  nimber worker --nats nats://broker-host:4222 &      # on each machine
  nimber census --digits 3 --to 100000 --nats nats://broker-host:4222
  nimber census report --format csv
  nimber census --misere --digits 2 --to 30
  nimber census report --misere`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			codes, err := f.codeList()
			if err != nil {
				return err
			}
			lim, err := f.misereLimits(cmd)
			if err != nil {
				return err
			}
			if f.workers < 0 || f.workers > 1024 {
				return fmt.Errorf("--workers %d out of range 0..1024", f.workers)
			}
			if f.ackWait < 0 {
				return fmt.Errorf("--ack-wait %v: want a positive duration", f.ackWait)
			}
			if f.misere {
				return runMisereCensus(cmd, &f, codes, lim)
			}
			if f.to < 1 || f.to > census.MaxHeaps {
				return fmt.Errorf("--to %d out of range 1..%d", f.to, census.MaxHeaps)
			}
			results, err := runCensus(cmd, &f, census.Options{Codes: codes}, census.Run)
			if err != nil && results == nil {
				return err
			}
			out := bufio.NewWriterSize(cmd.OutOrStdout(), 1<<16)
			if f.asJSON {
				if werr := flushJSON(out, results); werr != nil {
					return werr
				}
				return err
			}
			if werr := writeCensusTable(out, results); werr != nil {
				return werr
			}
			if werr := out.Flush(); werr != nil {
				return werr
			}
			return err
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&f.digits, "digits", 0, "survey every code with at most `D` digits after the point")
	fl.BoolVar(&f.hex, "hex", false, "hexadecimal codes (digits 0-F) instead of octal")
	fl.StringVar(&f.codes, "codes", "", "survey the codes listed in `FILE`, one a line")
	fl.IntVar(&f.to, "to", 100000, "compute G(0..N-1) of every code (with --misere: the quotient of heaps 1..N, 20 by default)")
	fl.BoolVar(&f.asJSON, "json", false, "print a JSON array, one object per code")
	fl.StringVar(&f.db, "db", "", "the results database (default: census.db in nimber's cache directory)")
	fl.StringVar(&f.nats, "nats", "", "send the jobs to the broker at `URL` (nimber broker) instead of working in process")
	fl.IntVar(&f.workers, "workers", 0, "workers in process (default: one per core)")
	fl.StringVar(&f.seqDir, "seq-dir", "", "where workers in process keep sequence files (default: sequences/ beside the database)")
	fl.DurationVar(&f.ackWait, "ack-wait", 30*time.Second, "give a job to another worker when its worker is silent this long")
	fl.BoolVar(&f.misere, "misere", false, "compute each code's misère quotient of heaps 1..N (--to, 20 by default) instead of its values")
	fl.IntVar(&f.memory, "memory", defaultMisereMemory, "with --misere: the most memory in MiB one check of a code's candidate quotient may take, by its estimate (as quotient --memory)")
	fl.IntVar(&f.checks, "checks", misere.DefaultQuotientChecks, "with --misere: the most sums one walk of a code's candidate quotient may reach")
	fl.DurationVar(&f.timeout, "timeout", defaultMisereTimeout, "with --misere: stop a code after this long (0: no limit)")
	cmd.AddCommand(newCensusReportCmd())
	return cmd
}

// codeList returns the codes of --digits or --codes.
func (f *censusFlags) codeList() ([]string, error) {
	switch {
	case f.codes != "" && f.digits != 0:
		return nil, fmt.Errorf("give --digits or --codes, not both")
	case f.codes != "":
		if f.hex {
			return nil, fmt.Errorf("--hex chooses the codes of --digits; a --codes list says its own")
		}
		in, err := os.Open(f.codes)
		if err != nil {
			return nil, err
		}
		defer in.Close()
		return census.ReadCodes(in, f.codes)
	case f.digits != 0:
		return census.Codes(f.digits, f.hex)
	}
	return nil, fmt.Errorf("give --digits D (every code of D digits) or --codes FILE")
}

// openStore opens the database of --db (the default one when empty) and
// returns the folder for sequence files: seqDir, or sequences/ beside the
// database, created.
func openStore(ctx context.Context, db, seqDir string) (*store.Store, string, error) {
	if db == "" {
		var err error
		if db, err = store.DefaultPath(); err != nil {
			return nil, "", err
		}
	}
	if seqDir == "" {
		seqDir = filepath.Join(filepath.Dir(db), "sequences")
	}
	if err := os.MkdirAll(seqDir, 0o755); err != nil {
		return nil, "", err
	}
	st, err := store.Open(ctx, db)
	return st, seqDir, err
}

// runCensus runs run, census.Run or census.RunQuotients, on o's codes in
// the store of f's --db, with f's other flags (--to, --nats, --workers,
// --seq-dir, --ack-wait) in o and a progress bar on standard error. Like
// run, it returns the results it has with the error of a job that
// failed.
func runCensus[R any](cmd *cobra.Command, f *censusFlags, o census.Options, run func(context.Context, census.Options) ([]R, error)) ([]R, error) {
	st, seqDir, err := openStore(cmd.Context(), f.db, f.seqDir)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	bar := newCensusBar(cmd.ErrOrStderr(), len(o.Codes))
	defer bar.finish()
	o.To, o.Store, o.NATS, o.Workers, o.SeqDir, o.AckWait, o.Progress = f.to, st, f.nats, f.workers, seqDir, f.ackWait, bar.update
	return run(cmd.Context(), o)
}

// censusColumns are the columns of the census table, text and CSV.
var censusColumns = []string{"code", "status", "period", "preperiod", "saltus", "last_exceptional", "mask", "rare_heaps",
	"last_rare_heap", "largest_value", "heaps", "seconds", "note"}

// writeCSV writes header and the row of each of rs to w as CSV.
func writeCSV[R any](w io.Writer, header []string, rs []R, row func(R) []string) error {
	c := csv.NewWriter(w)
	c.Write(header)
	for _, r := range rs {
		c.Write(row(r))
	}
	c.Flush()
	return c.Error()
}

// censusRow writes a result's cells, "-" where a figure does not apply.
func censusRow(r store.Run, blank string) []string {
	num := func(v int, ok bool) string {
		if !ok {
			return blank
		}
		return strconv.Itoa(v)
	}
	per := r.Period > 0
	note := r.Note
	if r.Cached {
		note = strings.TrimPrefix(note+"; from the store", "; ")
	}
	return []string{r.Canonical, r.Status, num(r.Period, per), num(r.Preperiod, per), num(r.Saltus, per && r.Saltus > 0),
		num(r.LastExceptional, r.LastExceptional >= 0), num(r.Mask, r.Mask != 0), num(r.Rare, r.Mask != 0),
		num(r.LastRare, r.LastRare >= 0), strconv.Itoa(r.Largest), strconv.Itoa(r.Heaps), strconv.FormatFloat(r.Seconds, 'f', 3, 64), note}
}

// writeCensusTable writes results as an aligned table and a count by
// status.
func writeCensusTable(out io.Writer, results []store.Run) error {
	rows := [][]string{censusColumns}
	count := map[string]int{}
	for _, r := range results {
		rows = append(rows, censusRow(r, "-"))
		count[r.Status]++
	}
	if err := writeAligned(out, rows); err != nil {
		return err
	}
	_, err := fmt.Fprintf(out, "%d codes: %d proven, %d apparent, %d open\n", len(results), count[store.StatusProven], count[store.StatusApparent], count[store.StatusOpen])
	return err
}

func newCensusReportCmd() *cobra.Command {
	var db, format, sortBy string
	var desc, misereOnly bool
	cmd := &cobra.Command{
		Use:   "report",
		Short: "Print the stored census: each code's longest run, as text, CSV or JSON",
		Long: `report prints what the census database holds: each code's longest run, or
with --misere each code's best misère quotient (proved periodic first, then
the most heaps, with a note when a later heap stopped a computation) and, for
a code with no finished quotient, where its computation stopped.`,
		Example: `  nimber census report
  nimber census report --format csv --sort last_rare --desc
  nimber census report --misere --format json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "csv" && format != "json" {
				return fmt.Errorf("--format %q: want text, csv or json", format)
			}
			if db == "" {
				var err error
				if db, err = store.DefaultPath(); err != nil {
					return err
				}
			}
			if _, err := os.Stat(db); err != nil {
				return fmt.Errorf("no census database at %s (run nimber census first): %w", db, err)
			}
			st, err := store.Open(cmd.Context(), db)
			if err != nil {
				return err
			}
			defer st.Close()
			if misereOnly {
				if sortBy != "code" || desc {
					return fmt.Errorf("--sort and --desc order the census of values; --misere lists by code")
				}
				return writeQuotientReport(cmd.Context(), cmd.OutOrStdout(), st, format)
			}
			runs, err := st.List(cmd.Context(), store.ListOptions{OrderBy: sortBy, Desc: desc})
			if err != nil {
				return err
			}
			out := bufio.NewWriterSize(cmd.OutOrStdout(), 1<<16)
			switch format {
			case "json":
				if runs == nil {
					runs = []store.Run{}
				}
				return flushJSON(out, runs)
			case "csv":
				if err := writeCSV(out, censusColumns, runs, func(r store.Run) []string { return censusRow(r, "") }); err != nil {
					return err
				}
			default:
				if err := writeCensusTable(out, runs); err != nil {
					return err
				}
			}
			return out.Flush()
		},
	}
	cmd.Flags().StringVar(&db, "db", "", "the results database (default: census.db in nimber's cache directory)")
	cmd.Flags().StringVar(&format, "format", "text", "text, csv or json")
	cmd.Flags().StringVar(&sortBy, "sort", "code", "sort by one of: "+strings.Join(store.Orders, ", "))
	cmd.Flags().BoolVar(&desc, "desc", false, "sort in decreasing order")
	cmd.Flags().BoolVar(&misereOnly, "misere", false, "list the stored misère quotients (census --misere, quotient --db) instead")
	return cmd
}

func newBrokerCmd() *cobra.Command {
	var listen, dir string
	cmd := &cobra.Command{
		Use:   "broker --listen HOST:PORT",
		Short: "Run the work queue of distributed censuses: an embedded NATS server with JetStream",
		Long: `broker runs a NATS server with JetStream and a file store (--store, by default
broker/ in nimber's cache directory), which "nimber census --nats URL" sends
jobs to and "nimber worker --nats URL" takes them from. Unfinished jobs survive
a restart of the broker. It runs until interrupted (Ctrl-C, SIGTERM).`,
		Example: `  nimber broker --listen 0.0.0.0:4222`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if listen == "" {
				return fmt.Errorf("give --listen HOST:PORT, e.g. 127.0.0.1:4222")
			}
			if dir == "" {
				cache, err := os.UserCacheDir()
				if err != nil {
					return fmt.Errorf("no cache directory for the broker's store (give --store DIR): %w", err)
				}
				dir = filepath.Join(cache, "nimber", "broker")
			}
			b, err := queue.StartBroker(queue.BrokerOptions{Listen: listen, StoreDir: dir})
			if err != nil {
				return err
			}
			defer b.Close()
			// Create the streams now, so that workers can start first.
			c, err := b.Connect(queue.Options{})
			if err != nil {
				return err
			}
			c.Close()
			if _, err := fmt.Fprintf(cmd.OutOrStdout(), "broker listening at %s, store %s\n", b.URL(), dir); err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			<-ctx.Done()
			return nil
		},
	}
	cmd.Flags().StringVar(&listen, "listen", "", "accept clients at `HOST:PORT`")
	cmd.Flags().StringVar(&dir, "store", "", "JetStream's file store (default: broker/ in nimber's cache directory)")
	return cmd
}

func newWorkerCmd() *cobra.Command {
	var url, seqDir string
	var jobs int
	var ackWait time.Duration
	cmd := &cobra.Command{
		Use:   "worker --nats URL",
		Short: "Take census and outcome jobs from a broker and compute them",
		Long: `worker connects to the broker of "nimber broker" and computes census jobs
(a code's values, or its misère quotient for census --misere, each within the
limits the census gives) and the subtrees of "nimber outcome --nats" (who wins
a Domineering board, with the table the outcome run asks for), --jobs at a
time (default: one per core, each job's search on its share of the cores),
sending a heartbeat while each runs.
If it dies, its unfinished jobs go to another worker after the broker's ack
wait; results are kept once even when a job runs twice. Sequence files go to
--seq-dir (default: sequences/ in nimber's cache directory), from which later
longer jobs of the same code on this machine are extended. It runs until
interrupted; an interrupted job goes back to the queue at once.`,
		Example: `  nimber worker --nats nats://broker-host:4222`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if url == "" {
				return fmt.Errorf("give --nats URL, the broker's address, e.g. nats://127.0.0.1:4222")
			}
			if jobs < 0 || jobs > 1024 {
				return fmt.Errorf("--jobs %d out of range 0..1024", jobs)
			}
			if jobs == 0 {
				jobs = runtime.GOMAXPROCS(0)
			}
			if seqDir == "" {
				cache, err := os.UserCacheDir()
				if err != nil {
					return fmt.Errorf("no cache directory for sequence files (give --seq-dir DIR): %w", err)
				}
				seqDir = filepath.Join(cache, "nimber", "sequences")
			}
			if err := os.MkdirAll(seqDir, 0o755); err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			host, _ := os.Hostname()
			errs := make(chan error, jobs)
			for k := range jobs {
				name := fmt.Sprintf("%s/%d/%d", host, os.Getpid(), k+1)
				c, err := queue.Connect(url, queue.Options{Name: name, AckWait: ackWait})
				if err != nil {
					return err
				}
				defer c.Close()
				threads := max(1, runtime.GOMAXPROCS(0)/jobs)
				work := searchjobs.Route(census.Worker(census.SurveyOptions{Workers: threads, SeqDir: seqDir, Worker: name}),
					searchjobs.WorkerOptions{Threads: threads})
				go func() {
					errs <- c.Work(ctx, func(ctx context.Context, j queue.Job) ([]byte, error) {
						// A line a job on standard error: what runs where.
						logf(cmd.ErrOrStderr(), "job %s started by %s", j.ID, name)
						t0 := time.Now()
						out, err := work(ctx, j)
						if err != nil {
							logf(cmd.ErrOrStderr(), "job %s failed after %.1f s: %v", j.ID, time.Since(t0).Seconds(), err)
						} else {
							logf(cmd.ErrOrStderr(), "job %s done in %.1f s", j.ID, time.Since(t0).Seconds())
						}
						return out, err
					})
				}()
			}
			if _, err := fmt.Fprintf(cmd.OutOrStdout(), "worker %s/%d: %d jobs at a time from %s\n", host, os.Getpid(), jobs, url); err != nil {
				return err
			}
			var first error
			for range jobs {
				if err := <-errs; err != nil && first == nil {
					first = err
					stop()
				}
			}
			return first
		},
	}
	cmd.Flags().StringVar(&url, "nats", "", "the broker's `URL`, nats://HOST:PORT")
	cmd.Flags().IntVar(&jobs, "jobs", 0, "jobs at a time (default: one per core)")
	cmd.Flags().StringVar(&seqDir, "seq-dir", "", "where to keep sequence files (default: sequences/ in nimber's cache directory)")
	cmd.Flags().DurationVar(&ackWait, "ack-wait", 30*time.Second, "the broker gives a job to another worker when this one is silent this long")
	return cmd
}

// logMu keeps the lines of concurrent jobs whole.
var logMu sync.Mutex

// logf writes a line to w; a log line that cannot be written is dropped.
func logf(w io.Writer, format string, args ...any) {
	logMu.Lock()
	defer logMu.Unlock()
	fmt.Fprintf(w, format+"\n", args...)
}
