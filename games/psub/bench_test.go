package psub

import (
	"testing"

	"nimber/game/gametest"
)

// BenchmarkHeap200 values a heap of 200 of CGSuite's example,
// PartizanSubtraction([1,3],[2,3]): every heap below it once.
func BenchmarkHeap200(b *testing.B) {
	g, err := Parse("psub:1,3:2,3")
	if err != nil {
		b.Fatal(err)
	}
	gametest.BenchValue(b, g, "200")
}

// BenchmarkHeap300 values a heap of MaxHeap of the same game.
func BenchmarkHeap300(b *testing.B) {
	g, err := Parse("psub:1,3:2,3")
	if err != nil {
		b.Fatal(err)
	}
	gametest.BenchValue(b, g, "300")
}

// BenchmarkSplit60 values a heap of 60 of a game whose moves split heaps:
// Left Dawson's Kayles (0.07), Right 0.6.
func BenchmarkSplit60(b *testing.B) {
	g, err := Parse("pheap:0.07:0.6")
	if err != nil {
		b.Fatal(err)
	}
	gametest.BenchValue(b, g, "60")
}
