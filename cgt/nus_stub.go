package cgt

// TEMPORARY (issue 21, theory part): the lead replaces this file at merge
// with the compact number-up-star nodes, same type and signature. Until
// then NUS is found slowly, from the stops and by subtracting ups.

// NUS is a number-up-star x + n·↑ + *m: a number X, Ups copies of ↑ (of
// ↓ when negative) and the nimber *Nim.
type NUS struct {
	X   Dyadic
	Ups int64
	Nim uint64
}

// NUS reports whether the canonical game g is a number-up-star
// X + Ups·↑ + *Nim, and which.
func (c *Calc) NUS(g Game) (NUS, bool) {
	t := c.theory()
	if e, ok := t.nus[g]; ok {
		return e.v, e.ok
	}
	v, ok := c.findNUS(g)
	t.nus[g] = nusEntry{v, ok}
	return v, ok
}

func (c *Calc) findNUS(g Game) (NUS, bool) {
	if x, ok := c.Number(g); ok {
		return NUS{X: x}, true
	}
	x := c.LeftStop(g)
	if x != c.RightStop(g) {
		return NUS{}, false
	}
	nx, err := x.Neg()
	if err != nil {
		return NUS{}, false
	}
	d, err := c.Add(g, c.NumberGame(nx))
	if err != nil {
		return NUS{}, false
	}
	up, err1 := c.Ups(1, false)
	down, err2 := c.Ups(1, true)
	if err1 != nil || err2 != nil {
		return NUS{}, false
	}
	// d - n·↑ for n = 0, 1, -1, 2, -2, ...: a nimber when d = n·↑ + *m;
	// |n| is at most the birthday of d.
	pos, neg := d, d
	for n := int64(0); n <= min(c.Birthday(d), maxByOptions); n++ {
		if m, ok := c.stubNimber(pos); ok {
			return NUS{X: x, Ups: n, Nim: uint64(m)}, true
		}
		if m, ok := c.stubNimber(neg); ok {
			return NUS{X: x, Ups: -n, Nim: uint64(m)}, true
		}
		if pos, err = c.Add(pos, down); err != nil {
			return NUS{}, false
		}
		if neg, err = c.Add(neg, up); err != nil {
			return NUS{}, false
		}
	}
	return NUS{}, false
}

// stubNimber reports whether g is *m, its options on both sides exactly
// *0 .. *(m-1); memoised (print.go's nimber is not, and takes 2^m steps).
func (c *Calc) stubNimber(g Game) (int, bool) {
	if g == Zero {
		return 0, true
	}
	t := c.theory()
	if m, ok := t.nimbers[g]; ok {
		return m, m >= 0
	}
	m := len(c.Left(g))
	l, r := c.Left(g), c.Right(g)
	if len(l) != len(r) {
		m = -1
	}
	seen := make([]bool, len(l))
	for i := 0; m >= 0 && i < len(l); i++ {
		a, ok := c.stubNimber(l[i])
		if !ok || a >= len(l) || seen[a] || l[i] != r[i] {
			m = -1
			break
		}
		seen[a] = true
	}
	t.nimbers[g] = m
	return m, m >= 0
}
