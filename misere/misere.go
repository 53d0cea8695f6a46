// Package misere plays heap games under the misère convention, where the
// player who cannot move wins: the outcome and a winning move of any sum of
// heaps, misère Grundy values, Conway's genus of each heap (exact, from
// the genera of its options) and its phylum (tame, restive, restless,
// wild), and Plambeck and Siegel's misère quotients, each proved on every
// sum of its heaps. Sums are decided by the quotient when one has been
// computed for their heaps, by misère Nim's rule when every heap up to the
// largest has a Nim-heap's genus, and otherwise by exact search over
// canonical multisets of heaps, memoised, under a budget of positions.
// OutcomeGame decides positions of any game (rules files included) by
// the same kind of search. See docs/misere.md.
package misere

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"nimber/heap"
)

// Heap numbers above 0 are heaps of the game; Nim-heaps of size 1 and 2,
// which the genus adds to a position, are written -1 and -2.
const (
	nim1 = -1
	nim2 = -2
)

// DefaultBudget bounds the positions a search keeps: about 100 bytes each.
const DefaultBudget = 4_000_000

// LimitError is a search that needed more positions than its budget.
type LimitError struct {
	Budget int
	What   string
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("%s: the misère search needs more than %d positions (the budget); try smaller heaps", e.What, e.Budget)
}

// Solver searches the misère play of one heap game. It keeps what it
// learns (each heap's options, the value of every position searched), so
// later questions are answered faster. It is not safe for concurrent use.
type Solver struct {
	g       *heap.Code
	budget  int
	options map[int][][]int // heap -> its options, each sorted, without zero games
	value   map[string]int  // position -> misère Grundy value
	outcome map[string]bool // position -> the player to move wins
	genus   map[int]Genus   // heap -> its genus
	normal  []uint16        // normal-play values of heaps 0..len-1
	// quotient is the largest misère quotient computed, which Outcome
	// uses for the sums of its heaps.
	quotient *Quotient
	exact    map[string]*seq // position -> its genus, from its options'
	tame     map[int]bool    // heap -> hereditarily tame
	// quotientChecks and quotientMemory bound the checks of a candidate
	// quotient (0: the defaults).
	quotientChecks int
	quotientMemory int64
	// quotientProgress, when not nil, hears of each heap Quotient adds.
	quotientProgress func(heap, order int)
	// quotientCheckpoint, when not nil, gets a Checkpoint after each heap.
	quotientCheckpoint func(*Checkpoint) error
	// noPeriodicity makes Quotient check every heap, even those a proof
	// of periodicity covers (for tests).
	noPeriodicity bool
}

// New returns a solver of g keeping at most budget positions
// (DefaultBudget when budget <= 0).
func New(g *heap.Code, budget int) *Solver {
	if budget <= 0 {
		budget = DefaultBudget
	}
	return &Solver{g: g, budget: budget, options: map[int][][]int{}, value: map[string]int{},
		outcome: map[string]bool{}, genus: map[int]Genus{}}
}

// opts returns the options of heap n: each the sorted heaps it leaves,
// heaps with no move (zero games, such as empty heaps) left out, as they
// change nothing in a sum. Nim-heaps move to smaller Nim-heaps.
func (s *Solver) opts(n int) [][]int {
	switch n {
	case nim1:
		return [][]int{{}}
	case nim2:
		return [][]int{{}, {nim1}}
	}
	if o, ok := s.options[n]; ok {
		return o
	}
	var out [][]int
	seen := map[string]bool{}
	for _, left := range s.g.Moves(n) {
		o := make([]int, 0, len(left))
		for _, h := range left {
			if len(s.opts(h)) > 0 {
				o = append(o, h)
			}
		}
		slices.Sort(o)
		k := key(o)
		if !seen[k] {
			seen[k] = true
			out = append(out, o)
		}
	}
	s.options[n] = out
	return out
}

// key writes a sorted position.
func key(p []int) string {
	var b strings.Builder
	for i, h := range p {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(h))
	}
	return b.String()
}

// canonical returns p sorted, without zero games.
func (s *Solver) canonical(p []int) []int {
	out := make([]int, 0, len(p))
	for _, h := range p {
		if h < 0 || len(s.opts(h)) > 0 {
			out = append(out, h)
		}
	}
	slices.Sort(out)
	return out
}

// children calls yield with every option of the canonical position p,
// canonical, once per distinct heap moved in.
func (s *Solver) children(p []int, yield func([]int) bool) {
	for i, h := range p {
		if i > 0 && p[i-1] == h {
			continue
		}
		for _, o := range s.opts(h) {
			c := make([]int, 0, len(p)-1+len(o))
			c = append(c, p[:i]...)
			c = append(c, p[i+1:]...)
			c = append(c, o...)
			slices.Sort(c)
			if !yield(c) {
				return
			}
		}
	}
}

// wins reports whether the player to move wins the canonical position p
// in misère play: p has no move, or a move to a position the opponent
// loses.
func (s *Solver) wins(ctx context.Context, p []int) (bool, error) {
	k := key(p)
	if w, ok := s.outcome[k]; ok {
		return w, nil
	}
	if len(s.outcome)+len(s.value) >= s.budget {
		return false, &LimitError{Budget: s.budget, What: "position " + k}
	}
	if len(s.outcome)&1023 == 0 {
		if err := ctx.Err(); err != nil {
			return false, err
		}
	}
	w := len(p) == 0
	var err error
	s.children(p, func(c []int) bool {
		var cw bool
		if cw, err = s.wins(ctx, c); err != nil {
			return false
		}
		if !cw {
			w = true
			return false
		}
		return true
	})
	if err != nil {
		return false, err
	}
	s.outcome[k] = w
	return w, nil
}

// Value returns the misère Grundy value of the canonical position p: 1
// when it has no move, else the mex of its options' values. A heap out of
// range 0..MaxHeap is an error.
func (s *Solver) Value(ctx context.Context, p []int) (int, error) {
	if err := checkHeaps(p); err != nil {
		return 0, err
	}
	p = s.canonical(p)
	return s.val(ctx, p)
}

func (s *Solver) val(ctx context.Context, p []int) (int, error) {
	k := key(p)
	if v, ok := s.value[k]; ok {
		return v, nil
	}
	if len(s.outcome)+len(s.value) >= s.budget {
		return 0, &LimitError{Budget: s.budget, What: "position " + k}
	}
	if len(s.value)&1023 == 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
	}
	if len(p) == 0 {
		s.value[k] = 1
		return 1, nil
	}
	var seen []bool
	var err error
	s.children(p, func(c []int) bool {
		var v int
		if v, err = s.val(ctx, c); err != nil {
			return false
		}
		for len(seen) <= v {
			seen = append(seen, false)
		}
		seen[v] = true
		return true
	})
	if err != nil {
		return 0, err
	}
	v := 0
	for v < len(seen) && seen[v] {
		v++
	}
	s.value[k] = v
	return v, nil
}
