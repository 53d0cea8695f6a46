package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"nimber/game"
	"nimber/registry"
)

// gameFlag is the --rules flag of the commands that take a game: a user's
// rules file instead of a registered game's name.
type gameFlag struct{ rules string }

func (f *gameFlag) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.rules, "rules", "", "a rules `FILE` (Starlark) defining your own game, instead of GAME")
}

// chosenGame is the game a command works on.
type chosenGame struct {
	game.Game
	entry *registry.Entry
	name  string
	rules bool // the game of a rules file
}

// annotate names where an error about the game comes from (a rules file).
func (c *chosenGame) annotate(err error) error { return c.entry.Annotate(err) }

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
		g, e, err := registry.LoadRules(f.rules)
		if err != nil {
			return nil, nil, err
		}
		return &chosenGame{Game: g, entry: e, name: e.Name, rules: true}, args, nil
	}
	if len(args) == 0 {
		return nil, nil, fmt.Errorf("give a GAME (see nimber games) or --rules FILE")
	}
	g, e, err := registry.Lookup(args[0])
	if err != nil {
		return nil, nil, err
	}
	return &chosenGame{Game: g, entry: e, name: args[0]}, args[1:], nil
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
	pos, err := g.positions(texts)
	return g, pos, err
}

// positions parses each text as a position of the game and returns their
// sum; errors name the argument.
func (c *chosenGame) positions(texts []string) (game.Position, error) {
	ps := make([]game.Position, len(texts))
	for i, t := range texts {
		p, err := c.Parse(t)
		if err != nil {
			return game.Position{}, fmt.Errorf("position %d %q: %w", i+1, clip(t), c.annotate(err))
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
