package compound

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// MaxSubtractionHeap bounds the heaps of NewSubtraction.
const MaxSubtractionHeap = 1 << 26

// Subtraction is a subtraction game: a heap of p counters, from which a
// move removes an amount in Set. Position p is the heap of p counters.
type Subtraction struct {
	Set  []int
	Size int // heaps 0..Size-1
}

// NewSubtraction parses a set such as "1,3,4" and returns the game on heaps
// 0..to.
func NewSubtraction(set string, to int) (*Subtraction, error) {
	if to < 0 || to >= MaxSubtractionHeap {
		return nil, fmt.Errorf("largest heap %d out of range 0..%d", to, MaxSubtractionHeap-1)
	}
	s := &Subtraction{Size: to + 1}
	for _, f := range strings.Split(set, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("subtraction set %q: %q is not a positive integer", set, f)
		}
		if !slices.Contains(s.Set, n) {
			s.Set = append(s.Set, n)
		}
	}
	slices.Sort(s.Set)
	return s, nil
}

// Len implements Game.
func (s *Subtraction) Len() int { return s.Size }

// Options implements Game.
func (s *Subtraction) Options(p int, yield func(q int)) {
	for _, k := range s.Set {
		if k <= p {
			yield(p - k)
		}
	}
}
