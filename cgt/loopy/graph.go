// Package loopy holds partizan games whose play may return to a position:
// finite game graphs with Left and Right edges, who wins each of them
// (draws included) by retrograde analysis, their sums and negatives,
// whether a game is a stopper, and the order of stoppers by the survival
// test (Siegel, "Combinatorial Game Theory", 2013, ch. VI).
//
// Short games are the graphs without cycles; package cgt values those.
package loopy

import (
	"fmt"
	"slices"
)

// A Graph is a finite game graph: nodes numbered from 0, each with the
// nodes Left may move to and those Right may move to. A node may be its
// own option, and options may repeat.
type Graph struct {
	left, right [][]int
	// scratch marks a graph made to be simplified and then dropped
	// (solvePart's): simplifyRoots may change it in place.
	scratch bool
}

// NewGraph returns a graph of n nodes without edges.
func NewGraph(n int) *Graph {
	return &Graph{left: make([][]int, n), right: make([][]int, n)}
}

// Len returns the number of nodes.
func (g *Graph) Len() int { return len(g.left) }

// GraphOf returns the graph whose node v has the Left options left[v]
// and the Right options right[v]. The graph keeps the slices: the caller
// must not change them after.
func GraphOf(left, right [][]int) *Graph {
	return &Graph{left: left, right: right}
}

// AddNode adds a node without edges and returns its number.
func (g *Graph) AddNode() int {
	g.left = append(g.left, nil)
	g.right = append(g.right, nil)
	return len(g.left) - 1
}

// AddLeft adds a Left move from node from to node to.
func (g *Graph) AddLeft(from, to int) { g.left[from] = append(g.left[from], to) }

// AddRight adds a Right move from node from to node to.
func (g *Graph) AddRight(from, to int) { g.right[from] = append(g.right[from], to) }

// AddMove adds a move of player p from node from to node to.
func (g *Graph) AddMove(p Player, from, to int) {
	if p == Left {
		g.AddLeft(from, to)
	} else {
		g.AddRight(from, to)
	}
}

// size returns the number of nodes and moves of g.
func (g *Graph) size() int {
	n := g.Len()
	for v := range g.Len() {
		n += len(g.left[v]) + len(g.right[v])
	}
	return n
}

// into returns, for each player p and node w, the nodes with a move of
// p to w (once a move, in order), all cut from one array.
func (g *Graph) into() [2][][]int {
	var out [2][][]int
	for _, p := range []Player{Left, Right} {
		from, at := g.intoFlat(p)
		flat := make([]int, len(from))
		for i, v := range from {
			flat[i] = int(v)
		}
		out[p] = make([][]int, g.Len())
		for w := range out[p] {
			out[p][w] = flat[at[w]:at[w+1]:at[w+1]]
		}
	}
	return out
}

// intoFlat returns the nodes with a move of p to each node w, as
// from[at[w]:at[w+1]] (once a move, in order).
func (g *Graph) intoFlat(p Player) (from, at []int32) {
	n := g.Len()
	at = make([]int32, n+1)
	for v := range n {
		for _, w := range g.Options(v, p) {
			at[w+1]++
		}
	}
	for w := range n {
		at[w+1] += at[w]
	}
	from = make([]int32, at[n])
	fill := slices.Clone(at[:n])
	for v := range n {
		for _, w := range g.Options(v, p) {
			from[fill[w]] = int32(v)
			fill[w]++
		}
	}
	return from, at
}

// Left returns node v's Left options (not to be changed).
func (g *Graph) Left(v int) []int { return g.left[v] }

// Right returns node v's Right options (not to be changed).
func (g *Graph) Right(v int) []int { return g.right[v] }

// Options returns node v's options for player p (Left or Right).
func (g *Graph) Options(v int, p Player) []int {
	if p == Left {
		return g.left[v]
	}
	return g.right[v]
}

// Check returns an error naming the first edge that leaves the graph.
func (g *Graph) Check() error {
	for v := range g.left {
		for _, p := range []Player{Left, Right} {
			for _, w := range g.Options(v, p) {
				if w < 0 || w >= len(g.left) {
					return fmt.Errorf("loopy: node %d has a %s option %d, outside 0..%d", v, p, w, len(g.left)-1)
				}
			}
		}
	}
	return nil
}

// Neg returns the negative of g: Left's and Right's edges swapped, node
// for node.
func (g *Graph) Neg() *Graph {
	h := &Graph{left: make([][]int, len(g.left)), right: make([][]int, len(g.left))}
	for v := range g.left {
		h.left[v] = slices.Clone(g.right[v])
		h.right[v] = slices.Clone(g.left[v])
	}
	return h
}

// A Player is Left or Right.
type Player int8

const (
	Left  Player = 0
	Right Player = 1
)

// Opponent returns the other player.
func (p Player) Opponent() Player { return 1 - p }

func (p Player) String() string {
	if p == Left {
		return "Left"
	}
	return "Right"
}

// A Game is one node of a graph: the game that starts there.
type Game struct {
	Graph *Graph
	Start int
}

// Reachable returns the nodes reachable from g's start by any moves of
// either player, the start first, in the order met.
func (g Game) Reachable() []int { return reachable(g.Graph, []int{g.Start}) }

// reachable returns the nodes of g reachable from roots, the roots first,
// in the order met.
func reachable(g *Graph, roots []int) []int {
	seen := make([]bool, g.Len())
	var order []int
	for _, r := range roots {
		if !seen[r] {
			seen[r] = true
			order = append(order, r)
		}
	}
	for i := 0; i < len(order); i++ {
		v := order[i]
		for _, p := range []Player{Left, Right} {
			for _, w := range g.Options(v, p) {
				if !seen[w] {
					seen[w] = true
					order = append(order, w)
				}
			}
		}
	}
	return order
}

// Neg returns -g.
func (g Game) Neg() Game { return Game{g.Graph.Neg(), g.Start} }

// Sum returns the disjunctive sum of games: a graph of the tuples of
// their positions reachable from their starts, in which a player moves
// in exactly one component. limit bounds the nodes of the sum (0 for no
// bound); past it Sum returns an error wrapping ErrTooManyPositions.
func Sum(limit int, games ...Game) (Game, error) {
	if len(games) == 0 {
		return Game{NewGraph(1), 0}, nil
	}
	// A tuple's key is its number in mixed radix, the graphs' sizes the
	// digits, while that fits in 62 bits; else its text.
	stride := make([]int, len(games))
	wide, size := false, 1
	for i, g := range games {
		stride[i] = size
		if n := g.Graph.Len(); size > (1<<62)/max(n, 1) {
			wide = true
		} else {
			size *= n
		}
	}
	// key is the key of tuple t with its part i at w.
	key := func(t []int, i, w int) any {
		if wide {
			old := t[i]
			t[i] = w
			k := fmt.Sprint(t)
			t[i] = old
			return k
		}
		k := 0
		for j, v := range t {
			k += v * stride[j]
		}
		return k + (w-t[i])*stride[i]
	}
	start := make([]int, len(games))
	for i, g := range games {
		start[i] = g.Start
	}
	index := map[any]int{}
	var tuples [][]int
	out := &Graph{}
	// id returns the node of tuple t with its part i at w, made when new.
	id := func(t []int, i, w int) (int, error) {
		k := key(t, i, w)
		if v, ok := index[k]; ok {
			return v, nil
		}
		if limit > 0 && len(tuples) >= limit {
			return 0, fmt.Errorf("%w: a sum of more than %d positions", ErrTooManyPositions, limit)
		}
		index[k] = out.AddNode()
		next := slices.Clone(t)
		next[i] = w
		tuples = append(tuples, next)
		return index[k], nil
	}
	if _, err := id(start, 0, start[0]); err != nil {
		return Game{}, err
	}
	for v := 0; v < len(tuples); v++ {
		t := tuples[v]
		for i, g := range games {
			for _, p := range []Player{Left, Right} {
				for _, w := range g.Graph.Options(t[i], p) {
					u, err := id(t, i, w)
					if err != nil {
						return Game{}, err
					}
					out.AddMove(p, v, u)
				}
			}
		}
	}
	return Game{out, 0}, nil
}

// alike maps each node of g to the first node of the same game: nodes
// whose options for each player lie in the same classes, refined until
// no class splits (the coarsest bisimulation), have the same game tree
// unfolded, so are the same game. A sum of a game with itself has many:
// x + y and y + x.
func (g *Graph) alike() []int {
	n := g.Len()
	class := make([]int, n) // all in one class to start
	for count := 1; ; {
		next := make([]int, n)
		ids := map[string]int{}
		for v := range n {
			key := optionsKey(func(p Player) []int {
				opts := make([]int, 0, len(g.Options(v, p))+1)
				for _, w := range g.Options(v, p) {
					opts = append(opts, class[w])
				}
				return opts
			})
			key = fmt.Sprint(class[v], ":", key)
			id, ok := ids[key]
			if !ok {
				id = len(ids)
				ids[key] = id
			}
			next[v] = id
		}
		class = next
		if len(ids) == count {
			break
		}
		count = len(ids)
	}
	first := map[int]int{}
	to := make([]int, n)
	for v, c := range class {
		if _, ok := first[c]; !ok {
			first[c] = v
		}
		to[v] = first[c]
	}
	return to
}
