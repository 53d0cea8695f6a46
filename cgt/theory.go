package cgt

import "fmt"

// facts are what the Calc has found of a canonical game.
type facts struct {
	numberKnown, isNumber bool
	value                 Dyadic
	stops                 [2]*Dyadic // left, right
	birthday              int        // -1: not yet
}

func (c *Calc) factsOf(g Game) *facts {
	f := c.facts[g]
	if f == nil {
		f = &facts{birthday: -1}
		c.facts[g] = f
	}
	return f
}

// Number reports whether the canonical game g is a number, and which.
// The canonical forms of numbers are 0 = { | }, n+1 = {n | } and
// -n-1 = { | -n} for integers n >= 0, and {a | b} for the simplest number
// between the numbers a < b otherwise.
func (c *Calc) Number(g Game) (Dyadic, bool) {
	f := c.factsOf(g)
	if !f.numberKnown {
		f.value, f.isNumber = c.number(g)
		f.numberKnown = true
	}
	return f.value, f.isNumber
}

func (c *Calc) number(g Game) (Dyadic, bool) {
	if g == Zero {
		return Dyadic{}, true
	}
	l, r := c.nodes[g].l, c.nodes[g].r
	if len(l) > 1 || len(r) > 1 {
		return Dyadic{}, false
	}
	var a, b Dyadic
	var okA, okB bool
	if len(l) == 1 {
		if a, okA = c.Number(l[0]); !okA {
			return Dyadic{}, false
		}
	}
	if len(r) == 1 {
		if b, okB = c.Number(r[0]); !okB {
			return Dyadic{}, false
		}
	}
	switch {
	case okA && okB:
		if a.Cmp(b) >= 0 {
			return Dyadic{}, false
		}
		x, err := simplest(a, b)
		return x, err == nil
	case okA:
		if !a.IsInteger() || a.Num < 0 {
			return Dyadic{}, false
		}
		x, err := a.Add(Int(1))
		return x, err == nil
	case okB:
		if !b.IsInteger() || b.Num > 0 {
			return Dyadic{}, false
		}
		x, err := b.Add(Int(-1))
		return x, err == nil
	}
	return Dyadic{}, false
}

// NumberGame returns the canonical form of the number x. Its birthday,
// and the size of its form in this slice, grow with |x| and with x's
// denominator, so |x| is bounded by maxSimpleInteger.
func (c *Calc) NumberGame(x Dyadic) (Game, error) {
	if x.IsInteger() {
		if x.Num > maxSimpleInteger || x.Num < -maxSimpleInteger {
			return 0, fmt.Errorf("cgt: integer %s beyond ±%d in this slice", x, maxSimpleInteger)
		}
		return c.Integer(int(x.Num))
	}
	// m/2^k with m odd: {(m-1)/2^k | (m+1)/2^k}.
	lo, hi := norm(x.Num-1, uint(x.Exp)), norm(x.Num+1, uint(x.Exp))
	a, err := c.NumberGame(lo)
	if err != nil {
		return 0, err
	}
	b, err := c.NumberGame(hi)
	if err != nil {
		return 0, err
	}
	return c.Make([]Game{a}, []Game{b})
}

// LeftStop returns the left stop of the canonical game g: where play
// ends, Left moving first and both playing until a number is reached, as
// Left sees it: g's value if g is a number, else the largest right stop
// of its Left options.
func (c *Calc) LeftStop(g Game) Dyadic { return c.stop(g, true) }

// RightStop is LeftStop with the players exchanged: g's value if a
// number, else the least left stop of its Right options.
func (c *Calc) RightStop(g Game) Dyadic { return c.stop(g, false) }

func (c *Calc) stop(g Game, left bool) Dyadic {
	if x, ok := c.Number(g); ok {
		return x
	}
	side := 1
	if left {
		side = 0
	}
	f := c.factsOf(g)
	if s := f.stops[side]; s != nil {
		return *s
	}
	opts := c.nodes[g].r
	if left {
		opts = c.nodes[g].l
	}
	// A canonical game that is not a number has options on both sides.
	best := c.stop(opts[0], !left)
	for _, o := range opts[1:] {
		s := c.stop(o, !left)
		if left && s.Cmp(best) > 0 || !left && s.Cmp(best) < 0 {
			best = s
		}
	}
	f.stops[side] = &best
	return best
}

// Birthday returns the birthday of the canonical game g: 0 for 0, else
// one more than the largest birthday of its options.
func (c *Calc) Birthday(g Game) int {
	f := c.factsOf(g)
	if f.birthday >= 0 {
		return f.birthday
	}
	b := 0
	for _, side := range [][]Game{c.nodes[g].l, c.nodes[g].r} {
		for _, o := range side {
			b = max(b, c.Birthday(o)+1)
		}
	}
	f.birthday = b
	return b
}
