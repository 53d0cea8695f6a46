// Package takeadd is the subtraction games with additions below a bound
// through the game API, a family of loopy heap games: a move takes a number
// of tokens in TAKE from a heap, or adds a number in ADD to a heap of 1 to
// BELOW-1 tokens. The game is named "takeadd:TAKE:ADD:BELOW", e.g.
// "takeadd:2,3:1:6" (examples/rules/take_or_add.star written in Go). Play
// can go round (3 -> 4 -> 5 -> 6 -> 3), so a heap's value is a generalised
// Sprague–Grundy value, a number or ∞(K), and a game may be drawn;
// game.Analyze computes them over the heaps reachable, which are at most
// max(n, BELOW-1+max ADD) from a heap of n.
package takeadd

import (
	"fmt"
	"iter"
	"slices"
	"strings"

	"nimber/game"
)

// Family is the name of the family in the registry.
const Family = "takeadd"

// Limits of a game and a position.
const (
	// MaxHeap bounds a heap, an amount and BELOW.
	MaxHeap = 1 << 16
	// MaxAmounts bounds the amounts of TAKE and of ADD.
	MaxAmounts = 64
	// MaxHeaps bounds the heaps of a position.
	MaxHeaps = 1 << 8
)

// The capabilities of Rules.
var (
	_ game.Rules[int, Move]   = (*Rules)(nil)
	_ game.Heaps[int]         = (*Rules)(nil)
	_ game.Namer[int]         = (*Rules)(nil)
	_ game.Repeater           = (*Rules)(nil)
	_ game.PartDescriber[int] = (*Rules)(nil)
)

// Rules is the game of its amounts as game.Rules[int, Move]: a part is a
// heap, positions are written as game.HeapText reads them, "5 7 9".
type Rules struct {
	game.HeapText
	take, add []int // sorted, distinct, each in 1..MaxHeap
	below     int   // additions are to heaps of 1..below-1
}

// Move is a move: Amount tokens taken, or added when Add.
type Move struct {
	Amount int
	Add    bool
}

// New returns the game that takes the amounts take and adds the amounts
// add to heaps of 1 to below-1 tokens.
func New(take, add []int, below int) (*Rules, error) {
	r := &Rules{below: below}
	for _, set := range []struct {
		name string
		in   []int
		out  *[]int
	}{{"TAKE", take, &r.take}, {"ADD", add, &r.add}} {
		if err := game.CheckLimit(set.name, "amounts", int64(len(set.in)), MaxAmounts); err != nil {
			return nil, err
		}
		for _, k := range set.in {
			if k < 1 || k > MaxHeap {
				return nil, fmt.Errorf("%s: amount %d is not in 1..%d", set.name, k, MaxHeap)
			}
		}
		*set.out = slices.Compact(slices.Sorted(slices.Values(set.in)))
	}
	if below < 0 || below > MaxHeap {
		return nil, fmt.Errorf("BELOW %d is not in 0..%d", below, MaxHeap)
	}
	return r, nil
}

// Parse returns the game named name, "takeadd:TAKE:ADD:BELOW": TAKE and ADD
// amounts separated by commas (ADD may be empty), BELOW a number; a name
// that needs no quoting in a shell or a URL.
func Parse(name string) (game.Game, error) {
	return game.OfParsed(ParseRules(name))
}

// ParseRules is Parse with the rules' type.
func ParseRules(name string) (*Rules, error) {
	rest, ok := strings.CutPrefix(name, Family+":")
	fields := strings.Split(rest, ":")
	if !ok || len(fields) != 3 {
		return nil, fmt.Errorf("%q is not a take-and-add game: want %s:TAKE:ADD:BELOW, e.g. %q", clip(name), Family, Family+":2,3:1:6")
	}
	amounts := func(what, list string) ([]int, error) {
		return game.ParseCounts(name, list, what, what+" amount", MaxAmounts, MaxHeap)
	}
	take, err := amounts("TAKE", fields[0])
	if err != nil {
		return nil, err
	}
	add, err := amounts("ADD", fields[1])
	if err != nil {
		return nil, err
	}
	below, _, ok := game.ParseCount(strings.TrimSpace(fields[2]), 0, MaxHeap)
	if !ok {
		return nil, fmt.Errorf("BELOW of %q: %q is not a heap size in 0..%d", clip(name), clip(fields[2]), MaxHeap)
	}
	return New(take, add, below)
}

// String returns the game's name, "takeadd:2,3:1:6".
func (r *Rules) String() string {
	return fmt.Sprintf("%s:%s:%s:%d", Family, game.FormatCounts(r.take), game.FormatCounts(r.add), r.below)
}

// Moves yields the moves of a heap of n: the amounts of TAKE up to n, then
// those of ADD when 1 <= n < BELOW, in increasing order.
func (r *Rules) Moves(n int) iter.Seq2[Move, []int] {
	return func(yield func(Move, []int) bool) {
		var buf [1]int
		leave := func(k int) []int { return game.OneHeap(&buf, k) }
		for _, k := range r.take {
			if k > n {
				break
			}
			if !yield(Move{Amount: k}, leave(n-k)) {
				return
			}
		}
		if n < 1 || n >= r.below {
			return
		}
		for _, k := range r.add {
			if !yield(Move{Amount: k, Add: true}, leave(n+k)) {
				return
			}
		}
	}
}

// Describe says a move: "take 2, leaving 3", "take 3, leaving nothing" or
// "add 1, making 4".
func (r *Rules) Describe(n int, m Move) string {
	switch {
	case m.Add:
		return fmt.Sprintf("add %d, making %d", m.Amount, n+m.Amount)
	case m.Amount >= n:
		return fmt.Sprintf("take %d, leaving nothing", m.Amount)
	}
	return fmt.Sprintf("take %d, leaving %d", m.Amount, n-m.Amount)
}

// Check refuses a heap over MaxHeap tokens or more than MaxHeaps heaps.
func (r *Rules) Check(s game.Sum[int]) error { return game.CheckHeaps(s, MaxHeap, MaxHeaps) }

// Heap implements game.Heaps: the heap of n tokens.
func (r *Rules) Heap(n int) (int, error) { return game.CheckHeap(n, MaxHeap) }

// Repeats implements game.Repeater: positions can repeat when a heap of 1 to
// BELOW-1 can grow, so Analyze values them by generalised Sprague–Grundy
// values at once.
func (r *Rules) Repeats() bool { return len(r.add) > 0 && r.below > 1 }

// clip shortens s to 40 bytes for an error message.
func clip(s string) string { return game.Clip(s, 40) }
