package compound

import (
	"context"
	"errors"
	"fmt"

	"nimber/sg"
)

// DefaultSearchLimit bounds the positions the exhaustive search may
// memoize when no invariant decides a compound.
const DefaultSearchLimit = 1 << 22

// Verdict is the outcome of a compound and what decided it.
type Verdict struct {
	// FirstWins reports whether the player to move wins.
	FirstWins bool
	// Invariant names the rule used, e.g. "nim-sum of Grundy values".
	Invariant string
	// Values are the components' values of that invariant, in order.
	Values []string
	// Combined is the combined value the rule looked at, e.g. "nim-sum 3".
	Combined string
}

// Outcome returns N when the player to move wins, else P.
func (v Verdict) Outcome() sg.Outcome {
	if v.FirstWins {
		return sg.N
	}
	return sg.P
}

// Decide returns the outcome of the compound of components (positions of
// the game) under rule r, by the rule of compound-games theory for r: one
// invariant per component and a combining rule. Misère disjunctive
// compounds of tame components use the tame-game rule; others are decided
// by exhaustive search (Search), which fails beyond inv.SearchLimit
// positions.
func (inv *Invariants) Decide(ctx context.Context, components []int, r Rule) (Verdict, error) {
	if len(components) == 0 {
		return Verdict{}, errors.New("a compound needs at least one component")
	}
	for _, c := range components {
		if c < 0 || c >= len(inv.G) {
			return Verdict{}, fmt.Errorf("component %d out of range 0..%d", c, len(inv.G)-1)
		}
	}
	ints := func(vals []int32) []string {
		out := make([]string, len(components))
		for i, c := range components {
			out[i] = fmt.Sprint(vals[c])
		}
		return out
	}
	ws := func(vals []W) []string {
		out := make([]string, len(components))
		for i, c := range components {
			out[i] = vals[c].String()
		}
		return out
	}
	xor := func(vals []int32) int32 {
		x := int32(0)
		for _, c := range components {
			x ^= vals[c]
		}
		return x
	}
	// wRule decides the diminished disjunctive (xor) and shortened
	// selective (any) rules on w-numbers; sl says whether an SL component
	// loses, invariant names the rule's invariant.
	wRule := func(vals []W, combineXor, sl bool, invariant string) Verdict {
		verdict := func(win bool, how string) Verdict { return Verdict{win, invariant, ws(vals), how} }
		x, any, hasSW := W(0), false, false
		for _, c := range components {
			switch v := vals[c]; v {
			case SL:
				if sl {
					return verdict(false, "a component has ended (SL): the compound is over")
				}
			case SW:
				hasSW = true
			default:
				x ^= v
				any = any || v != 0
			}
		}
		if hasSW {
			return verdict(true, "a component is SW")
		}
		if combineXor {
			return verdict(x != 0, fmt.Sprintf("nim-sum %d", x))
		}
		return verdict(any, fmt.Sprintf("some value non-zero: %v", any))
	}
	// parity decides the remoteness (least) and suspense (largest) rules:
	// the player to move wins when that value is odd.
	parity := func(vals []int32, least bool, what string) Verdict {
		m := vals[components[0]]
		for _, c := range components[1:] {
			if least {
				m = min(m, vals[c])
			} else {
				m = max(m, vals[c])
			}
		}
		side := "largest"
		if least {
			side = "least"
		}
		return Verdict{m%2 == 1, fmt.Sprintf("%s: the %s is odd", what, side), ints(vals), fmt.Sprintf("%s %s %d", side, what, m)}
	}
	someGrundy := func() bool {
		for _, c := range components {
			if inv.G[c] != 0 {
				return true
			}
		}
		return false
	}
	if r.Move == NotAll {
		return inv.DecideNotAll(components)
	}
	var v Verdict
	switch r {
	case Rule{One, Long, Normal}:
		x := xor(inv.G)
		v = Verdict{x != 0, "nim-sum of Grundy values", ints(inv.G), fmt.Sprintf("nim-sum %d", x)}
	case Rule{One, Long, Misere}:
		return inv.decideMisereSum(ctx, components)
	case Rule{One, Short, Normal}:
		v = wRule(inv.W, true, true, "w-numbers: no SL, and some SW or a non-zero nim-sum")
	case Rule{One, Short, Misere}:
		v = wRule(inv.WMisere, true, false, "misère w-numbers: some SW or a non-zero nim-sum")
	case Rule{All, Short, Normal}:
		v = parity(inv.R, true, "remoteness")
	case Rule{All, Short, Misere}:
		v = parity(inv.RMisere, true, "misère remoteness")
	case Rule{All, Long, Normal}:
		v = parity(inv.S, false, "suspense")
	case Rule{All, Long, Misere}:
		v = parity(inv.SMisere, false, "misère suspense")
	case Rule{Some, Long, Normal}:
		win := someGrundy()
		v = Verdict{win, "Grundy values: some is non-zero", ints(inv.G), fmt.Sprintf("some non-zero: %v", win)}
	case Rule{Some, Long, Misere}:
		live := []int{}
		for _, c := range components {
			if !inv.Ended[c] {
				live = append(live, c)
			}
		}
		switch len(live) {
		case 0:
			v = Verdict{true, "misère: every component has ended, so the player to move cannot move and wins", ints(inv.G), "all ended"}
		case 1:
			g := inv.GMisere[live[0]]
			v = Verdict{g != 0, "misère: one component left, played alone (misère Grundy value)", ints(inv.GMisere), fmt.Sprintf("its misère Grundy value %d", g)}
		default:
			win := someGrundy()
			v = Verdict{win, "Grundy values: some is non-zero (two or more components not ended)", ints(inv.G), fmt.Sprintf("some non-zero: %v", win)}
		}
	case Rule{Some, Short, Normal}:
		v = wRule(inv.W, false, true, "w-numbers: no SL, and some SW or some non-zero")
	case Rule{Some, Short, Misere}:
		v = wRule(inv.WMisere, false, false, "misère w-numbers: some SW or some non-zero")
	default:
		return Verdict{}, fmt.Errorf("unknown compound rule %v", r)
	}
	return v, nil
}

// decideMisereSum decides a misère disjunctive compound: by the tame-game
// rule when every component is tame, else by exhaustive search.
func (inv *Invariants) decideMisereSum(ctx context.Context, components []int) (Verdict, error) {
	vals := make([]string, len(components))
	tame, allDiffer := true, true
	var x int32
	for i, c := range components {
		vals[i] = fmt.Sprintf("G=%d G-=%d", inv.G[c], inv.GMisere[c])
		tame = tame && inv.Tame[c]
		allDiffer = allDiffer && inv.G[c] != inv.GMisere[c]
		x ^= inv.G[c]
	}
	if tame {
		if allDiffer {
			// Every component is then a misère heap of 0 or 1 counters
			// (G in {0, 1}): the player to move wins iff an even number of
			// them hold a counter. (The spec's "nim-sum of G-" is right only
			// for an odd number of components.)
			return Verdict{x != 1, "tame components, all with G- != G (misère nim with heaps of at most 1): nim-sum of G is not 1", vals, fmt.Sprintf("nim-sum of G %d", x)}, nil
		}
		return Verdict{x != 0, "tame components: nim-sum of Grundy values", vals, fmt.Sprintf("nim-sum of G %d", x)}, nil
	}
	win, err := Search(ctx, inv.game, components, Rule{One, Long, Misere}, inv.SearchLimit)
	if err != nil {
		return Verdict{}, fmt.Errorf("misère sum of components that are not all tame: %w", err)
	}
	return Verdict{win, "exhaustive search (a component is not tame: no invariant decides misère sums in general)", vals, "searched"}, nil
}

// CompoundMoves calls yield with the components after every move of the
// compound under rule r, and which components moved; yield returns false
// to stop. A compound under the short rule with an ended component has no
// move.
func CompoundMoves(g GameGraph, components []int, r Rule, yield func(next []int, moved []int) bool) {
	var live []int
	for i, c := range components {
		ended := true
		g.Options(c, func(int) { ended = false })
		if ended {
			if r.End == Short {
				return
			}
			continue
		}
		live = append(live, i)
	}
	if len(live) == 0 {
		return
	}
	options := make([][]int, len(components))
	for _, i := range live {
		g.Options(components[i], func(q int) { options[i] = append(options[i], q) })
	}
	next := append([]int(nil), components...)
	stop := false
	// product moves every component of set to one of its options.
	var product func(set []int, k int)
	product = func(set []int, k int) {
		if stop {
			return
		}
		if k == len(set) {
			stop = !yield(append([]int(nil), next...), set)
			return
		}
		i := set[k]
		for _, q := range options[i] {
			next[i] = q
			product(set, k+1)
			if stop {
				break
			}
		}
		next[i] = components[i]
	}
	switch r.Move {
	case One:
		for _, i := range live {
			product([]int{i}, 0)
		}
	case All:
		product(live, 0)
	case Some, NotAll:
		for mask := 1; mask < 1<<len(live) && !stop; mask++ {
			var set []int
			for b, i := range live {
				if mask>>b&1 == 1 {
					set = append(set, i)
				}
			}
			if r.Move == NotAll && len(set) == len(components) {
				continue
			}
			product(set, 0)
		}
	}
}

// WinningMove returns the components after a winning move of the compound
// under rule r, and the indexes of the components that moved; ok is false
// when the player to move has no winning move (he loses, or under misère
// play wins by having no move at all).
func (inv *Invariants) WinningMove(ctx context.Context, components []int, r Rule) (next, moved []int, ok bool, err error) {
	tried := 0
	CompoundMoves(inv.game, components, r, func(n, m []int) bool {
		// Under the all and some rules the moves are exponentially many.
		if tried++; tried%256 == 0 && ctx.Err() != nil {
			err = ctx.Err()
			return false
		}
		v, e := inv.Decide(ctx, n, r)
		if e != nil {
			err = e
			return false
		}
		if !v.FirstWins {
			next, moved, ok = n, append([]int(nil), m...), true
			return false
		}
		return true
	})
	return next, moved, ok, err
}

// DecideNotAll decides the slides' variant "move in at least one component
// but not all of them" (long ending, normal play; see SearchNotAll for the
// reading): the player to move loses exactly when all Grundy values are
// equal. Proof: if all are equal (all ended included), any move changes some
// values and leaves at least one unchanged, so they become unequal; if they
// are not all equal, moving every component above the least value down to it
// is a move (not all components move, none of them ended) that makes them
// equal. TestNotAllVariant checks this against SearchNotAll.
func (inv *Invariants) DecideNotAll(components []int) (Verdict, error) {
	if len(components) == 0 {
		return Verdict{}, errors.New("a compound needs at least one component")
	}
	vals := make([]string, len(components))
	equal := true
	for i, c := range components {
		if c < 0 || c >= len(inv.G) {
			return Verdict{}, fmt.Errorf("component %d out of range 0..%d", c, len(inv.G)-1)
		}
		vals[i] = fmt.Sprint(inv.G[c])
		equal = equal && inv.G[c] == inv.G[components[0]]
	}
	return Verdict{!equal, "Grundy values: the player to move loses iff all are equal", vals, fmt.Sprintf("all equal: %v", equal)}, nil
}
