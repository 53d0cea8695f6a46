// Package psub is partizan heap games, CGSuite's
// game.heap.PartizanHeapRuleset(L, R): heaps of tokens from which Left
// moves by her take-and-break rules L and Right by his R. Who cannot move
// loses. Two families of names:
//
//   - "psub:L1,L2:R1,R2", partizan subtraction (CGSuite's
//     game.heap.PartizanSubtraction([L1,L2],[R1,R2])): Left takes a number of
//     her set from one heap, Right one of his; a set may be empty.
//   - "pheap:LCODE:RCODE", each player's own take-and-break code as package
//     heap reads it ("0.07", "4.07", "0.8F", "grundy"; CGSuite's
//     game.heap.TakeAndBreak(LCODE).PartizanJoin(TakeAndBreak(RCODE))): a
//     move may split a heap as the player's code allows.
//
// A heap's value is built once from its options' values (the Evaluator
// keeps each heap's canonical form), and a sum of heaps is the sum of
// their forms.
package psub

import (
	"fmt"
	"iter"
	"slices"
	"strings"

	"nimber/game"
	"nimber/heap"
)

// Family is the prefix of the partizan subtraction games' names.
const Family = "psub"

// HeapFamily is the prefix of the games of a take-and-break code a player.
const HeapFamily = "pheap"

// MaxRemoval is the largest number a subtraction set may hold.
const MaxRemoval = 1000

// MaxSet is the most numbers a subtraction set may hold.
const MaxSet = 64

// MaxHeap is the largest heap Check accepts. Every smaller heap is valued
// on the way; how long the canonical forms take to write is bounded
// separately (cgt.CheckNotation).
const MaxHeap = 300

// MaxWork bounds the moves from all the heaps up to the largest of a
// position, counted by Check before anything is valued (a code that splits
// a heap in three has about n²/12 moves from a heap of n).
const MaxWork = 1 << 20

// Parse returns the game named name: "psub:L:R", L and R lists of
// positive integers joined by commas, or "pheap:LCODE:RCODE".
func Parse(name string) (game.Game, error) {
	r, err := parseRules(name)
	if err != nil {
		return nil, err
	}
	return game.OfPartizan[int](r), nil
}

// rules is a partizan heap game: Left's and Right's take-and-break codes
// and the game's name. A part is a heap of one or more tokens.
type rules struct {
	game.HeapText
	left, right *heap.Code
	name        string
}

func parseRules(name string) (rules, error) {
	lower := strings.ToLower(strings.TrimSpace(name))
	if rest, ok := strings.CutPrefix(lower, HeapFamily+":"); ok {
		return parseCodes(rest, name)
	}
	rest, ok := strings.CutPrefix(lower, Family+":")
	l, r, ok2 := strings.Cut(rest, ":")
	if !ok || !ok2 {
		return rules{}, fmt.Errorf("%q is not a partizan heap game: want %q, Left's subtraction set and Right's, e.g. \"psub:1,3:2,3\", or %q, e.g. \"pheap:0.07:4.07\"", clip(name), Family+":L:R", HeapFamily+":LCODE:RCODE")
	}
	left, err := parseSet(l, "Left's", name)
	if err != nil {
		return rules{}, err
	}
	right, err := parseSet(r, "Right's", name)
	if err != nil {
		return rules{}, err
	}
	return rules{left: subtraction(left), right: subtraction(right), name: Family + ":" + game.FormatCounts(left) + ":" + game.FormatCounts(right)}, nil
}

// parseCodes reads "LCODE:RCODE", the rest of a pheap name.
func parseCodes(rest, name string) (rules, error) {
	codes := strings.Split(rest, ":")
	if len(codes) != 2 {
		return rules{}, fmt.Errorf("%q is not a partizan heap game: want %q, two take-and-break codes joined by ':', e.g. \"pheap:0.07:4.07\"", clip(name), HeapFamily+":LCODE:RCODE")
	}
	var r rules
	for i, whose := range []string{"Left's", "Right's"} {
		c, err := heap.Parse(codes[i])
		if err != nil {
			return rules{}, fmt.Errorf("%s code in %q: %w", whose, clip(name), err)
		}
		if i == 0 {
			r.left = c
		} else {
			r.right = c
		}
	}
	r.name = HeapFamily + ":" + r.left.String() + ":" + r.right.String()
	return r, nil
}

// subtraction is the code of the subtraction set set: take k of set,
// leaving no heap or one.
func subtraction(set []int) *heap.Code {
	c := &heap.Code{Digits: []uint8{0}}
	for _, k := range set {
		c.Digits = append(c.Digits, make([]uint8, k+1-len(c.Digits))...)
		c.Digits[k] = 3
	}
	return c
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
		k, large, ok := game.ParseCount(f, 1, MaxRemoval)
		switch {
		case large:
			return nil, fmt.Errorf("%q at element %d of %s set in %q is too large (limit %d)", clip(f), i+1, whose, clip(name), MaxRemoval)
		case !ok:
			return nil, fmt.Errorf("%q at element %d of %s set in %q is not a positive integer", clip(f), i+1, whose, clip(name))
		}
		set = append(set, k)
	}
	slices.Sort(set)
	return slices.Compact(set), nil
}

// String returns the game's name, each set sorted ("psub:1,3:2,3") or
// each code as package heap writes it ("pheap:0.07:4.07").
func (r rules) String() string { return r.name }

// Options yields side's options of heap n: the heaps each move of side's
// code leaves, in the code's order (tokens taken, then the heaps left).
func (r rules) Options(n int, side game.Side) iter.Seq[[]int] {
	code := r.left
	if side == game.Right {
		code = r.right
	}
	return func(yield func([]int) bool) {
		for _, leaves := range code.Moves(n) {
			if !yield(slices.Clone(leaves)) {
				return
			}
		}
	}
}

// Check refuses a heap of more than MaxHeap tokens, and a position whose
// largest heap has more than MaxWork moves from it and the heaps below it,
// counted by the codes' digits.
func (r rules) Check(s game.Sum[int]) error {
	if err := game.CheckHeaps(s, MaxHeap, heap.MaxParts); err != nil {
		return err
	}
	top := 0
	for _, n := range s.Parts {
		top = max(top, n)
	}
	return game.CheckLimit("position", "moves from its heaps", r.work(top), MaxWork)
}

// work bounds from above the moves both codes allow from every heap up to
// n: a digit that leaves no heap or one gives at most a move a heap, two
// heaps at most m/2 from a heap of m, three about m²/12.
func (r rules) work(n int) int64 {
	var w int64
	for _, c := range []*heap.Code{r.left, r.right} {
		for _, d := range c.Digits {
			m := int64(n)
			if d&3 != 0 {
				w += m
			}
			if d&4 != 0 {
				w += m * m / 4
			}
			if d&8 != 0 {
				w += m*m*m/36 + m*m/4
			}
		}
	}
	return w
}

// clip cuts s short for an error.
func clip(s string) string { return game.Clip(s, 40) }
