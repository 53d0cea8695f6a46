package sg

import "math/bits"

// MexSet collects non-negative integers and reports their minimum excludant.
// Values below 256 live in a fixed bitset, so the common case allocates
// nothing; larger values spill into a slice that grows on demand. The zero
// value is an empty set ready to use.
type MexSet struct {
	small [4]uint64
	large []uint64 // bit v-256 set when v >= 256 was added
}

// Add puts v into the set. Negative values are ignored: they can never be
// the mex. A set holds a bit for every value up to its largest: a caller
// that may add huge values skips those beyond the number it adds, which
// cannot be the mex (as Mex does).
func (s *MexSet) Add(v int) {
	switch {
	case v < 0:
	case v < 256:
		s.small[v>>6] |= 1 << (v & 63)
	default:
		v -= 256
		w := v >> 6
		for len(s.large) <= w {
			s.large = append(s.large, 0)
		}
		s.large[w] |= 1 << (v & 63)
	}
}

// Has reports whether v is in the set.
func (s *MexSet) Has(v int) bool {
	switch {
	case v < 0:
		return false
	case v < 256:
		return s.small[v>>6]&(1<<(v&63)) != 0
	default:
		v -= 256
		w := v >> 6
		return w < len(s.large) && s.large[w]&(1<<(v&63)) != 0
	}
}

// Mex returns the least non-negative integer not in the set, in
// O(1 + mex/64) time.
func (s *MexSet) Mex() int {
	for i, w := range s.small {
		if w != ^uint64(0) {
			return i*64 + bits.TrailingZeros64(^w)
		}
	}
	for i, w := range s.large {
		if w != ^uint64(0) {
			return 256 + i*64 + bits.TrailingZeros64(^w)
		}
	}
	return 256 + 64*len(s.large)
}

// Reset empties the set, keeping its spill storage for reuse.
func (s *MexSet) Reset() {
	s.small = [4]uint64{}
	clear(s.large)
}

// Mex returns the minimum excludant of values: the least non-negative integer
// that is not among them. It allocates only when there are more than 256
// values: a value above their count cannot be the mex and is skipped, so a
// huge value costs nothing.
func Mex(values ...int) int {
	var s MexSet
	for _, v := range values {
		if v <= len(values) {
			s.Add(v)
		}
	}
	return s.Mex()
}

// NimSum returns the nim-sum (bitwise XOR) of Grundy values: the value of
// the sum of the components that have them.
func NimSum(values ...int) int {
	x := 0
	for _, v := range values {
		x ^= v
	}
	return x
}
