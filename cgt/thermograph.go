package cgt

import "errors"

// Thermograph is the thermograph of a game: its left and right walls as
// functions of the temperature t >= -1 (each a list of segments), which
// meet at the temperature and go on up as one vertical mast at the mean.
type Thermograph struct {
	Left, Right Wall
	Mean        Dyadic
	Temperature Dyadic
}

// Wall is one Wall of a thermograph, or a scaffold: a piecewise-linear
// function of the temperature t >= -1 with dyadic breakpoints, segment i
// starting at temperature At[i] with value Value[i] and going on with
// slope Slope[i] (-1, 0 or 1: the value changes by Slope for each unit of
// temperature) until At[i+1], the last one for ever.
type Wall struct {
	At, Value []Dyadic
	Slope     []int
}

var errThermo = errors.New("cgt: a thermograph beyond 64-bit dyadics")

var minusOne = Int(-1)

// constant is the Wall of value x for every t.
func constant(x Dyadic) Wall {
	return Wall{At: []Dyadic{minusOne}, Value: []Dyadic{x}, Slope: []int{0}}
}

// at returns the value of w at t.
func (w Wall) at(t Dyadic) (Dyadic, error) {
	i := 0
	for i+1 < len(w.At) && w.At[i+1].Cmp(t) <= 0 {
		i++
	}
	return lineAt(w.Value[i], w.At[i], w.Slope[i], t)
}

// sub returns a - b.
func sub(a, b Dyadic) (Dyadic, error) {
	nb, err := b.Neg()
	if err != nil {
		return Dyadic{}, err
	}
	return a.Add(nb)
}

// lineAt is v + s·(t - t0).
func lineAt(v, t0 Dyadic, s int, t Dyadic) (Dyadic, error) {
	if s == 0 {
		return v, nil
	}
	d, err := sub(t, t0)
	if err != nil {
		return Dyadic{}, err
	}
	if s < 0 {
		if d, err = d.Neg(); err != nil {
			return Dyadic{}, err
		}
	}
	return v.Add(d)
}

// tilt returns w + s·t (s = ±1), the scaffold of an option's Wall.
func (w Wall) tilt(s int) (Wall, error) {
	out := Wall{At: w.At, Slope: make([]int, len(w.Slope))}
	for i := range w.At {
		st := w.At[i]
		if s < 0 {
			var err error
			if st, err = st.Neg(); err != nil {
				return Wall{}, err
			}
		}
		v, err := w.Value[i].Add(st)
		if err != nil {
			return Wall{}, err
		}
		out.Value = append(out.Value, v)
		out.Slope[i] = w.Slope[i] + s
	}
	return out, nil
}

// breaks returns the breakpoints of both walls, sorted, distinct.
func breaks(a, b Wall) []Dyadic {
	var out []Dyadic
	i, j := 0, 0
	for i < len(a.At) || j < len(b.At) {
		var x Dyadic
		switch {
		case j >= len(b.At) || i < len(a.At) && a.At[i].Cmp(b.At[j]) < 0:
			x = a.At[i]
			i++
		case i >= len(a.At) || b.At[j].Cmp(a.At[i]) < 0:
			x = b.At[j]
			j++
		default:
			x = a.At[i]
			i++
			j++
		}
		out = append(out, x)
	}
	return out
}

// slopeAt returns the slope of w just after t.
func (w Wall) slopeAt(t Dyadic) int {
	i := 0
	for i+1 < len(w.At) && w.At[i+1].Cmp(t) <= 0 {
		i++
	}
	return w.Slope[i]
}

// combine returns the pointwise maximum (max true) or minimum of a and b.
func combine(a, b Wall, max bool) (Wall, error) {
	var out Wall
	push := func(t, v Dyadic, s int) {
		if n := len(out.At); n > 0 && out.Slope[n-1] == s {
			if w, err := lineAt(out.Value[n-1], out.At[n-1], s, t); err == nil && w == v {
				return // the same line goes on
			}
		}
		out.At, out.Value, out.Slope = append(out.At, t), append(out.Value, v), append(out.Slope, s)
	}
	bs := breaks(a, b)
	for k, t := range bs {
		va, vb, err := atBoth(a, b, t)
		if err != nil {
			return Wall{}, err
		}
		sa, sb := a.slopeAt(t), b.slopeAt(t)
		// Which is on top at t and just after.
		first := va.Cmp(vb)
		aOnTop := first > 0 || first == 0 && sa > sb
		if !max {
			aOnTop = first < 0 || first == 0 && sa < sb
		}
		if aOnTop {
			push(t, va, sa)
		} else {
			push(t, vb, sb)
		}
		// A crossing inside the interval (t, next).
		if first == 0 || sa == sb {
			continue
		}
		x, after, err := crossing(t, va, vb, sa, sb)
		if err != nil {
			return Wall{}, err
		}
		if !after || k+1 < len(bs) && x.Cmp(bs[k+1]) >= 0 {
			continue
		}
		v, err := lineAt(va, t, sa, x)
		if err != nil {
			return Wall{}, err
		}
		if aOnTop {
			push(x, v, sb)
		} else {
			push(x, v, sa)
		}
	}
	return out, nil
}

// atBoth returns the values of a and b at t.
func atBoth(a, b Wall, t Dyadic) (va, vb Dyadic, err error) {
	if va, err = a.at(t); err == nil {
		vb, err = b.at(t)
	}
	return va, vb, err
}

// crossing returns x = t + d where the lines va + sa·d and vb + sb·d
// (sa != sb) cross, and whether they cross after t (d > 0).
func crossing(t, va, vb Dyadic, sa, sb int) (Dyadic, bool, error) {
	// va + sa·d = vb + sb·d  =>  d = (vb - va) / (sa - sb).
	diff, err := sub(vb, va)
	if err != nil {
		return Dyadic{}, false, err
	}
	d, err := divSmall(diff, sa-sb)
	if err != nil || d.Num <= 0 {
		return Dyadic{}, false, err
	}
	x, err := t.Add(d)
	return x, err == nil, err
}

// divSmall returns d / k for k in ±1, ±2.
func divSmall(d Dyadic, k int) (Dyadic, error) {
	if k < 0 {
		var err error
		if d, err = d.Neg(); err != nil {
			return Dyadic{}, err
		}
		k = -k
	}
	if k == 2 {
		if d.Num == 0 {
			return d, nil
		}
		if d.Exp >= MaxDyadicExp {
			return Dyadic{}, errThermo
		}
		return norm(d.Num, uint(d.Exp)+1), nil
	}
	return d, nil
}

// Thermograph returns the thermograph of the canonical game g, for
// t >= -1, as CGSuite computes it. An integer n has the mast at n from
// t = -1 (its temperature, as CGSuite gives it, is -1). Any other game,
// a number m/2^k too, has walls its options give: the left scaffold is
// the largest right Wall of a Left option less t, the right scaffold the
// least left Wall of a Right option plus t; the walls follow them up to
// the temperature, the least t at which they meet, and go on as the mast
// at the mean from there (m/2^k: from t = -1/2^k, below which its walls
// part as those of {m/2^k - 1/2^k | m/2^k + 1/2^k} do). Where the
// scaffolds have met at t = -1 already the mast stands from there at the
// value between them nearest 0. Below t = 0 the walls are CGSuite's: the
// walls of a number's own options, not its mast, reach the positions
// that move to it.
func (c *Calc) Thermograph(g Game) (Thermograph, error) {
	l, r, mean, temp, err := c.walls(g)
	if err != nil {
		return Thermograph{}, err
	}
	return Thermograph{Left: l, Right: r, Mean: mean, Temperature: temp}, nil
}

// Mean returns the mean value of g.
func (c *Calc) Mean(g Game) (Dyadic, error) {
	_, _, m, _, err := c.walls(g)
	return m, err
}

// Temperature returns the temperature of g.
func (c *Calc) Temperature(g Game) (Dyadic, error) {
	_, _, _, t, err := c.walls(g)
	return t, err
}

func (c *Calc) walls(g Game) (left, right Wall, mean, temp Dyadic, err error) {
	x, number := c.Number(g)
	if number && x.Exp == 0 {
		return constant(x), constant(x), x, minusOne, nil
	}
	if v, ok := c.NUS(g); ok && !number {
		// x + n·↑ + *m has the thermograph of x + * when n = 0 or it is
		// x ± ↑*, else that of x + ↑ or x + ↓ (as CGSuite computes it, so
		// that ↑500 needs no walk down its chain).
		basic := NUS{X: v.X, Nim: 1}
		if v.Ups != 0 && !(v.Nim == 1 && (v.Ups == 1 || v.Ups == -1)) {
			basic = NUS{X: v.X, Ups: 1, Nim: 0}
			if v.Ups < 0 {
				basic.Ups = -1
			}
		}
		if basic != v {
			return c.walls(c.nusNode(basic))
		}
	}
	f := c.factsOf(g)
	if f.thermo != nil {
		th := f.thermo
		return th.l, th.r, th.mean, th.temp, nil
	}
	ls, err := c.scaffold(c.Left(g), true)
	if err != nil {
		return Wall{}, Wall{}, Dyadic{}, Dyadic{}, err
	}
	rs, err := c.scaffold(c.Right(g), false)
	if err != nil {
		return Wall{}, Wall{}, Dyadic{}, Dyadic{}, err
	}
	// The temperature: the least t with ls(t) <= rs(t). ls - rs does not
	// increase (slopes -1 or 0 against 0 or 1), so scan the breakpoints.
	// Where ls(-1) <= rs(-1) the whole thermograph is a cave, its mast
	// from t = -1 at the value between the scaffolds nearest 0, as
	// CGSuite's thermographic intersection gives it (ls - rs does not
	// increase, so the cave goes on up).
	temp, mean, err = meet(ls, rs)
	if err == nil && temp == minusOne {
		mean, err = caveMast(ls, rs)
	}
	if err != nil {
		return Wall{}, Wall{}, Dyadic{}, Dyadic{}, err
	}
	left, err = capAt(ls, temp, mean)
	if err == nil {
		right, err = capAt(rs, temp, mean)
	}
	if err != nil {
		return Wall{}, Wall{}, Dyadic{}, Dyadic{}, err
	}
	f.thermo = &thermo{l: left, r: right, mean: mean, temp: temp}
	return left, right, mean, temp, nil
}

// scaffold returns the Left scaffold of the options opts (left), the
// largest right wall of an option less t, or the Right one, the least
// left wall plus t.
func (c *Calc) scaffold(opts []Game, left bool) (Wall, error) {
	var sc Wall
	for i, o := range opts {
		lw, rw, _, _, err := c.walls(o)
		if err != nil {
			return Wall{}, err
		}
		w, tilt := lw, 1
		if left {
			w, tilt = rw, -1
		}
		s, err := w.tilt(tilt)
		if err != nil {
			return Wall{}, err
		}
		if i == 0 {
			sc = s
		} else if sc, err = combine(sc, s, left); err != nil {
			return Wall{}, err
		}
	}
	return sc, nil
}

// thermo memoises a thermograph in facts.
type thermo struct {
	l, r       Wall
	mean, temp Dyadic
}

// meet returns the least t >= -1 at which ls(t) <= rs(t), and the value
// there.
func meet(ls, rs Wall) (t, v Dyadic, err error) {
	bs := breaks(ls, rs)
	for k, b := range bs {
		va, vb, err := atBoth(ls, rs, b)
		if err != nil {
			return Dyadic{}, Dyadic{}, err
		}
		if va.Cmp(vb) <= 0 {
			return b, va, nil
		}
		sa, sb := ls.slopeAt(b), rs.slopeAt(b)
		if sa >= sb {
			continue // they do not get closer before the next breakpoint
		}
		x, _, err := crossing(b, va, vb, sa, sb) // after b: va > vb, sa < sb
		if err != nil {
			return Dyadic{}, Dyadic{}, err
		}
		if k+1 < len(bs) && x.Cmp(bs[k+1]) > 0 {
			continue
		}
		v, err := lineAt(va, b, sa, x)
		return x, v, err
	}
	return Dyadic{}, Dyadic{}, errThermo // the scaffolds of a short game always meet
}

// caveMast returns the mast of a thermograph whose scaffolds meet at
// t = -1 already: 0 when it lies between ls(-1) <= rs(-1), else the
// scaffold's value at -1 nearer 0.
func caveMast(ls, rs Wall) (Dyadic, error) {
	l, r, err := atBoth(ls, rs, minusOne)
	if err != nil {
		return Dyadic{}, err
	}
	switch {
	case l.Cmp(Dyadic{}) > 0:
		return l, nil
	case r.Cmp(Dyadic{}) < 0:
		return r, nil
	}
	return Dyadic{}, nil
}

// capAt returns w up to t, then the constant m.
func capAt(w Wall, t, m Dyadic) (Wall, error) {
	var out Wall
	for i := range w.At {
		if w.At[i].Cmp(t) >= 0 {
			break
		}
		out.At, out.Value, out.Slope = append(out.At, w.At[i]), append(out.Value, w.Value[i]), append(out.Slope, w.Slope[i])
	}
	out.At, out.Value, out.Slope = append(out.At, t), append(out.Value, m), append(out.Slope, 0)
	return out, nil
}
