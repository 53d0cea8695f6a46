package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"nimber/cgt/loopy"
	"nimber/game"
	"nimber/searchjobs"
)

// outcomeFlags are outcome's flags: valueFlags' --game, --rules,
// --max-steps and --json, and the search's bounds.
type outcomeFlags struct {
	valueFlags
	// memoryMiB is --memory: the search's table and its canonical forms of
	// small regions, half each; 0 for the defaults.
	memoryMiB    int
	maxPositions int64
	threads      int
	progress     bool
	// The long runs of one Domineering board (outcome_jobs.go): the
	// checkpoint file, the broker, the results store.
	out, nats, db string
	resume, list  bool
	ackWait       time.Duration
	window        int
	splitDepth    int
}

// outcomeReport is outcome's answer, and its --json.
type outcomeReport struct {
	Position   string `json:"position"`
	Outcome    string `json:"outcome"`
	LeftFirst  string `json:"left_first"`  // who wins with Left moving first: Left, Right or Draw
	RightFirst string `json:"right_first"` // who wins with Right moving first: Left, Right or Draw
	// Method is "search" (wins and losses alone), "values" (every region
	// valued by its canonical form), "search+values" (a search in which
	// small regions were valued) or, for a game whose positions repeat,
	// "retrograde" (the graph of every position reachable, draws
	// included; the outcome then one of CGSuite's nine classes).
	Method string `json:"method"`
	// Positions is what the search searched, table hits included.
	Positions int64   `json:"positions"`
	Cutoffs   int64   `json:"cutoffs"`
	TableHits int64   `json:"table_hits"`
	Valued    int64   `json:"valued"` // distinct regions valued by canonical forms
	Threads   int     `json:"threads"`
	Seconds   float64 `json:"seconds"`
	// PositionsPerSecond is Positions over Seconds; ThreadPositions the
	// positions each thread searched, where the search reports them.
	PositionsPerSecond float64 `json:"positions_per_second"`
	ThreadPositions    []int64 `json:"thread_positions,omitempty"`
	// A split run's (method "split": --out, --nats): the subtrees
	// decided, those of them read from the checkpoint, the seconds of
	// every run of the checkpoint and the queue's workers.
	Subtrees       int      `json:"subtrees,omitempty"`
	FromCheckpoint int      `json:"from_checkpoint,omitempty"`
	TotalSeconds   float64  `json:"total_seconds,omitempty"`
	Workers        []string `json:"workers,omitempty"`
	// With --db: the stored row that answered (method "store"), or
	// whether this answer was stored now.
	Stored *storedReport `json:"stored,omitempty"`
	Kept   bool          `json:"kept,omitempty"`

	checkpoint string // --out, for the text
}

func newOutcomeCmd() *cobra.Command {
	var f outcomeFlags
	cmd := &cobra.Command{
		Use:   "outcome (--game NAME | --rules FILE) POSITION...",
		Short: "Who wins a partizan position or sum, moving first and second, by search with values of small regions",
		Long: withNames(`outcome decides who wins a position of a partizan game with Left moving
first and with Right moving first: its outcome class, L, R, N or P. Several
POSITIONs (or boards joined by '+') are one sum.

Every partizan game (and partizan rules file) is searched for wins and
losses, without its whole value: small regions are valued by their canonical
forms and added into one value that the search plays as moves, large ones are
searched move by move, each region a move splits off valued when small
(method "search+values"; "values" when every region was small, "search" when
none was). The search keeps positions in a table, stops after --max-positions
positions (0: no limit) or --timeout, and runs on --threads goroutines.
Clobber is searched on bitboards (regions of up to 64 stones); one Domineering
board of up to 64 cells by its own search with safe-move bounds (8 x 8).
--memory MiB is shared by the table and the canonical forms (default: 256
for the forms; a table of 64 MiB, or for one Domineering board of more than
64 cells 1 GiB, of more than 90 cells 4 GiB, at most a quarter of memory).

A game whose positions repeat (%s, a
rules file whose play returns) is decided instead over the graph of every
position reachable (method "retrograde", at most 1024 positions a MiB of
--memory, 4 Mi by default), draws included: the outcome is then one of
CGSuite's nine classes (L, R, N, P, D, PHat, PCheck, NHat, NCheck), and a
player's first move may give "Draw".

Long and distributed runs of one Domineering board: --out FILE splits the
search into subtrees, the first player's moves each decided on its own (one
after another on --threads threads, sharing one table), every finished
subtree appended to FILE and synced; a run killed at any moment goes on
with --resume and gives the same answer. --split-depth 2 (the default)
splits each move again by the opponent's replies, each reply's board a
subtree, so that a kill loses at most one reply's search; 1 splits the
first player's moves alone.
--nats URL sends the subtrees to the broker of "nimber broker", decided by
"nimber worker" on any machine (--window subtrees ahead of their results; a
killed worker's subtree goes to another after --ack-wait). Once one of a
player's moves wins, her other subtrees are left. --db FILE answers from the
results database when the board (or a flip or transpose of it) is there, and
keeps a board decided now; --db FILE --list lists the boards kept.`, loopyPartizanNames()),
		Example: `  nimber outcome --game domineering '......|......|......|......|......|......'
  nimber outcome --game clobber 'xoxo|oxox|xoxo|oxox' --json
  nimber outcome --game clobber xoxoxoxoxoxoxoxoxoxoxoxoxo
  nimber outcome --game domineering '.....|.....|.....|.....|.....' '.....|.....|.....|.....|.....'
  nimber outcome --game domineering '........|........|........|........|........|........' --out 6x8.jsonl --progress
  nimber outcome --game domineering '........|........|........|........|........|........' --out 6x8.jsonl --resume
  nimber outcome --game domineering '.......|.......|.......|.......|.......|.......|.......' --nats nats://broker-host:4222 --db outcomes.db
  nimber outcome --game domineering --db outcomes.db --list`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 && !f.list {
				return fmt.Errorf("outcome takes one POSITION or more (a sum), got none")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if (f.game == "") == (f.rules == "") {
				return fmt.Errorf("outcome needs --game NAME or --rules FILE (one of them), the game of POSITION")
			}
			if f.memoryMiB < 0 || f.maxPositions < 0 || f.threads < 1 {
				return fmt.Errorf("--memory %d MiB, --max-positions %d, --threads %d: want --memory and --max-positions 0 (the default, no limit) or more, --threads 1 or more", f.memoryMiB, f.maxPositions, f.threads)
			}
			if f.splitDepth != 1 && f.splitDepth != 2 {
				return fmt.Errorf("--split-depth %d: want 1 (the first player's moves) or 2 (and the replies to each)", f.splitDepth)
			}
			if cmd.Flags().Changed("split-depth") && f.out == "" && f.nats == "" {
				return errors.New("--split-depth splits a run with --out FILE or --nats URL; give one")
			}
			if f.jobFlags() {
				return f.runJobs(cmd, args)
			}
			g, err := f.partizanGame("outcome")
			if err != nil {
				return err
			}
			rep, err := f.decide(cmd, g, args)
			if err != nil {
				return fmt.Errorf("outcome: %s: %w", f.source(g), err)
			}
			out := bufio.NewWriter(cmd.OutOrStdout())
			if f.asJSON {
				return flushJSON(out, rep)
			}
			fmt.Fprintf(out, "outcome %s: %s\n", rep.Outcome, classWords(rep.Outcome))
			for _, first := range [][2]string{{"Left", rep.LeftFirst}, {"Right", rep.RightFirst}} {
				if first[1] == loopyDraw {
					fmt.Fprintf(out, "%s moving first: a draw (play goes on for ever)\n", first[0])
				} else {
					fmt.Fprintf(out, "%s moving first: %s wins\n", first[0], first[1])
				}
			}
			fmt.Fprintf(out, "by %s: %d positions searched (%d table hits), %d settled by bounds or values, %d regions valued\n",
				rep.Method, rep.Positions, rep.TableHits, rep.Cutoffs, rep.Valued)
			return out.Flush()
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.game, "game", "", "the partizan game of POSITION, e.g. domineering")
	fl.StringVar(&f.rules, "rules", "", "a partizan rules file (left(p) and right(p)) whose position POSITION is")
	fl.Var(&f.maxSteps, "max-steps", "with --rules: the most Starlark steps one call of left or right may take")
	fl.IntVar(&f.memoryMiB, "memory", 0, "MiB of the search's table and its canonical forms, half each (0: 64 and 256)")
	fl.Int64Var(&f.maxPositions, "max-positions", 0, "give up after searching this many positions; 0: no limit")
	fl.IntVar(&f.threads, "threads", runtime.NumCPU(), "goroutines searching (default: all cores)")
	fl.BoolVar(&f.progress, "progress", false, "print the positions searched so far on standard error, every second")
	fl.BoolVar(&f.asJSON, "json", false, "print the answer as JSON")
	fl.StringVar(&f.out, "out", "", "domineering: split the search into subtrees, kept in the checkpoint `FILE` as they finish")
	fl.BoolVar(&f.resume, "resume", false, "go on from the checkpoint of --out FILE, skipping its finished subtrees")
	fl.StringVar(&f.nats, "nats", "", "domineering: send the subtrees to the broker at `URL` (nimber broker), decided by nimber worker")
	fl.IntVar(&f.window, "window", searchjobs.DefaultWindow, "with --nats: the subtrees published ahead of their results (about the workers' job slots)")
	fl.DurationVar(&f.ackWait, "ack-wait", 30*time.Second, "with --nats: give a subtree to another worker when its worker is silent this long")
	fl.IntVar(&f.splitDepth, "split-depth", searchjobs.DefaultDepth, "with --out or --nats: split the first player's moves (1), or each of them again by the replies (2)")
	fl.StringVar(&f.db, "db", "", "domineering: answer from the results database `FILE` when the board is there, and keep a board decided now")
	fl.BoolVar(&f.list, "list", false, "with --db: list the boards stored (no POSITION)")
	return cmd
}

// decide finds who wins the sum of positions of g by the game's search.
func (f outcomeFlags) decide(cmd *cobra.Command, g *chosenGame, positions []string) (outcomeReport, error) {
	rep := outcomeReport{Position: strings.Join(positions, " + "), Threads: f.threads}
	pg, _ := game.PartizanOf(g)
	ps := make([]game.Position, len(positions))
	for i, text := range positions {
		p, err := pg.ParseSearch(text)
		if err != nil {
			return rep, fmt.Errorf("position %d %s: %w", i+1, quoteArg(text), g.annotate(err))
		}
		ps[i] = p
	}
	o := game.OutcomeOptions{MaxNodes: f.maxPositions, Threads: f.threads}
	if f.memoryMiB > 0 {
		o.TableMiB, o.ValueMiB = max(1, f.memoryMiB/2), max(1, f.memoryMiB-f.memoryMiB/2)
	}
	var seen atomic.Int64
	if f.progress {
		o.Progress = func(n int64) { seen.Store(n) }
		stop := make(chan struct{})
		defer close(stop)
		go reportSearch(cmd.ErrOrStderr(), &seen, stop)
	}
	start := time.Now()
	if g.Info().Repeats {
		return f.decideLoopy(cmd, pg, g.Join(ps...), rep, start)
	}
	res, err := pg.Outcome(cmd.Context(), g.Join(ps...), o)
	if _, cycle := errors.AsType[*game.CycleError](err); cycle {
		// A rules file whose play repeats, found out only now.
		return f.decideLoopy(cmd, pg, g.Join(ps...), rep, start)
	}
	rep.Seconds = time.Since(start).Seconds()
	if errors.Is(err, game.ErrSearchLimit) {
		return rep, fmt.Errorf("not settled within --max-positions %d", f.maxPositions)
	}
	if err != nil {
		return rep, g.annotate(err)
	}
	rep.Method, rep.Positions, rep.Cutoffs, rep.TableHits, rep.Valued = res.Method, res.Nodes, res.Cutoffs, res.TableHits, res.Valued
	rep.ThreadPositions = res.ThreadNodes
	if rep.Seconds > 0 {
		rep.PositionsPerSecond = math.Round(float64(res.Nodes) / rep.Seconds)
	}
	rep.setOutcome(res.LeftFirst, res.RightFirst)
	return rep, nil
}

// loopyDraw is who wins, in an outcomeReport, where play goes on for ever.
const loopyDraw = "Draw"

// decideLoopy decides pos, a position of a game whose positions repeat,
// by a retrograde analysis of every position reachable (loopy.Solve), at
// most 1024 positions a MiB of --memory (4 Mi by default).
func (f outcomeFlags) decideLoopy(cmd *cobra.Command, pg game.PartizanGame, pos game.Position, rep outcomeReport, start time.Time) (outcomeReport, error) {
	limit := 1 << 22
	if f.memoryMiB > 0 {
		limit = f.memoryMiB << 10
	}
	gr, err := pg.Graph(cmd.Context(), pos, limit)
	if errors.Is(err, loopy.ErrTooManyPositions) {
		return rep, fmt.Errorf("%w (--memory allows %d; raise it)", err, limit)
	}
	if err != nil {
		return rep, err
	}
	class := loopy.ClassOf(gr)
	who := map[loopy.Outcome]string{loopy.LeftWins: "Left", loopy.RightWins: "Right", loopy.Draw: loopyDraw}
	rep.Outcome, rep.LeftFirst, rep.RightFirst = class.String(), who[class.LeftFirst], who[class.RightFirst]
	rep.Method, rep.Positions = "retrograde", int64(gr.Graph.Len())
	rep.Seconds = time.Since(start).Seconds()
	if rep.Seconds > 0 {
		rep.PositionsPerSecond = math.Round(float64(rep.Positions) / rep.Seconds)
	}
	return rep, nil
}

// reportSearch writes the positions searched so far to w every second
// until stop is closed.
func reportSearch(w io.Writer, seen *atomic.Int64, stop <-chan struct{}) {
	start := time.Now()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			fmt.Fprintf(w, "outcome: %d positions searched, %.0f s\n", seen.Load(), time.Since(start).Seconds())
		}
	}
}

// setOutcome sets who wins with each player moving first and the outcome
// class they make.
func (r *outcomeReport) setOutcome(leftFirst, rightFirst bool) {
	r.LeftFirst, r.RightFirst = "Right", "Left"
	if leftFirst {
		r.LeftFirst = "Left"
	}
	if rightFirst {
		r.RightFirst = "Right"
	}
	r.Outcome = map[[2]bool]string{{true, true}: "N", {true, false}: "L", {false, true}: "R", {false, false}: "P"}[[2]bool{leftFirst, rightFirst}]
}
