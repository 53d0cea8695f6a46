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
func IsStopper(g Game) bool { return stopperFrom(g.Graph, []int{g.Start}) }

// stopperFrom reports whether every position of g reachable from roots
// is a stopper.
func stopperFrom(g *Graph, roots []int) bool { return noAlternatingCycle(g, reachable(g, roots), nil) }

// stopperParts reports whether every position of the strongly connected
// parts of g (components) is a stopper. A play that alternates between
// the players for ever stays in one part from some move on, so only a
// part with moves of both players inside it can hold one, and only such
// a part is searched, within itself.
func stopperParts(g *Graph, parts [][]int) bool {
	partOf := partIndex(g, parts)
	for i, part := range parts {
		var inside [2]bool
		for _, v := range part {
			for _, p := range []Player{Left, Right} {
				for _, w := range g.Options(v, p) {
					inside[p] = inside[p] || partOf[w] == int32(i)
				}
			}
		}
		if inside[Left] && inside[Right] && !noAlternatingCycle(g, part, func(w int) bool { return partOf[w] == int32(i) }) {
			return false
		}
	}
	return true
}

// noAlternatingCycle reports whether no play alternating between the
// players from the positions starts, moving only to positions in (all
// when nil), comes back to where it was with the same player to move.
func noAlternatingCycle(g *Graph, starts []int, in func(int) bool) bool {
	n := g.Len()
	// Depth-first search for a cycle, colours 0 unseen, 1 on the path,
	// 2 done; iterative, so deep graphs cannot overflow the stack.
	colour := [2][]uint8{make([]uint8, n), make([]uint8, n)}
	type frame struct {
		v    int
		p    Player
		next int
	}
	for _, v := range starts {
		for _, p := range []Player{Left, Right} {
			if colour[p][v] != 0 {
				continue
			}
			stack := []frame{{v, p, 0}}
			colour[p][v] = 1
			for len(stack) > 0 {
				f := &stack[len(stack)-1]
				opts := g.Options(f.v, f.p)
				if f.next == len(opts) {
					colour[f.p][f.v] = 2
					stack = stack[:len(stack)-1]
					continue
				}
				w, q := opts[f.next], f.p.Opponent()
				f.next++
				if in != nil && !in(w) {
					continue
				}
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
// all stoppers, whether x ≤ y: whether Right, moving first in y - x,
// fails to win. The difference y - x has Left options (x, y^L) and
// (x^R, y), and Right options (x, y^R) and (x^L, y); one retrograde
// analysis over all pairs finds every pair that Right wins moving first,
// without building the graph of differences. limit bounds n², the pairs
// (0 for none).
func Order(g *Graph, limit int) ([][]bool, error) {
	n := g.Len()
	if limit > 0 && n*n > limit {
		return nil, fmt.Errorf("%w: comparing %d positions pairwise takes %d, over %d", ErrTooManyPositions, n, n*n, limit)
	}
	if n > 1<<16 {
		return nil, fmt.Errorf("%w: comparing %d positions pairwise, over %d", ErrTooManyPositions, n, 1<<16)
	}
	// from[p][w] lists the nodes with a move of p to w: from[p][at[p][w]:at[p][w+1]].
	var from, at [2][]int32
	for p := range from {
		from[p], at[p] = g.intoFlat(Player(p))
	}
	// open[x*n+y] counts Left's moves from (x, y), Left to move, not yet
	// known to reach a pair Right wins moving first; at zero Left loses
	// there. rightWins marks the pairs Right wins moving first.
	open := make([]int32, n*n)
	rightWins := make([]bool, n*n)
	// Pairs to propagate, x<<16|y (no division to split them): those
	// Left loses moving first, those Right wins moving first.
	var lost, won []uint32
	// Left's moves from (x, y): x's Right options and y's Left options.
	nl := make([]int32, n)
	for y := range n {
		nl[y] = int32(len(g.left[y]))
	}
	for x := range n {
		nr, row := int32(len(g.right[x])), open[x*n:(x+1)*n]
		for y := range row {
			row[y] = nr + nl[y]
			if row[y] == 0 {
				lost = append(lost, uint32(x<<16|y))
			}
		}
	}
	// Right's moves to (a, b) come from (a, y) for y with Right option b
	// and from (x, b) for x with Left option a; Left's moves from (a, y)
	// for y with Left option b and from (x, b) for x with Right option a.
	n32 := int32(n)
	for len(lost) > 0 {
		s := lost[len(lost)-1]
		lost = lost[:len(lost)-1]
		a, b := int32(s>>16), int32(s&0xffff)
		for _, y := range from[Right][at[Right][b]:at[Right][b+1]] {
			if t := a*n32 + y; !rightWins[t] {
				rightWins[t] = true
				won = append(won, uint32(a)<<16|uint32(y))
			}
		}
		for _, x := range from[Left][at[Left][a]:at[Left][a+1]] {
			if t := x*n32 + b; !rightWins[t] {
				rightWins[t] = true
				won = append(won, uint32(x)<<16|uint32(b))
			}
		}
		for len(won) > 0 {
			t := won[len(won)-1]
			won = won[:len(won)-1]
			a, b := int32(t>>16), int32(t&0xffff)
			for _, y := range from[Left][at[Left][b]:at[Left][b+1]] {
				lost = countOff(open, lost, a*n32+y, uint32(a)<<16|uint32(y))
			}
			for _, x := range from[Right][at[Right][a]:at[Right][a+1]] {
				lost = countOff(open, lost, x*n32+b, uint32(x)<<16|uint32(b))
			}
		}
	}
	// The rows of le share rightWins' array, each pair flipped.
	le := make([][]bool, n)
	for i, w := range rightWins {
		rightWins[i] = !w
	}
	for x := range n {
		le[x] = rightWins[x*n : (x+1)*n : (x+1)*n]
	}
	return le, nil
}

// countOff is Order's count of one of Left's moves from the pair u (xy
// packed as x<<16|y) found to reach a pair Right wins moving first: open[u]
// goes down by one, and when it reaches zero Left loses at u, which joins
// lost.
func countOff(open []int32, lost []uint32, u int32, xy uint32) []uint32 {
	if open[u] == 1 {
		open[u] = 0
		return append(lost, xy)
	}
	open[u]--
	return lost
}
