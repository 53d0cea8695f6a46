package psub

import (
	"testing"

	"nimber/game/gametest"
)

// BenchmarkHeap50 values a heap of 50 of CGSuite's example,
// PartizanSubtraction([1,3],[2,3]).
func BenchmarkHeap50(b *testing.B) {
	g, err := Parse("psub:1,3:2,3")
	if err != nil {
		b.Fatal(err)
	}
	gametest.BenchValue(b, g, "50")
}

// BenchmarkHeap40 values a heap of MaxHeap of the same game.
func BenchmarkHeap40(b *testing.B) {
	g, err := Parse("psub:1,3:2,3")
	if err != nil {
		b.Fatal(err)
	}
	gametest.BenchValue(b, g, "40")
}
