package loopy

import (
	"fmt"
	"slices"
)

// Simplify returns the simplest form of the stopper g (Siegel,
// "Combinatorial Game Theory", VI.3): a graph of g's reachable positions
// in which no option is dominated (a Left option at most another, a
// Right option at least another), none is reversible (a Left option with
// a Right option at most the position, bypassed by that option's Left
// options; Right's alike), and no two positions are equal (fused into
// one). Each step is kept only when the game stays a stopper equal to g
// by the survival test: fusing two equal positions can make a cycle (the
// position {*|*} fused with its follower 0 would become dud), so a class
// of equal positions is fused into the first of them that keeps the
// value. limit bounds the positions compared (the square of the graph's
// size, and the sums of each check; 0 for none).
func Simplify(g Game, limit int) (Game, error) {
	if !IsStopper(g) {
		return Game{}, ErrNotStopper
	}
	cur := restrict(g.Graph, g.Start, nil)
	// A step is checked against the form before it (equal to g by the
	// steps before), which is smaller than g.
	keeps := func(cand Game) (bool, error) {
		if !IsStopper(cand) {
			return false, nil
		}
		eq, err := Equal(cand, cur, limit)
		if err != nil {
			return false, fmt.Errorf("loopy: checking a simplification: %w", err)
		}
		return eq, nil
	}
	for {
		le, err := Order(cur.Graph, limit)
		if err != nil {
			return Game{}, err
		}
		next, ok, err := firstKept(keeps,
			func() []Game { return undominate(cur, le) },
			func() []Game { return bypasses(cur, le) },
			func() []Game { return fusions(cur, le) })
		if err != nil {
			return Game{}, err
		}
		if !ok {
			return cur, nil
		}
		cur = next
	}
}

// firstKept returns the first candidate of the lists, made in turn,
// that keeps the value, reporting whether there was one.
func firstKept(keeps func(Game) (bool, error), lists ...func() []Game) (Game, bool, error) {
	for _, list := range lists {
		for _, cand := range list() {
			ok, err := keeps(cand)
			if err != nil {
				return Game{}, false, err
			}
			if ok {
				return cand, true, nil
			}
		}
	}
	return Game{}, false, nil
}

// restrict returns the positions of graph g reachable from start,
// renumbered in the order met (start first), each node's options sorted
// and without repeats; to maps a node to the node whose edges it takes
// (nil for itself).
func restrict(g *Graph, start int, to []int) Game {
	rep := func(v int) int {
		if to == nil {
			return v
		}
		return to[v]
	}
	num := map[int]int{rep(start): 0}
	order := []int{rep(start)}
	out := NewGraph(1)
	for i := 0; i < len(order); i++ {
		v := order[i]
		for _, p := range []Player{Left, Right} {
			var opts []int
			for _, w := range g.Options(v, p) {
				w = rep(w)
				n, ok := num[w]
				if !ok {
					n = out.AddNode()
					num[w] = n
					order = append(order, w)
				}
				opts = append(opts, n)
			}
			slices.Sort(opts)
			opts = slices.Compact(opts)
			if p == Left {
				out.left[i] = opts
			} else {
				out.right[i] = opts
			}
		}
	}
	return Game{out, 0}
}

// fusions returns the graphs that fuse one class of equal positions
// into one of them: for each class, each of its members in turn.
func fusions(g Game, le [][]bool) []Game {
	n := g.Graph.Len()
	var out []Game
	done := make([]bool, n)
	for v := range n {
		if done[v] {
			continue
		}
		class := []int{v}
		for u := v + 1; u < n; u++ {
			if le[u][v] && le[v][u] {
				class = append(class, u)
				done[u] = true
			}
		}
		if len(class) == 1 {
			continue
		}
		for _, r := range class {
			to := make([]int, n)
			for i := range to {
				to[i] = i
			}
			for _, u := range class {
				to[u] = r
			}
			out = append(out, restrict(g.Graph, g.Start, to))
		}
	}
	return out
}

// undominate returns the graph without dominated options, if g has any:
// a Left option at most another Left option, a Right option at least
// another Right option (of two equal options, the first stays).
func undominate(g Game, le [][]bool) []Game {
	out := NewGraph(g.Graph.Len())
	changed := false
	for v := range g.Graph.Len() {
		for _, p := range []Player{Left, Right} {
			opts := g.Graph.Options(v, p)
			for _, o := range opts {
				dominated := false
				for _, k := range opts {
					if k == o {
						continue
					}
					below := p == Left && le[o][k] || p == Right && le[k][o]
					equal := le[o][k] && le[k][o]
					if below && (!equal || k < o) {
						dominated = true
						break
					}
				}
				if dominated {
					changed = true
				} else {
					out.AddMove(p, v, o)
				}
			}
		}
	}
	if !changed {
		return nil
	}
	return []Game{restrict(out, g.Start, nil)}
}

// bypasses returns the graphs that bypass one reversible option: a
// Left option o of v with a Right option r ≤ v replaced by r's Left
// options (Right's alike).
func bypasses(g Game, le [][]bool) []Game {
	gr := g.Graph
	var out []Game
	for v := range gr.Len() {
		for _, p := range []Player{Left, Right} {
			for _, o := range gr.Options(v, p) {
				for _, r := range gr.Options(o, p.Opponent()) {
					if p == Left && !le[r][v] || p == Right && !le[v][r] {
						continue
					}
					var opts []int
					for _, k := range gr.Options(v, p) {
						if k != o {
							opts = append(opts, k)
						}
					}
					opts = append(opts, gr.Options(r, p)...)
					slices.Sort(opts)
					opts = slices.Compact(opts)
					if slices.Equal(opts, gr.Options(v, p)) {
						continue
					}
					h := &Graph{left: slices.Clone(gr.left), right: slices.Clone(gr.right)}
					if p == Left {
						h.left[v] = opts
					} else {
						h.right[v] = opts
					}
					out = append(out, restrict(h, g.Start, nil))
				}
			}
		}
	}
	return out
}
