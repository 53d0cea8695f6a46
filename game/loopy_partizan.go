package game

import (
	"context"
	"fmt"

	"nimber/cgt/loopy"
)

// Graph returns the graph of pos: every whole position reachable from it
// by either player's moves, with its Left and Right moves. It is how a partizan game whose positions repeat is
// valued (package loopy): Values refuses such a game with a *CycleError.
// limit bounds the positions (0 for none): past it the error wraps
// loopy.ErrTooManyPositions. ctx is checked every 1024 positions, and a
// failure of the game's code (PartizanContextual) is returned.
func (g *partizan[P]) Graph(ctx context.Context, pos Position, limit int) (loopy.Game, error) {
	r, failure := g.bind(ctx)
	out := loopy.NewGraph(0)
	// A position of one part is keyed by the part, others by their text.
	ones, texts := map[P]int{}, map[string]int{}
	var queue []Sum[P]
	// node returns the node of s with its part j replaced by leaves (j <
	// 0: s itself), made when new; the sum is built only then.
	node := func(s Sum[P], j int, leaves []P) (int, error) {
		if j >= 0 && (len(s.Parts) != 1 || len(leaves) != 1) {
			s, j = replace(s, j, leaves), -1
		}
		var one P
		var text string
		var v int
		var ok bool
		switch {
		case j >= 0:
			one = leaves[0]
			v, ok = ones[one]
		case len(s.Parts) == 1:
			one = s.Parts[0]
			v, ok = ones[one]
		default:
			text = g.format(s)
			v, ok = texts[text]
		}
		if ok {
			return v, nil
		}
		if limit > 0 && len(queue) >= limit {
			return 0, fmt.Errorf("%w: the game has more than %d positions", loopy.ErrTooManyPositions, limit)
		}
		if j >= 0 {
			s = replace(s, j, leaves)
		}
		v = out.AddNode()
		if len(s.Parts) == 1 {
			ones[one] = v
		} else {
			texts[text] = v
		}
		queue = append(queue, s)
		return v, nil
	}
	// expand adds the moves of the i-th position met.
	expand := func(i int) error {
		s := queue[i]
		for _, side := range []Side{Left, Right} {
			for j, p := range s.Parts {
				for leaves := range r.Options(p, side) {
					w, err := node(s, j, leaves)
					if err != nil {
						return err
					}
					out.AddMove(loopy.Player(side), i, w)
				}
			}
		}
		return nil
	}
	start, err := node(g.sum(pos), -1, nil)
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
