package main

import (
	"context"
	"fmt"

	"nimber/cgt"
	"nimber/game"
	"nimber/registry"
)

// describeGame values the positions of the partizan game f.game, their sum
// (each region valued once by its game tree), in a Calc bounded by
// f.memory, and describes it as value describes an EXPR.
func describeGame(ctx context.Context, positions []string, f valueFlags) (cgt.Description, error) {
	g, _, err := registry.Lookup(f.game)
	if err != nil {
		return cgt.Description{}, fmt.Errorf("value: --game: %w", err)
	}
	pg, ok := game.PartizanOf(g)
	if !ok {
		return cgt.Description{}, fmt.Errorf("value: --game %s is a game of kind %s, valued by Grundy values, not canonical forms (try nimber grundy %s)",
			quoteArg(f.game), g.Info().Kind, f.game)
	}
	ps := make([]game.Position, len(positions))
	for i, text := range positions {
		if ps[i], err = g.Parse(text); err != nil {
			return cgt.Description{}, fmt.Errorf("value: --game %s: position %d %s: %w", f.game, i+1, quoteArg(text), err)
		}
	}
	c := cgt.New(int64(f.memory) << 20)
	sum, _, err := pg.Values(ctx, pg.NewEvaluator(c), g.Join(ps...))
	if err != nil {
		return cgt.Description{}, fmt.Errorf("value: --game %s: the value of positions 1..%d: %w", f.game, len(ps), f.limit(err))
	}
	return f.describeGame(c, sum)
}
