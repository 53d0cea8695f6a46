package heap

// The pipeline of the sparse engine: while the main goroutine finishes one
// batch of heaps, filler goroutines walk the rare heaps for the next one.

import (
	"context"
	"math/bits"
	"runtime"
	"slices"
	"sync/atomic"
	"time"
)

// batch holds, for the heaps n0..n1-1, the values of their splits into a
// rare heap a < known and another heap m - a < known, where known is how
// many heaps were known when the batch was filled and rare[:rareLen] the
// rare heaps then: for each heap size bytes, byte v set when value v is
// among them.
type batch struct {
	n0, n1         int
	known, rareLen int
	cut            int // the rare heaps rare[:cut] are left to mex
	size           int
	found          []uint8
}

// of returns the bytes of heap n.
func (b *batch) of(n int) []uint8 { return b.found[(n-b.n0)*b.size : (n-b.n0+1)*b.size] }

// pipeline computes heaps n..to-1, batch heaps at a time: while it finishes
// one batch, workers-1 fillers walk the rare heaps for the next one, with
// the heaps known then; mex adds the splits with a rare heap found since,
// or whose other heap was not known (few: their rare heap is small).
func (s *sparser) pipeline(ctx context.Context, n, to int) error {
	B := s.tu.batch
	var fillers []*filler
	defer func() {
		for _, f := range fillers {
			f.post(nil, 0, 0)
		}
	}()
	cur, next := &batch{}, &batch{}
	filled := false // cur is filled
	for n0 := n; n0 < to; {
		n1 := min(n0+B, to)
		// Fill the next batch, when there are enough rare heaps to pay.
		posted := false
		if n1 < to && len(s.rare) >= s.tu.pipeMin {
			if fillers == nil {
				fillers = make([]*filler, s.workers-1)
				for i := range fillers {
					fillers[i] = &filler{s: s}
					go fillers[i].loop()
				}
			}
			s.prepare(next, n1, min(n1+B, to))
			w := len(fillers)
			per := (next.n1 - next.n0 + w - 1) / w
			for i, f := range fillers {
				f.post(next, min(next.n0+i*per, next.n1), min(next.n0+(i+1)*per, next.n1))
			}
			posted = true
		}
		pre := cur
		if !filled {
			pre = nil
		}
		var err error
		for n := n0; n < n1 && err == nil; n++ {
			err = s.next1(n, pre)
		}
		if posted {
			waited := false
			for _, f := range fillers {
				waited = f.wait() || waited
			}
			// Balance the work: mex walks more rare heaps when the
			// fillers are late, fewer when they are early.
			if step := max(1, len(s.rare)/64); waited {
				s.cut = min(s.cut+step, len(s.rare))
			} else {
				s.cut = max(s.cut-step, 0)
			}
		}
		if err != nil {
			return err
		}
		if s.work >= sparseCtxWork || n1&^1023 != n0&^1023 {
			s.work = 0
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		n0 = n1
		cur, next, filled = next, cur, posted
		if n0 < to && (n0 >= s.next || len(s.rare) > 2*s.rareLast+64) {
			mask := s.mask
			s.chooseMask()
			if s.mask != mask && filled { // walk the rare heaps again
				s.prepare(cur, cur.n0, cur.n1)
				s.fillRange(cur, cur.n0, cur.n1, s.g, s.rare, s.rareVal)
			}
		}
	}
	return nil
}

// filler is a goroutine filling batches for pipeline. Batches are short
// (tens of microseconds), so it hands work on by spinning rather than by
// waking goroutines, which may take longer.
type filler struct {
	s       *sparser
	posted  atomic.Int64 // jobs posted; a nil batch ends the loop
	done    atomic.Int64 // jobs done
	b       *batch
	n0, n1  int
	g       Seq // a copy of s.g's header when posted
	rare    []uint32
	rareVal []uint16
}

// post gives the filler the heaps n0..n1-1 of b, with what is known now.
func (f *filler) post(b *batch, n0, n1 int) {
	f.b, f.n0, f.n1 = b, n0, n1
	if b != nil {
		f.g, f.rare, f.rareVal = *f.s.g, f.s.rare, f.s.rareVal[:len(f.s.rare)]
	}
	f.posted.Add(1)
}

// wait waits for the job posted last, and reports whether it had to.
func (f *filler) wait() bool {
	want := f.posted.Load()
	if f.done.Load() == want {
		return false
	}
	spin(func() bool { return f.done.Load() == want })
	return true
}

func (f *filler) loop() {
	for seq := int64(1); ; seq++ {
		spin(func() bool { return f.posted.Load() >= seq })
		if f.b == nil {
			return
		}
		f.s.fillRange(f.b, f.n0, f.n1, &f.g, f.rare, f.rareVal)
		f.done.Store(seq)
	}
}

// spin waits for cond: busily at first, then yielding, then sleeping.
func spin(cond func() bool) {
	for i := 0; !cond(); i++ {
		switch {
		case i < 1<<8:
		case i < 1<<14:
			runtime.Gosched()
		default:
			time.Sleep(50 * time.Microsecond)
		}
	}
}

// prepare sets up b for heaps n0..n1-1 and the heaps known now.
func (s *sparser) prepare(b *batch, n0, n1 int) {
	b.n0, b.n1 = n0, n1
	b.known, b.rareLen = s.g.Len(), len(s.rare)
	b.cut = min(s.cut, b.rareLen)
	b.size = 1 << bits.Len16(s.largest)
	b.found = slices.Grow(b.found[:0], b.size*(n1-n0))[:b.size*(n1-n0)]
}

// fillRange fills b for heaps n0..n1-1 from g, rare and rareVal, the
// caller's, unchanged while it runs.
func (s *sparser) fillRange(b *batch, n0, n1 int, g *Seq, rare []uint32, rareVal []uint16) {
	rare, rareVal = rare[:b.rareLen], rareVal[:b.rareLen]
	unequal := s.gm.Unequal
	for n := n0; n < n1; n++ {
		found := b.of(n)
		clear(found)
		for _, k := range s.splits {
			m := n - k
			if m < 2 {
				continue
			}
			// Rare a < m with m - a < known, skipping a = m/2 if Unequal.
			i, _ := slices.BinarySearch(rare, heapAt(m-b.known+1))
			i = max(i, b.cut)
			end, _ := slices.BinarySearch(rare, uint32(m))
			if unequal && m%2 == 0 {
				if mid, ok := slices.BinarySearch(rare[:end], uint32(m/2)); ok && mid >= i {
					markFound(found, g, m, rare[i:mid], rareVal[i:mid])
					i = mid + 1
				}
			}
			if i < end {
				markFound(found, g, m, rare[i:end], rareVal[i:end])
			}
		}
	}
}
