package main

import (
	"context"
	"errors"
	"fmt"

	"nimber/cgt"
	"nimber/game"
	"nimber/play"
	"nimber/registry"
)

// describeGame values the positions of the partizan game of --game or
// --rules, their sum (each region valued once by its game tree), in a
// Calc bounded by f.memory, and describes it as value describes an EXPR:
// a cgt.Description, or a loopy.Description when the game's positions
// repeat (the whole position's graph, within f.memory's positions).
func describeGame(ctx context.Context, positions []string, f valueFlags) (any, error) {
	g, err := f.partizanGame("value")
	if err != nil {
		return nil, err
	}
	pg, _ := game.PartizanOf(g)
	flag := f.source(g)
	ps := make([]game.Position, len(positions))
	for i, text := range positions {
		if ps[i], err = g.Parse(text); err != nil {
			return nil, fmt.Errorf("value: %s: position %d %s: %w", flag, i+1, quoteArg(text), g.annotate(err))
		}
	}
	c := cgt.New(int64(f.memory) << 20)
	pos := g.Join(ps...)
	sum, _, err := pg.Values(ctx, pg.NewEvaluator(c), pos)
	if _, cycle := errors.AsType[*game.CycleError](err); cycle {
		return describeRepeating(ctx, c, pg, pos, f, flag)
	}
	if err != nil {
		return nil, fmt.Errorf("value: %s: the value of positions 1..%d: %w", flag, len(ps), g.annotate(f.limit(err)))
	}
	return f.describeGame(c, sum)
}

// describeRepeating describes a position of a partizan game whose
// positions repeat, by package loopy over its whole graph.
func describeRepeating(ctx context.Context, c *cgt.Calc, pg game.PartizanGame, pos game.Position, f valueFlags, flag string) (any, error) {
	if tf := f.thermographFlag(); tf != "" {
		return nil, fmt.Errorf("value: %s: %s: its positions repeat, and a loopy game has no thermograph here", flag, tf)
	}
	d, err := play.DescribeRepeating(ctx, c, pg, pos, f.loopyPositions())
	if err != nil {
		return nil, fmt.Errorf("value: %s: its positions repeat: %w", flag, f.limit(err))
	}
	return d, nil
}

// source names where g came from in an error: --game NAME or --rules
// FILE.
func (f valueFlags) source(g *chosenGame) string {
	if g.rules {
		return "--rules " + f.rules
	}
	return "--game " + f.game
}

// partizanGame returns the partizan game of --game or --rules, with an
// error, starting with the command's name, that says what to do with a
// game of another kind.
func (f valueFlags) partizanGame(command string) (*chosenGame, error) {
	if f.rules != "" {
		gf := gameFlag{rules: f.rules, maxSteps: f.maxSteps}
		g, _, err := gf.resolve(nil)
		if err != nil {
			return nil, fmt.Errorf("%s: --rules: %w", command, err)
		}
		if _, ok := game.PartizanOf(g); !ok {
			return nil, fmt.Errorf("%s: --rules %s: %s is a game of kind %s (the file defines moves(p)), valued by Grundy values, not canonical forms (try nimber grundy --rules %s; a partizan file defines left(p) and right(p))",
				command, f.rules, g.name, g.Info().Kind, f.rules)
		}
		return g, nil
	}
	g, e, err := registry.Lookup(f.game)
	if err != nil {
		return nil, fmt.Errorf("%s: --game: %w", command, err)
	}
	if _, ok := game.PartizanOf(g); !ok {
		return nil, fmt.Errorf("%s: --game %s is a game of kind %s, valued by Grundy values, not canonical forms (try nimber grundy %s)",
			command, quoteArg(f.game), g.Info().Kind, f.game)
	}
	return &chosenGame{Game: g, entry: e, name: f.game, named: 1}, nil
}
