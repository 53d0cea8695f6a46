// Package psub is partizan subtraction (CGSuite's
// game.heap.PartizanSubtraction(L, R)): heaps of tokens from which Left
// takes a number of her set L and Right one of his set R. Who cannot take
// loses. A game is named "psub:L1,L2:R1,R2", e.g. "psub:1,3:2,3" for
// CGSuite's PartizanSubtraction([1,3],[2,3]); a set may be empty.
package psub

import (
	"errors"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"nimber/game"
)

// Family is the prefix of the games' names.
const Family = "psub"

// MaxRemoval is the largest number a set may hold.
const MaxRemoval = 1000

// MaxSet is the most numbers a set may hold.
const MaxSet = 64

// MaxHeap is the largest heap Check accepts: every smaller heap is valued
// on the way, and the canonical forms grow with the heap.
const MaxHeap = 40

// MaxText is the longest position text Parse reads, in bytes.
const MaxText = 1 << 16

// Parse returns the game named name, "psub:L:R" with L and R lists of
// positive integers joined by commas.
func Parse(name string) (game.Game, error) {
	r, err := parseRules(name)
	if err != nil {
		return nil, err
	}
	return game.OfPartizan[int](r), nil
}

// rules is a partizan subtraction game: Left's and Right's sets, each
// sorted and without repeats. A part is a heap of one or more tokens.
type rules struct{ left, right []int }

func parseRules(name string) (rules, error) {
	rest, ok := strings.CutPrefix(strings.ToLower(name), Family+":")
	l, r, ok2 := strings.Cut(rest, ":")
	if !ok || !ok2 {
		return rules{}, fmt.Errorf("%q is not a partizan subtraction game: want %q, Left's set and Right's, e.g. \"psub:1,3:2,3\"", clip(name), Family+":L:R")
	}
	left, err := parseSet(l, "Left's", name)
	if err != nil {
		return rules{}, err
	}
	right, err := parseSet(r, "Right's", name)
	if err != nil {
		return rules{}, err
	}
	return rules{left, right}, nil
}

// parseSet reads one player's set, the numbers of list joined by commas.
func parseSet(list, whose, name string) ([]int, error) {
	var set []int
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	for i, f := range strings.Split(list, ",") {
		if i >= MaxSet {
			return nil, &game.LimitError{What: whose + " set", Measure: "numbers", Got: int64(strings.Count(list, ",") + 1), Limit: MaxSet}
		}
		f = strings.TrimSpace(f)
		k, err := strconv.Atoi(f)
		switch {
		case (errors.Is(err, strconv.ErrRange) && f[0] != '-') || (err == nil && k > MaxRemoval):
			return nil, fmt.Errorf("%q at element %d of %s set in %q is too large (limit %d)", clip(f), i+1, whose, clip(name), MaxRemoval)
		case err != nil || k < 1:
			return nil, fmt.Errorf("%q at element %d of %s set in %q is not a positive integer", clip(f), i+1, whose, clip(name))
		}
		set = append(set, k)
	}
	slices.Sort(set)
	return slices.Compact(set), nil
}

// String returns the game's name, each set sorted: "psub:1,3:2,3".
func (r rules) String() string {
	return Family + ":" + join(r.left) + ":" + join(r.right)
}

func join(set []int) string {
	s := make([]string, len(set))
	for i, k := range set {
		s[i] = strconv.Itoa(k)
	}
	return strings.Join(s, ",")
}

// Options yields side's options of heap n: for each k of side's set, in
// increasing order, up to n, the heap of n - k (no part when empty).
func (r rules) Options(n int, side game.Side) iter.Seq[[]int] {
	set := r.left
	if side == game.Right {
		set = r.right
	}
	return func(yield func([]int) bool) {
		for _, k := range set {
			if k > n {
				return
			}
			var leaves []int
			if n > k {
				leaves = []int{n - k}
			}
			if !yield(leaves) {
				return
			}
		}
	}
}

// Parse reads a position: heap sizes separated by spaces or '+' (a sum);
// heaps of 0 are no part.
func (rules) Parse(text string) (game.Sum[int], error) {
	if err := game.CheckText(text, MaxText); err != nil {
		return game.Sum[int]{}, err
	}
	var s game.Sum[int]
	f := strings.Fields(strings.ReplaceAll(text, "+", " "))
	for i, h := range f {
		n, err := strconv.Atoi(h)
		switch {
		case errors.Is(err, strconv.ErrRange) && h[0] != '-':
			return game.Sum[int]{}, fmt.Errorf("heap %d: %q is too large (limit %d)", i+1, clip(h), MaxHeap)
		case err != nil || n < 0:
			return game.Sum[int]{}, fmt.Errorf("heap %d: %q is not a heap size (a non-negative integer)", i+1, clip(h))
		}
		if n > 0 {
			s.Parts = append(s.Parts, n)
		}
	}
	return s, nil
}

// Format writes a position as Parse reads it: its heaps joined by spaces,
// and no heap as "0".
func (rules) Format(s game.Sum[int]) string {
	if len(s.Parts) == 0 {
		return "0"
	}
	f := make([]string, len(s.Parts))
	for i, n := range s.Parts {
		f[i] = strconv.Itoa(n)
	}
	return strings.Join(f, " ")
}

// Check refuses a heap of more than MaxHeap tokens.
func (rules) Check(s game.Sum[int]) error {
	for i, n := range s.Parts {
		if err := game.CheckLimit(fmt.Sprintf("heap %d", i+1), "tokens", int64(n), MaxHeap); err != nil {
			return err
		}
	}
	return nil
}

// PartNoun names a part.
func (rules) PartNoun() string { return "heap" }

// DescribePart says a heap's size.
func (rules) DescribePart(n int) string { return fmt.Sprintf("a heap of %d", n) }

// clip cuts s short for an error.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
