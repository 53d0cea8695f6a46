package cgt

import "fmt"

// AtomicWeight returns the atomic weight of the canonical game g as
// CGSuite computes it, and false when g is not atomic.
//
// A game that is not infinitesimal (both stops 0) is not atomic. For
// x + n·↑ + *m the weight is n. Otherwise the naive weight is
// G0 = {aw(g^L) - 2 | aw(g^R) + 2}, the options' naive weights shifted by
// two, unless G0 is an integer: then, with ✦ = *N the far star (N one more
// than the largest nimber among g's followers, at least 1), if g < ✦ the
// weight is 0 when g has no Left option, else the least integer n with
// n ⧐ aw(g^L) - 2 for every g^L; if g > ✦, 0 when g has no Right option,
// else the greatest integer n with n ⧏ aw(g^R) + 2 for every g^R;
// otherwise G0. An all-small game is atomic; another is atomic when
// -ε ≤ g - aw.↑ ≤ ε, aw.↑ the Norton product of the weight by ↑ and
// ε = ↑* + (*P : -1), P the least power of two at least 2 and at least
// the far star (Siegel, "Combinatorial Game Theory", on atomic weights).
// The naive weights, far stars, Norton products and ordinal sums are
// memoised in c.
func (c *Calc) AtomicWeight(g Game) (Game, bool, error) {
	if !c.IsInfinitesimal(g) {
		return 0, false, nil
	}
	aw, err := c.naiveAtomicWeight(g)
	if err != nil {
		return 0, false, err
	}
	if c.IsAllSmall(g) {
		return aw, true, nil
	}
	awUp, err := c.NortonProduct(aw, c.nusNode(NUS{Ups: 1}))
	if err != nil {
		return 0, false, err
	}
	diff, err := c.Sub(g, awUp)
	if err != nil {
		return 0, false, err
	}
	eps, err := c.epsilon(c.farStar(g))
	if err != nil {
		return 0, false, err
	}
	negEps, err := c.Neg(eps)
	if err != nil {
		return 0, false, err
	}
	return aw, c.LE(diff, eps) && c.LE(negEps, diff), nil
}

// epsilon returns ↑* + (*P : -1), P the least power of two that is at
// least 2 and at least the far star fs: the margin within which
// g - aw.↑ must lie for g to be atomic.
func (c *Calc) epsilon(fs uint64) (Game, error) {
	p := uint64(2)
	for p < fs {
		p <<= 1
	}
	starP, err := c.Nimber(int(p))
	if err != nil {
		return 0, err
	}
	kite, err := c.OrdinalSum(starP, c.Integer(-1))
	if err != nil {
		return 0, err
	}
	return c.Add(c.nusNode(NUS{Ups: 1, Nim: 1}), kite)
}

// naiveAtomicWeight is the weight AtomicWeight returns, before the check
// that g is atomic. Memoised.
func (c *Calc) naiveAtomicWeight(g Game) (Game, error) {
	if v, ok := c.NUS(g); ok {
		return c.Integer(v.Ups), nil
	}
	return c.naiveWeightByOptions(g)
}

// naiveWeightByOptions is naiveAtomicWeight from g's options, for a g
// that is not x + n·↑ + *m (whose weight is n by the theorem; the tests
// check that this agrees).
func (c *Calc) naiveWeightByOptions(g Game) (Game, error) {
	return memoized(c.theory().naiveAW, g, func() (Game, error) {
		shifted := func(opts []Game, by int64) ([]Game, error) {
			return c.each(opts, func(o Game) (Game, error) {
				w, err := c.naiveAtomicWeight(o)
				if err != nil {
					return 0, err
				}
				return c.Add(w, c.Integer(by))
			})
		}
		l, err := shifted(c.Left(g), -2)
		if err != nil {
			return 0, err
		}
		r, err := shifted(c.Right(g), 2)
		if err != nil {
			return 0, err
		}
		w, err := c.Make(l, r)
		if err != nil || !c.IsInteger(w) {
			return w, err
		}
		return c.integerWeight(g, w, l, r)
	})
}

// integerWeight is the naive atomic weight of g when G0 = {l | r} is the
// integer g0: compared with the far star, g may call for another integer.
func (c *Calc) integerWeight(g, g0 Game, l, r []Game) (Game, error) {
	star, err := c.Nimber(int(c.farStar(g)))
	if err != nil {
		return 0, err
	}
	le, ge := c.LE(g, star), c.LE(star, g)
	switch {
	case le && !ge: // g < ✦: the least n with n ⧐ each of l
		if len(l) == 0 {
			return Zero, nil
		}
		var best int64
		for i, o := range l {
			n := ceilInt(c.RightStop(o))
			if c.LE(c.Integer(n), o) {
				n++
			}
			if i == 0 || n > best {
				best = n
			}
		}
		return c.Integer(best), nil
	case ge && !le: // g > ✦: the greatest n with n ⧏ each of r
		if len(r) == 0 {
			return Zero, nil
		}
		var best int64
		for i, o := range r {
			n := floorInt(c.LeftStop(o))
			if c.LE(o, c.Integer(n)) {
				n--
			}
			if i == 0 || n < best {
				best = n
			}
		}
		return c.Integer(best), nil
	}
	return g0, nil
}

// farStar returns N of the far star ✦ = *N of g: one more than the largest
// m such that *m is a follower of g (g included), at least 1. Memoised.
func (c *Calc) farStar(g Game) uint64 {
	if c.IsNumber(g) {
		return 1 // its only nimber follower is 0, if any
	}
	if v, ok := c.NUS(g); ok && v.X == (Dyadic{}) && v.Ups == 0 {
		return v.Nim + 1
	}
	t := c.theory()
	if n, ok := t.farStar[g]; ok {
		return n
	}
	n := uint64(1)
	for _, side := range [][]Game{c.Left(g), c.Right(g)} {
		for _, o := range side {
			n = max(n, c.farStar(o))
		}
	}
	t.farStar[g] = n
	return n
}

// NortonProduct returns the Norton product g.u of the canonical game g by
// u (u > 0 as the theory has it): for an integer k, k copies of u (-k
// copies of -u when k < 0); otherwise {g^L.u + u + I | g^R.u - (u + I)}
// for each incentive I of u. Memoised.
func (c *Calc) NortonProduct(g, u Game) (Game, error) {
	if x, ok := c.Number(g); ok && x.IsInteger() {
		return c.copies(x.Num, u)
	}
	return memoized(c.theory().norton, [2]Game{g, u}, func() (Game, error) {
		incs, err := c.Incentives(u)
		if err != nil {
			return 0, err
		}
		plus, err := c.each(incs, func(i Game) (Game, error) { return c.Add(u, i) })
		if err != nil {
			return 0, err
		}
		side := func(opts []Game, left bool) ([]Game, error) {
			var out []Game
			for _, o := range opts {
				p, err := c.NortonProduct(o, u)
				if err != nil {
					return nil, err
				}
				for _, a := range plus {
					if !left {
						if a, err = c.Neg(a); err != nil {
							return nil, err
						}
					}
					s, err := c.Add(p, a)
					if err != nil {
						return nil, err
					}
					out = append(out, s)
				}
			}
			return out, nil
		}
		return c.makeSides(c.Left(g), c.Right(g),
			func(opts []Game) ([]Game, error) { return side(opts, true) },
			func(opts []Game) ([]Game, error) { return side(opts, false) })
	})
}

// copies returns k·u, by doubling (so a large k takes log k sums).
func (c *Calc) copies(k int64, u Game) (Game, error) {
	if k < 0 {
		var err error
		if u, err = c.Neg(u); err != nil {
			return 0, err
		}
		k = -k // k is an integer Dyadic's numerator, never -2^63
	}
	sum, pow := Zero, u
	for ; k > 0; k >>= 1 {
		var err error
		if k&1 == 1 {
			if sum, err = c.Add(sum, pow); err != nil {
				return 0, err
			}
		}
		if k > 1 {
			if pow, err = c.Add(pow, pow); err != nil {
				return 0, err
			}
		}
	}
	return sum, nil
}

// maxOrdinalDepth bounds the birthday of the game on top of an ordinal
// sum, which is made option by option (1823437481924 would take as many
// steps).
const maxOrdinalDepth = 1 << 16

// OrdinalSum returns the ordinal sum g : h of the canonical forms g and h,
// {g^L, g : h^L | g^R, g : h^R}: h played on top of g, where a move in g
// ends the play in h. It depends on g's form, which is its canonical form
// here (as in CGSuite). Memoised.
func (c *Calc) OrdinalSum(g, h Game) (Game, error) {
	if h == Zero {
		return g, nil
	}
	if b := c.Birthday(h); b > maxOrdinalDepth {
		return 0, fmt.Errorf("cgt: an ordinal sum on top of a game born on day %d, over %d", b, maxOrdinalDepth)
	}
	return memoized(c.theory().ordinal, [2]Game{g, h}, func() (Game, error) {
		on := func(o Game) (Game, error) { return c.OrdinalSum(g, o) }
		hl, err := c.each(c.Left(h), on)
		if err != nil {
			return 0, err
		}
		hr, err := c.each(c.Right(h), on)
		if err != nil {
			return 0, err
		}
		return c.Make(append(append([]Game{}, c.Left(g)...), hl...), append(append([]Game{}, c.Right(g)...), hr...))
	})
}
