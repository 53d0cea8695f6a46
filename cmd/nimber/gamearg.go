package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"nimber/game"
	"nimber/registry"
)

// gameFlag is the --rules flag of the commands that take a game: a user's
// rules file instead of a registered game's name, with --max-steps, the
// Starlark steps each call of the file's code may take.
type gameFlag struct {
	rules    string
	maxSteps stepsFlag
}

func (f *gameFlag) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.rules, "rules", "", "a rules `FILE` (Starlark) defining your own game, instead of GAME")
	registerMaxSteps(fs, &f.maxSteps)
}

// registerMaxSteps adds --max-steps, the step budget of each call of a
// rules file's code, to the flags of a command.
func registerMaxSteps(fs *pflag.FlagSet, v *stepsFlag) {
	fs.Var(v, "max-steps", fmt.Sprintf("the Starlark steps each call of the --rules file's code may take, e.g. 1e9 (default %.0e, about a second)", float64(registry.DefaultRulesSteps)))
}

// stepsFlag is the value of --max-steps: a number of steps of 1 or more,
// written as a whole number (1000000000, 1_000_000_000) or as 1e9; 0
// while the flag is not given.
type stepsFlag uint64

// String implements pflag.Value.
func (s *stepsFlag) String() string {
	if *s == 0 {
		return ""
	}
	return strconv.FormatUint(uint64(*s), 10)
}

// Type implements pflag.Value.
func (s *stepsFlag) Type() string { return "N" }

// Set implements pflag.Value: it refuses 0, negative and fractional
// numbers and anything that is not a number, in one line.
func (s *stepsFlag) Set(text string) error {
	const want = "want a whole number of steps of 1 or more, e.g. 1000000000 or 1e9"
	text = strings.TrimSpace(text)
	n, err := strconv.ParseUint(text, 0, 64)
	if f, ferr := strconv.ParseFloat(text, 64); err != nil && ferr == nil && f >= 1 && f < math.MaxUint64 && f == math.Trunc(f) {
		n, err = uint64(f), nil // 1e9
	}
	if err != nil || n == 0 {
		return errors.New(want)
	}
	*s = stepsFlag(n)
	return nil
}

// chosenGame is the game a command works on.
type chosenGame struct {
	game.Game
	entry *registry.Entry
	name  string
	rules bool   // the game of a rules file
	file  string // the rules file's path, as given
	// named is the number of arguments that named the game (1 for a
	// registered game's name, 0 for --rules), to number the others.
	named int
}

// annotate names where an error about the game comes from (a rules file),
// and says how to raise a step budget that a call of a rules file reached.
func (c *chosenGame) annotate(err error) error { return stepsHint(c.entry.Annotate(err)) }

// stepsHint adds to the failure of a call of a rules file's code that
// reached the step budget per call how to raise it.
func stepsHint(err error) error {
	if se, ok := errors.AsType[*registry.StepError](err); ok && !se.Work {
		return fmt.Errorf("%w; --max-steps %d allows more", err, se.Budget*10)
	}
	return err
}

// valueCommand is the command line that values positions of the game
// when it is partizan: nimber value --game NAME, or --rules FILE.
func (c *chosenGame) valueCommand() string {
	if c.rules {
		return "nimber value --rules " + c.file
	}
	return "nimber value --game " + c.name
}

// annotateHeaps is annotate for the commands that read a game's positions
// as heaps 0, 1, 2, ...: for a rules file, whose positions may be of
// any kind, it adds that the integers were its positions.
func (c *chosenGame) annotateHeaps(err error, to int) error {
	err = c.annotate(err)
	if c.rules {
		err = fmt.Errorf("%w (the positions were the integers 0..%d)", err, to)
	}
	return err
}

// resolve returns the game of the command: the rules file of --rules, or
// the registered game named by the first argument, and the other
// arguments.
func (f *gameFlag) resolve(args []string) (*chosenGame, []string, error) {
	if f.rules != "" {
		g, e, err := registry.LoadRulesLimited(f.rules, uint64(f.maxSteps), environment().Limit)
		if err != nil {
			return nil, nil, stepsHint(err)
		}
		return &chosenGame{Game: g, entry: e, name: e.Name, rules: true, file: f.rules}, args, nil
	}
	if f.maxSteps != 0 {
		return nil, nil, fmt.Errorf("--max-steps bounds the code of a rules file: give --rules FILE too")
	}
	if len(args) == 0 {
		return nil, nil, fmt.Errorf("give a GAME (see nimber games) or --rules FILE")
	}
	g, e, err := registry.Lookup(args[0])
	if err != nil {
		return nil, nil, err
	}
	return &chosenGame{Game: g, entry: e, name: args[0], named: 1}, args[1:], nil
}

// sum resolves the game of cmd (grundy, explain) and returns the sum of
// the positions its other arguments give.
func (f *gameFlag) sum(cmd *cobra.Command, args []string) (*chosenGame, game.Position, error) {
	g, texts, err := f.resolve(args)
	if err != nil {
		return nil, game.Position{}, err
	}
	if len(texts) == 0 {
		return nil, game.Position{}, fmt.Errorf("%s takes at least one POSITION (see nimber %s --help)", cmd.Name(), cmd.Name())
	}
	pos, err := g.positions(texts, len(texts))
	return g, pos, err
}

// positions parses each text as a position of the game and returns their
// sum. The first fromArgs texts are the command's arguments after those
// that named the game, the others the values of --position; errors name
// the argument by its number among the command's arguments ("argument 2",
// "--position 1") and quote it.
func (c *chosenGame) positions(texts []string, fromArgs int) (game.Position, error) {
	ps := make([]game.Position, len(texts))
	for i, t := range texts {
		p, err := c.Parse(t)
		if err != nil {
			what := fmt.Sprintf("argument %d", c.named+i+1)
			if i >= fromArgs {
				what = fmt.Sprintf("--position %d", i-fromArgs+1)
			}
			return game.Position{}, fmt.Errorf("%s %q: %w", what, clip(t), c.annotate(err))
		}
		ps[i] = p
	}
	return c.Join(ps...), nil
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// positionBytes is about what one position of an explored graph costs the
// compound and table commands, its options and every invariant (measured
// on knight boards: 1000 x 1000, a million positions, peaks at 329 to
// 364 MB of resident memory).
const positionBytes = 350

// exploreBytes is the most one position of the --max-positions bound may
// cost an exploration that reaches the bound: the position with its
// options, up to 16 moves each (game.Explore's bound on moves), and the
// moves of its parts kept for reuse (measured: the subtraction table of
// amounts 1..10000 to heap 1000000 peaks at 775 MB of resident memory when
// refused at 1048576 positions and 16777216 moves).
const exploreBytes = 1000

// defaultMaxPositions is the default --max-positions: game's default bound,
// cut so that an exploration that reaches it fits the memory the
// environment allows (nimber doctor).
func defaultMaxPositions() int {
	return int(min(int64(game.DefaultExploreLimit), max(environment().Limit/exploreBytes, 1)))
}

// registerMaxPositions adds --max-positions, the bound of an explored
// graph, to the flags of a command.
func registerMaxPositions(fs *pflag.FlagSet, v *int) {
	fs.IntVar(v, "max-positions", defaultMaxPositions(),
		fmt.Sprintf("refuse games with more reachable positions than this (each costs about %d bytes, up to %d with many moves; the default fits the memory limit of nimber doctor)", positionBytes, exploreBytes))
}

// positionsError adds to an exploration beyond its limit how to raise it,
// and whether the memory limit allows that.
func positionsError(err error) error {
	if ee, ok := errors.AsType[*game.ExploreError](err); ok {
		more := int64(ee.Limit) * 4
		return fmt.Errorf("%w; --max-positions %d allows more, at about %s%s", err, more, game.FormatBytes(more*positionBytes), overMemory(more))
	}
	return err
}

// overMemory says, when an exploration bounded by n positions may need more
// than the memory limit of the environment, that it does; else "".
func overMemory(n int64) string {
	env := environment()
	if need := n * exploreBytes; need > env.Limit {
		return fmt.Sprintf(" (up to %s with many moves, over the memory limit of %s set by %s: see nimber doctor)", game.FormatBytes(need), game.FormatBytes(env.Limit), env.Applied)
	}
	return ""
}
