package heap

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"nimber/game"
)

// Heap games through the game API: *Game implements game.Rules[int, Move],
// its positions written as game.HeapText reads them ("5 7 9"; its Parse,
// Format, Name, PartNoun and DescribePart are the embedded HeapText's). The
// sparse-space engine is the game's accelerator.

// Limits of a position.
const (
	// MaxHeap bounds a heap of a position.
	MaxHeap = 1<<24 - 1
	// MaxParts bounds the heaps of a position.
	MaxParts = 1 << 16
)

// joinHeaps writes heaps separated by sep.
func joinHeaps(heaps []int, sep string) string {
	parts := make([]string, len(heaps))
	for i, h := range heaps {
		parts[i] = strconv.Itoa(h)
	}
	return strings.Join(parts, sep)
}

// Describe says a move: "take 1, leaving heaps 3 and 3", "take 2, leaving
// heap 5", "take 4, leaving nothing"; a split without taking is "split
// into heaps 3 and 4".
func (gm *Code) Describe(n int, m Move) string {
	left := "nothing"
	switch len(m.Left) {
	case 0:
	case 1:
		left = "heap " + strconv.Itoa(m.Left[0])
	default:
		left = "heaps " + strings.Join(strings.Fields(joinHeaps(m.Left, " ")), " and ")
	}
	if m.Take == 0 {
		return "split into " + left
	}
	return fmt.Sprintf("take %d, leaving %s", m.Take, left)
}

// Check refuses heaps over MaxHeap and more than MaxParts heaps.
func (gm *Code) Check(s game.Sum[int]) error { return game.CheckHeaps(s, MaxHeap, MaxParts) }

// Heap implements game.Heaps.
func (gm *Code) Heap(n int) (int, error) {
	if n < 0 || n > MaxHeap {
		return 0, fmt.Errorf("heap %d out of range 0..%d", n, MaxHeap)
	}
	return n, nil
}

// Accelerate implements game.Accelerator: the nim-sequence up to the
// largest heap of s, by Extend.
func (gm *Code) Accelerate(ctx context.Context, s game.Sum[int]) (game.Valuer[int], error) {
	largest := 0
	for _, n := range s.Parts {
		largest = max(largest, n)
	}
	seq := &Seq{}
	if err := gm.Extend(ctx, seq, largest+1); err != nil {
		return nil, err
	}
	return seqValuer{seq}, nil
}

// seqValuer values heaps from a nim-sequence.
type seqValuer struct{ seq *Seq }

func (v seqValuer) Grundy(_ context.Context, n int) (int, error) {
	if n < 0 || n >= v.seq.Len() {
		return 0, fmt.Errorf("heap %d beyond the %d values computed", n, v.seq.Len())
	}
	return int(v.seq.At(n)), nil
}

// Memory estimates the bytes of the nim-sequence up to the largest heap of
// s, with the sparse engine's tables.
func (gm *Code) Memory(s game.Sum[int]) int64 {
	largest := 0
	for _, n := range s.Parts {
		largest = max(largest, n)
	}
	return 4*int64(largest) + 1<<20
}
