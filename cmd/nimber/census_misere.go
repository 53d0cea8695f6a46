package main

// census --misere: the misère quotients of a census's codes, and census
// report --misere.

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"nimber/census"
	"nimber/misere"
	"nimber/store"
)

// Defaults of census --misere: small enough that a code whose quotient
// explodes stops within seconds, so that a survey of every 3-digit code
// finishes (docs/performance.md, "Census of misère quotients").
const (
	defaultMisereTo      = 20
	defaultMisereMemory  = 256 // MiB
	defaultMisereTimeout = 10 * time.Second
)

// misereLimits checks the flags of census --misere (refusing its limits
// without it), sets its default --to, and returns the limits of each code.
func (f *censusFlags) misereLimits(cmd *cobra.Command) (census.QuotientLimits, error) {
	if !f.misere {
		for _, name := range []string{"memory", "checks", "timeout"} {
			if cmd.Flags().Changed(name) {
				return census.QuotientLimits{}, fmt.Errorf("--%s bounds each code of census --misere; give --misere", name)
			}
		}
		return census.QuotientLimits{}, nil
	}
	if !cmd.Flags().Changed("to") {
		f.to = defaultMisereTo
	}
	if f.to < 1 || f.to > misere.MaxQuotientHeaps {
		return census.QuotientLimits{}, fmt.Errorf("--to %d out of range 1..%d (heaps of the quotient with --misere)", f.to, misere.MaxQuotientHeaps)
	}
	if f.checks < 1 {
		return census.QuotientLimits{}, fmt.Errorf("--checks %d: want at least 1", f.checks)
	}
	if f.timeout != 0 && f.timeout < time.Millisecond {
		return census.QuotientLimits{}, fmt.Errorf("--timeout %v: want 0 (none) or at least 1ms", f.timeout)
	}
	// Each worker in process runs a quotient at once, peaking at about 2.5
	// times --memory (see quotient --memory): they share a third of the
	// memory the process may use. Remote workers are bounded by this
	// machine's figure, the one known here.
	in := f.workers
	if in == 0 {
		in = runtime.GOMAXPROCS(0)
	}
	if f.nats != "" {
		in = 1
	}
	if most := maxQuotientMemory() / in; f.memory < 16 || f.memory > most {
		return census.QuotientLimits{}, fmt.Errorf("--memory %d MiB out of range 16..%d (a third of the memory this process may use, see nimber doctor, shared by %d workers)", f.memory, most, in)
	}
	return census.QuotientLimits{Memory: int64(f.memory) << 20, Checks: f.checks, Timeout: f.timeout}, nil
}

// runMisereCensus runs census --misere on the codes and prints the table
// or the JSON.
func runMisereCensus(cmd *cobra.Command, f *censusFlags, codes []string, lim census.QuotientLimits) error {
	results, err := runCensus(cmd, f, census.Options{Codes: codes, Limits: lim}, census.RunQuotients)
	if err != nil && results == nil {
		return err
	}
	if werr := printQuotients(cmd.OutOrStdout(), results, f.asJSON); werr != nil {
		return werr
	}
	return err
}

// printQuotients prints results as JSON or as a table.
func printQuotients(w io.Writer, results []census.QuotientResult, asJSON bool) error {
	out := bufio.NewWriterSize(w, 1<<16)
	if asJSON {
		if results == nil {
			results = []census.QuotientResult{}
		}
		return flushJSON(out, results)
	}
	if err := writeQuotientTable(out, results); err != nil {
		return err
	}
	return out.Flush()
}

// quotientColumns are the columns of the table of census --misere, text
// and CSV.
var quotientColumns = []string{"code", "order", "p_size", "stable_from", "period", "preperiod", "proved_at", "heaps",
	"seconds", "note"}

// quotientRow writes a result's cells, blank where a figure does not
// apply.
func quotientRow(r census.QuotientResult, blank string) []string {
	cells := []string{r.Canonical, strconv.Itoa(r.Order), blank, blank, blank, blank, blank, strconv.Itoa(r.Reached),
		strconv.FormatFloat(r.Seconds, 'f', 3, 64)}
	if r.Stopped == nil {
		cells[2], cells[3] = strconv.Itoa(r.PPortion), strconv.Itoa(r.StableFrom)
	}
	if p := r.Periodic; p != nil {
		cells[4], cells[5], cells[6] = strconv.Itoa(p.Period), strconv.Itoa(p.Preperiod), strconv.Itoa(p.ProvedAt)
	}
	var notes []string
	if s := r.Stopped; s != nil {
		notes = append(notes, fmt.Sprintf("stopped at heap %d (order %d): %s", s.Heap, r.Order, s.Reason))
	}
	if r.Note != "" {
		notes = append(notes, r.Note)
	}
	if r.Cached {
		notes = append(notes, "from the store")
	}
	return append(cells, strings.Join(notes, "; "))
}

// writeQuotientTable writes results as an aligned table and a count of
// finished, periodic and stopped codes.
func writeQuotientTable(out io.Writer, results []census.QuotientResult) error {
	rows := [][]string{quotientColumns}
	finished, periodic := 0, 0
	for _, r := range results {
		rows = append(rows, quotientRow(r, "-"))
		if r.Stopped == nil {
			finished++
		}
		if r.Periodic != nil {
			periodic++
		}
	}
	if err := writeAligned(out, rows); err != nil {
		return err
	}
	_, err := fmt.Fprintf(out, "%d codes: %d finished (%d periodic, proved for every heap), %d stopped by a limit\n",
		len(results), finished, periodic, len(results)-finished)
	return err
}

// writeAligned writes rows as columns two spaces apart, the last one
// unpadded.
func writeAligned(out io.Writer, rows [][]string) error {
	var width []int
	for _, row := range rows {
		for i, c := range row {
			if i == len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], len(c))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for i, c := range row {
			if i == len(row)-1 {
				b.WriteString(c)
			} else {
				fmt.Fprintf(&b, "%-*s  ", width[i], c)
			}
		}
		if _, err := fmt.Fprintln(out, strings.TrimRight(b.String(), " ")); err != nil {
			return err
		}
	}
	return nil
}

// storedQuotients returns what the store holds of misère quotients, a
// result per code: its best finished quotient (proved periodic first,
// then the most heaps), noting a later stop, or, for a code with none,
// its furthest stop.
func storedQuotients(ctx context.Context, st *store.Store) ([]census.QuotientResult, error) {
	best, err := st.BestQuotients(ctx)
	if err != nil {
		return nil, err
	}
	stops, err := st.QuotientStops(ctx, "")
	if err != nil {
		return nil, err
	}
	furthest := map[string]store.QuotientStop{}
	for _, s := range stops {
		if f, ok := furthest[s.Canonical]; !ok || s.StoppedAt > f.StoppedAt {
			furthest[s.Canonical] = s
		}
	}
	var out []census.QuotientResult
	for _, q := range best {
		r := census.StoredQuotient(q.Code, q.Heaps, q)
		if s, ok := furthest[q.Canonical]; ok && s.StoppedAt > q.Heaps && !q.Periodic {
			r.Note = fmt.Sprintf("stopped at heap %d (order %d) when asked for %d: %s", s.StoppedAt, s.Order, s.Heaps, s.Reason)
		}
		delete(furthest, q.Canonical)
		out = append(out, r)
	}
	for _, s := range stops { // the codes with stops only
		if f, ok := furthest[s.Canonical]; ok {
			out = append(out, census.StoredStop(f.Code, f.Heaps, f))
			delete(furthest, s.Canonical)
		}
	}
	slices.SortStableFunc(out, func(a, b census.QuotientResult) int { return strings.Compare(a.Canonical, b.Canonical) })
	census.NoteEqualQuotients(out)
	return out, nil
}

// writeQuotientReport writes census report --misere in format (text, csv
// or json).
func writeQuotientReport(ctx context.Context, w io.Writer, st *store.Store, format string) error {
	rs, err := storedQuotients(ctx, st)
	if err != nil {
		return err
	}
	if format != "csv" {
		return printQuotients(w, rs, format == "json")
	}
	out := bufio.NewWriterSize(w, 1<<16)
	if err := writeCSV(out, quotientColumns, rs, func(r census.QuotientResult) []string { return quotientRow(r, "") }); err != nil {
		return err
	}
	return out.Flush()
}
