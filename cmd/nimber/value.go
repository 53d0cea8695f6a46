package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"nimber/cgt"
	"nimber/cgt/loopy"
)

// valueFlags are value's flags: cobra reads them before --, and value
// reads them again among the arguments after it (nimber value -- -1/2
// --json).
type valueFlags struct {
	asJSON, thermograph bool
	memory              int // MiB
	// svg and png are --svg FILE and --png FILE: the files the picture of
	// the thermograph is saved in ("" for none).
	svg, png string
	// game is --game: the arguments are positions of this partizan game.
	game string
	// rules is --rules: the arguments are positions of the partizan game
	// of this rules file (left(p) and right(p)), whose calls may take
	// maxSteps steps each (--max-steps).
	rules    string
	maxSteps stepsFlag
	// misere is --misere: misère canonical forms of impartial games;
	// parts (--parts) adds their decomposition into parts.
	misere, parts bool
}

func newValueCmd() *cobra.Command {
	var f valueFlags
	cmd := &cobra.Command{
		Use:   "value (EXPR... | --game NAME POSITION... | --rules FILE POSITION...) [--misere]",
		Short: "The value of a partizan game in CGSuite's notation: canonical form, outcome, stops, mean, temperature, atomic weight",
		Long: withNames(`value reads a short partizan game in CGSuite's notation and prints its
canonical form, outcome class (L: Left wins whoever starts, R: Right wins, P: the
second player wins, N: the first player wins), left and right stops, mean,
temperature, birthday, atomic weight (or "not atomic") and options. Several
EXPRs are a sum. The notation: numbers (5, -1/2, 25/16), nimbers (*, *8), ups
and downs (^, ^^, ^3, v, v9), ^<n> and ^[n] (v<n>, v[n]), juxtaposed or added
(6^*, 73/16+v9*8), n*G (n copies of G), switches (+-1, +-{2|1}), Tiny(G) and Miny(G), negation
(-{1|}), parentheses and braces {L|R}, the number of bars nesting ({0||0|v*} is
{0|{0|v*}}). The canonical form is written as CGSuite writes it. An EXPR that starts with - comes after --, where --json,
--thermograph, --memory, --svg and --png are still read as flags. --json prints
canonical, outcome, left_stop, right_stop, mean, temperature, birthday,
atomic_weight (null when not atomic), left_options and right_options;
--thermograph adds the walls, from t = -1 up (below 0 as CGSuite draws them).
--svg FILE and --png FILE save the picture of the thermograph that the value
page of nimber serve draws, as SVG or as PNG (twice the SVG's size).

A loopy game in CGSuite's notation (pass, labels as in a{0|a}, on, off, over,
under, upon, dud, ^[on], ^<on>) is answered with its simplest form as CGSuite
prints it, its outcome class with draws (L, R, N, P, D, PHat, NHat, PCheck,
NCheck), its stops (pseudonumbers such as over and 3/2under) and options; --json
adds onside, offside and stopper, and prints null for the short-game fields a
loopy game lacks. A game that is not a stopper is answered by its sides, written
as CGSuite writes them (dud is on & off, a{1||a|0} is 2 & +-1); one whose sides
are not stoppers (Bach's carousel) by graphs of them. A sided value written out, S & T,
is read too, wherever a game stands: '1 & 0' '1 & 0' is 2 & 0, '{2&-2|1&-2}' is
{2|1} & -2*.

With --game NAME the arguments are positions of a partizan game of nimber
games (%s), several positions a sum: each region of a board
is valued by its game tree, and the answer is the same as for an EXPR. A game
whose positions repeat (%s) is valued as a
loopy game over the graph of every position reachable.

With --rules FILE the arguments are positions of your own partizan game: a
rules file (Starlark) that defines left(p) and right(p), each returning that
player's options in position p, each option the list of the parts the move
leaves (see docs/partizan.md). The file runs sandboxed, as the rules files of
the other commands do (--max-steps).

With --misere the EXPRs are impartial games in CGSuite's notation of misère
games (MisereCanonicalGame), several a sum: 0, *, *n, *[...] as CGSuite
writes a form (*[2#0], *[2[2]], *[(2#1)2##]) or reads a list (*[[2],0], a
heap's size or a list of options each; *[[*[4]+*[2]]]). value prints the
misère canonical form as CGSuite writes it, the misère outcome (N: the player
to move wins, P: loses, when who cannot move wins), the misère and normal nim
values, the genus (as nimber genus writes it), birthday, whether it is tame,
generally tame, restive or restless (Conway's classes, as CGSuite tells
them), mate and options; --json prints canonical, outcome, misere_nim_value,
nim_value, genus, genus_values ([g, γ0 .. γ4]), birthday, nim_heap, even,
tame, generally_tame, restive, restless, mate and options. With
--game NAME (an impartial game: heap codes such as 0.77, nim, node-kayles,
...) or --rules FILE (moves(p)) the arguments are positions, valued from
their moves. See docs/misere.md.`, partizanNames(), loopyPartizanNames()),
		Example: `  nimber value '{2|-1}'
  nimber value '{3||2+*|1+*}' --json
  nimber value ^ ^ '*'
  nimber value -- -1/2 --json
  nimber value '{1|^^||^}' --thermograph
  nimber value '{2|-1}' --svg thermograph.svg --png thermograph.png
  nimber value 'a{0||||0|||a|*||*}' --json
  nimber value --game domineering '....|....|....|....' --json
  nimber value --game clobber 'xox|ox.' 'xo'
  nimber value --game domineering '...#|....|....|...#' --svg domineering.svg
  nimber value --rules examples/rules/cutcake_rules.star 3x4 2x2 --json
  nimber value --misere '*[[2],0]' '*[2]'
  nimber value --misere --game 0.77 '10 11 12' --json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			exprs, err := f.afterDash(cmd, args)
			if err != nil {
				return err
			}
			if f.game != "" && f.rules != "" {
				return fmt.Errorf("value: give --game NAME or --rules FILE, not both")
			}
			if f.maxSteps != 0 && f.rules == "" {
				return fmt.Errorf("--max-steps bounds the code of a rules file: give --rules FILE too")
			}
			if len(exprs) == 0 && f.game != "" {
				return fmt.Errorf("value --game %s takes at least one POSITION (see nimber games)", f.game)
			}
			if len(exprs) == 0 && f.rules != "" {
				return fmt.Errorf("value --rules %s takes at least one POSITION of the file's game", f.rules)
			}
			if len(exprs) == 0 {
				return fmt.Errorf("value takes at least one EXPR, a game in CGSuite's notation (see nimber value --help)")
			}
			for _, name := range []string{"svg", "png"} {
				if cmd.Flags().Changed(name) && cmd.Flags().Lookup(name).Value.String() == "" {
					return fmt.Errorf("value: --%s takes a FILE to save the picture in, not an empty name", name)
				}
			}
			if most := maxValueMemory(); f.memory < 1 || f.memory > most {
				return fmt.Errorf("--memory %d MiB out of range 1..%d (the memory this process may use, see nimber doctor)", f.memory, most)
			}
			out := bufio.NewWriter(cmd.OutOrStdout())
			if f.parts && !f.misere {
				return errors.New("value: --parts goes with --misere (the parts of a misère canonical form)")
			}
			if f.misere {
				if err := f.misereFlags(); err != nil {
					return err
				}
				if f.game != "" || f.rules != "" {
					return answer(cmd.Context(), out, exprs, f, describeMisereGame, writeMisereValue)
				}
				return answer(cmd.Context(), out, exprs, f, describeMisere, writeMisereValue)
			}
			if f.game == "" && f.rules == "" && loopyExprs(exprs) {
				if flag := f.thermographFlag(); flag != "" {
					return fmt.Errorf("value: %s: a loopy game has no thermograph here", flag)
				}
				return answer(cmd.Context(), out, exprs, f, describeLoopy, writeLoopyValue)
			}
			if f.game != "" || f.rules != "" {
				return answer(cmd.Context(), out, exprs, f, describeGame, writeAny)
			}
			return answer(cmd.Context(), out, exprs, f, describe, writeValue)
		},
	}
	cmd.Flags().BoolVar(&f.asJSON, "json", false, "print the answer as JSON")
	cmd.Flags().BoolVar(&f.thermograph, "thermograph", false, "print the thermograph's walls, segment by segment")
	cmd.Flags().StringVar(&f.svg, "svg", "", "save the thermograph's picture as SVG in `FILE`")
	cmd.Flags().StringVar(&f.png, "png", "", "save the thermograph's picture as PNG in `FILE`")
	cmd.Flags().StringVar(&f.game, "game", "", "the arguments are positions of this partizan `NAME`d game (nimber games), not EXPRs")
	cmd.Flags().StringVar(&f.rules, "rules", "", "the arguments are positions of the partizan game of this rules `FILE` (Starlark: left(p) and right(p)), not EXPRs")
	cmd.Flags().BoolVar(&f.misere, "misere", false, "misère canonical forms of impartial games (CGSuite's *[...] notation, or --game/--rules positions of an impartial game)")
	cmd.Flags().BoolVar(&f.parts, "parts", false, "with --misere: the decomposition into parts too (prime, extraverted, introverted, parts, partitions into primes)")
	registerMaxSteps(cmd.Flags(), &f.maxSteps)
	cmd.Flags().IntVar(&f.memory, "memory", defaultValueMemory(), "the most memory in `MiB` the games and memos may take, by their estimate")
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return fmt.Errorf("%w (an EXPR that starts with - comes after --: nimber value -- -1/2)", err)
	})
	return cmd
}

// answer describes the sum of exprs with describe and prints it to out:
// as JSON with --json, else in words with write.
func answer[D any](ctx context.Context, out *bufio.Writer, exprs []string, f valueFlags,
	describe func(ctx context.Context, args []string, f valueFlags) (D, error), write func(io.Writer, D)) error {
	d, err := describeSum(ctx, exprs, f, describe)
	if err != nil {
		return err
	}
	if d, err = savePictures(f, d); err != nil {
		return err
	}
	if f.asJSON {
		return flushJSON(out, d)
	}
	write(out, d)
	return out.Flush()
}

// afterDash returns the EXPRs of args, reading value's flags among the
// arguments after -- (cobra takes them all as arguments there): --json,
// --thermograph, --memory N, --svg FILE and --png FILE (and NAME=VALUE
// for each of the last three). Any other argument is an EXPR (--1 is one:
// the negative of -1).
func (f *valueFlags) afterDash(cmd *cobra.Command, args []string) ([]string, error) {
	dash := cmd.ArgsLenAtDash()
	if dash < 0 {
		return args, nil
	}
	exprs := append([]string{}, args[:dash]...)
	rest := args[dash:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		name, value, hasValue := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		takesValue := name == "memory" || name == "svg" || name == "png"
		if !strings.HasPrefix(a, "--") || (name != "json" && name != "thermograph" && name != "misere" && name != "parts" && !takesValue) {
			exprs = append(exprs, a)
			continue
		}
		if takesValue && !hasValue {
			if i+1 == len(rest) {
				return nil, fmt.Errorf("flag needs an argument: --%s", name)
			}
			i++
			value, hasValue = rest[i], true
		}
		if !hasValue {
			value = "true"
		}
		if err := cmd.Flags().Set(name, value); err != nil {
			return nil, err // pflag's: invalid argument "x" for "--memory" flag: ...
		}
	}
	return exprs, nil
}

// describeSum reads the EXPRs, adds them and describes the sum, in a Calc
// bounded by f.memory. The Calc cannot be stopped in the middle of an
// operation, so the work runs aside and an interrupt or --timeout returns
// at once (the process then exits).
func describeSum[D any](ctx context.Context, exprs []string, f valueFlags,
	describe func(ctx context.Context, args []string, f valueFlags) (D, error)) (D, error) {
	type answer struct {
		d   D
		err error
	}
	done := make(chan answer, 1)
	go func() {
		d, err := describe(ctx, exprs, f)
		done <- answer{d, err}
	}()
	select {
	case a := <-done:
		return a.d, a.err
	case <-ctx.Done():
		var zero D
		return zero, fmt.Errorf("value: %w", ctx.Err())
	}
}

func describe(_ context.Context, exprs []string, f valueFlags) (cgt.Description, error) {
	d, err := cgt.New(int64(f.memory)<<20).DescribeSum(exprs, f.needsThermograph())
	return d, f.sumError(exprs, err)
}

// sumError says which argument, or the sum, failed, for the error err of
// a DescribeSum (nil for none).
func (f valueFlags) sumError(exprs []string, err error) error {
	if err == nil {
		return nil
	}
	se, ok := errors.AsType[*cgt.SumError](err)
	switch {
	case !ok:
		return fmt.Errorf("value: %w", f.limit(err))
	case se.Stage == cgt.StageRead:
		return fmt.Errorf("value: argument %d %s: %w", se.Index+1, quoteArg(exprs[se.Index]), f.limit(se.Err))
	case se.Stage == cgt.StageAdd:
		return fmt.Errorf("value: the sum of arguments 1..%d: %w", se.Index+1, f.limit(se.Err))
	}
	return fmt.Errorf("value: the value of the game: %w", f.limit(se.Err))
}

// loopyExprs reports whether some EXPR is written in the notation of
// loopy games, which value then reads with package loopy.
func loopyExprs(exprs []string) bool { return slices.ContainsFunc(exprs, loopy.LooksLoopy) }

// loopyPositions bounds the positions of a loopy game and the pairs its
// simplest form compares: 1024 for each MiB of --memory.
func (f valueFlags) loopyPositions() int { return f.memory << 10 }

// describeLoopy reads and describes the sum of loopy EXPRs in a Calc
// bounded by --memory, the positions of the sum and of its comparisons
// bounded by 1024 for each MiB, watching ctx (--timeout).
func describeLoopy(ctx context.Context, exprs []string, f valueFlags) (loopy.Description, error) {
	d, err := loopy.DescribeSum(ctx, cgt.New(int64(f.memory)<<20), exprs, f.loopyPositions())
	return d, f.sumError(exprs, err)
}

// describeGame describes the game g of c, with its thermograph when
// --thermograph asks for it.
func (f valueFlags) describeGame(c *cgt.Calc, g cgt.Game) (cgt.Description, error) {
	d, err := c.Describe(g)
	if err == nil && f.needsThermograph() {
		d.Thermograph, err = c.DescribeThermograph(g)
	}
	if err != nil {
		return cgt.Description{}, fmt.Errorf("value: the value of the game: %w", f.limit(err))
	}
	return d, nil
}

// limit says which limit a Calc's ErrLimit or ErrWork is, and how to
// raise it.
func (f valueFlags) limit(err error) error {
	switch {
	case errors.Is(err, cgt.ErrLimit):
		return fmt.Errorf("%w (--memory %d MiB; raise it)", err, f.memory)
	case errors.Is(err, loopy.ErrTooManyPositions):
		return fmt.Errorf("%w (--memory %d MiB allows %d; raise it)", err, f.memory, f.loopyPositions())
	case errors.Is(err, cgt.ErrWork):
		return fmt.Errorf("%w (%d comparisons)", err, int64(cgt.DefaultWork))
	case errors.Is(err, cgt.ErrNotation):
		return fmt.Errorf("%w; nimber outcome decides who wins without writing it", err)
	}
	return err
}

// quoteArg quotes an argument for an error message as cgt.QuoteExpr
// does, with its length when it is cut short.
func quoteArg(s string) string {
	q := cgt.QuoteExpr(s)
	if strings.HasSuffix(q, "...") {
		q += fmt.Sprintf(" (%d bytes)", len(s))
	}
	return q
}

// partizanOutcome says who wins in each outcome class.
var partizanOutcome = map[string]string{
	"L": "Left wins whoever starts",
	"R": "Right wins whoever starts",
	"P": "the second player wins",
	"N": "the first player wins",
}

// loopyOutcome says who wins in each outcome class of a loopy game.
var loopyOutcome = map[string]string{
	"D":      "a draw whoever starts",
	"PHat":   "Left wins moving second, a draw when Left moves first",
	"PCheck": "Right wins moving second, a draw when Right moves first",
	"NHat":   "Left wins moving first, a draw when Right moves first",
	"NCheck": "Right wins moving first, a draw when Left moves first",
}

// classWords says who wins in an outcome class, of a short or a loopy
// game.
func classWords(class string) string {
	return cmp.Or(loopyOutcome[class], partizanOutcome[class])
}

// writeAny writes a short or a loopy game's description in words.
func writeAny(w io.Writer, d any) {
	switch d := d.(type) {
	case cgt.Description:
		writeValue(w, d)
	case loopy.Description:
		writeLoopyValue(w, d)
	}
}

// writeLoopyValue writes a loopy game's description in words.
func writeLoopyValue(w io.Writer, d loopy.Description) {
	fmt.Fprintln(w, d.Canonical)
	fmt.Fprintf(w, "outcome %s: %s\n", d.Outcome, classWords(d.Outcome))
	if d.Stopper {
		fmt.Fprintln(w, "a stopper: its onside and offside are itself")
	} else {
		fmt.Fprintf(w, "onside %s, offside %s\n", d.Onside, d.Offside)
	}
	if d.LeftStop != nil && d.RightStop != nil {
		fmt.Fprintf(w, "left stop %s, right stop %s\n", *d.LeftStop, *d.RightStop)
	} else {
		fmt.Fprintln(w, "stops not given: a side is not a stopper")
	}
	if d.Stopper { // a sided value has no options of its own
		fmt.Fprintf(w, "left options: %s\n", orNone(strings.Join(d.LeftOptions, ", ")))
		fmt.Fprintf(w, "right options: %s\n", orNone(strings.Join(d.RightOptions, ", ")))
	}
}

// writeValue writes a description in words.
func writeValue(w io.Writer, d cgt.Description) {
	fmt.Fprintln(w, d.Canonical)
	fmt.Fprintf(w, "outcome %s: %s\n", d.Outcome, partizanOutcome[d.Outcome])
	fmt.Fprintf(w, "left stop %s, right stop %s\n", d.LeftStop, d.RightStop)
	fmt.Fprintf(w, "mean %s, temperature %s\n", d.Mean, d.Temperature)
	fmt.Fprintf(w, "birthday %d\n", d.Birthday)
	if d.AtomicWeight != nil {
		fmt.Fprintf(w, "atomic weight %s\n", *d.AtomicWeight)
	} else {
		fmt.Fprintln(w, "not atomic")
	}
	fmt.Fprintf(w, "left options: %s\n", orNone(strings.Join(d.LeftOptions, ", ")))
	fmt.Fprintf(w, "right options: %s\n", orNone(strings.Join(d.RightOptions, ", ")))
	if th := d.Thermograph; th != nil {
		fmt.Fprintln(w, "thermograph:")
		for _, wall := range []struct {
			name string
			segs []cgt.Segment
		}{{"left", th.Left}, {"right", th.Right}} {
			for _, s := range wall.segs {
				fmt.Fprintf(w, "  %s wall from t=%s: %s, slope %d\n", wall.name, s.From, s.Value, s.Slope)
			}
		}
		fmt.Fprintf(w, "  mast at %s from t=%s\n", th.Mean, th.Temperature)
	}
}

// maxValueMemory is the largest --memory of value, in MiB: the memory the
// process may use (the ceiling of nimber doctor).
func maxValueMemory() int { return max(int(environment().Ceiling>>20), 1) }

// defaultValueMemory is the default --memory of value, in MiB: the Calc's
// own default (1 GiB), cut to a third of the ceiling.
func defaultValueMemory() int {
	return max(min(int(cgt.DefaultLimit>>20), maxValueMemory()/3), 1)
}
