package rules

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"nimber/game"
	"nimber/sg"
)

// A worker of Sequence takes heaps a range at a time, sized to take about
// rangeTime, from 1 to maxRange heaps.
const (
	rangeTime = 2 * time.Millisecond
	maxRange  = 4096
)

// headroom is heap that Sequence holds, untouched, while it runs. The
// interpreter allocates fast and keeps little, and with a small live heap
// the garbage collector runs a cycle every few MiB allocated: that costs
// a short sequence about a third of its time (measured on Kayles to 1000),
// which a few MiB of headroom save.
const headroom = 8 << 20

// keepShare is the share of the memory budget up to which Sequence keeps
// the moves it computes in the memo (1/keepShare of it). Beyond, it hands
// the moves of each range of heaps straight to the values and forgets
// them once their values are taken, so that a long sequence (Kayles to
// 20 000 heaps: about 1 GB of moves) runs within the budget; the bound
// rules then compute again the moves of those heaps if they need them.
const keepShare = 4

// Sequence implements game.Sequencer: the nim-sequence G(0..to-1) of the
// int positions. Workers run moves(n) for many n at once, each on a
// Starlark thread of its own, and keep the moves in the memo that the
// bound rules share; the values are then taken in order. Parts that are
// not ints below n are valued by the generic solver.
func (r *Rules) Sequence(ctx context.Context, to int) ([]int, error) {
	if to < 0 {
		return nil, fmt.Errorf("sequence to %d: want a length of 0 or more", to)
	}
	if r.partizan {
		return nil, &Error{File: r.file, Msg: "a partizan game (left and right) has no nim-sequence"}
	}
	if err := game.CheckLimit("sequence", "values", int64(to), MaxSequence); err != nil {
		return nil, err
	}
	r.memo.reserve(to)
	room := make([]byte, headroom)
	defer runtime.KeepAlive(room)
	w := r.newWork(ctx)
	defer w.done()
	s := &sequencer{
		b:        &bound{Rules: r, rn: w.runner()},
		to:       to,
		ready:    make([]atomic.Bool, to),
		progress: make(chan struct{}, 1),
		loose:    make(map[int]*looseRange),
	}
	s.b.rn.hold()
	defer s.b.rn.release()
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for range workers {
		wg.Go(func() { s.work(w.runner(), workers) })
	}
	vals, err := s.values(ctx)
	s.quit.Store(true)
	if err != nil && err != errStopped && ctx.Err() == nil {
		w.fail(err) // first: it stops the workers
	}
	wg.Wait()
	if ferr := w.failure(); ferr != nil {
		return nil, ferr
	}
	return vals, err
}

// sequencer is the state of one Sequence.
type sequencer struct {
	b        *bound // on the thread of the values
	to       int
	next     atomic.Int64  // the first heap no worker has taken
	ready    []atomic.Bool // the moves of heap n are in the memo or a range not kept
	progress chan struct{} // signalled when heaps are ready
	quit     atomic.Bool

	mu         sync.Mutex
	loose      map[int]*looseRange // ranges of moves not kept, by their first heap
	looseBytes int64               // their size
}

// looseRange is the moves of the heaps from..upto-1 that Sequence did not
// keep in the memo: heap n's are batch[ends[n-from-1]:ends[n-from]].
type looseRange struct {
	from, upto int
	batch      []byte
	ends       []int
}

// at returns the moves of heap n of the range.
func (l *looseRange) at(n int) []byte {
	i := n - l.from
	return l.batch[startOf(l.ends, i):l.ends[i]]
}

// work runs moves(n) on rn for ranges of heaps until every heap is taken,
// the work fails or the values are done.
func (s *sequencer) work(rn *runner, workers int) {
	rn.hold()
	defer rn.release()
	memo := rn.w.r.memo
	var (
		looks []look
		encs  [][]byte
		batch []byte
		ends  []int
		size  = 1
	)
	for !s.quit.Load() {
		left := s.to - int(s.next.Load())
		if left <= 0 {
			return
		}
		size = max(1, min(size, left/(2*workers)))
		from := int(s.next.Add(int64(size))) - size
		if from >= s.to {
			return
		}
		upto := min(s.to, from+size)
		start := time.Now()
		looks = memo.claimInts(from, upto, looks)
		batch, ends = batch[:0], ends[:0]
		for i, l := range looks {
			if l.mine() {
				enc, err := rn.run(Pos{n: int64(from + i)})
				if err != nil {
					for j, l := range looks {
						if l.mine() {
							memo.abandon(Pos{n: int64(from + j)})
						}
					}
					return
				}
				batch = append(batch, enc...)
			}
			ends = append(ends, len(batch))
		}
		if memo.size()+int64(len(batch)) <= rn.w.r.opts.MemoryBudget/keepShare {
			encs = encs[:0]
			for i := range looks {
				encs = append(encs, batch[startOf(ends, i):ends[i]])
			}
			if rn.checkSize(Pos{n: int64(upto - 1)}, memo.finishInts(from, looks, encs)) != nil {
				return
			}
		} else {
			if s.keepLoose(rn, &looseRange{from: from, upto: upto, batch: batch, ends: ends}) != nil {
				return
			}
			batch, ends = nil, nil // the values own them now
			for i, l := range looks {
				if l.mine() {
					memo.abandon(Pos{n: int64(from + i)})
				}
			}
		}
		for i, l := range looks {
			if l.wait != nil {
				if _, err := rn.moves(Pos{n: int64(from + i)}); err != nil {
					return
				}
			}
		}
		for n := from; n < upto; n++ {
			s.ready[n].Store(true)
		}
		select {
		case s.progress <- struct{}{}:
		default:
		}
		if took := time.Since(start); took > 0 {
			size = int(min(maxRange, max(1, int64(upto-from)*int64(rangeTime)/int64(took))))
		} else {
			size = maxRange
		}
	}
}

// keepLoose hands the moves of a range to the values without keeping
// them in the memo; it fails the work when the moves in flight and the
// memo pass the memory budget.
func (s *sequencer) keepLoose(rn *runner, l *looseRange) error {
	s.mu.Lock()
	s.loose[l.from] = l
	s.looseBytes += int64(len(l.batch))
	inFlight := s.looseBytes
	s.mu.Unlock()
	return rn.checkSize(Pos{n: int64(l.upto - 1)}, rn.w.r.memo.size()+inFlight)
}

// takeLoose returns the range of moves not kept that starts at heap n,
// and forgets it; nil when there is none.
func (s *sequencer) takeLoose(n int) *looseRange {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.loose[n]
	if l != nil {
		delete(s.loose, n)
		s.looseBytes -= int64(len(l.batch))
	}
	return l
}

// startOf returns where item i of a batch starts, given the ends of the
// items.
func startOf(ends []int, i int) int {
	if i == 0 {
		return 0
	}
	return ends[i-1]
}

// values takes the values G(0..to-1) in order as the workers make the
// heaps ready; it stops when the work fails or ctx is done.
func (s *sequencer) values(ctx context.Context) ([]int, error) {
	b := s.b
	vals := make([]int, 0, s.to)
	solver := sg.NewSolver[Pos, int](b, &seqMemo{vals: &vals, other: make(map[Pos]int)})
	var (
		mex   sg.MexSet
		known [][]byte
		parts []Pos
		cur   *looseRange // the range not kept that holds heap n, if any
	)
	for n := 0; n < s.to; {
		for !s.ready[n].Load() {
			select {
			case <-s.progress:
			case <-b.rn.w.dead:
				return nil, errStopped
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		upto := n + 1
		for upto < s.to && upto < n+maxRange && s.ready[upto].Load() {
			upto++
		}
		known = b.memo.ints(n, upto, known)
		for _, enc := range known {
			if cur == nil || n >= cur.upto {
				// Take a range not kept as the values reach its first
				// heap, also when the bound rules have since put that
				// heap's moves in the memo.
				if l := s.takeLoose(n); l != nil {
					cur = l
				}
			}
			if enc == nil {
				if cur == nil || n < cur.from || n >= cur.upto {
					return nil, fmt.Errorf("sequence: the moves of heap %d are lost", n)
				}
				enc = cur.at(n)
			}
			mex.Reset()
			for len(enc) > 0 {
				var k uint64
				k, enc = uvarint(enc)
				x := 0
				parts = parts[:0]
				for ; k > 0; k-- {
					var q Pos
					q, enc = decodePart(enc)
					if q.id == 0 && q.n >= 0 && q.n < int64(n) {
						x ^= vals[q.n]
					} else {
						parts = append(parts, q)
					}
				}
				v, err := solver.Value(ctx, parts...)
				if err != nil {
					return nil, b.cycleError(err)
				}
				mex.Add(x ^ v)
			}
			if b.rn.w.bad.Load() {
				return nil, errStopped
			}
			vals = append(vals, mex.Mex())
			n++
		}
	}
	return vals, nil
}

// cycleError gives a cycle found by the solver the names of its positions,
// as the game layer does.
func (r *Rules) cycleError(err error) error {
	var ce *sg.CycleError[Pos]
	if !errors.As(err, &ce) {
		return err
	}
	names := make([]string, len(ce.Path))
	for i, p := range ce.Path {
		names[i] = r.text(p)
	}
	return &game.CycleError{Path: names}
}

// seqMemo is the solver's memo of Sequence: the values of the heaps below
// those taken, and a map for the other parts.
type seqMemo struct {
	vals  *[]int
	other map[Pos]int
}

// Lookup implements sg.Memo.
func (m *seqMemo) Lookup(p Pos) (int, bool) {
	if p.id == 0 && p.n >= 0 && p.n < int64(len(*m.vals)) {
		return (*m.vals)[p.n], true
	}
	v, ok := m.other[p]
	return v, ok
}

// Store implements sg.Memo.
func (m *seqMemo) Store(p Pos, v int) { m.other[p] = v }
