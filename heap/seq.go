package heap

import (
	"fmt"
	"sync/atomic"
)

// seqShift sets the block of heaps that share one array of wide values:
// 2^seqShift heaps.
const seqShift = 12

const seqBlock = 1 << seqShift

// wide is the byte of the values held in the blocks.
const wide = 0xff

// Seq is a nim-sequence G(0), G(1), ..., G(Len()-1) held in about one byte
// per heap: one byte per value, 255 standing for "255 or more", and the
// values 255 and above in blocks of 4096 two-byte values that exist only
// where some value of the block is that large. Values are at most 65535.
// Reading a value below 255 costs one byte load and a comparison.
//
// One goroutine may Append while others read values already appended, if
// the readers learned of them through a synchronising operation (a channel,
// a mutex) and the capacity was reserved beforehand with Grow, so that
// Append does not move the arrays.
type Seq struct {
	lo []uint8
	hi []atomic.Pointer[[seqBlock]uint16] // nil: no value of the block is 255 or more
}

// NewSeq returns a sequence holding vals.
func NewSeq(vals []uint16) *Seq {
	s := &Seq{}
	s.Grow(len(vals))
	for _, v := range vals {
		s.Append(v)
	}
	return s
}

// Len returns the number of values.
func (s *Seq) Len() int { return len(s.lo) }

// At returns G(n), for 0 <= n < Len().
func (s *Seq) At(n int) uint16 {
	if v := s.lo[n]; v != wide {
		return uint16(v)
	}
	return s.hi[n>>seqShift].Load()[n&(seqBlock-1)]
}

// Value returns G(n) as an int: *Seq is a Values.
func (s *Seq) Value(n int) int { return int(s.At(n)) }

// Append adds G(Len()) = v.
func (s *Seq) Append(v uint16) {
	n := len(s.lo)
	if n == cap(s.lo) {
		s.Grow(max(n, 1024))
	}
	if v < wide {
		s.lo = append(s.lo, uint8(v))
		return
	}
	b := &s.hi[n>>seqShift]
	h := b.Load()
	if h == nil {
		h = new([seqBlock]uint16)
		b.Store(h)
	}
	h[n&(seqBlock-1)] = v
	s.lo = append(s.lo, wide)
}

// Grow makes room for n more values without moving the arrays.
func (s *Seq) Grow(n int) {
	need := len(s.lo) + n
	if need <= cap(s.lo) {
		return
	}
	lo := make([]uint8, len(s.lo), need)
	copy(lo, s.lo)
	s.lo = lo
	if blocks := (need + seqBlock - 1) >> seqShift; blocks > len(s.hi) {
		hi := make([]atomic.Pointer[[seqBlock]uint16], blocks)
		for i := range s.hi {
			hi[i].Store(s.hi[i].Load())
		}
		s.hi = hi
	}
}

// Truncate drops the values of heaps n and above.
func (s *Seq) Truncate(n int) {
	if n < 0 || n > len(s.lo) {
		panic(fmt.Sprintf("heap: Truncate(%d) of a sequence of %d values", n, len(s.lo)))
	}
	for b := (n + seqBlock - 1) >> seqShift; b < len(s.hi); b++ {
		s.hi[b].Store(nil)
	}
	s.lo = s.lo[:n]
}

// Values returns G(from..to-1) as a new slice.
func (s *Seq) Values(from, to int) []uint16 {
	return s.AppendValues(make([]uint16, 0, to-from), from, to)
}

// AppendValues appends G(from..to-1) to dst and returns the result.
func (s *Seq) AppendValues(dst []uint16, from, to int) []uint16 {
	for n := from; n < to; n++ {
		dst = append(dst, s.At(n))
	}
	return dst
}
