package cgt

import (
	"errors"
	"fmt"
	"slices"
)

// NUS is a number-up-star: the game X + Ups·↑ + *Nim (↑ = {0 | ∗}, a
// negative Ups being downs). A Calc holds these by value, as CGSuite
// does, so ∗1000 + ↑500 costs no more than ∗: their sums, negatives and
// comparisons with each other are formulas, and their options are made
// only when a game of another kind needs them.
type NUS struct {
	X   Dyadic
	Ups int64
	Nim uint64
}

// The bounds on a number-up-star's parts. Its canonical options are made
// on demand and a nimber ∗m has m of them, so the nimber part is bounded
// by what a sum with another game can expand (∗m's followers have about
// m²/2 options in all); the ups by the depth of the chain ↑n = {0 | ↑(n-1)∗}.
const (
	MaxNim = 1<<10 - 1
	MaxUps = 1 << 16
)

// errNUSRange is the error of a number-up-star past the bounds.
var errNUSRange = errors.New("cgt: a nimber or a multiple of up past the bounds")

// check returns an error when v is past the bounds.
func (v NUS) check() error {
	if v.Nim > MaxNim || v.Ups > MaxUps || v.Ups < -MaxUps {
		return fmt.Errorf("%w: ups %d (at most %d either way), nimber %d (at most %d)", errNUSRange, v.Ups, MaxUps, v.Nim, MaxNim)
	}
	return nil
}

func (v NUS) isNumber() bool { return v.Ups == 0 && v.Nim == 0 }

// NUS reports whether g is a number-up-star, and which.
func (c *Calc) NUS(g Game) (NUS, bool) {
	nd := &c.nodes[g]
	return nd.v, nd.nus
}

// Uptimal returns x + ups·↑ + *nim.
func (c *Calc) Uptimal(v NUS) (Game, error) {
	if err := v.check(); err != nil {
		return 0, err
	}
	return c.nusNode(v), nil
}

// nusNode returns the node of v, within the bounds.
func (c *Calc) nusNode(v NUS) Game {
	if g, ok := c.nuses[v]; ok {
		return g
	}
	g := Game(len(c.nodes))
	c.nodes = append(c.nodes, node{nus: true, v: v, canonical: true})
	c.nuses[v] = g
	return g
}

// expandNUS makes the canonical options of x + n·↑ + *m: for n = 0, x + *k
// for each k < m on both sides (numbers as numbers); for n > 0, x on the
// left and x + (n-1)·↑ + *(m xor 1) on the right, except ↑* = {0, * | 0};
// for n < 0 the negatives of these.
func (c *Calc) expandNUS(v NUS) (l, r []Game) {
	x := NUS{X: v.X}
	switch {
	case v.isNumber():
		return c.numberOptions(v.X)
	case v.Ups == 0:
		for k := range v.Nim {
			l = append(l, c.nusNode(NUS{X: v.X, Nim: k}))
		}
		return l, l
	case v.Ups == 1 && v.Nim == 1:
		return []Game{c.nusNode(x), c.nusNode(NUS{X: v.X, Nim: 1})}, []Game{c.nusNode(x)}
	case v.Ups == -1 && v.Nim == 1:
		return []Game{c.nusNode(x)}, []Game{c.nusNode(x), c.nusNode(NUS{X: v.X, Nim: 1})}
	case v.Ups > 0:
		return []Game{c.nusNode(x)}, []Game{c.nusNode(NUS{X: v.X, Ups: v.Ups - 1, Nim: v.Nim ^ 1})}
	}
	return []Game{c.nusNode(NUS{X: v.X, Ups: v.Ups + 1, Nim: v.Nim ^ 1})}, []Game{c.nusNode(x)}
}

// numberOptions returns the canonical options of the number x: n-1 on the
// left of a positive integer n, n+1 on the right of a negative one, and
// (m-1)/2^k and (m+1)/2^k around m/2^k.
func (c *Calc) numberOptions(x Dyadic) (l, r []Game) {
	switch {
	case x.Exp > 0:
		l = []Game{c.numberNode(norm(x.Num-1, uint(x.Exp)))}
		r = []Game{c.numberNode(norm(x.Num+1, uint(x.Exp)))}
	case x.Num > 0:
		l = []Game{c.numberNode(Int(x.Num - 1))}
	case x.Num < 0:
		r = []Game{c.numberNode(Int(x.Num + 1))}
	}
	return l, r
}

// nusForm reports whether {l | r}, canonical and not a number, is the
// canonical form of a number-up-star, and which: the shapes expandNUS
// makes, read back. Make calls it so that every number-up-star is held
// by value, however it was made.
func (c *Calc) nusForm(l, r []Game) (NUS, bool) {
	switch {
	case len(l) > 0 && slices.Equal(l, r):
		seen := make([]bool, len(l))
		var x Dyadic
		for i, g := range l {
			v, ok := c.NUS(g)
			if !ok || v.Ups != 0 || v.Nim >= uint64(len(l)) || seen[v.Nim] || i > 0 && v.X != x {
				return NUS{}, false
			}
			x, seen[v.Nim] = v.X, true
		}
		return NUS{X: x, Nim: uint64(len(l))}, true
	case len(l) == 1 && len(r) == 1:
		a, okA := c.NUS(l[0])
		b, okB := c.NUS(r[0])
		if !okA || !okB || a.X != b.X {
			return NUS{}, false
		}
		switch {
		case a.isNumber() && b.Ups >= 0 && !b.isNumber():
			return NUS{X: a.X, Ups: b.Ups + 1, Nim: b.Nim ^ 1}, true
		case b.isNumber() && a.Ups <= 0 && !a.isNumber():
			return NUS{X: a.X, Ups: a.Ups - 1, Nim: a.Nim ^ 1}, true
		}
		return NUS{}, false
	case len(l) == 2 && len(r) == 1 || len(l) == 1 && len(r) == 2:
		one, two, ups := r, l, int64(1)
		if len(r) == 2 {
			one, two, ups = l, r, -1
		}
		x, ok := c.NUS(one[0])
		if !ok || !x.isNumber() {
			return NUS{}, false
		}
		a, okA := c.NUS(two[0])
		b, okB := c.NUS(two[1])
		star := NUS{X: x.X, Nim: 1}
		if okA && okB && (a == x && b == star || a == star && b == x) {
			return NUS{X: x.X, Ups: ups, Nim: 1}, true
		}
	}
	return NUS{}, false
}

// nusGE0 reports whether x + n·↑ + *m ≥ 0: x > 0, or x = 0 and the
// infinitesimal part is 0, n·↑ with n ≥ 1 and any nimber but ↑*, or n ≥ 2.
func nusGE0(x Dyadic, n int64, m uint64) bool {
	switch s := x.Cmp(Dyadic{}); {
	case s != 0:
		return s > 0
	case n == 0:
		return m == 0
	case n == 1:
		return m != 1
	}
	return n >= 2
}

// nusLE reports whether a ≤ b, as 0 ≤ b - a.
func nusLE(a, b NUS) bool {
	if s := a.X.Cmp(b.X); s != 0 {
		return s < 0
	}
	return nusGE0(Dyadic{}, b.Ups-a.Ups, a.Nim^b.Nim)
}

// nusBirthday returns the birthday of x + n·↑ + *m: x's, plus m when
// n = 0, else |n| - 1 plus that of ↑ + *m' (m' = m when |n| is odd, else
// m xor 1), which is 2 for ↑* and 1 + (m' xor 1) otherwise.
func nusBirthday(v NUS) int64 {
	b := numberBirthday(v.X)
	n := v.Ups
	if n < 0 {
		n = -n
	}
	if n == 0 {
		return b + int64(v.Nim)
	}
	m := v.Nim
	if n%2 == 0 {
		m ^= 1
	}
	if m == 1 {
		return b + n - 1 + 2
	}
	return b + n - 1 + 1 + int64(m^1)
}
