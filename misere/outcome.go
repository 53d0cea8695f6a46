package misere

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// Method says how an outcome was found.
const (
	ByQuotient = "quotient" // the product of the heaps' elements in a computed misère quotient
	ByTameRule = "tame"     // every heap up to the largest has a Nim-heap genus: misère Nim's rule
	BySearch   = "search"
)

// Outcome is the misère outcome of a sum of heaps.
type Outcome struct {
	// Wins reports that the player to move wins (an N-position).
	Wins bool
	// Move is the whole position after a winning move, the moved heap
	// replaced by what it leaves, in place; nil when the player loses.
	Move []int
	// Method is ByQuotient, ByTameRule or BySearch.
	Method string
}

// MaxHeap bounds the heaps of a misère question: the search and the
// genera grow quickly with the heaps.
const MaxHeap = 4096

// checkHeaps refuses a heap out of range 0..MaxHeap, naming it (1-based).
func checkHeaps(heaps []int) error {
	for i, h := range heaps {
		if h < 0 || h > MaxHeap {
			return fmt.Errorf("heap %d: %d tokens out of range 0..%d", i+1, h, MaxHeap)
		}
	}
	return nil
}

// Outcome decides the sum of heaps in misère play. When the solver has
// computed a misère quotient (Solver.Quotient) of heaps up to the largest,
// the product of the heaps' elements decides it. Otherwise, when every heap up to
// the largest has the genus of a Nim-heap, misère Nim's rule decides it
// (play as in normal play, unless the move would leave only heaps of value
// at most 1; then leave an odd number of heaps of value 1); otherwise an
// exact search of the sum does, within the solver's budget.
func (s *Solver) Outcome(ctx context.Context, heaps []int) (Outcome, error) {
	if err := checkHeaps(heaps); err != nil {
		return Outcome{}, err
	}
	largest := 0
	for _, h := range heaps {
		largest = max(largest, h)
	}
	if q := s.quotient; q != nil && (largest <= q.Heaps || q.Periodic != nil) {
		return s.byQuotient(q, heaps), nil
	}
	if err := s.normalTo(ctx, largest); err != nil {
		return Outcome{}, err
	}
	tame, err := s.tameTo(ctx, largest)
	if err != nil {
		return Outcome{}, err
	}
	if tame {
		return s.byRule(heaps), nil
	}
	return s.bySearch(ctx, heaps)
}

// tameTo reports whether every heap 1..n has a Nim-heap genus; a genus
// the budget cannot afford counts as wild.
func (s *Solver) tameTo(ctx context.Context, n int) (bool, error) {
	for h := 1; h <= n; h++ {
		g, err := s.Genus(ctx, h)
		if _, ok := errors.AsType[*LimitError](err); ok {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if !g.Tame() {
			return false, nil
		}
	}
	return true, nil
}

// tameWins is misère Nim's rule on the normal values of tame heaps.
func (s *Solver) tameWins(heaps []int) bool {
	x, ones, big := 0, 0, false
	for _, h := range heaps {
		v := int(s.normal[h])
		x ^= v
		if v == 1 {
			ones++
		}
		big = big || v > 1
	}
	if !big {
		return ones%2 == 0
	}
	return x != 0
}

// byRule decides tame heaps by misère Nim's rule, with a winning move.
func (s *Solver) byRule(heaps []int) Outcome {
	out := Outcome{Wins: s.tameWins(heaps), Method: ByTameRule}
	if out.Wins {
		out.Move = s.firstMove(heaps, func(p []int) bool { return !s.tameWins(p) })
	}
	return out
}

// bySearch decides the heaps by exact search, with a winning move.
func (s *Solver) bySearch(ctx context.Context, heaps []int) (Outcome, error) {
	w, err := s.wins(ctx, s.canonical(heaps))
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{Wins: w, Method: BySearch}
	if w {
		var serr error
		out.Move = s.firstMove(heaps, func(p []int) bool {
			if serr != nil {
				return false
			}
			cw, err := s.wins(ctx, s.canonical(p))
			serr = err
			return err == nil && !cw
		})
		if serr != nil {
			return Outcome{}, serr
		}
	}
	return out, nil
}

// firstMove returns the whole position after the first move, heap by heap
// and option by option in the game's order, after which loses holds.
func (s *Solver) firstMove(heaps []int, loses func([]int) bool) []int {
	for i, h := range heaps {
		for _, left := range s.g.Moves(h) {
			p := slices.Concat(heaps[:i], left, heaps[i+1:])
			if loses(p) {
				return slices.Clone(p)
			}
		}
	}
	return nil
}
