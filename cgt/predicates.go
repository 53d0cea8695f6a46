package cgt

// IsNumber reports whether the canonical game g is a number.
func (c *Calc) IsNumber(g Game) bool {
	_, ok := c.Number(g)
	return ok
}

// IsInteger reports whether the canonical game g is an integer.
func (c *Calc) IsInteger(g Game) bool {
	x, ok := c.Number(g)
	return ok && x.IsInteger()
}

// IsNimber reports whether the canonical game g is a nimber *m (0
// included).
func (c *Calc) IsNimber(g Game) bool {
	v, ok := c.NUS(g)
	return ok && v.X == (Dyadic{}) && v.Ups == 0
}

// IsNumberUpStar reports whether the canonical game g is x + n·↑ + *m for
// a number x, an integer n and a nimber *m (numbers and nimbers
// included).
func (c *Calc) IsNumberUpStar(g Game) bool {
	_, ok := c.NUS(g)
	return ok
}

// IsInfinitesimal reports whether g is infinitesimal as CGSuite defines
// it: both its stops are 0 (so 0 itself is).
func (c *Calc) IsInfinitesimal(g Game) bool {
	return c.LeftStop(g) == (Dyadic{}) && c.RightStop(g) == (Dyadic{})
}

// IsAllSmall reports whether g is all-small as CGSuite decides it on the
// canonical form: a number-up-star is all-small when its number part is
// 0, any other game when all its options are. (An all-small game is one
// in which, in every follower, Left can move exactly when Right can.)
// Memoised.
func (c *Calc) IsAllSmall(g Game) bool {
	if v, ok := c.NUS(g); ok {
		return v.X == (Dyadic{})
	}
	t := c.theory()
	if v, ok := t.allSmall[g]; ok {
		return v
	}
	v := c.allOptions(g, c.IsAllSmall)
	t.allSmall[g] = v
	return v
}

// IsSwitch reports whether g is a switch: g = -g, and g is not a
// number-up-star (so ±1 = {1 | -1} is one, and * is not). The error is
// that of negating g (ErrLimit).
func (c *Calc) IsSwitch(g Game) (bool, error) {
	if c.IsNumberUpStar(g) {
		return false, nil
	}
	n, err := c.Neg(g)
	if err != nil {
		return false, err
	}
	return n == g, nil
}

// allOptions reports whether f holds of every option of g.
func (c *Calc) allOptions(g Game, f func(Game) bool) bool {
	for _, side := range [][]Game{c.Left(g), c.Right(g)} {
		for _, o := range side {
			if !f(o) {
				return false
			}
		}
	}
	return true
}
