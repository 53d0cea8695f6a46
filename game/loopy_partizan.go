package game

import (
	"context"
	"fmt"

	"nimber/cgt/loopy"
)

// Graph returns the graph of pos: every whole position reachable from it
// by either player's moves, keyed by its text (Format), with its Left
// and Right moves. It is how a partizan game whose positions repeat is
// valued (package loopy): Values refuses such a game with a *CycleError.
// limit bounds the positions (0 for none): past it the error wraps
// loopy.ErrTooManyPositions. ctx is checked every 1024 positions, and a
// failure of the game's code (PartizanContextual) is returned.
func (g *partizan[P]) Graph(ctx context.Context, pos Position, limit int) (loopy.Game, error) {
	r, failure := g.bind(ctx)
	out := loopy.NewGraph(0)
	index := map[string]int{}
	var queue []Sum[P]
	node := func(s Sum[P]) (int, error) {
		k := g.format(s)
		if v, ok := index[k]; ok {
			return v, nil
		}
		if limit > 0 && len(queue) >= limit {
			return 0, fmt.Errorf("%w: the game has more than %d positions", loopy.ErrTooManyPositions, limit)
		}
		index[k] = out.AddNode()
		queue = append(queue, s)
		return index[k], nil
	}
	// expand adds the moves of the i-th position met.
	expand := func(i int) error {
		s := queue[i]
		for _, side := range []Side{Left, Right} {
			for j, p := range s.Parts {
				for leaves := range r.Options(p, side) {
					w, err := node(replace(s, j, leaves))
					if err != nil {
						return err
					}
					out.AddMove(loopy.Player(side), i, w)
				}
			}
		}
		return nil
	}
	start, err := node(g.sum(pos))
	for i := 0; err == nil && i < len(queue); i++ {
		if i%1024 == 0 {
			if err = context.Cause(ctx); err != nil {
				break
			}
		}
		err = expand(i)
	}
	if ferr := failure(); ferr != nil {
		return loopy.Game{}, ferr
	}
	if err != nil {
		return loopy.Game{}, err
	}
	return loopy.Game{Graph: out, Start: start}, nil
}
