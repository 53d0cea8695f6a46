package cgt

// ReducedCanonical returns the reduced canonical form of g, the simplest
// game that differs from g by an infinitesimal (Calistrate; Grossman and
// Siegel): for x + n·↑ + *m its number x; otherwise g heated by *, with
// every follower x* (x a number) then replaced by x (CGSuite's star
// projection). Memoised.
func (c *Calc) ReducedCanonical(g Game) (Game, error) {
	if v, ok := c.NUS(g); ok {
		return c.NumberGame(v.X), nil
	}
	h, err := c.Heat(g, c.nusNode(NUS{Nim: 1}))
	if err != nil {
		return 0, err
	}
	return c.starProjection(h)
}

// Heat returns g heated by t, ∫^t g: g itself when g is a number, else
// {∫^t g^L + t | ∫^t g^R - t}. Memoised.
func (c *Calc) Heat(g, t Game) (Game, error) {
	if c.IsNumber(g) {
		return g, nil
	}
	return memoized(c.theory().heat, [2]Game{g, t}, func() (Game, error) {
		nt, err := c.Neg(t)
		if err != nil {
			return 0, err
		}
		side := func(opts []Game, by Game) ([]Game, error) {
			return c.each(opts, func(o Game) (Game, error) {
				h, err := c.Heat(o, t)
				if err != nil {
					return 0, err
				}
				return c.Add(h, by)
			})
		}
		return c.makeSides(c.Left(g), c.Right(g),
			func(opts []Game) ([]Game, error) { return side(opts, t) },
			func(opts []Game) ([]Game, error) { return side(opts, nt) })
	})
}

// starProjection returns g with every follower x* (x a number) replaced by
// x, rebuilt in canonical form. Memoised.
func (c *Calc) starProjection(g Game) (Game, error) {
	if c.IsNumber(g) {
		return g, nil
	}
	if v, ok := c.NUS(g); ok && v.Ups == 0 && v.Nim == 1 {
		return c.NumberGame(v.X), nil
	}
	return memoized(c.theory().starProj, g, func() (Game, error) {
		projs := func(opts []Game) ([]Game, error) { return c.each(opts, c.starProjection) }
		return c.makeSides(c.Left(g), c.Right(g), projs, projs)
	})
}
