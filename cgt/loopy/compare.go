package loopy

import (
	"errors"
	"fmt"
)

// IsStopper reports whether g is a stopper: no play that alternates
// between the players goes on forever from any position reachable from
// g's start. Such play is a path in the graph of (node, player to move)
// states, whose edges are that player's moves; g is a stopper exactly
// when no cycle of those states is reachable from g.
func IsStopper(g Game) bool {
	n := g.Graph.Len()
	// Depth-first search for a cycle, colours 0 unseen, 1 on the path,
	// 2 done; iterative, so deep graphs cannot overflow the stack.
	colour := [2][]uint8{make([]uint8, n), make([]uint8, n)}
	type frame struct {
		v    int
		p    Player
		next int
	}
	for _, v := range g.Reachable() {
		for _, p := range []Player{Left, Right} {
			if colour[p][v] != 0 {
				continue
			}
			stack := []frame{{v, p, 0}}
			colour[p][v] = 1
			for len(stack) > 0 {
				f := &stack[len(stack)-1]
				opts := g.Graph.Options(f.v, f.p)
				if f.next == len(opts) {
					colour[f.p][f.v] = 2
					stack = stack[:len(stack)-1]
					continue
				}
				w, q := opts[f.next], f.p.Opponent()
				f.next++
				switch colour[q][w] {
				case 1:
					return false
				case 0:
					colour[q][w] = 1
					stack = append(stack, frame{w, q, 0})
				}
			}
		}
	}
	return true
}

// ErrNotStopper is returned when a comparison by the survival test is
// asked of games that are not both stoppers.
var ErrNotStopper = errors.New("loopy: not a stopper")

// Survives reports whether player p, moving second in g, never loses:
// she wins, or play goes on forever.
func Survives(g Game, p Player) bool {
	o := Solve(g.Graph).First[p.Opponent()][g.Start]
	return o != wins(p.Opponent())
}

// LE reports whether g ≤ h for stoppers g and h, by the survival test:
// Left, moving second in h - g, never loses (Siegel, "Combinatorial Game
// Theory", Theorem VI.2.2). limit bounds the positions of the difference
// (0 for none).
func LE(g, h Game, limit int) (bool, error) {
	if !IsStopper(g) || !IsStopper(h) {
		return false, ErrNotStopper
	}
	d, err := Sum(limit, h, g.Neg())
	if err != nil {
		return false, err
	}
	return Survives(d, Left), nil
}

// Equal reports whether stoppers g and h are equal: g ≤ h and h ≤ g.
func Equal(g, h Game, limit int) (bool, error) {
	le, err := LE(g, h, limit)
	if err != nil || !le {
		return false, err
	}
	return LE(h, g, limit)
}

// Order returns, for every pair of nodes x, y of a graph whose nodes are
// all stoppers, whether x ≤ y, in one retrograde analysis of the graph of
// all differences y - x: its node (x, y) has Left options (x, y^L) and
// (x^R, y), and Right options (x, y^R) and (x^L, y). limit bounds n², the
// nodes of that graph (0 for none).
func Order(g *Graph, limit int) ([][]bool, error) {
	n := g.Len()
	if limit > 0 && n*n > limit {
		return nil, fmt.Errorf("%w: comparing %d positions pairwise takes %d, over %d", ErrTooManyPositions, n, n*n, limit)
	}
	d := NewGraph(n * n)
	at := func(x, y int) int { return x*n + y }
	for x := range n {
		for y := range n {
			v := at(x, y)
			for _, w := range g.left[y] {
				d.AddLeft(v, at(x, w))
			}
			for _, w := range g.right[x] {
				d.AddLeft(v, at(w, y))
			}
			for _, w := range g.right[y] {
				d.AddRight(v, at(x, w))
			}
			for _, w := range g.left[x] {
				d.AddRight(v, at(w, y))
			}
		}
	}
	o := Solve(d)
	le := make([][]bool, n)
	for x := range n {
		le[x] = make([]bool, n)
		for y := range n {
			le[x][y] = o.First[Right][at(x, y)] != RightWins
		}
	}
	return le, nil
}
