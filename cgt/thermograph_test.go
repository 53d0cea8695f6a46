package cgt

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestThermographKnown checks means and temperatures the theory gives:
// ±1 (mean 0, temperature 1), {1 | 0} (1/2, 1/2), * and ↑ (0, 0),
// {3 || 2 | 0} (2, 1), and numbers (their value; CGSuite's -1 for an
// integer, -1/2^k for m/2^k).
func TestThermographKnown(t *testing.T) {
	c := New(0)
	one, minus, two, three := c.Integer(1), c.Integer(-1), c.Integer(2), c.Integer(3)
	star, _ := c.Nimber(1)
	mk := func(l, r []Game) Game {
		g, err := c.Make(l, r)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	twoZero := mk([]Game{two}, []Game{Zero})
	for _, tc := range []struct {
		g          Game
		mean, temp string
	}{
		{mk([]Game{one}, []Game{minus}), "0", "1"},
		{mk([]Game{one}, []Game{Zero}), "1/2", "1/2"},
		{star, "0", "0"},
		{mk([]Game{Zero}, []Game{star}), "0", "0"},
		{mk([]Game{three}, []Game{twoZero}), "2", "1"},
		{c.Integer(5), "5", "-1"},
		// {2, {3 | 0} | -1}: the Left scaffold is 2 - t above {3 | 0}'s
		// (which is t - t = 0 up to 3/2), so the walls meet at 3/2, at 1/2.
		{mk([]Game{two, mk([]Game{three}, []Game{Zero})}, []Game{minus}), "1/2", "3/2"},
		{c.NumberGame(Dyadic{Num: 3, Exp: 2}), "3/4", "-1/4"},
	} {
		m, err1 := c.Mean(tc.g)
		tt, err2 := c.Temperature(tc.g)
		if err1 != nil || err2 != nil || m.String() != tc.mean || tt.String() != tc.temp {
			t.Errorf("%s: mean %v, temperature %v (%v %v); want %s and %s", c.String(tc.g), m, tt, err1, err2, tc.mean, tc.temp)
		}
	}
}

// TestThermographTheory checks on random games born by day 3 what the
// theory says of all: the mean is additive (mean(g + h) = mean(g) +
// mean(h)), negation negates it and keeps the temperature, the mean lies
// between the stops, adding a number shifts the mean and keeps the
// temperature of a game that is not a number, and the walls start at the
// stops (t = -1 plus the unit of cooling, read at the start of the walls).
func TestThermographTheory(t *testing.T) {
	c := New(0)
	rng := rand.New(rand.NewPCG(8, 8))
	var gs []Game
	for range 150 {
		gs = append(gs, of(t, c, randomTree(rng, 1+rng.IntN(3))))
	}
	// Hot games too: integers from -6 to 6 at the leaves.
	for range 150 {
		gs = append(gs, hotGame(t, c, rng, 1+rng.IntN(3)))
	}
	half := c.NumberGame(Dyadic{Num: 1, Exp: 1})
	for i, g := range gs {
		m, err := c.Mean(g)
		if err != nil {
			t.Fatal(err)
		}
		temp, _ := c.Temperature(g)
		h := gs[(i+7)%len(gs)]
		mh, _ := c.Mean(h)
		s, err := c.Add(g, h)
		if err != nil {
			t.Fatal(err)
		}
		ms, _ := c.Mean(s)
		if want, _ := m.Add(mh); ms != want {
			t.Fatalf("mean(%s + %s) = %v, want %v + %v", c.String(g), c.String(h), ms, m, mh)
		}
		n, _ := c.Neg(g)
		mn, _ := c.Mean(n)
		tn, _ := c.Temperature(n)
		if nm, _ := m.Neg(); mn != nm || tn != temp {
			t.Fatalf("%s: -g has mean %v and temperature %v; want %v and %v", c.String(g), mn, tn, nm, temp)
		}
		if c.RightStop(g).Cmp(m) > 0 || m.Cmp(c.LeftStop(g)) > 0 {
			t.Fatalf("%s: mean %v not between the stops %v and %v", c.String(g), m, c.RightStop(g), c.LeftStop(g))
		}
		if _, isNum := c.Number(g); !isNum {
			sh, _ := c.Add(g, half)
			msh, _ := c.Mean(sh)
			tsh, _ := c.Temperature(sh)
			if want, _ := m.Add(Dyadic{Num: 1, Exp: 1}); msh != want || tsh != temp {
				t.Fatalf("%s + 1/2: mean %v temperature %v; want %v and %v", c.String(g), msh, tsh, want, temp)
			}
		}
	}
}

// hotGame returns a random game of the given depth whose leaves are
// integers from -6 to 6, one or two options a side.
func hotGame(t *testing.T, c *Calc, rng *rand.Rand, depth int) Game {
	if depth == 0 {
		return c.Integer(int64(rng.IntN(13) - 6))
	}
	var l, r []Game
	for range 1 + rng.IntN(2) {
		l = append(l, hotGame(t, c, rng, depth-1-rng.IntN(depth)))
	}
	for range 1 + rng.IntN(2) {
		r = append(r, hotGame(t, c, rng, depth-1-rng.IntN(depth)))
	}
	g, err := c.Make(l, r)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestThermographWalls: the walls of ±1 as data: the left wall falls from
// 2 at t = -1 to the mast at 0 from t = 1, the right wall rises from -2.
func TestThermographWalls(t *testing.T) {
	c := New(0)
	pm, _ := c.Make([]Game{c.Integer(1)}, []Game{c.Integer(-1)})
	th, err := c.Thermograph(pm)
	if err != nil {
		t.Fatal(err)
	}
	show := func(w Wall) string {
		s := ""
		for i := range w.At {
			s += fmt.Sprintf("(%v,%v,%d)", w.At[i], w.Value[i], w.Slope[i])
		}
		return s
	}
	if l, r := show(th.Left), show(th.Right); l != "(-1,2,-1)(1,0,0)" || r != "(-1,-2,1)(1,0,0)" {
		t.Errorf("walls of ±1: left %s, right %s", l, r)
	}
}

// TestThermographCGSuite compares the thermographs of CGSuite's test cases
// (the last column of testdata/cgsuite-facts.tsv) with nimber's at every
// temperature t >= 0: at each breakpoint of either, between them and
// above them. TestThermographCGSuiteBelowZero compares them down to
// t = -1.
func TestThermographCGSuite(t *testing.T) { testThermographCGSuite(t, Dyadic{}) }

// TestThermographCGSuiteBelowZero compares the thermographs of CGSuite's
// test cases with nimber's at every temperature t >= -1: below 0 CGSuite
// draws the walls of a number m/2^k with the structure its own options
// give, and so does nimber.
func TestThermographCGSuiteBelowZero(t *testing.T) { testThermographCGSuite(t, minusOne) }

// testThermographCGSuite compares the thermographs of CGSuite's test
// cases with nimber's at the temperatures t >= lo.
func testThermographCGSuite(t *testing.T, lo Dyadic) {
	t.Helper()
	c := New(0)
	checked := 0
	for _, col := range readTSV(t, "testdata/cgsuite-facts.tsv") {
		want := col[len(col)-1]
		if want == "-" {
			continue
		}
		g, err := c.Parse(col[0])
		if err != nil {
			t.Fatal(err)
		}
		th, err := c.Thermograph(g)
		if err != nil {
			t.Fatal(err)
		}
		left, right, err := parseTrajectories(want)
		if err != nil {
			t.Fatalf("%s: %v", want, err)
		}
		for side, pair := range [][2]any{{th.Left, left}, {th.Right, right}} {
			w, tr := pair[0].(Wall), pair[1].(trajectory)
			for _, at := range samples(w, tr, lo) {
				got, err1 := w.at(at)
				exp, err2 := tr.at(at)
				if err1 != nil || err2 != nil || got != exp {
					t.Errorf("%s: wall %d at t = %s: %s, CGSuite %s (%v %v)", col[0], side, at, got, exp, err1, err2)
				}
			}
		}
		checked++
	}
	if checked < 20 {
		t.Errorf("%d thermographs checked", checked)
	}
}

// trajectory is a wall as CGSuite writes it: the mast's value, the
// temperatures where the slope changes (from the top down) and the slopes
// (from the top down, one more).
type trajectory struct {
	mast   Dyadic
	temps  []Dyadic
	slopes []int
}

// at returns the trajectory's value at t, walking down from the mast.
func (tr trajectory) at(t Dyadic) (Dyadic, error) {
	v, top := tr.mast, Dyadic{}
	for i, s := range tr.slopes {
		lo := t
		if i < len(tr.temps) && tr.temps[i].Cmp(t) > 0 {
			lo = tr.temps[i]
		}
		if i > 0 {
			// From top down to lo the value changes by s per unit.
			d, err := sub(top, lo)
			if err != nil {
				return Dyadic{}, err
			}
			for range max(s, -s) {
				if s > 0 {
					d, err = d.Neg()
				}
				if v, err = v.Add(d); err != nil {
					return Dyadic{}, err
				}
			}
		}
		if i == len(tr.temps) || tr.temps[i].Cmp(t) <= 0 {
			return v, nil
		}
		top = tr.temps[i]
	}
	return v, nil
}

// samples returns the temperatures t >= lo to compare at: lo, the
// breakpoints of both, the midpoints between them and one above them.
func samples(w Wall, tr trajectory, lo Dyadic) []Dyadic {
	pts := []Dyadic{lo}
	for _, p := range append(slices.Clone(w.At), tr.temps...) {
		if p.Cmp(lo) > 0 {
			pts = append(pts, p)
		}
	}
	slices.SortFunc(pts, Dyadic.Cmp)
	pts = slices.Compact(pts)
	out := slices.Clone(pts)
	for i := range pts {
		next := Int(1)
		if i+1 < len(pts) {
			next = pts[i+1]
		} else {
			next, _ = pts[i].Add(Int(1))
		}
		s, _ := pts[i].Add(next)
		out = append(out, Dyadic{Num: s.Num, Exp: s.Exp + 1})
	}
	return out
}

// parseTrajectories reads Thermograph(m,[t...],[s...],m,[t...],[s...]).
func parseTrajectories(s string) (trajectory, trajectory, error) {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "Thermograph("), ")")
	var parts []string
	depth, start := 0, 0
	for i, ch := range s {
		switch ch {
		case '[':
			depth++
		case ']':
			depth--
		case ',':
			if depth == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	parts = append(parts, s[start:])
	if len(parts) != 6 {
		return trajectory{}, trajectory{}, fmt.Errorf("%d parts", len(parts))
	}
	var trs [2]trajectory
	for k := range 2 {
		m, err := ParseDyadic(parts[3*k])
		if err != nil {
			return trajectory{}, trajectory{}, err
		}
		trs[k].mast = m
		for _, x := range list(parts[3*k+1]) {
			d, err := ParseDyadic(x)
			if err != nil {
				return trajectory{}, trajectory{}, err
			}
			trs[k].temps = append(trs[k].temps, d)
		}
		for _, x := range list(parts[3*k+2]) {
			n, err := strconv.Atoi(x)
			if err != nil {
				return trajectory{}, trajectory{}, err
			}
			trs[k].slopes = append(trs[k].slopes, n)
		}
	}
	return trs[0], trs[1], nil
}

func list(s string) []string {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// TestCaveMast checks the mast of scaffolds already met at t = -1, as
// CGSuite's thermographic intersection stands it (a cave from the base):
// 0 when 0 lies between them, else the scaffold's value nearer 0. No
// canonical game tried so far has its left scaffold at or below its
// right one at t = -1 (6000 random games), so these scaffolds are made
// up.
func TestCaveMast(t *testing.T) {
	line := func(v Dyadic, s int) Wall { return Wall{At: []Dyadic{minusOne}, Value: []Dyadic{v}, Slope: []int{s}} }
	half := Dyadic{Num: 1, Exp: 1}
	for _, tc := range []struct {
		ls, rs Wall
		want   Dyadic
	}{
		{line(Int(-1), -1), line(Int(2), 1), Int(0)},
		{line(half, -1), line(Int(2), 1), half},
		{line(Int(-3), -1), line(Int(-2), 0), Int(-2)},
		{line(Int(1), -1), line(Int(1), 1), Int(1)},
	} {
		got, err := caveMast(tc.ls, tc.rs)
		if err != nil || got != tc.want {
			t.Errorf("caveMast(%v, %v) = %v, %v; want %v", tc.ls, tc.rs, got, err, tc.want)
		}
	}
}
