package heap

// The rare/common split of the sparse engine: the choice of the mask and the
// list of rare heaps it gives.

import (
	"math"
	"math/bits"
)

// chooseMask sets the mask that makes the fewest heaps a >= 1 rare, and
// rebuilds the rare list. By the Walsh–Hadamard transform W of the value
// histogram, the heaps rare under M number (T + W[M]) / 2, T all heaps, so
// the best mask minimises W over all the masks within the bits of the
// values (2^b masks for values below 2^b, in b 2^b steps; ties go to fewer
// bits). The empty mask (every value rare) is kept while no other does
// better; it makes the walk over rare heaps the whole definition. The mask
// is chosen again at doubling heaps and when the rare heaps have doubled
// since; the cost of the walk and of the full scans grows with the rare
// heaps, which is what the choice minimises.
func (s *sparser) chooseMask() {
	n := s.g.Len()
	s.next = max(2*n, s.tu.firstCheck)
	if s.tu.mask >= 0 {
		s.next = math.MaxInt
		s.setMask(uint16(s.tu.mask))
		return
	}
	s.setMask(bestMask(s.hist, s.largest))
}

// bestMask returns the mask that makes the fewest of the heaps counted by
// hist rare, for values up to largest (see chooseMask).
func bestMask(hist *[1 << 16]int, largest uint16) uint16 {
	size := 1 << bits.Len16(largest)
	w := make([]int, size)
	copy(w, hist[:size])
	for h := 1; h < size; h <<= 1 {
		for i := 0; i < size; i += 2 * h {
			for j := i; j < i+h; j++ {
				x, y := w[j], w[j+h]
				w[j], w[j+h] = x+y, x-y
			}
		}
	}
	best := 0 // w[0] = T: every heap rare
	for m := 1; m < size; m++ {
		if w[m] < w[best] || (w[m] == w[best] && bits.OnesCount(uint(m)) < bits.OnesCount(uint(best))) {
			best = m
		}
	}
	return uint16(best)
}

// isRare reports whether v is rare under mask.
func isRare(v, mask uint16) bool { return bits.OnesCount16(v&mask)&1 == 0 }

// setMask sets the mask and rebuilds the rare list.
func (s *sparser) setMask(mask uint16) {
	n := s.g.Len()
	if mask != s.mask || s.rare == nil {
		s.mask = mask
		for v := range s.rareTab {
			s.rareTab[v] = isRare(uint16(v), s.mask)
		}
		s.rare, s.rareVal = s.rare[:0], s.rareVal[:0]
		for a := 1; a < n; a++ {
			if v := s.g.At(a); s.rareTab[v] {
				s.rare = append(s.rare, uint32(a))
				s.rareVal = append(s.rareVal, v)
			}
		}
	}
	s.rareLast = len(s.rare)
}
