package heap

// The mex of one heap in the sparse engine: the splits with a rare heap,
// then the scans that stop as soon as the missing rare values turn up, in
// parallel where it pays.

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
)

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
