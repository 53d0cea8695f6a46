package misere

import (
	"context"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
)

// monomial is a product of generators: the exponent of each.
type monomial []int

func (m monomial) degree() int {
	d := 0
	for _, e := range m {
		d += e
	}
	return d
}

// less is the graded lexicographic order with a > b > c ...: lower degree
// first, then the larger exponent of the first generator where they
// differ (as in a dictionary: a^2, ab, ac, b^2, bc, c^2).
func (m monomial) less(o monomial) bool {
	if dm, do := m.degree(), o.degree(); dm != do {
		return dm < do
	}
	for i := range m {
		if m[i] != o[i] {
			return m[i] > o[i]
		}
	}
	return false
}

func (m monomial) divides(o monomial) bool {
	for i := range m {
		if m[i] > o[i] {
			return false
		}
	}
	return true
}

// key writes m as a map key: its exponents as varints.
func (m monomial) key() string {
	b := make([]byte, 0, len(m)+4)
	for _, e := range m {
		b = binary.AppendUvarint(b, uint64(e))
	}
	return string(b)
}

// genName names generator i: a, b, ..., z, then g27, g28, ...
func genName(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return "g" + strconv.Itoa(i+1)
}

// name writes a monomial: "1", "a", "ab^2".
func (m monomial) name() string {
	var b strings.Builder
	for i, e := range m {
		if e == 0 {
			continue
		}
		b.WriteString(genName(i))
		if e > 1 {
			b.WriteString("^" + strconv.Itoa(e))
		}
	}
	if b.Len() == 0 {
		return "1"
	}
	return b.String()
}

// present writes a verified quotient: its generators (the heaps whose
// element is not a product of smaller heaps' elements), each element's
// normal form (its least product of generators in the graded
// lexicographic order), the relations (each least product that is not a
// normal form, set equal to its element's normal form; those that follow
// from the others by rewriting are dropped), the elements renumbered in
// the order of their normal forms.
func present(ctx context.Context, st *stage, growth []int, moving []int) (*Quotient, error) {
	m := st.m
	// Generators.
	var genHeaps []int
	var genElem []int32
	inSub := make([]bool, m.n)
	inSub[0] = true
	closure := []int32{0}
	for _, h := range moving {
		e := st.img[h]
		if inSub[e] {
			continue
		}
		genHeaps = append(genHeaps, h)
		genElem = append(genElem, e)
		for i := 0; i < len(closure); i++ {
			for _, g := range genElem {
				y := m.times(closure[i], g)
				if !inSub[y] {
					inSub[y] = true
					closure = append(closure, y)
				}
			}
		}
	}
	k := len(genElem)
	// Normal forms, degree by degree, and the relations.
	nf := make([]monomial, m.n)
	nf[0] = make(monomial, k)
	level := []monomial{nf[0]}
	elemOf := map[string]int32{nf[0].key(): 0}
	isNF := map[string]bool{nf[0].key(): true}
	var rels [][2]monomial
	for len(level) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var cands []monomial
		seen := map[string]bool{}
		for _, mono := range level {
			x := elemOf[mono.key()]
			for g := range k {
				c := slices.Clone(mono)
				c[g]++
				if seen[c.key()] {
					continue
				}
				seen[c.key()] = true
				elemOf[c.key()] = m.times(x, genElem[g])
				cands = append(cands, c)
			}
		}
		slices.SortFunc(cands, func(a, b monomial) int {
			switch {
			case a.less(b):
				return -1
			case b.less(a):
				return 1
			}
			return 0
		})
		var next []monomial
		for _, c := range cands {
			x := elemOf[c.key()]
			if nf[x] == nil {
				nf[x] = c
				isNF[c.key()] = true
				next = append(next, c)
				continue
			}
			// c is a least product that is not a normal form when no
			// relation's left side divides it: when every divisor of c by
			// one generator is a normal form (a divisor of a product that
			// is not a normal form is not one either).
			minimal := true
			for g := range c {
				if c[g] == 0 {
					continue
				}
				c[g]--
				minimal = isNF[c.key()]
				c[g]++
				if !minimal {
					break
				}
			}
			if minimal {
				rels = append(rels, [2]monomial{c, nf[x]})
			}
		}
		level = next
	}
	rels, err := prune(ctx, rels)
	if err != nil {
		return nil, err
	}
	// Renumber the elements in the order of their normal forms.
	order := make([]int32, m.n)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		switch {
		case nf[a].less(nf[b]):
			return -1
		case nf[b].less(nf[a]):
			return 1
		}
		return 0
	})
	id := make([]int, m.n)
	for i, x := range order {
		id[x] = i
	}
	q := &Quotient{Heaps: len(st.img) - 1, Order: m.n, Growth: growth}
	for _, x := range order {
		q.Elements = append(q.Elements, nf[x].name())
		q.P = append(q.P, st.isP[x])
		row := make([]int, m.n)
		for _, y := range order {
			row[id[y]] = id[m.times(x, y)]
		}
		q.Table = append(q.Table, row)
	}
	for i, h := range genHeaps {
		q.Generators = append(q.Generators, Generator{Name: genName(i), Heap: h})
	}
	for _, r := range rels {
		q.Relations = append(q.Relations, Relation{Left: r[0].name(), Right: r[1].name()})
	}
	for _, e := range st.img {
		q.Map = append(q.Map, id[e])
	}
	return q, nil
}

// prune drops the relations that follow from the others. A relation
// follows when its right side is reached from its left side by applying
// the other relations, either way round, through products of degree at
// most the left side's plus the largest relation's (a bounded search:
// what it finds is a derivation, so dropping is safe; what it misses is
// kept). The searches share a budget of work (pruneWork rule tests), so a
// quotient with very many relations keeps some that follow from others
// rather than taking minutes to drop them.
func prune(ctx context.Context, rels [][2]monomial) ([][2]monomial, error) {
	keep := make([]bool, len(rels))
	for i := range keep {
		keep[i] = true
	}
	maxDeg := 0
	for _, r := range rels {
		maxDeg = max(maxDeg, r[0].degree())
	}
	supports := make([][2]uint64, len(rels))
	for i, r := range rels {
		supports[i] = [2]uint64{r[0].support(), r[1].support()}
	}
	work := pruneWork
	for i := len(rels) - 1; i >= 0 && work > 0; i-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		keep[i] = false
		if !derives(rels[i][0], rels[i][1], rels, supports, keep, rels[i][0].degree()+maxDeg, &work) {
			keep[i] = true
		}
	}
	var out [][2]monomial
	for i, r := range rels {
		if keep[i] {
			out = append(out, r)
		}
	}
	return out, nil
}

// derivesLimit bounds the products one derivation search visits, and
// pruneWork the rule tests of all the searches of a presentation.
const (
	derivesLimit = 5000
	pruneWork    = 300_000_000
)

// derives reports whether from can be turned into to by applying the rules
// rules[j] with use[j] (each side for the other; supports[j] are the
// sides' supports) through products of
// degree at most maxDeg; each rule tested costs one unit of *work, and a
// search out of work reports false.
func derives(from, to monomial, rules [][2]monomial, supports [][2]uint64, use []bool, maxDeg int, work *int) bool {
	// Products are remembered by a hash: a collision can only hide a
	// product, so the search finds less, never a derivation that is not
	// one (the goal is compared exactly).
	seen := map[uint64]bool{from.hash(): true}
	queue := []monomial{from}
	for len(queue) > 0 && len(seen) < derivesLimit && *work > 0 {
		m := queue[0]
		queue = queue[1:]
		if slices.Equal(m, to) {
			return true
		}
		deg, support := m.degree(), m.support()
		*work -= len(rules)
		for j, r := range rules {
			if !use[j] {
				continue
			}
			for side := range 2 {
				l, rr := r[side], r[1-side]
				if supports[j][side]&^support != 0 || !l.divides(m) || deg+rr.degree()-l.degree() > maxDeg {
					continue
				}
				n := slices.Clone(m)
				for g := range n {
					n[g] += rr[g] - l[g]
				}
				k := n.hash()
				if seen[k] {
					continue
				}
				seen[k] = true
				queue = append(queue, n)
			}
		}
	}
	return false
}

// support returns the generators of m as bits (generator i as bit i mod
// 64: a filter, exact below 64 generators).
func (m monomial) support() uint64 {
	var b uint64
	for i, e := range m {
		if e > 0 {
			b |= 1 << (uint(i) & 63)
		}
	}
	return b
}

// hash mixes the exponents of m into 64 bits.
func (m monomial) hash() uint64 {
	h := uint64(14695981039346656037)
	for _, e := range m {
		h ^= uint64(e)
		h *= 1099511628211
		h ^= h >> 31
	}
	return h
}
