package compound

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// SearchLimitError reports that an exhaustive search would memoize more
// compound positions than its limit allows.
type SearchLimitError struct {
	// Limit is the number of memoized positions that was exceeded.
	Limit int
}

func (e *SearchLimitError) Error() string {
	return fmt.Sprintf("exhaustive search exceeds its limit of %d compound positions", e.Limit)
}

// Search decides the compound of components (positions of g) under rule r
// by exhaustive memoized search over multisets of component positions; it
// returns true when the player to move wins (N). limit bounds the memoized
// states: when the search would memoize more than limit compound positions
// it returns a *SearchLimitError (limit <= 0 means no limit). It returns
// ctx's error once ctx is cancelled, and an error when a component or an
// option is not a position of g or the compound revisits a position it is
// still deciding (g has a cycle).
//
// The search uses the definitions only, no invariant: a component has ended
// when it has no option. A move plays in exactly one component that has not
// ended (One), in every component that has not ended (All), or in a
// non-empty set of components that have not ended (Some), replacing each
// component it plays in by one of its options. Under the Long rule the
// compound is over when every component has ended; under the Short rule it
// is over as soon as any component has ended, and then no move is possible
// at all. The player who cannot move loses (Normal) or wins (Misere).
//
// The order of the components does not matter: the search keys its memo by
// the sorted multiset of positions. Its recursion depth is at most the sum
// of the components' game lengths, so it suits small games.
func Search(ctx context.Context, g GameGraph, components []int, r Rule, limit int) (firstWins bool, err error) {
	switch r.Move {
	case One, All, Some:
	default:
		return false, fmt.Errorf("unknown move rule %q", byte(r.Move))
	}
	if r.End != Long && r.End != Short {
		return false, fmt.Errorf("unknown end rule %q", byte(r.End))
	}
	if r.Play != Normal && r.Play != Misere {
		return false, fmt.Errorf("unknown play rule %q", byte(r.Play))
	}
	return newSearcher(ctx, g, r, limit).run(components)
}

// SearchNotAll decides the slides' variant "move in at least one component
// but not all of them" under the long ending rule and normal play, by the
// same exhaustive search as Search; it returns true when the player to move
// wins (N).
//
// Reading of the variant: as in the selective compound, a move plays in a
// non-empty set of components that have not ended (an ended component
// cannot be played in), and "not all of them" counts every component, ended
// or not: the set may not be the whole compound. So with n components a
// move plays in 1..n-1 of them, all of which must not have ended. Under this
// reading the position is P exactly when all Grundy values are equal
// (DecideNotAll, and the test that compares the two); under the other
// reading ("all" = all components not ended) that rule fails, e.g. on the
// graph {0: [], 1: [0]} with components (1, 1), which is N.
func SearchNotAll(ctx context.Context, g GameGraph, components []int, limit int) (firstWins bool, err error) {
	s := newSearcher(ctx, g, Rule{Some, Long, Normal}, limit)
	s.notAll = true
	return s.run(components)
}

// memo values of the search.
const (
	memoDeciding byte = iota + 1 // on the recursion stack
	memoWins                     // the player to move wins
	memoLoses                    // the player to move loses
)

// searcher is the state of one exhaustive search.
type searcher struct {
	ctx    context.Context
	g      GameGraph
	rule   Rule
	notAll bool // SearchNotAll: move in a non-empty set of live components, not every component
	limit  int
	memo   map[string]byte
	opts   map[int][]int // options of the positions seen so far
	steps  int
}

func newSearcher(ctx context.Context, g GameGraph, r Rule, limit int) *searcher {
	return &searcher{ctx: ctx, g: g, rule: r, limit: limit, memo: map[string]byte{}, opts: map[int][]int{}}
}

// run checks the components and decides their compound.
func (s *searcher) run(components []int) (bool, error) {
	if len(components) == 0 {
		return false, errors.New("a compound needs at least one component")
	}
	n := s.g.Len()
	for _, c := range components {
		if c < 0 || c >= n {
			return false, fmt.Errorf("component %d out of range 0..%d", c, n-1)
		}
	}
	if err := s.ctx.Err(); err != nil {
		return false, err
	}
	state := slices.Clone(components)
	slices.Sort(state)
	return s.win(state)
}

// options returns the options of position p, checking that they are
// positions of the game.
func (s *searcher) options(p int) ([]int, error) {
	if o, ok := s.opts[p]; ok {
		return o, nil
	}
	o := []int{}
	s.g.Options(p, func(q int) { o = append(o, q) })
	n := s.g.Len()
	for _, q := range o {
		if q < 0 || q >= n {
			return nil, fmt.Errorf("option %d of position %d is not a position (0..%d)", q, p, n-1)
		}
	}
	s.opts[p] = o
	return o, nil
}

// searchKey encodes a sorted multiset of positions.
func searchKey(state []int) string {
	b := make([]byte, 0, 2*len(state))
	for _, p := range state {
		b = binary.AppendUvarint(b, uint64(p))
	}
	return string(b)
}

// win reports whether the player to move wins the compound state (a sorted
// multiset of positions).
func (s *searcher) win(state []int) (bool, error) {
	k := searchKey(state)
	switch s.memo[k] {
	case memoDeciding:
		return false, fmt.Errorf("the compound returns to positions %v while deciding them: the game has a cycle", state)
	case memoWins:
		return true, nil
	case memoLoses:
		return false, nil
	}
	if s.limit > 0 && len(s.memo) >= s.limit {
		return false, &SearchLimitError{Limit: s.limit}
	}
	s.steps++
	if s.steps&1023 == 0 {
		if err := s.ctx.Err(); err != nil {
			return false, err
		}
	}
	s.memo[k] = memoDeciding
	w, err := s.decide(state)
	if err != nil {
		delete(s.memo, k)
		return false, err
	}
	if w {
		s.memo[k] = memoWins
	} else {
		s.memo[k] = memoLoses
	}
	return w, nil
}

// decide finds whether some move from state leads to a state the opponent
// loses; with no move at all, the player to move wins under misère play.
func (s *searcher) decide(state []int) (bool, error) {
	opts := make([][]int, len(state))
	var live []int // indexes of the components that have not ended
	for i, p := range state {
		o, err := s.options(p)
		if err != nil {
			return false, err
		}
		opts[i] = o
		if len(o) > 0 {
			live = append(live, i)
		}
	}
	noMove := s.rule.Play == Misere
	if len(live) == 0 || s.rule.End == Short && len(live) < len(state) {
		return noMove, nil
	}
	moved, found := false, false
	next := make([]int, len(state))
	// try decides the compound after a move to after; it reports whether
	// the search should go on.
	var err error
	try := func(after []int) bool {
		moved = true
		copy(next, after)
		slices.Sort(next)
		var w bool
		w, err = s.win(next)
		if err != nil {
			return false
		}
		if !w {
			found = true
			return false
		}
		return true
	}
	cur := slices.Clone(state)
	switch {
	case s.rule.Move == One:
	one:
		for j, i := range live {
			if j > 0 && state[i] == state[live[j-1]] {
				continue // the same position as the previous component
			}
			for _, q := range opts[i] {
				cur[i] = q
				if !try(cur) {
					break one
				}
			}
			cur[i] = state[i]
		}
	default:
		// choice[j] is 0 when live component j stays, else 1 + the index
		// of its option; All needs every live component to move.
		lo := 0
		if s.rule.Move == All && !s.notAll {
			lo = 1
		}
		choice := make([]int, len(live))
		for j := range choice {
			choice[j] = lo
		}
		for {
			count := 0
			for j, i := range live {
				if choice[j] == 0 {
					cur[i] = state[i]
				} else {
					cur[i] = opts[i][choice[j]-1]
					count++
				}
			}
			ok := count > 0 && (!s.notAll || count < len(state))
			if ok && !try(cur) {
				break
			}
			// next choice, odometer style
			j := 0
			for ; j < len(live); j++ {
				choice[j]++
				if choice[j] <= len(opts[live[j]]) {
					break
				}
				choice[j] = lo
			}
			if j == len(live) {
				break
			}
		}
	}
	if err != nil {
		return false, err
	}
	if !moved {
		return noMove, nil
	}
	return found, nil
}
