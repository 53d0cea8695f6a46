package misere

import "nimber/heap"

// Periodicity says that the element of heap n+Period is that of heap n
// for every n >= Preperiod, for every heap of the game, and so that the
// quotient holding it is the misère quotient of all the game's sums.
//
// The proof (docs/misere.md): let k be the game's largest removal, r the
// most heaps a move leaves (1 to 3) and Q the quotient of heaps 1..N, with
// e(n) = e(n-p) for n0+p <= n <= N and N+1 >= r·max(n0,1) + r·p + k. Take
// heap m = N+1. Each option of m (heaps summing to m-j, j <= k) has an
// option of m-p with the same element, and back: the largest of its heaps
// is at least (m-j)/r, so it is p more than a heap of at least
// max(n0, 1). Heap m and heap m-p then have the same set of option
// elements, and by induction on X, m+X and (m-p)+X have the same outcome
// for every sum X of heaps up to m (their options have the same elements;
// heap m's copies inside X included). So adding heap m leaves Q as it is,
// with e(m) = e(m-p), and the same holds at m+1, m+2, and so on.
type Periodicity struct {
	Preperiod int `json:"preperiod"`
	Period    int `json:"period"`
	// ProvedAt is the heap N from which the proof holds: the quotient was
	// checked on every sum of heaps 1..ProvedAt.
	ProvedAt int `json:"proved_at"`
}

// periodic returns the proof of periodicity of img, the elements of heaps
// 0..N of a quotient of g, with the smallest period that gives one; ok is
// false when there is none, or g splits heaps into unequal parts only
// (Grundy's game), which breaks the argument.
func periodic(g *heap.Code, img []int32) (Periodicity, bool) {
	if g.Unequal {
		return Periodicity{}, false
	}
	r := 1 // the most heaps a move leaves
	for _, d := range g.Digits {
		switch {
		case d&8 != 0:
			r = 3
		case d&4 != 0:
			r = max(r, 2)
		}
	}
	n, k := len(img)-1, g.MaxRemoval()
	for p := 1; r*(1+p)+k <= n+1; p++ {
		n0 := n - p + 1 // e(i+p) = e(i) for n0 <= i <= n-p
		for n0 > 0 && img[n0-1+p] == img[n0-1] {
			n0--
		}
		if n+1 >= r*max(n0, 1)+r*p+k {
			return Periodicity{Preperiod: n0, Period: p, ProvedAt: n}, true
		}
	}
	return Periodicity{}, false
}

// heapElement returns the element of heap h in q, by the periodicity
// beyond q's heaps; ok is false for a negative heap, and for a heap beyond
// them without one.
func (q *Quotient) heapElement(h int) (int, bool) {
	if h < 0 {
		return 0, false
	}
	if h <= q.Heaps {
		return q.Map[h], true
	}
	if p := q.Periodic; p != nil {
		return q.Map[p.Preperiod+(h-p.Preperiod)%p.Period], true
	}
	return 0, false
}
