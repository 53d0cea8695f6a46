package heap

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
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
func (gm *Game) Sparse(ctx context.Context, g *Seq, to int, workers int) (SparseStats, error) {
	return gm.sparse(ctx, g, to, workers, defaultSparseTuning)
}

func (gm *Game) sparse(ctx context.Context, g *Seq, to, workers int, tu sparseTuning) (SparseStats, error) {
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
	gm      *Game
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

func newSparser(gm *Game, g *Seq, workers int, tu sparseTuning) *sparser {
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

func (s *sparser) nextStamp() uint32 {
	s.stamp++
	if s.stamp == 0 { // wrapped: forget every old stamp
		clear(s.seen[:])
		clear(s.want[:])
		s.stamp = 1
	}
	return s.stamp
}

// mex computes G(n) from G(0..n-1) = s.g. With pre nil it walks every
// split with a rare heap itself; otherwise pre has those of the heaps
// known when it was filled, and mex walks the others.
func (s *sparser) mex(n int, pre *batch) (uint16, error) {
	g := s.g
	stamp := s.nextStamp()
	seen := s.seen
	for _, k := range s.ones {
		if k == n {
			seen[0] = stamp
		}
	}
	for _, k := range s.twos {
		if k < n {
			seen[g.At(n-k)] = stamp
		}
	}
	for _, k := range s.triples {
		m := n - k
		for a := 1; 3*a <= m; a++ {
			for b := a; a+2*b <= m; b++ {
				seen[g.At(a)^g.At(b)^g.At(m-a-b)] = stamp
			}
		}
		if m > 0 {
			s.work += m * m / 12
		}
	}
	// Every split with a rare heap.
	anySplit := false
	lo := s.tu.prefix + 1
	var found []uint8
	for _, k := range s.splits {
		m := n - k
		hi := s.top(m)
		if hi < 1 {
			continue
		}
		anySplit = true
		if pre == nil {
			s.walkRare(m, 0, len(s.rare))
		} else {
			// Rare a with m - a not known, a <= m - known; rare a found
			// since.
			end, _ := slices.BinarySearch(s.rare[:pre.rareLen], heapAt(m-pre.known+1))
			s.walkRare(m, 0, max(end, pre.cut))
			s.walkRare(m, pre.rareLen, len(s.rare))
		}
		// The splits with a heap a < lo: every common value comes from
		// a rare heap, but these find most rare values at once.
		for a := 1; a <= min(hi, lo-1); a++ {
			seen[g.At(a)^g.At(m-a)] = stamp
		}
	}
	if pre != nil {
		found = pre.of(n)
	}
	// Every common value found, and with the empty mask every value: the
	// mex is the smallest common value not found, or a rare one below it
	// not found yet.
	complete := !anySplit || s.mask == 0
	s.targets = s.targets[:0]
	c := 0
	for ; c < 1<<16; c++ {
		if seen[c] == stamp || c < len(found) && found[c] != 0 {
			continue
		}
		if complete || !s.rareTab[c] {
			break
		}
		s.targets = append(s.targets, uint16(c))
	}
	if len(s.targets) > 0 {
		if t, ok := s.scan(n, lo); ok {
			return t, nil
		}
	}
	if c > 0xffff {
		return 0, fmt.Errorf("heap %d: Grundy value %d exceeds 65535", n, c)
	}
	return uint16(c), nil
}

// walkRare marks the splits of m tokens into a rare heap a = rare[i], i <
// j, and m - a.
func (s *sparser) walkRare(m, i, j int) {
	g, seen, stamp := s.g, s.seen, s.stamp
	rare, rareVal := s.rare[:j], s.rareVal[:j]
	// a < m, skipping a = m/2 if Unequal.
	end, _ := slices.BinarySearch(rare, uint32(m))
	if s.gm.Unequal && m%2 == 0 {
		if mid, ok := slices.BinarySearch(rare[:end], uint32(m/2)); ok && mid >= i {
			markSplits(seen, stamp, g, m, rare[i:mid], rareVal[i:mid])
			i = mid + 1
		}
	}
	if i < end {
		markSplits(seen, stamp, g, m, rare[i:end], rareVal[i:end])
	}
	s.work += end
}

// markSplits marks in seen the values of the splits of m <= g.Len()
// tokens into a = as[i] and m - a, given vs[i] = G(a), 0 < a < m.
func markSplits(seen *[1 << 16]uint32, stamp uint32, g *Seq, m int, as []uint32, vs []uint16) {
	vs = vs[:len(as)]
	for len(as) >= 4 {
		seen[vs[0]^g.At(m-int(as[0]))] = stamp
		seen[vs[1]^g.At(m-int(as[1]))] = stamp
		seen[vs[2]^g.At(m-int(as[2]))] = stamp
		seen[vs[3]^g.At(m-int(as[3]))] = stamp
		as, vs = as[4:], vs[4:]
	}
	for i, a := range as {
		seen[vs[i]^g.At(m-int(a))] = stamp
	}
}

// markFound is markSplits for fillRange.
func markFound(found []uint8, g *Seq, m int, as []uint32, vs []uint16) {
	vs = vs[:len(as)]
	for len(as) >= 4 {
		found[vs[0]^g.At(m-int(as[0]))] = 1
		found[vs[1]^g.At(m-int(as[1]))] = 1
		found[vs[2]^g.At(m-int(as[2]))] = 1
		found[vs[3]^g.At(m-int(as[3]))] = 1
		as, vs = as[4:], vs[4:]
	}
	for i, a := range as {
		found[vs[i]^g.At(m-int(a))] = 1
	}
}

// segment is a run of splits a..b-1 of m tokens into a and m-a.
type segment struct{ m, a, b int }

// helper is a heap that once split off a rare value hard to find, with the
// last heap it did so for.
type helper struct {
	a, last uint32
	v       uint16 // G(a)
}

// scan looks among the splits a + (m-a) of heap n, a >= lo, for the rare
// values s.targets (mex has taken the splits with a < lo); it returns the
// smallest one missing, if any. The rare values that many splits give, the
// splits with a < lo have mostly given; the others mostly come from the same
// heaps again and again (the helpers): scan tries the helpers first, those
// used last first, then every split, and each split found that way adds its
// two heaps to the helpers. For Grundy's game around 2^20 this takes about 300 steps a heap
// where a scan of every split would need thousands to find the last rare
// value.
func (s *sparser) scan(n, lo int) (uint16, bool) {
	g, want, stamp := s.g, s.want, s.stamp
	for _, t := range s.targets {
		want[t] = stamp
	}
	left := len(s.targets)
	unequal := s.gm.Unequal
	// The helpers.
	hs := s.helpers
	if len(s.splits) == 1 {
		m := n - s.splits[0]
		for i := range hs {
			h := int(hs[i].a)
			if h >= m {
				continue
			}
			if x := hs[i].v ^ g.At(m-h); want[x] == stamp && !(unequal && 2*h == m) {
				want[x] = 0
				hs[i].last = uint32(n)
				if left--; left == 0 {
					s.work += i
					return 0, false
				}
			}
		}
	} else {
		for i := range hs {
			h := int(hs[i].a)
			for _, k := range s.splits {
				m := n - k
				if h >= m || unequal && 2*h == m {
					continue
				}
				if x := hs[i].v ^ g.At(m-h); want[x] == stamp {
					want[x] = 0
					hs[i].last = uint32(n)
					if left--; left == 0 {
						s.work += i
						return 0, false
					}
				}
			}
		}
	}
	s.work += len(hs)
	// All the other splits: first seqScan of them alone, then the rest, in
	// parallel if long.
	var rest []segment
	total := 0
	budget := s.tu.seqScan
	for _, k := range s.splits {
		m := n - k
		hi := s.top(m)
		a := lo
		if left > 0 && budget > 0 && a <= hi {
			end := min(hi+1, a+budget)
			for ; a < end; a++ {
				if x := g.At(a) ^ g.At(m-a); want[x] == stamp {
					want[x] = 0
					s.addHelper(a, n)
					s.addHelper(m-a, n)
					if left--; left == 0 {
						break
					}
				}
			}
			budget -= a - lo
			s.work += a - lo
		}
		if left > 0 && a <= hi {
			rest = append(rest, segment{m, a, hi + 1})
			total += hi + 1 - a
		}
	}
	if left > 0 && total > 0 {
		s.work += total
		if s.workers > 1 && total >= s.tu.parMin {
			left = s.scanParallel(n, rest, total)
		} else {
		scan:
			for _, sg := range rest {
				for a := sg.a; a < sg.b; a++ {
					if x := g.At(a) ^ g.At(sg.m-a); want[x] == stamp {
						want[x] = 0
						s.addHelper(a, n)
						s.addHelper(sg.m-a, n)
						if left--; left == 0 {
							break scan
						}
					}
				}
			}
		}
	}
	if left == 0 {
		return 0, false
	}
	s.fullScans++
	for _, t := range s.targets {
		if want[t] == stamp {
			return t, true
		}
	}
	panic("heap: sparse scan lost its targets")
}

// top returns the largest a of the splits of m tokens into a and m-a, a <=
// m-a: 0 for none.
func (s *sparser) top(m int) int {
	hi := m / 2
	if s.gm.Unequal && 2*hi == m {
		hi--
	}
	return max(hi, 0)
}

func (s *sparser) addHelper(a, n int) {
	if s.isHelper[a>>6]&(1<<(a&63)) == 0 {
		s.isHelper[a>>6] |= 1 << (a & 63)
		s.helpers = append(s.helpers, helper{a: uint32(a), last: uint32(n), v: s.g.At(a)})
	}
}

// sortHelpers puts the helpers used lately first, keeping the order
// otherwise, and drops those unused for long.
func (s *sparser) sortHelpers(n int) {
	recent := n - s.tu.resort
	old := n - max(n/2, s.tu.helperAge)
	hs := s.helpers
	late := s.late[:0]
	i := 0
	for _, h := range hs {
		switch {
		case int(h.last) >= recent:
			hs[i] = h
			i++
		case int(h.last) >= old:
			late = append(late, h)
		default:
			s.isHelper[h.a>>6] &^= 1 << (h.a & 63)
		}
	}
	s.helpers = append(hs[:i], late...)
	s.late = late
}

// scanParallel scans the segments, total splits in all, with s.workers
// goroutines for the targets still marked in s.want; it clears the marks
// of those found, adds their splits to the helpers and returns how many
// are left.
func (s *sparser) scanParallel(n int, rest []segment, total int) int {
	g, want, stamp := s.g, s.want, s.stamp
	// Index the targets still wanted; found[i] is set by whoever finds
	// target i first, who then writes its split to where[i].
	if s.idx == nil {
		s.idx = new([1 << 16]uint16)
	}
	idx := s.idx
	var wanted []uint16
	for _, t := range s.targets {
		if want[t] == stamp {
			idx[t] = uint16(len(wanted))
			wanted = append(wanted, t)
		}
	}
	found := make([]atomic.Bool, len(wanted))
	where := make([]segment, len(wanted))
	var remaining atomic.Int64
	remaining.Store(int64(len(wanted)))
	var stop atomic.Bool

	// Cut the segments into workers pieces of equal length.
	w := s.workers
	pieces := make([][]segment, w)
	per := (total + w - 1) / w
	p, room := 0, per
	for _, sg := range rest {
		for sg.a < sg.b {
			take := min(room, sg.b-sg.a)
			pieces[p] = append(pieces[p], segment{sg.m, sg.a, sg.a + take})
			sg.a += take
			if room -= take; room == 0 && p < w-1 {
				p, room = p+1, per
			}
		}
	}
	work := func(segs []segment) {
		const chunk = 1 << 12
		for _, sg := range segs {
			for a0 := sg.a; a0 < sg.b; a0 += chunk {
				if stop.Load() {
					return
				}
				for a := a0; a < min(a0+chunk, sg.b); a++ {
					if x := g.At(a) ^ g.At(sg.m-a); want[x] == stamp {
						if i := idx[x]; !found[i].Load() && found[i].CompareAndSwap(false, true) {
							where[i] = segment{m: sg.m, a: a}
							if remaining.Add(-1) == 0 {
								stop.Store(true)
								return
							}
						}
					}
				}
			}
		}
	}
	var wg sync.WaitGroup
	for _, segs := range pieces[1:] {
		if len(segs) > 0 {
			wg.Go(func() { work(segs) })
		}
	}
	work(pieces[0])
	wg.Wait()
	for i, t := range wanted {
		if found[i].Load() {
			want[t] = 0
			s.addHelper(where[i].a, n)
			s.addHelper(where[i].m-where[i].a, n)
		}
	}
	return int(remaining.Load())
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
