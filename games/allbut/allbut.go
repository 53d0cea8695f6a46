// Package allbut is the all-but subtraction games through the game API,
// and Nim among them: from a heap of n tokens a player removes any k with
// 1 <= k <= n except the removals of a finite excluded set S, and the
// player who cannot move loses. The game of S is named "allbut:" and the
// members of S, e.g. "allbut:1,3,4"; "allbut:" excludes nothing and is Nim
// (Nim).
//
// A. N. Siegel ("Finite excluded subtraction sets and infinite modular
// Nim") proved these games arithmetic-periodic: from some heap on,
// G(n+p) = G(n) + s for a period p and a saltus s > 0, so their values grow
// linearly. The package computes nim-sequences in O(n·|S|) steps by
// counting the values of smaller heaps (see Rules.Sequence), and its
// accelerator values heaps from that sequence.
package allbut

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"

	"nimber/game"
)

// Family is the name of the family in the registry: a game of the family
// is named Family + ":" + its excluded removals.
const Family = "allbut"

// Limits of a game, a position and a nim-sequence.
const (
	// MaxExcluded bounds the excluded removals of a game.
	MaxExcluded = 1 << 8
	// MaxRemoval bounds an excluded removal.
	MaxRemoval = 1 << 24
	// MaxTokens bounds the tokens of a position, all heaps together, and
	// so the moves its analysis lists: at most one a token.
	MaxTokens = 1 << 16
	// MaxHeaps bounds the heaps of a position.
	MaxHeaps = 1 << 8
	// MaxSequence bounds the length of a nim-sequence.
	MaxSequence = 1 << 24
)

// The capabilities of Rules.
var (
	_ game.Rules[int, Move]   = (*Rules)(nil)
	_ game.Heaps[int]         = (*Rules)(nil)
	_ game.Namer[int]         = (*Rules)(nil)
	_ game.PartDescriber[int] = (*Rules)(nil)
	_ game.Accelerator[int]   = (*Rules)(nil)
	_ game.Sequencer          = (*Rules)(nil)
)

// Rules is the all-but subtraction game of an excluded set as
// game.Rules[int, Move]: a part is a heap of tokens, and positions are
// written as game.HeapText reads them, "5 7 9".
type Rules struct {
	game.HeapText
	excluded []int // sorted, distinct, each in 1..MaxRemoval
}

// Move is a move: take Take tokens from a heap.
type Move struct{ Take int }

// New returns the all-but game that excludes the given removals, in any
// order and possibly repeated.
func New(excluded ...int) (*Rules, error) {
	if err := game.CheckLimit("excluded set", "removals", int64(len(excluded)), MaxExcluded); err != nil {
		return nil, err
	}
	set := slices.Clone(excluded)
	for _, k := range set {
		if k < 1 || k > MaxRemoval {
			return nil, fmt.Errorf("excluded removal %d is not in 1..%d", k, MaxRemoval)
		}
	}
	slices.Sort(set)
	return &Rules{excluded: slices.Compact(set)}, nil
}

// Parse returns the game named name: "allbut:" followed by the excluded
// removals separated by commas, "allbut:1,3,4"; "allbut:" is Nim.
func Parse(name string) (game.Game, error) {
	return game.OfParsed(ParseRules(name))
}

// ParseRules is Parse with the rules' type.
func ParseRules(name string) (*Rules, error) {
	list, ok := strings.CutPrefix(name, Family+":")
	if !ok {
		return nil, fmt.Errorf("%q is not an all-but game: want %q and the excluded removals, e.g. \"allbut:1,3,4\"", clip(name), Family+":")
	}
	set, err := game.ParseCounts(name, list, "excluded set", "removal", MaxExcluded, MaxRemoval)
	if err != nil {
		return nil, err
	}
	return New(set...)
}

// String returns the game's name, "allbut:1,3,4", its excluded removals
// in increasing order.
func (r *Rules) String() string {
	return Family + ":" + game.FormatCounts(r.excluded)
}

// Nim returns Nim, the all-but game that excludes nothing: take any number
// of tokens from one heap. A heap of n has the value n.
func Nim() game.Game { return game.Of(&Rules{}) }

// Excluded returns the excluded removals in increasing order.
func (r *Rules) Excluded() []int { return slices.Clone(r.excluded) }

// Moves yields the moves of a heap of n tokens, taking every k in 1..n
// that is not excluded, in increasing order, each with the heap it leaves
// (none when it takes them all).
func (r *Rules) Moves(n int) iter.Seq2[Move, []int] {
	return func(yield func(Move, []int) bool) {
		var buf [1]int
		ex := r.excluded
		for k := 1; k <= n; k++ {
			for len(ex) > 0 && ex[0] < k {
				ex = ex[1:]
			}
			if len(ex) > 0 && ex[0] == k {
				continue
			}
			left := buf[:0]
			if k < n {
				left = append(left, n-k)
			}
			if !yield(Move{Take: k}, left) {
				return
			}
		}
	}
}

// Describe says a move: "take 2, leaving 3" or "take 5, leaving nothing".
func (r *Rules) Describe(n int, m Move) string {
	if m.Take >= n {
		return fmt.Sprintf("take %d, leaving nothing", m.Take)
	}
	return fmt.Sprintf("take %d, leaving %d", m.Take, n-m.Take)
}

// Check refuses a position over MaxTokens tokens or MaxHeaps heaps.
func (r *Rules) Check(s game.Sum[int]) error {
	if err := game.CheckHeaps(s, MaxTokens, MaxHeaps); err != nil {
		return err
	}
	total := 0
	for _, n := range s.Parts {
		total += n
	}
	return game.CheckLimit("position", "tokens", int64(total), MaxTokens)
}

// Heap implements game.Heaps: the heap of n tokens.
func (r *Rules) Heap(n int) (int, error) { return game.CheckHeap(n, MaxTokens) }

// Sequence implements game.Sequencer: G(0..to-1) in O(to·|S|) steps and
// O(to) memory.
//
// The options of a heap n are the heaps m = n-k, 1 <= k <= n, k not in S:
// every smaller heap except the excluded heaps n-s, s in S, s <= n. Let A
// be the multiset of the values of all smaller heaps, M = mex(A), and E the
// multiset of the values of the excluded heaps (E ⊆ A, the excluded heaps
// being distinct). A value v is a value of an option exactly when
// count_A(v) > count_E(v). So M, absent from A, is no option's value; and
// a value v < M, present in A, is missing from the options exactly when
// count_A(v) = count_E(v), which needs v in E. Hence
//
//	G(n) = min({M} ∪ {v in E : count_A(v) - count_E(v) = 0}).
//
// The loop keeps count_A and M over the heaps before n: it takes the
// excluded heaps' values out of the counts (|S| steps), looks for the
// least of them whose count fell to zero, and puts them back. M only grows,
// by at most to in all, so each heap costs O(|S|) steps amortised.
func (r *Rules) Sequence(ctx context.Context, to int) ([]int, error) {
	if to < 0 {
		return nil, fmt.Errorf("a nim-sequence up to %d: the length is 0 or more", to)
	}
	if err := game.CheckLimit("nim-sequence", "heaps", int64(to), MaxSequence); err != nil {
		return nil, err
	}
	g := make([]int, to)
	count := make([]int32, to+1) // count[v]: heaps before n of value v; values are at most n
	mex := 0                     // the mex of the values of the heaps before n
	k := 0                       // the excluded removals up to n: r.excluded[:k]
	for n := range g {
		if n&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		for k < len(r.excluded) && r.excluded[k] <= n {
			k++
		}
		ex := r.excluded[:k]
		for _, s := range ex {
			count[g[n-s]]--
		}
		v := mex
		for _, s := range ex {
			if x := g[n-s]; x < v && count[x] == 0 {
				v = x
			}
		}
		for _, s := range ex {
			count[g[n-s]]++
		}
		g[n] = v
		count[v]++
		for count[mex] > 0 {
			mex++
		}
	}
	return g, nil
}

// Accelerate implements game.Accelerator: the nim-sequence up to the
// largest heap of s.
func (r *Rules) Accelerate(ctx context.Context, s game.Sum[int]) (game.Valuer[int], error) {
	if err := r.Check(s); err != nil {
		return nil, err
	}
	largest := 0
	for _, n := range s.Parts {
		largest = max(largest, n)
	}
	g, err := r.Sequence(ctx, largest+1)
	if err != nil {
		return nil, err
	}
	return sequence(g), nil
}

// sequence values heaps from a nim-sequence.
type sequence []int

func (g sequence) Grundy(_ context.Context, n int) (int, error) {
	if n < 0 || n >= len(g) {
		return 0, fmt.Errorf("heap %d beyond the %d values computed", n, len(g))
	}
	return g[n], nil
}

// clip shortens s to 24 bytes for an error message.
func clip(s string) string { return game.Clip(s, 24) }
