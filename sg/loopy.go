package sg

import (
	"context"
	"fmt"
	"math"
	"slices"
)

// Infinite is the value Loopy.Value returns for a position whose
// generalised Sprague–Grundy value is ∞(K).
const Infinite = -1

// unlabelled marks a position not yet valued while Generalize runs.
const unlabelled = -2

// Loopy holds the generalised Sprague–Grundy function of a finite game
// graph whose play may return to earlier positions (Smith 1966,
// Fraenkel–Yesha 1986). Every position p has a value γ(p): a finite Grundy
// value, or ∞(K) where K is the set of the finite values among p's options.
// Finite values come with a counter c(p), the order in which the labelling
// found them: whenever an option q of p has γ(q) > γ(p) (∞ included), q has
// an option r with γ(r) = γ(p) and c(r) < c(p). The counter is what lets the
// winner make progress instead of going round a cycle.
//
// A sum of positions (one token on each of several graphs, moving one per
// turn) is valued by Smith's theorem: the nim-sum of its parts' values when
// they are all finite, ∞(K ⊕ s) when exactly one is ∞(K) and the others have
// nim-sum s, and ∞(∅) when two or more are infinite. The player to move
// wins (N) a finite non-zero value and an ∞(K) with 0 in K, loses (P) the
// value 0, and the game is drawn (D) otherwise.
//
// A graph without cycles gets exactly its ordinary Grundy values.
type Loopy struct {
	start   []int32 // the options of p are opts[start[p]:start[p+1]], each once
	opts    []int32
	value   []int32 // the finite value, or Infinite
	counter []int32 // the counter of a finite value; 0 for an infinite one
}

// LoopyBytes estimates the memory Generalize takes for a graph of n
// positions and options options in all (before repeats are removed).
func LoopyBytes(n, options int64) int64 {
	// Per position: start, rstart, value, counter, live, queue (int32
	// each) and a node (16 bytes); per option: opts and its reverse (int32
	// each).
	return 40*(n+1) + 8*options
}

// Generalize computes the generalised Sprague–Grundy function of a finite
// game graph: positions 0..n-1, where options(p, yield) calls yield for
// every option of p (repeats and p itself allowed; it must yield the same
// options each time it is called). It calls options twice per position:
// once to count them, then, when LoopyBytes of the count is within
// maxBytes (no limit when maxBytes <= 0), to keep them. An option out of
// 0..n-1 is an error, and so is a graph over the limit, before its memory
// is allocated.
//
// It is Fraenkel and Yesha's labelling, stage by stage: at stage m it
// labels m, one at a time, every unlabelled position that has no option
// labelled m and all of whose unlabelled or infinite options have an option
// labelled m; then every unlabelled position with no option labelled m is
// ∞. With counters kept per position the stages together take
// O((positions + options) · stages) time, stages being one more than the
// largest finite value, and O(positions + options) memory, without
// recursion. It returns ctx's error once cancelled.
func Generalize(ctx context.Context, n int, options func(p int, yield func(q int)), maxBytes int64) (*Loopy, error) {
	if n < 0 || n >= math.MaxInt32 {
		return nil, fmt.Errorf("sg: %d positions, want 0..%d", n, math.MaxInt32-1)
	}
	var (
		p     int
		total int64
		bad   error
	)
	count := func(q int) {
		if q < 0 || q >= n {
			if bad == nil {
				bad = fmt.Errorf("sg: position %d has option %d, out of range 0..%d", p, q, n-1)
			}
			return
		}
		total++
	}
	for p = range n {
		if p&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if options(p, count); bad != nil {
			return nil, bad
		}
	}
	if total >= math.MaxInt32 {
		return nil, fmt.Errorf("sg: %d options in all, more than %d", total, math.MaxInt32-1)
	}
	if need := LoopyBytes(int64(n), total); maxBytes > 0 && need > maxBytes {
		return nil, fmt.Errorf("sg: a graph of %d positions and %d options needs about %s, over the limit of %s", n, total, sizeText(need), sizeText(maxBytes))
	}

	l := &Loopy{
		start:   make([]int32, n+1),
		opts:    make([]int32, 0, total),
		value:   make([]int32, n),
		counter: make([]int32, n),
	}
	keep := func(q int) {
		if q < 0 || q >= n || len(l.opts) == cap(l.opts) {
			if bad == nil {
				bad = fmt.Errorf("sg: position %d yields option %d the second time, not the first: options must yield the same each time", p, q)
			}
			return
		}
		l.opts = append(l.opts, int32(q))
	}
	for p = range n {
		if p&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		from := len(l.opts)
		if options(p, keep); bad != nil {
			return nil, bad
		}
		l.opts = l.opts[:from+l.dropRepeats(p, l.opts[from:])]
		l.start[p+1] = int32(len(l.opts))
	}
	if err := l.label(ctx); err != nil {
		return nil, err
	}
	return l, nil
}

// dropRepeats moves the first of each option of p in opts to the front and
// returns how many there are: by comparing with those kept when p has a
// few options, else with value as a stamp (value[q] == p+1 once q is
// kept), which costs a miss in memory per option.
func (l *Loopy) dropRepeats(p int, opts []int32) int {
	kept := 0
	if len(opts) <= 16 {
		for _, q := range opts {
			if !slices.Contains(opts[:kept], q) {
				opts[kept] = q
				kept++
			}
		}
		return kept
	}
	for _, q := range opts {
		if l.value[q] != int32(p+1) {
			l.value[q] = int32(p + 1)
			opts[kept] = q
			kept++
		}
	}
	return kept
}

// node is what the labelling keeps of a position, together so that a visit
// costs one cache line: the graph's random order makes every visit a miss.
type node struct {
	// value is the finite value, Infinite, or unlabelled.
	value int32
	// mark == m+1 when the position has an option labelled m at stage m.
	mark int32
	// cnt, during a stage, counts the options of an unlabelled position
	// that were not labelled with a finite value when the stage began and
	// have no option labelled m yet: the position is labelled m when it
	// reaches 0 while the position is unmarked.
	cnt int32
	// nf counts the options not labelled with a finite value.
	nf int32
}

// sizeText writes a number of bytes in MiB, or in bytes under 1 MiB.
func sizeText(b int64) string {
	if b < 1<<20 {
		return fmt.Sprintf("%d bytes", b)
	}
	return fmt.Sprintf("%d MiB", b>>20)
}

// label runs the stages of the labelling over the graph in l.start and
// l.opts, filling l.value and l.counter.
func (l *Loopy) label(ctx context.Context) error {
	n := len(l.value)
	// The reverse graph: the positions having q as an option are
	// rev[rstart[q]:rstart[q+1]]. Counted in rstart[q+2] and summed, so
	// that rstart[q+1] is where q's list begins; filled by moving
	// rstart[q+1] along it, which leaves it where q's list ends: one
	// visit of one array per option.
	rstart := make([]int32, n+2)
	for _, q := range l.opts {
		rstart[q+2]++
	}
	for q := 2; q <= n; q++ {
		rstart[q] += rstart[q-1]
	}
	rev := make([]int32, len(l.opts))
	for p := range n {
		for _, q := range l.opts[l.start[p]:l.start[p+1]] {
			rev[rstart[q+1]] = int32(p)
			rstart[q+1]++
		}
	}
	rstart = rstart[:n+1]
	nodes := make([]node, n)
	for p := range nodes {
		nodes[p] = node{value: unlabelled, nf: l.start[p+1] - l.start[p]}
	}
	// live lists the unlabelled positions; queue the positions newly marked
	// at this stage that are not labelled with a finite value.
	live := make([]int32, n)
	for p := range live {
		live[p] = int32(p)
	}
	queue := make([]int32, 0, n)
	var next int32 // the next counter
	steps := 0
	for m := int32(0); len(live) > 0; m++ {
		stamp := m + 1
		labelM := func(w int32) {
			nodes[w].value = m
			l.counter[w] = next
			next++
			for _, v := range rev[rstart[w]:rstart[w+1]] {
				nv := &nodes[v]
				nv.nf--
				if nv.mark != stamp {
					nv.mark = stamp
					if nv.value < 0 {
						queue = append(queue, v)
					}
				}
			}
		}
		drain := func() error {
			for len(queue) > 0 {
				v := queue[len(queue)-1]
				queue = queue[:len(queue)-1]
				if steps++; steps&0xffff == 0 {
					if err := ctx.Err(); err != nil {
						return err
					}
				}
				for _, u := range rev[rstart[v]:rstart[v+1]] {
					nu := &nodes[u]
					if nu.value != unlabelled || nu.mark == stamp {
						continue
					}
					if nu.cnt--; nu.cnt == 0 {
						labelM(u)
					}
				}
			}
			return nil
		}
		for _, u := range live {
			nodes[u].cnt = nodes[u].nf
		}
		for i, u := range live {
			if i&0xffff == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			if nu := &nodes[u]; nu.value == unlabelled && nu.cnt == 0 && nu.mark != stamp {
				labelM(u)
				if err := drain(); err != nil {
					return err
				}
			}
		}
		kept := live[:0]
		for _, u := range live {
			switch nu := &nodes[u]; {
			case nu.value != unlabelled:
			case nu.mark != stamp:
				nu.value = Infinite
			default:
				kept = append(kept, u)
			}
		}
		live = kept
	}
	for p := range nodes {
		l.value[p] = nodes[p].value
	}
	return nil
}

// Len returns the number of positions.
func (l *Loopy) Len() int { return len(l.value) }

// Value returns the finite generalised Sprague–Grundy value of p, or
// Infinite when it is ∞(K) (K from Followers).
func (l *Loopy) Value(p int) int { return int(l.value[p]) }

// Counter returns the counter of a position with a finite value (0 for an
// infinite one): the order in which the labelling valued it.
func (l *Loopy) Counter(p int) int { return int(l.counter[p]) }

// Options returns the options of p, each once, in the order first given.
// The slice is l's own: it must not be modified.
func (l *Loopy) Options(p int) []int32 { return l.opts[l.start[p]:l.start[p+1]] }

// Followers returns K, the finite values among p's options, sorted and
// without repeats: for an infinite position, its value ∞(K).
func (l *Loopy) Followers(p int) []int {
	k := []int{}
	for _, q := range l.Options(p) {
		if v := l.value[q]; v >= 0 {
			k = append(k, int(v))
		}
	}
	slices.Sort(k)
	return slices.Compact(k)
}

// hasFollower reports whether p has an option of finite value x.
func (l *Loopy) hasFollower(p int, x int32) bool {
	for _, q := range l.Options(p) {
		if l.value[q] == x {
			return true
		}
	}
	return false
}

// sumValue is the value of a sum by Smith's theorem: the nim-sum of its
// finite parts, the number of its infinite parts and the indices of the
// first two of them.
type sumValue struct {
	nim  int32
	infs int
	at   [2]int
}

func (l *Loopy) sum(parts []int) sumValue {
	s := sumValue{at: [2]int{-1, -1}}
	for i, p := range parts {
		if v := l.value[p]; v >= 0 {
			s.nim ^= v
			continue
		}
		if s.infs < 2 {
			s.at[s.infs] = i
		}
		s.infs++
	}
	return s
}

// outcomeOf returns the outcome of a sum whose finite parts have nim-sum
// nim, with infs infinite parts, inf being one of them when infs is 1.
func (l *Loopy) outcomeOf(nim int32, infs, inf int) Outcome {
	switch {
	case infs == 0 && nim == 0:
		return P
	case infs == 0:
		return N
	case infs == 1 && l.hasFollower(inf, nim):
		return N
	}
	return D
}

// Outcome returns the outcome of the sum of the positions parts (one
// token on each, a move moving one of them along an option): N, P or D, by
// Smith's theorem from the parts' values alone. Each part must be a
// position of l.
func (l *Loopy) Outcome(parts []int) Outcome {
	s := l.sum(parts)
	inf := -1
	if s.infs == 1 {
		inf = parts[s.at[0]]
	}
	return l.outcomeOf(s.nim, s.infs, inf)
}

// SumMove is a move of a sum: the token of part Part moves to position To.
type SumMove struct {
	Part, To int
}

// moves calls yield with every move of the sum and the outcome it leaves
// for the opponent, until yield returns false.
func (l *Loopy) moves(parts []int, yield func(m SumMove, o Outcome) bool) {
	s := l.sum(parts)
	for i, p := range parts {
		// The rest of the sum: every part but i.
		nim, infs, inf := s.nim, s.infs, -1
		if v := l.value[p]; v >= 0 {
			nim ^= v
		} else {
			infs--
		}
		if infs == 1 {
			inf = parts[s.at[0]]
			if s.at[0] == i {
				inf = parts[s.at[1]]
			}
		}
		for _, q := range l.Options(p) {
			var o Outcome
			if v := l.value[q]; v >= 0 {
				o = l.outcomeOf(nim^v, infs, inf)
			} else if infs == 0 {
				o = l.outcomeOf(nim, 1, int(q))
			} else {
				o = D
			}
			if !yield(SumMove{Part: i, To: int(q)}, o) {
				return
			}
		}
	}
}

// WinningMove returns a move of the sum to a position the opponent loses
// (P), when the sum is N; ok is false otherwise. Of the winning moves it
// returns one that makes progress: the finite values of the sum left,
// added up, are as small as they can be, and then their counters. Playing
// WinningMove at every turn wins against any defence, in a finite number
// of moves.
func (l *Loopy) WinningMove(parts []int) (m SumMove, ok bool) {
	var bestValue, bestCounter int64
	l.moves(parts, func(mv SumMove, o Outcome) bool {
		if o != P {
			return true
		}
		// Only the moved part changes; an infinite part moved from is the
		// only one, so all winning moves leave the same other parts.
		from := parts[mv.Part]
		dv := int64(l.value[mv.To]) - int64(max(l.value[from], 0))
		dc := int64(l.counter[mv.To]) - int64(l.counter[from])
		if !ok || dv < bestValue || dv == bestValue && dc < bestCounter {
			m, ok, bestValue, bestCounter = mv, true, dv, dc
		}
		return true
	})
	return m, ok
}

// DrawingMove returns a move of the sum that keeps the draw (to a position
// whose outcome is D), when the sum is D; ok is false otherwise.
func (l *Loopy) DrawingMove(parts []int) (m SumMove, ok bool) {
	if l.Outcome(parts) != D {
		return SumMove{}, false
	}
	l.moves(parts, func(mv SumMove, o Outcome) bool {
		if o == D {
			m, ok = mv, true
			return false
		}
		return true
	})
	return m, ok
}
