// Command nimber computes who wins impartial games and how: Sprague–Grundy
// values, winning moves, and exact solutions of competitive-programming game
// problems in their official input and output formats.
//
// Usage:
//
//	nimber games                    the games, their position formats
//	nimber solve PROBLEM [FILE]     official output
//	nimber analyze PROBLEM [FILE]   Grundy values, outcomes, winning moves
//	nimber analyze GAME POSITION... the same for any position of any game
//	nimber gen PROBLEM              random valid inputs
//	nimber compound ...             the twelve compounds of several games
//	nimber table GAME               invariant tables
//	nimber sequence GAME --to N     nim-sequences of heap games, periods
//	nimber grundy GAME POSITION...  a sum of positions and a winning move
//	nimber explain GAME POSITION... why it is won or lost: parts, nim-sum, moves
//	nimber value EXPR...            a partizan game's value: canonical form, stops, temperature
//	nimber serve [--addr HOST:PORT] the web front end and its JSON API
//	nimber doctor                   the memory limits found, and which applied
//
// Every command that takes a game also takes --rules FILE: your own game,
// written in Starlark.
//
// Run "nimber help" or "nimber COMMAND --help" for details.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
)

// Exit statuses.
const (
	exitOK    = 0
	exitError = 2 // bad input, usage errors, refused or failed work
)

func main() {
	// Read the environment's memory first, before the work maps more
	// address space, and let Go's collector aim below it.
	goLimit.bytes, goLimit.from = setMemoryLimit(environment())
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes the command line args and returns the exit status. Output
// written to stdout is only the answer: errors go to stderr as one line.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	root, release := newRootCmd(stdin, stdout)
	defer release()
	root.SetArgs(args)
	root.SetErr(stderr)
	if err := root.ExecuteContext(ctx); err != nil {
		fmt.Fprintf(stderr, "nimber: %v\n", oneLine(stopped(err, root.Context())))
		return exitError
	}
	return exitOK
}

// errTimeout is the cause of a context that --timeout ended.
var errTimeout = errors.New("--timeout ran out")

// stopped rewords an error of work that a signal or --timeout stopped
// (ctx is the command's context): "interrupted" or "--timeout ran out"
// instead of Go's "context canceled" or "context deadline exceeded", and
// the cause added to a message that does not say it.
func stopped(err error, ctx context.Context) error {
	if ctx == nil || ctx.Err() == nil {
		return err
	}
	why := "interrupted"
	if errors.Is(context.Cause(ctx), errTimeout) {
		why = errTimeout.Error()
	}
	msg := err.Error()
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		msg = strings.NewReplacer(context.Canceled.Error(), why, context.DeadlineExceeded.Error(), why).Replace(msg)
		if !strings.Contains(msg, why) {
			msg += " (" + why + ")"
		}
	case !strings.Contains(msg, why):
		msg += " (" + why + ")"
	}
	return errors.New(msg)
}

// newRootCmd returns the command line of nimber, and the function that
// releases its --timeout once it has run.
func newRootCmd(stdin io.Reader, stdout io.Writer) (*cobra.Command, context.CancelFunc) {
	root := &cobra.Command{
		Use:   "nimber",
		Short: "Combinatorial game theory toolkit: who wins impartial games, and how",
		Long: withNames(`nimber computes Sprague–Grundy values, outcomes and winning moves of impartial
games (loopy ones too, by generalised Sprague–Grundy values), and solves game
problems from programming contests exactly, in their official input and output
formats. It decides Conway's twelve compounds of several games, computes
nim-sequences of heap games with periodicity proofs and misère quotients, and
gives the canonical forms of partizan games in CGSuite's notation (%s, and
your own rules files).`, partizanNames()),
		Example: `  nimber games
  nimber solve --list
  nimber solve bacterial-tactics examples/bacterial-tactics.in
  nimber analyze caos3 examples/caos3.in --json
  nimber gen inventor-outlasting --rows 45 --cols 45 --density 0.7 | nimber solve inventor-outlasting
  nimber compound --move all --end short --play misere --board 8x8 1,3 5,6
  nimber table knights --size 8 --function w
  nimber sequence 0.16 --to 600000 --json
  nimber grundy --rules examples/rules/kayles.star 5 7 9
  nimber value --game domineering '....|....|....|....'
  nimber outcome --game domineering '......|......|......|......|......|......'`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version(),
	}
	var timeout time.Duration
	cancel := context.CancelFunc(func() {})
	root.PersistentFlags().DurationVar(&timeout, "timeout", 0, "stop the work after this long, e.g. 30s or 5m; 0: no limit")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		if timeout < 0 {
			return fmt.Errorf("--timeout %v is negative", timeout)
		}
		if f := cmd.Flags().Lookup("max-positions"); f != nil && strings.HasPrefix(f.Value.String(), "-") {
			return fmt.Errorf("--max-positions %s is negative", f.Value)
		}
		if timeout > 0 && cmd.Name() != "serve" { // serve's --timeout bounds each request
			var ctx context.Context
			ctx, cancel = context.WithTimeoutCause(cmd.Context(), timeout, errTimeout)
			cmd.SetContext(ctx)
			cmd.Root().SetContext(ctx)
		}
		return nil
	}
	root.SetVersionTemplate("nimber {{.Version}}\n" + memoryLine() + "\n")
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.AddCommand(newGamesCmd(), newSolveCmd(), newAnalyzeCmd(), newGenCmd(), newCompoundCmd(), newTableCmd(), newSequenceCmd(), newGrundyCmd(), newExplainCmd(), newServeCmd(), newCensusCmd(), newBrokerCmd(), newWorkerCmd(), newGenusCmd(), newQuotientCmd(), newDoctorCmd(), newValueCmd(), newOutcomeCmd(), newFieldCmd())
	return root, func() { cancel() }
}

// oneLine flattens an error message to a single line.
func oneLine(err error) string {
	msg := err.Error()
	out := make([]rune, 0, len(msg))
	for _, r := range msg {
		if r == '\n' || r == '\r' {
			r = ' '
		}
		out = append(out, r)
	}
	return string(out)
}

// printAnswer prints v, a command's answer, on cmd's standard output: as
// indented JSON when asJSON, else as write words it.
func printAnswer[T any](cmd *cobra.Command, v T, asJSON bool, write func(io.Writer, T)) error {
	out := bufio.NewWriter(cmd.OutOrStdout())
	if asJSON {
		return flushJSON(out, v)
	}
	write(out, v)
	return out.Flush()
}

// flushJSON writes v as indented JSON to out and flushes it.
func flushJSON(out *bufio.Writer, v any) error {
	if err := writeJSON(out, v); err != nil {
		return err
	}
	return out.Flush()
}

// writeJSON writes v as indented JSON to w.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
