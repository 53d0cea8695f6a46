package loopy

import "nimber/cgt"

// AddShort adds the short game g of calc c to graph into, with its
// followers, and returns its node. Nodes are shared through seen (a
// short game's node by its canonical form), which may be nil for no
// sharing with other calls.
func AddShort(c *cgt.Calc, g cgt.Game, into *Graph, seen map[cgt.Game]int) int {
	if seen == nil {
		seen = map[cgt.Game]int{}
	}
	if v, ok := seen[g]; ok {
		return v
	}
	v := into.AddNode()
	seen[g] = v
	for _, o := range c.Left(g) {
		into.AddLeft(v, AddShort(c, o, into, seen))
	}
	for _, o := range c.Right(g) {
		into.AddRight(v, AddShort(c, o, into, seen))
	}
	return v
}
