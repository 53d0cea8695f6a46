package psub

import (
	"testing"

	"nimber/games/internal/pgrid/pgridtest"
)

// BenchmarkValue values, from scratch, heaps of 200 (Heap200: every heap
// below it once) and of MaxHeap (Heap300) of CGSuite's example,
// PartizanSubtraction([1,3],[2,3]), and a heap of 60 (Split60) of a game
// whose moves split heaps: Left Dawson's Kayles (0.07), Right 0.6.
func BenchmarkValue(b *testing.B) {
	pgridtest.Benchmarks(b, open(b, "psub:1,3:2,3"), []pgridtest.Bench{
		{Name: "Heap200", Text: "200"},
		{Name: "Heap300", Text: "300"},
		{Name: "Split60", Text: "60", Game: open(b, "pheap:0.07:0.6")},
	})
}
