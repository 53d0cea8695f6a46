// Package squarebutone is Square-But-One through the game API, a loopy
// take-away game: from a heap a move removes a positive square number of
// tokens (1, 4, 9, ...), or adds one token to a heap of a positive even
// number of tokens. Play can return to a heap (2 -> 3 -> 2), so a heap's
// value is a generalised Sprague–Grundy value, a number or ∞(K), and a game
// may be drawn; game.Analyze computes them over the heaps reachable (at most
// n+1 from a heap of n).
//
// The heaps lost for the player to move are exactly 0 and 5, the won ones
// the positive squares and the squares plus 5, and every other heap is a
// draw (checked in sg's TestLoopySquareButOne and here up to 401).
package squarebutone

import (
	"fmt"
	"iter"

	"nimber/game"
)

// Name is the game's name in the registry.
const Name = "square-but-one"

// Limits of a position.
const (
	// MaxHeap bounds a heap: its graph holds every heap up to it, about
	// sqrt(MaxHeap) options each.
	MaxHeap = 1 << 16
	// MaxHeaps bounds the heaps of a position.
	MaxHeaps = 1 << 8
)

// The capabilities of Rules.
var (
	_ game.Rules[int, Move]   = Rules{}
	_ game.Heaps[int]         = Rules{}
	_ game.Namer[int]         = Rules{}
	_ game.Repeater           = Rules{}
	_ game.PartDescriber[int] = Rules{}
)

// Rules is Square-But-One as game.Rules[int, Move]: a part is a heap,
// positions are written as game.HeapText reads them, "5 7 9".
type Rules struct{ game.HeapText }

// Move is a move: take Take tokens (a positive square), or add one token
// when Take is 0.
type Move struct{ Take int }

// Game returns Square-But-One.
func Game() game.Game { return game.Of(Rules{}) }

// Moves yields the moves of a heap of n: the squares up to n in
// increasing order, then the addition when n is positive and even.
func (Rules) Moves(n int) iter.Seq2[Move, []int] {
	return func(yield func(Move, []int) bool) {
		var buf [1]int
		leave := func(k int) []int { return game.OneHeap(&buf, k) }
		for k := 1; k*k <= n; k++ {
			if !yield(Move{Take: k * k}, leave(n-k*k)) {
				return
			}
		}
		if n > 0 && n%2 == 0 {
			yield(Move{}, leave(n+1))
		}
	}
}

// Describe says a move: "take 4, leaving 1", "take 9, leaving nothing" or
// "add 1, making 7".
func (Rules) Describe(n int, m Move) string {
	switch {
	case m.Take == 0:
		return fmt.Sprintf("add 1, making %d", n+1)
	case m.Take >= n:
		return fmt.Sprintf("take %d, leaving nothing", m.Take)
	}
	return fmt.Sprintf("take %d, leaving %d", m.Take, n-m.Take)
}

// Check refuses a heap over MaxHeap tokens or more than MaxHeaps heaps.
func (Rules) Check(s game.Sum[int]) error { return game.CheckHeaps(s, MaxHeap, MaxHeaps) }

// Heap implements game.Heaps: the heap of n tokens.
func (Rules) Heap(n int) (int, error) { return game.CheckHeap(n, MaxHeap) }

// Repeats implements game.Repeater: positions repeat (2 -> 3 -> 2), so Analyze values them by
// generalised Sprague–Grundy values at once.
func (Rules) Repeats() bool { return true }
