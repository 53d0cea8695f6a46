package heap

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSeqMatchesSlice appends random values (mostly below 256, some wide,
// in runs that cross block boundaries) to a Seq and to a slice, truncating
// now and then, and compares every value.
func TestSeqMatchesSlice(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		s := &Seq{}
		var want []uint16
		for range rng.IntN(3 * seqBlock) {
			v := uint16(rng.IntN(256))
			switch rng.IntN(100) {
			case 0:
				v = uint16(rng.IntN(1 << 16))
			case 1:
				v = 0xffff
			}
			s.Append(v)
			want = append(want, v)
			if rng.IntN(2000) == 0 {
				n := rng.IntN(len(want) + 1)
				s.Truncate(n)
				want = want[:n]
			}
		}
		if s.Len() != len(want) {
			t.Fatalf("trial %d: Len %d, want %d", trial, s.Len(), len(want))
		}
		for n, v := range want {
			if s.At(n) != v {
				t.Fatalf("trial %d: At(%d) = %d, want %d", trial, n, s.At(n), v)
			}
		}
		if got := s.Values(0, s.Len()); !slices.Equal(got, want) {
			t.Fatalf("trial %d: Values differ", trial)
		}
		if got := NewSeq(want); !slices.Equal(got.Values(0, got.Len()), want) {
			t.Fatalf("trial %d: NewSeq differs", trial)
		}
	}
}

// TestSeqTruncateClearsHighBytes: values appended after a Truncate do not
// inherit the high bytes of the values cut off.
func TestSeqTruncateClearsHighBytes(t *testing.T) {
	s := NewSeq([]uint16{1, 0x1234, 3, 0x4321})
	s.Truncate(1)
	s.Append(5)
	s.Append(6)
	s.Append(7)
	if got := s.Values(0, s.Len()); !slices.Equal(got, []uint16{1, 5, 6, 7}) {
		t.Fatalf("%v", got)
	}
}

// TestSeqOneBytePerHeap: without values of 255 or more a sequence holds
// one byte per heap and a pointer per block; a wide value costs one block.
func TestSeqOneBytePerHeap(t *testing.T) {
	const n = 1 << 20
	s := &Seq{}
	s.Grow(n)
	for i := range n {
		s.Append(uint16(i % 200))
	}
	blocks := func() int {
		c := 0
		for i := range s.hi {
			if s.hi[i].Load() != nil {
				c++
			}
		}
		return c
	}
	if cap(s.lo) != n || len(s.hi) != n/seqBlock || blocks() != 0 {
		t.Fatalf("%d bytes, %d block pointers, %d blocks", cap(s.lo), len(s.hi), blocks())
	}
	s.Truncate(n - 1)
	s.Append(300)
	if cap(s.lo) != n || blocks() != 1 || s.At(n-1) != 300 {
		t.Fatalf("with one wide value: %d bytes, %d blocks, last value %d", cap(s.lo), blocks(), s.At(n-1))
	}
}
