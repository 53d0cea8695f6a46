package loopy

import (
	"fmt"
	"slices"
)

// SideLE reports whether g ≤ h when their onsides (onside set) or their
// offsides are compared: G⁺ ≤ H⁺, or G⁻ ≤ H⁻. For stoppers, whose sides
// are themselves, it is LE.
//
// The comparison plays H - G, a state being a pair of positions and the
// player to move (Siegel, "Combinatorial Game Theory", VI.4; the order
// of the steps as CGSuite's LoopyGame takes them). Positions whose winner
// the retrograde analysis decides keep it. Of the others (play may go on
// for ever), the good ones are the least set such that:
//   - a state with Left to move is good when she has a move to an
//     undecided state that is free (on the onside a move in H, on the
//     offside a move in -G), or a bound move (the other component) to a
//     good state;
//   - a state with Right to move is good when each of his moves in the
//     exit component (on the onside -G, on the offside H) reaches a
//     decided or good state.
//
// Every undecided state that is not good is taken as won by Right, the
// retrograde analysis runs again, and so on until nothing changes; then
// g ≤ h when Right, moving first in H - G, does not win. limit bounds the
// states, the product of the graphs' sizes (0 for none).
func SideLE(g, h Game, onside bool, limit int) (bool, error) {
	n1, n2 := g.Graph.Len(), h.Graph.Len()
	if limit > 0 && n1*n2 > limit {
		return false, fmt.Errorf("%w: comparing sides takes %d positions, over %d", ErrTooManyPositions, n1*n2, limit)
	}
	at := func(x, y int) int { return x*n2 + y }
	d := NewGraph(n1 * n2)
	// The moves of each state by component: in H (y moves) or in -G (x
	// moves), for each player.
	var inH, inG [2][][]int
	for p := range 2 {
		inH[p], inG[p] = make([][]int, n1*n2), make([][]int, n1*n2)
	}
	for x := range n1 {
		for y := range n2 {
			v := at(x, y)
			for _, p := range []Player{Left, Right} {
				for _, w := range h.Graph.Options(y, p) {
					inH[p][v] = append(inH[p][v], at(x, w))
					d.AddMove(p, v, at(x, w))
				}
				// A move of p in -G is a move of the opponent in G.
				for _, w := range g.Graph.Options(x, p.Opponent()) {
					inG[p][v] = append(inG[p][v], at(w, y))
					d.AddMove(p, v, at(w, y))
				}
			}
		}
	}
	free, bound, exit := inH[Left], inG[Left], inG[Right]
	if !onside {
		free, bound, exit = inG[Left], inH[Left], inH[Right]
	}
	var fixed Outcomes
	for p := range 2 {
		fixed.First[p] = make([]Outcome, n1*n2)
	}
	for {
		o := solveFrom(d, &fixed)
		good := [2][]bool{make([]bool, n1*n2), make([]bool, n1*n2)}
		undecided := func(p Player, v int) bool { return o.First[p][v] == Draw }
		for changed := true; changed; {
			changed = false
			for v := range n1 * n2 {
				if undecided(Left, v) && !good[Left][v] {
					ok := false
					for _, t := range free[v] {
						ok = ok || undecided(Right, t)
					}
					for _, t := range bound[v] {
						ok = ok || undecided(Right, t) && good[Right][t]
					}
					if ok {
						good[Left][v], changed = true, true
					}
				}
				if undecided(Right, v) && !good[Right][v] {
					ok := true
					for _, t := range exit[v] {
						ok = ok && (!undecided(Left, t) || good[Left][t])
					}
					if ok {
						good[Right][v], changed = true, true
					}
				}
			}
		}
		bad := false
		for v := range n1 * n2 {
			for _, p := range []Player{Left, Right} {
				if undecided(p, v) && !good[p][v] {
					fixed.First[p][v], bad = RightWins, true
				}
			}
		}
		if !bad {
			return o.First[Right][at(g.Start, h.Start)] != RightWins, nil
		}
	}
}

// SideForm returns the onside (onside set) or the offside of g as a
// stopper in simplest form, found by deleting options one at a time, each
// deletion kept when the game's side stays equal to g's (SideLE both
// ways): once the graph is a stopper, it is its own side, so it is g's.
// When no deletion makes a stopper, SideForm fails with ErrSides. limit
// bounds the positions compared (0 for none).
func SideForm(g Game, onside bool, limit int) (Game, error) {
	cur := restrictGame(g)
	for !IsStopper(cur) {
		next, ok, err := deleteOne(cur, g, onside, limit)
		if err != nil {
			return Game{}, err
		}
		if !ok {
			return Game{}, ErrSides
		}
		cur = next
	}
	return Simplify(cur, limit)
}

// deleteOne returns cur without one option, the first (Right's before
// Left's on the onside, Left's before Right's on the offside) whose
// deletion keeps the side equal to g's.
func deleteOne(cur, g Game, onside bool, limit int) (Game, bool, error) {
	order := []Player{Right, Left}
	if !onside {
		order = []Player{Left, Right}
	}
	for _, p := range order {
		for v := range cur.Graph.Len() {
			opts := cur.Graph.Options(v, p)
			for i := range opts {
				h := &Graph{left: slices.Clone(cur.Graph.left), right: slices.Clone(cur.Graph.right)}
				rest := slices.Delete(slices.Clone(opts), i, i+1)
				if p == Left {
					h.left[v] = rest
				} else {
					h.right[v] = rest
				}
				cand := restrictGame(Game{h, cur.Start})
				le, err := SideLE(cand, g, onside, limit)
				if err != nil {
					return Game{}, false, err
				}
				if !le {
					continue
				}
				ge, err := SideLE(g, cand, onside, limit)
				if err != nil {
					return Game{}, false, err
				}
				if ge {
					return cand, true, nil
				}
			}
		}
	}
	return Game{}, false, nil
}
