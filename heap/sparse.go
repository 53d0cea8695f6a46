package heap

import (
	"context"
	"fmt"
)

// SparseStats describes a Sparse run.
//
// Rare counts every heap of the result, heap 0 (value 0, always rare) and a
// given prefix included. FullScans counts the heaps of this run whose value
// was a rare value that no split gives, which only a scan of every split
// shows: mostly the heaps rare under the mask in use at the time, so it
// depends a little on when the mask changed, and thus on workers.
type SparseStats struct {
	Mask      uint16 // the mask in use at the end
	Rare      int    // heaps whose value is rare under Mask
	FullScans int    // heaps whose mex needed a full scan to confirm
	Largest   uint16 // the largest value
}

// Sparse extends g to heaps 0..to-1 with exactly the values of Plain, fast:
// the expensive part, the two-heap splits (bit 4, and Unequal), is done with
// the rare/common split; options of bits 1 and 2 are cheap; bit 8 (three
// heaps) falls back to the definition. workers > 1 splits the scans for one
// heap between goroutines where it pays, and walks the rare heaps for the
// next heaps in other goroutines while it finishes the current ones.
//
// The method is "sparse space" (Flammenkamp; Gangolli and Plambeck). Under a
// bit mask M a value v is rare when popcount(v & M) is even, common
// otherwise; the XOR of two values is common exactly when one of them is
// rare. So every common value among the two-heap options of a heap comes
// from a split with a rare heap, and walking the list of rare heaps finds
// them all, together with the rare values that come from two rare heaps. The
// mex is then at most c, the smallest common value not found; each rare
// value below c not found yet is looked for among all splits by one scan
// that stops as soon as all of them have turned up (see scan). The scan
// runs to the end only when the mex is rare, that is for rare heaps, which
// are few when M is well chosen. M is chosen, and re-chosen as the run goes
// on, as the mask that makes the fewest heaps rare (see chooseMask); the
// values do not depend on it.
//
// For n heaps and r rare heaps that costs about n (r + s) + r n / 2 steps,
// s the length of the scans that stop early (a few hundred for Grundy's
// game), against n^2 / 4 for Plain.
//
// Sparse appends to g; on an error g holds the values computed so far. It
// fails if a value would exceed 65535, and for to > MaxSequence. Besides g, it
// needs a few hundred KB of tables, one bit per heap, and the rare heaps.
func (gm *Code) Sparse(ctx context.Context, g *Seq, to int, workers int) (SparseStats, error) {
	return gm.sparse(ctx, g, to, workers, defaultSparseTuning)
}

func (gm *Code) sparse(ctx context.Context, g *Seq, to, workers int, tu sparseTuning) (SparseStats, error) {
	s := newSparser(gm, g, workers, tu)
	err := s.run(ctx, to)
	return s.stats(), err
}

// sparseTuning holds the knobs of Sparse; tests turn them to reach every
// path on small heaps.
type sparseTuning struct {
	// firstCheck is the heap at which the mask is first re-chosen; the
	// checks then come at doubling heaps, and when the rare heaps double.
	firstCheck int
	// mask >= 0 fixes the mask instead (tests: the values must not depend
	// on it).
	mask int
	// mex takes every split with a heap a <= prefix, before it scans.
	prefix int
	// Every resort heaps the helpers used since come first; those unused
	// for helperAge heaps, or half the heaps if more, are dropped.
	resort, helperAge int
	// parMin is the fewest splits left to scan worth handing out to
	// several goroutines; seqScan splits are scanned alone first.
	parMin, seqScan int
	// batch is how many heaps at a time other goroutines walk the rare
	// heaps for, one batch ahead, when there are workers > 1 and at least
	// pipeMin rare heaps.
	batch, pipeMin int
}

var defaultSparseTuning = sparseTuning{
	firstCheck: 256, mask: -1,
	prefix: 32, resort: 256, helperAge: 1 << 16,
	parMin: 1 << 15, seqScan: 1 << 12,
	batch: 64, pipeMin: 256,
}

// MaxSequence is the longest sequence Sparse computes, G(0..2^32-1): it
// numbers heaps with 32-bit integers in its lists.
const MaxSequence = 1 << 32

// heapAt returns x as a heap number for searching the rare list: 0 if x is
// negative.
func heapAt(x int) uint32 { return uint32(max(x, 0)) }

// sparseCtxWork is the work (options looked at) between looks at ctx.
const sparseCtxWork = 1 << 22

type sparser struct {
	gm      *Code
	g       *Seq
	workers int
	tu      sparseTuning

	// Moves by kind: k for bit 1 (leave nothing), bit 2 (leave one heap),
	// bit 4 (two heaps) and bit 8 (three heaps).
	ones, twos, splits, triples []int

	mask     uint16
	rareTab  *[1 << 16]bool // rareTab[v]: v is rare under mask
	rare     []uint32       // the heaps a >= 1 with a rare value, ascending
	rareVal  []uint16       // their values
	hist     *[1 << 16]int  // hist[v]: heaps a >= 1 with value v
	largest  uint16
	next     int // the heap at which to re-choose the mask
	rareLast int // len(rare) when the mask was last chosen

	seen, want *[1 << 16]uint32 // stamped: value found; rare value looked for
	stamp      uint32
	targets    []uint16 // the rare values looked for, ascending
	helpers    []helper
	late       []helper         // sortHelpers' scratch space
	cut        int              // pipeline: how many rare heaps mex walks itself
	idx        *[1 << 16]uint16 // scanParallel's index of targets
	isHelper   []uint64         // bit a: heap a is a helper

	fullScans int
	work      int
}

func newSparser(gm *Code, g *Seq, workers int, tu sparseTuning) *sparser {
	s := &sparser{
		gm: gm, g: g, workers: max(workers, 1), tu: tu,
		rareTab: new([1 << 16]bool), hist: new([1 << 16]int),
		seen: new([1 << 16]uint32), want: new([1 << 16]uint32),
	}
	for k, d := range gm.Digits {
		if d&1 != 0 {
			s.ones = append(s.ones, k)
		}
		if d&2 != 0 && k > 0 {
			s.twos = append(s.twos, k)
		}
		if d&4 != 0 {
			s.splits = append(s.splits, k)
		}
		if d&8 != 0 {
			s.triples = append(s.triples, k)
		}
	}
	for a := range g.Len() {
		v := g.At(a)
		s.largest = max(s.largest, v)
		if a > 0 {
			s.hist[v]++
		}
	}
	s.chooseMask()
	return s
}

func (s *sparser) run(ctx context.Context, to int) error {
	if to <= s.g.Len() {
		return nil
	}
	if to > MaxSequence {
		return fmt.Errorf("%d heaps: sparse computes at most 2^32", to)
	}
	s.g.Grow(to - s.g.Len())
	if words := (to + 63) / 64; words > len(s.isHelper) {
		s.isHelper = append(s.isHelper, make([]uint64, words-len(s.isHelper))...)
	}
	n := s.g.Len()
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.workers > 1 && len(s.splits) > 0 {
		return s.pipeline(ctx, n, to)
	}
	for ; n < to; n++ {
		if n&1023 == 0 || s.work >= sparseCtxWork {
			s.work = 0
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if n >= s.next || len(s.rare) > 2*s.rareLast+64 {
			s.chooseMask()
		}
		if err := s.next1(n, nil); err != nil {
			return err
		}
	}
	return nil
}

// next1 computes G(n) and appends it, given pre as for mex.
func (s *sparser) next1(n int, pre *batch) error {
	if n%s.tu.resort == 0 {
		s.sortHelpers(n)
	}
	v, err := s.mex(n, pre)
	if err != nil {
		return err
	}
	s.g.Append(v)
	s.largest = max(s.largest, v)
	if n > 0 {
		s.hist[v]++
		if s.rareTab[v] {
			s.rare = append(s.rare, uint32(n))
			s.rareVal = append(s.rareVal, v)
		}
	}
	return nil
}

func (s *sparser) stats() SparseStats {
	st := SparseStats{Mask: s.mask, FullScans: s.fullScans, Largest: s.largest}
	for a := range s.g.Len() {
		if s.rareTab[s.g.At(a)] {
			st.Rare++
		}
	}
	return st
}
