package misere

import "fmt"

// monoid is a finite commutative monoid given by its multiplication
// table: elements 0..n-1, 0 the identity. The table takes 2 bytes a
// product up to 65,536 elements (mul16), else 4 (mul): at Dawson's
// Kayles' heap 34 the tables of the trials are most of the memory.
type monoid struct {
	n     int
	mul   []int32  // mul[x*n+y] = xy, when n > 65,536
	mul16 []uint16 // the same, when n <= 65,536
}

// maxSmallTable is the largest order whose table takes 2 bytes a product.
const maxSmallTable = 1 << 16

// newMonoid returns a monoid of order n with its table all zero.
func newMonoid(n int) *monoid {
	if n <= maxSmallTable {
		return &monoid{n: n, mul16: make([]uint16, n*n)}
	}
	return &monoid{n: n, mul: make([]int32, n*n)}
}

// monoidOf returns the monoid of order n with the table mul
// (mul[x*n+y] = xy), copied.
func monoidOf(n int, mul []int32) *monoid {
	m := newMonoid(n)
	for i, v := range mul {
		m.set(i/n, i%n, v)
	}
	return m
}

// tableBytes is the memory of the table of a monoid of order n.
func tableBytes(n int64) int64 {
	if n <= maxSmallTable {
		return n * n * 2
	}
	return n * n * 4
}

// trivial is the monoid of one element, the quotient of the empty game.
func trivial() *monoid { return newMonoid(1) }

func (m *monoid) times(x, y int32) int32 {
	if m.mul16 != nil {
		return int32(m.mul16[int(x)*m.n+int(y)])
	}
	return m.mul[int(x)*m.n+int(y)]
}

// set sets the product xy to v.
func (m *monoid) set(x, y int, v int32) {
	if m.mul16 != nil {
		m.mul16[x*m.n+y] = uint16(v)
		return
	}
	m.mul[x*m.n+y] = v
}

// mapRow sets row x of the table to row y mapped by f: xa = f(ya).
func (m *monoid) mapRow(x, y int, f []int32) {
	n := m.n
	if m.mul16 != nil {
		to, from := m.mul16[x*n:(x+1)*n], m.mul16[y*n:(y+1)*n]
		for a, ya := range from {
			to[a] = uint16(f[ya])
		}
		return
	}
	to, from := m.mul[x*n:(x+1)*n], m.mul[y*n:(y+1)*n]
	for a, ya := range from {
		to[a] = f[ya]
	}
}

// table returns the multiplication table, 4 bytes a product.
func (m *monoid) table() []int32 {
	if m.mul16 == nil {
		return m.mul
	}
	out := make([]int32, len(m.mul16))
	for i, v := range m.mul16 {
		out[i] = int32(v)
	}
	return out
}

// index returns the index of x: the least i with x^i = x^j for some j > i.
func (m *monoid) index(x int32) int {
	seen := map[int32]int{}
	p := int32(0)
	for i := 0; ; i++ {
		if j, ok := seen[p]; ok {
			return j
		}
		seen[p] = i
		p = m.times(p, x)
	}
}

// space is the set of elements of a candidate quotient: the product of a
// base monoid (the quotient of the smaller heaps) and one cyclic monoid
// C(t, 2) = <a | a^(t+2) = a^t> for each heap that the candidate treats
// as free. An element is written in mixed radix: its base part, then the
// exponent of each cyclic part.
type space struct {
	base  *monoid
	tops  []int   // t of each cyclic part
	place []int64 // place value of each cyclic part (the base's is 1)
	size  int64
}

// maxSpace bounds the product of a candidate's parts.
const maxSpace = 1 << 40

func newSpace(base *monoid, tops []int) (*space, error) {
	sp := &space{base: base, tops: tops, size: int64(base.n)}
	for _, t := range tops {
		sp.place = append(sp.place, sp.size)
		sp.size *= int64(t + 2)
		if sp.size > maxSpace {
			return nil, fmt.Errorf("a candidate quotient with %d free heaps has over %d elements", len(tops), int64(maxSpace))
		}
	}
	return sp, nil
}

// mul multiplies two elements part by part.
func (sp *space) mul(x, y int64) int64 {
	nb := int64(sp.base.n)
	z := int64(sp.base.times(int32(x%nb), int32(y%nb)))
	x, y = x/nb, y/nb
	for i, t := range sp.tops {
		r := int64(t + 2)
		e := x%r + y%r
		if e >= r {
			e = int64(t) + (e-int64(t))%2
		}
		z += e * sp.place[i]
		x, y = x/r, y/r
	}
	return z
}

// cyclicGen is the generator of cyclic part i.
func (sp *space) cyclicGen(i int) int64 { return sp.place[i] }

// reduce returns the classes of the coarsest congruence of the elements
// elems (closed under multiplication by the generators gens, given as
// tables over elems) that separates P-positions (isP) from the others:
// x ~ y exactly when xz and yz are both in P or both not, for every
// product z of generators. It is Moore's partition refinement; class 0
// is the identity's (elems[0]).
func reduce(n int, gens [][]int32, isP []bool) (class []int32, classes int) {
	class = make([]int32, n)
	for x := range n {
		if isP[x] {
			class[x] = 1
		}
	}
	classes = 0
	sig := make([]int32, 1+len(gens))
	for {
		ids := make(map[string]int32)
		next := make([]int32, n)
		// The identity first, so that it gets class 0.
		for x := range n {
			sig[0] = class[x]
			for i, g := range gens {
				sig[i+1] = class[g[x]]
			}
			k := int32Key(sig)
			id, ok := ids[k]
			if !ok {
				id = int32(len(ids))
				ids[k] = id
			}
			next[x] = id
		}
		class = next
		if len(ids) == classes {
			return class, classes
		}
		classes = len(ids)
	}
}

// int32Key writes a slice of int32 as a map key.
func int32Key(v []int32) string {
	b := make([]byte, 0, 4*len(v))
	for _, x := range v {
		b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	return string(b)
}
