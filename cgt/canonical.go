package cgt

// LE reports whether g ≤ h: Left, moving second, does at least as well in
// g as in h. By definition (Conway): g ≤ h unless some Left option g^L
// has h ≤ g^L, or some Right option h^R has h^R ≤ g. Memoised, with the
// short cuts CGSuite takes: number-up-stars compared by formula, and, for
// canonical forms, the stops (g < h when h's right stop is above g's left
// stop; not g ≤ h when a stop of h is below g's) and number avoidance (a
// number's own options need not be tried against a game that is not one).
func (c *Calc) LE(g, h Game) bool {
	if g == h {
		return true
	}
	a, b := &c.nodes[g], &c.nodes[h]
	if a.nus && b.nus {
		return nusLE(a.v, b.v)
	}
	c.steps++
	if a.canonical && b.canonical {
		// The stops, held in the nodes, decide many pairs before the memo.
		lg, rh := c.LeftStop(g), c.RightStop(h)
		if rh.Cmp(lg) > 0 {
			return true
		}
		if c.LeftStop(h).Cmp(lg) < 0 || rh.Cmp(c.RightStop(g)) < 0 {
			return false
		}
	}
	k := uint64(g)<<32 | uint64(h)
	if v, ok := c.le[k]; ok {
		return v
	}
	v := c.le1(g, h)
	c.le[k] = v
	return v
}

func (c *Calc) le1(g, h Game) bool {
	a, b := &c.nodes[g], &c.nodes[h]
	// A number's options are skipped against a canonical game that is not
	// a number (both numbers were compared above).
	if !(a.nus && a.v.isNumber() && b.canonical) {
		for _, gl := range c.Left(g) {
			if c.LE(h, gl) {
				return false
			}
		}
	}
	if !(b.nus && b.v.isNumber() && a.canonical) {
		for _, hr := range c.Right(h) {
			if c.LE(hr, g) {
				return false
			}
		}
	}
	return true
}

// Equal reports whether g = h as games. For games in canonical form (all
// that Make, Add and Neg return) it is g == h.
func (c *Calc) Equal(g, h Game) bool { return g == h || c.LE(g, h) && c.LE(h, g) }

// Fuzzy reports whether g and h are incomparable (g || h).
func (c *Calc) Fuzzy(g, h Game) bool { return !c.LE(g, h) && !c.LE(h, g) }

// Make returns the canonical form of the game {l | r}, whose options
// must be games of c in canonical form: dominated options removed (a Left
// option no greater than another, a Right option no less than another)
// and reversible ones bypassed (a Left option g^L with a Right option
// g^LR ≤ G is replaced by the Left options of g^LR, and symmetrically),
// until neither applies; the result is unique (Conway; Siegel, CGT ch.
// II), so equal games are the same Game.
func (c *Calc) Make(l, r []Game) (Game, error) { return c.make(l, r, false) }

// make is Make; undominated says that no option of l or r dominates
// another of its side, so that the first pass need not look.
func (c *Calc) make(l, r []Game, undominated bool) (Game, error) {
	l, r = sortedSet(l), sortedSet(r)
	var met []Game // the forms met on the way, all equal to the result
	for {
		if !undominated {
			l = c.undominated(l, true)
			r = c.undominated(r, false)
		}
		undominated = false
		g, err := c.intern(l, r)
		if err != nil {
			return 0, err
		}
		if cg, ok := c.canon[g]; ok {
			for _, m := range met {
				c.canon[m] = cg
			}
			return cg, nil
		}
		met = append(met, g)
		nl, changedL := c.bypass(g, l, true)
		nr, changedR := c.bypass(g, r, false)
		changed := changedL || changedR
		if !changed {
			// A number-up-star is held as its value, never as options.
			if x, ok := c.numberForm(l, r); ok {
				g = c.numberNode(x)
			} else if v, ok := c.nusForm(l, r); ok {
				if err := v.check(); err != nil {
					return 0, err
				}
				g = c.nusNode(v)
			}
			for _, m := range met {
				c.canon[m] = g
			}
			c.nodes[g].canonical = true
			return g, nil
		}
		l, r = sortedSet(nl), sortedSet(nr)
	}
}

// bypass returns the options opts of g (Left's when left) with each
// reversible one replaced: a Left option a with a Right option a^R <= g
// by the Left options of a^R, a Right option b with a Left option
// b^L >= g by the Right options of b^L; and whether any was.
func (c *Calc) bypass(g Game, opts []Game, left bool) ([]Game, bool) {
	var out []Game
	changed := false
	for _, a := range opts {
		through, beyond := c.Right, c.Left
		if !left {
			through, beyond = c.Left, c.Right
		}
		bypassed := false
		for _, x := range through(a) {
			if left && c.LE(x, g) || !left && c.LE(g, x) {
				out = append(out, beyond(x)...)
				bypassed, changed = true, true
				break
			}
		}
		if !bypassed {
			out = append(out, a)
		}
	}
	return out, changed
}

// undominated returns the options of gs that no other dominates: for Left
// (left true) those not ≤ another, for Right those not ≥ another. gs is
// sorted and distinct, and its games are canonical, so equal ones are
// already one.
func (c *Calc) undominated(gs []Game, left bool) []Game {
	var out []Game
	for i, a := range gs {
		dominated := false
		for j, b := range gs {
			if i == j {
				continue
			}
			if left && c.LE(a, b) || !left && c.LE(b, a) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, a)
		}
	}
	return out
}

// undominatedAcross returns the games of a and b (each a side's options
// none of which dominates another of its own list) that no game of the
// other list dominates: for Left (left true) those not ≤ one of the other
// list, for Right those not ≥ one; a game in both lists is kept once.
func (c *Calc) undominatedAcross(a, b []Game, left bool) []Game {
	dominated := func(x Game, others []Game) bool {
		for _, y := range others {
			if x != y && (left && c.LE(x, y) || !left && c.LE(y, x)) {
				return true
			}
		}
		return false
	}
	var out []Game
	for _, x := range a {
		if !dominated(x, b) {
			out = append(out, x)
		}
	}
	for _, x := range b {
		if !dominated(x, a) {
			out = append(out, x)
		}
	}
	return out
}

// Neg returns -g: Left's and Right's options exchanged and negated.
func (c *Calc) Neg(g Game) (Game, error) {
	if n, ok := c.neg[g]; ok {
		return n, nil
	}
	if nd := c.nodes[g]; nd.nus {
		x, err := nd.v.X.Neg()
		if err != nil {
			return 0, err
		}
		return c.nusNode(NUS{X: x, Ups: -nd.v.Ups, Nim: nd.v.Nim}), nil
	}
	negs := func(opts []Game) ([]Game, error) { return c.each(opts, c.Neg) }
	n, err := c.makeSides(c.Right(g), c.Left(g), negs, negs)
	if err != nil {
		return 0, err
	}
	c.neg[g], c.neg[n] = n, g
	return n, nil
}

// Add returns the canonical form of the disjunctive sum g + h: a move is a
// move in one of the two, {g^L + h, g + h^L | g^R + h, g + h^R}. Memoised
// (both orders at once).
func (c *Calc) Add(g, h Game) (Game, error) {
	switch {
	case g == Zero:
		return h, nil
	case h == Zero:
		return g, nil
	}
	if g > h {
		g, h = h, g
	}
	gn, hn := c.nodes[g], c.nodes[h]
	if gn.nus && hn.nus {
		x, err := gn.v.X.Add(hn.v.X)
		if err != nil {
			return 0, err
		}
		return c.Uptimal(NUS{X: x, Ups: gn.v.Ups + hn.v.Ups, Nim: gn.v.Nim ^ hn.v.Nim})
	}
	k := uint64(g)<<32 | uint64(h)
	if s, ok := c.add[k]; ok {
		return s, nil
	}
	// The options of a side of g + h are those of g plus h and g plus
	// those of h; as g's options are canonical, no two of the first kind
	// dominate each other (x ≤ y exactly when x + h ≤ y + h), nor two of
	// the second, so only pairs of one of each are compared.
	var l, r []Game
	var err error
	if gnum, hnum := gn.nus && gn.v.isNumber(), hn.nus && hn.v.isNumber(); gnum || hnum {
		// Number translation: for x a number and G not one, G + x =
		// {G^L + x | G^R + x}, with no move in x (which would take as
		// many steps as x is large).
		x, G := g, h
		if hnum {
			x, G = h, g
		}
		plus := func(o Game) (Game, error) { return c.Add(o, x) }
		if l, err = c.each(c.Left(G), plus); err == nil {
			r, err = c.each(c.Right(G), plus)
		}
	} else {
		side := func(gs, hs []Game, left bool) ([]Game, error) {
			a, err := c.each(gs, func(o Game) (Game, error) { return c.Add(o, h) })
			if err != nil {
				return nil, err
			}
			b, err := c.each(hs, func(o Game) (Game, error) { return c.Add(g, o) })
			if err != nil {
				return nil, err
			}
			return c.undominatedAcross(a, b, left), nil
		}
		if l, err = side(c.Left(g), c.Left(h), true); err == nil {
			r, err = side(c.Right(g), c.Right(h), false)
		}
	}
	if err != nil {
		return 0, err
	}
	s, err := c.make(l, r, true)
	if err != nil {
		return 0, err
	}
	c.add[k] = s
	return s, nil
}

// Sub returns the canonical form of g - h.
func (c *Calc) Sub(g, h Game) (Game, error) {
	n, err := c.Neg(h)
	if err != nil {
		return 0, err
	}
	return c.Add(g, n)
}

// each returns f of each game of gs.
func (c *Calc) each(gs []Game, f func(Game) (Game, error)) ([]Game, error) {
	out := make([]Game, 0, len(gs))
	for _, g := range gs {
		x, err := f(g)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// makeSides returns the game {left(ls) | right(rs)}: what a game's
// options become under a map, for Left's and for Right's.
func (c *Calc) makeSides(ls, rs []Game, left, right func([]Game) ([]Game, error)) (Game, error) {
	l, err := left(ls)
	if err != nil {
		return 0, err
	}
	r, err := right(rs)
	if err != nil {
		return 0, err
	}
	return c.Make(l, r)
}

// Outcome is the outcome class of a game: who wins with perfect play.
type Outcome int

// The four outcome classes.
const (
	P Outcome = iota // the second player wins (g = 0)
	L                // Left wins whoever starts (g > 0)
	R                // Right wins whoever starts (g < 0)
	N                // the first player wins (g || 0)
)

func (o Outcome) String() string { return [...]string{"P", "L", "R", "N"}[o] }

// OutcomeOf returns the outcome class of g, by comparing it with 0.
func (c *Calc) OutcomeOf(g Game) Outcome {
	ge, le := c.LE(Zero, g), c.LE(g, Zero)
	switch {
	case ge && le:
		return P
	case ge:
		return L
	case le:
		return R
	}
	return N
}
