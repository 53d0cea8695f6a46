package cgt

// facts are what the Calc has found of a canonical game.
type facts struct {
	birthday int64 // -1: not yet
	thermo   *thermo
	// uptimal memoises Calc.uptimal: known, and the form when g is one.
	uptimalKnown, isUptimal bool
	uptimal                 uptimalForm
	// sorted holds the Left and Right options in printOrder (sortedOptions).
	sorted [2][]Game
	// textBound memoises NotationBound (0: not yet).
	textBound int64
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
func (c *Calc) Number(g Game) (Dyadic, bool) {
	nd := &c.nodes[g]
	return nd.v.X, nd.nus && nd.v.isNumber()
}

// numberForm reports whether {l | r}, with canonical options, no dominated
// and no reversible one, is the canonical form of a number, and which:
// 0 = { | }, n+1 = {n | } and -n-1 = { | -n} for integers n >= 0, and
// {a | b} for the simplest number between the numbers a < b.
func (c *Calc) numberForm(l, r []Game) (Dyadic, bool) {
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
	return Dyadic{}, len(l) == 0 && len(r) == 0
}

// NumberGame returns the number x.
func (c *Calc) NumberGame(x Dyadic) Game { return c.numberNode(x) }

// LeftStop returns the left stop of the canonical game g: where play
// ends, Left moving first and both playing until a number is reached, as
// Left sees it: g's value if g is a number, else the largest right stop
// of its Left options.
func (c *Calc) LeftStop(g Game) Dyadic { return c.stop(g, true) }

// RightStop is LeftStop with the players exchanged: g's value if a
// number, else the least left stop of its Right options.
func (c *Calc) RightStop(g Game) Dyadic { return c.stop(g, false) }

func (c *Calc) stop(g Game, left bool) Dyadic {
	nd := &c.nodes[g]
	if nd.nus {
		return nd.v.X
	}
	if !nd.stopped {
		// A canonical game that is not a number has options on both
		// sides.
		best := func(opts []Game, left bool) Dyadic {
			b := c.stop(opts[0], !left)
			for _, o := range opts[1:] {
				s := c.stop(o, !left)
				if left && s.Cmp(b) > 0 || !left && s.Cmp(b) < 0 {
					b = s
				}
			}
			return b
		}
		ls, rs := best(c.Left(g), true), best(c.Right(g), false)
		nd = &c.nodes[g] // the recursion may have grown c.nodes
		nd.ls, nd.rs, nd.stopped = ls, rs, true
	}
	if left {
		return nd.ls
	}
	return nd.rs
}

// Birthday returns the birthday of the canonical game g: 0 for 0, else
// one more than the largest birthday of its options; for a number-up-star
// by formula (nusBirthday, numberBirthday).
func (c *Calc) Birthday(g Game) int64 {
	if nd := c.nodes[g]; nd.nus {
		return nusBirthday(nd.v)
	}
	f := c.factsOf(g)
	if f.birthday >= 0 {
		return f.birthday
	}
	b := int64(0)
	for _, side := range [][]Game{c.Left(g), c.Right(g)} {
		for _, o := range side {
			b = max(b, c.Birthday(o)+1)
		}
	}
	f.birthday = b
	return b
}

// numberBirthday returns the birthday of the number x = n + m/2^k (n its
// integer part, toward zero; 0 < m/2^k < 1, m odd): |n| + 1 + k, and |n|
// for an integer.
func numberBirthday(x Dyadic) int64 {
	if x.Num < 0 {
		x.Num = -x.Num // a Dyadic's numerator is never -2^63
	}
	n := x.Num >> x.Exp
	if x.Exp == 0 {
		return n
	}
	return n + 1 + int64(x.Exp)
}
