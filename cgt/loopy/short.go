package loopy

import (
	"fmt"

	"nimber/cgt"
)

// AddShort adds the short game g of calc c to graph into, with its
// followers, and returns its node. Nodes are shared through seen (a
// short game's node by its canonical form; nil for no sharing with other
// calls). It works breadth first, so a deep game cannot overflow the
// stack, and refuses, wrapping ErrTooManyPositions, to add more than
// limit nodes (0 for no limit): a game born on day d has a chain of d+1
// followers, so a large integer is refused before anything is added.
func AddShort(c *cgt.Calc, g cgt.Game, into *Graph, seen map[cgt.Game]int, limit int) (int, error) {
	if seen == nil {
		seen = map[cgt.Game]int{}
	}
	if v, ok := seen[g]; ok {
		return v, nil
	}
	tooMany := fmt.Errorf("%w: a short game of more than %d positions", ErrTooManyPositions, limit)
	if limit > 0 && c.Birthday(g) >= int64(limit) {
		return 0, tooMany
	}
	added := 0
	var queue []cgt.Game
	node := func(h cgt.Game) (int, error) {
		if v, ok := seen[h]; ok {
			return v, nil
		}
		if added++; limit > 0 && added > limit {
			return 0, tooMany
		}
		v := into.AddNode()
		seen[h] = v
		queue = append(queue, h)
		return v, nil
	}
	start, err := node(g)
	if err != nil {
		return 0, err
	}
	for i := 0; i < len(queue); i++ {
		h := queue[i]
		v := seen[h]
		for _, p := range []Player{Left, Right} {
			opts := c.Left(h)
			if p == Right {
				opts = c.Right(h)
			}
			for _, o := range opts {
				w, err := node(o)
				if err != nil {
					return 0, err
				}
				into.AddMove(p, v, w)
			}
		}
	}
	return start, nil
}
