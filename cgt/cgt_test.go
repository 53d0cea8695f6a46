package cgt

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// tree is a game written out, the twin's representation: no canonical
// forms, no memos, no sharing.
type tree struct{ l, r []*tree }

// tle is g ≤ h straight from the definition.
func tle(g, h *tree) bool {
	for _, gl := range g.l {
		if tle(h, gl) {
			return false
		}
	}
	for _, hr := range h.r {
		if tle(hr, g) {
			return false
		}
	}
	return true
}

func teq(g, h *tree) bool { return tle(g, h) && tle(h, g) }

// tadd is g + h straight from the definition.
func tadd(g, h *tree) *tree {
	s := &tree{}
	for _, o := range g.l {
		s.l = append(s.l, tadd(o, h))
	}
	for _, o := range h.l {
		s.l = append(s.l, tadd(g, o))
	}
	for _, o := range g.r {
		s.r = append(s.r, tadd(o, h))
	}
	for _, o := range h.r {
		s.r = append(s.r, tadd(g, o))
	}
	return s
}

// mapTrees returns f of each of ts, in order (nil for none).
func mapTrees(ts []*tree, f func(*tree) *tree) []*tree {
	var out []*tree
	for _, t := range ts {
		out = append(out, f(t))
	}
	return out
}

// tneg is -g straight from the definition: the sides swapped and negated.
func tneg(g *tree) *tree {
	return &tree{l: mapTrees(g.r, tneg), r: mapTrees(g.l, tneg)}
}

// of returns g in c, made canonical bottom up.
func of(t testing.TB, c *Calc, g *tree) Game {
	t.Helper()
	var l, r []Game
	for _, o := range g.l {
		l = append(l, of(t, c, o))
	}
	for _, o := range g.r {
		r = append(r, of(t, c, o))
	}
	x, err := c.Make(l, r)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// treeOf writes a game of c out as a tree.
func treeOf(c *Calc, g Game) *tree {
	t := &tree{}
	for _, o := range c.Left(g) {
		t.l = append(t.l, treeOf(c, o))
	}
	for _, o := range c.Right(g) {
		t.r = append(t.r, treeOf(c, o))
	}
	return t
}

// randomTree returns a random game born by the given day, its options
// drawn from the games born the day before.
func randomTree(rng *rand.Rand, day int) *tree {
	g := &tree{}
	if day == 0 {
		return g
	}
	for range rng.IntN(4) {
		g.l = append(g.l, randomTree(rng, day-1))
	}
	for range rng.IntN(4) {
		g.r = append(g.r, randomTree(rng, day-1))
	}
	return g
}

// TestAgainstTwin compares the Calc with the definitions on random games
// born by day 3: equal games (by the twin) are the same Game, ≤ agrees,
// sums and negations are equal to the twin's, and a canonical form has no
// dominated and no reversible option (checked by the twin).
func TestAgainstTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	c := New(0)
	var ts []*tree
	var gs []Game
	for range 1000 {
		g := randomTree(rng, 1+rng.IntN(3))
		ts = append(ts, g)
		gs = append(gs, of(t, c, g))
	}
	for i := range ts {
		ct := treeOf(c, gs[i])
		if !teq(ct, ts[i]) {
			t.Fatalf("game %d: the canonical form %s is not equal to the game", i, c.String(gs[i]))
		}
		canonicalByTwin(t, c, gs[i], ct)
		// Written in CGSuite's notation, it reads back as itself.
		if back, err := c.Parse(c.Notation(gs[i])); err != nil || back != gs[i] {
			t.Fatalf("game %d: %s reads back as %s (%v)", i, c.Notation(gs[i]), c.Notation(back), err)
		}
	}
	for i := range 5000 {
		a, b := rng.IntN(len(ts)), rng.IntN(len(ts))
		if got, want := c.LE(gs[a], gs[b]), tle(ts[a], ts[b]); got != want {
			t.Fatalf("%s ≤ %s: %v, the twin says %v", c.String(gs[a]), c.String(gs[b]), got, want)
		}
		if got, want := gs[a] == gs[b], teq(ts[a], ts[b]); got != want {
			t.Fatalf("%s = %s: %v, the twin says %v", c.String(gs[a]), c.String(gs[b]), got, want)
		}
		if i%10 == 0 {
			s, err := c.Add(gs[a], gs[b])
			if err != nil {
				t.Fatal(err)
			}
			if !teq(treeOf(c, s), tadd(treeOf(c, gs[a]), treeOf(c, gs[b]))) {
				t.Fatalf("%s + %s = %s: the twin disagrees", c.String(gs[a]), c.String(gs[b]), c.String(s))
			}
			n, err := c.Neg(gs[a])
			if err != nil {
				t.Fatal(err)
			}
			if !teq(treeOf(c, n), tneg(ts[a])) {
				t.Fatalf("-%s = %s: the twin disagrees", c.String(gs[a]), c.String(n))
			}
		}
	}
}

// canonicalByTwin checks by the definitions that g has no dominated and
// no reversible option.
func canonicalByTwin(t *testing.T, c *Calc, g Game, gt *tree) {
	t.Helper()
	for side, opts := range [][]*tree{gt.l, gt.r} {
		for i, a := range opts {
			for j, b := range opts {
				if i != j && (side == 0 && tle(a, b) || side == 1 && tle(b, a)) {
					t.Fatalf("%s: a dominated option", c.String(g))
				}
			}
			if side == 0 {
				for _, ar := range a.r {
					if tle(ar, gt) {
						t.Fatalf("%s: a reversible Left option", c.String(g))
					}
				}
			} else {
				for _, bl := range a.l {
					if tle(gt, bl) {
						t.Fatalf("%s: a reversible Right option", c.String(g))
					}
				}
			}
		}
	}
}

// TestDay2 checks the classical count: 22 distinct games are born by day
// 2 (Winning Ways; Siegel, CGT), from the 4 born by day 1.
func TestDay2(t *testing.T) {
	c := New(0)
	day1 := map[Game]bool{}
	for l := range 2 {
		for r := range 2 {
			var ls, rs []Game
			if l == 1 {
				ls = []Game{Zero}
			}
			if r == 1 {
				rs = []Game{Zero}
			}
			g, err := c.Make(ls, rs)
			if err != nil {
				t.Fatal(err)
			}
			day1[g] = true
		}
	}
	var d1 []Game
	for g := range day1 {
		d1 = append(d1, g)
	}
	day2 := map[Game]bool{}
	for lm := range 1 << len(d1) {
		for rm := range 1 << len(d1) {
			var ls, rs []Game
			for i, g := range d1 {
				if lm>>i&1 == 1 {
					ls = append(ls, g)
				}
				if rm>>i&1 == 1 {
					rs = append(rs, g)
				}
			}
			g, err := c.Make(ls, rs)
			if err != nil {
				t.Fatal(err)
			}
			day2[g] = true
		}
	}
	if len(day1) != 4 || len(day2) != 22 {
		t.Errorf("born by day 1: %d games, by day 2: %d; want 4 and 22", len(day1), len(day2))
	}
}

// TestKnownValues checks identities of the theory: * + * = 0, 1/2 + 1/2 =
// 1, ↑ = {0 | *} is positive and fuzzy with *, ↑ + ↑ + * is not ↑ + ↑,
// {1 | 1} = 1 + *, *2 + *3 = *1, and the outcome classes of 0, 1, -1, *.
func TestKnownValues(t *testing.T) {
	c := New(0)
	must := func(g Game, err error) Game {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	one := c.Integer(1)
	minus := c.Integer(-1)
	star := must(c.Nimber(1))
	half := must(c.Make([]Game{Zero}, []Game{one}))
	up := must(c.Make([]Game{Zero}, []Game{star}))
	if must(c.Add(star, star)) != Zero || must(c.Add(half, half)) != one {
		t.Error("* + * or 1/2 + 1/2")
	}
	if !c.LE(Zero, up) || c.LE(up, Zero) || !c.Fuzzy(up, star) {
		t.Error("↑ is not positive or not fuzzy with *")
	}
	upup := must(c.Add(up, up))
	if must(c.Add(upup, star)) == upup || must(c.Neg(up)) == up {
		t.Error("⇑* = ⇑ or ↓ = ↑")
	}
	if must(c.Make([]Game{one}, []Game{one})) != must(c.Add(one, star)) {
		t.Error("{1|1} is not 1*")
	}
	if must(c.Add(must(c.Nimber(2)), must(c.Nimber(3)))) != star {
		t.Error("*2 + *3 is not *")
	}
	for g, want := range map[Game]Outcome{Zero: P, one: L, minus: R, star: N, up: L} {
		if got := c.OutcomeOf(g); got != want {
			t.Errorf("outcome of %s: %v, want %v", c.String(g), got, want)
		}
	}
}

// TestLimit: a Calc past its memory limit refuses with ErrLimit.
func TestLimit(t *testing.T) {
	c := New(4096)
	if _, err := c.UpSum(200); err != ErrLimit {
		t.Errorf("got %v, want ErrLimit", err)
	}
}

// BenchmarkSumDay3 makes 20 random games born by day 3 canonical and adds
// them up, in a new Calc each time (issue 21's target: 1 s).
func BenchmarkSumDay3(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var ts []*tree
	for range 20 {
		ts = append(ts, randomTree(rng, 3))
	}
	for b.Loop() {
		c := New(0)
		s := Zero
		for _, g := range ts {
			var err error
			if s, err = c.Add(s, of(b, c, g)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkSumDay3Born adds up games born on day 3 drawn by
// randomCanonical (hot ones among them, far larger than random trees
// make), in a new Calc each time: the canonical forms of the partial sums
// grow with each hot term, so the time grows steeply with the number of
// terms (docs/performance.md).
func BenchmarkSumDay3Born(b *testing.B) {
	for _, terms := range []int{5, 10, 14} {
		b.Run(fmt.Sprintf("terms=%d", terms), func(b *testing.B) {
			for b.Loop() {
				c := New(0)
				s := Zero
				for _, g := range randomCanonical(b, c, rand.New(rand.NewPCG(1, 2)), 3, terms) {
					var err error
					if s, err = c.Add(s, g); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// randomCanonical returns count random games of c born on the given day,
// each day's drawn with up to three options a side from the games drawn
// for the days before and kept when born that day, so that (unlike random
// trees, which mostly collapse to small numbers) they are as large as
// their day allows.
func randomCanonical(tb testing.TB, c *Calc, rng *rand.Rand, days int64, count int) []Game {
	pool := []Game{Zero} // games born before the day being drawn
	var next []Game
	for day := int64(1); day <= days; day++ {
		next = nil
		for tries := 0; len(next) < max(40, count) && tries < 100000; tries++ {
			var l, r []Game
			for range rng.IntN(4) {
				l = append(l, pool[rng.IntN(len(pool))])
			}
			for range rng.IntN(4) {
				r = append(r, pool[rng.IntN(len(pool))])
			}
			g, err := c.Make(l, r)
			if err != nil {
				tb.Fatal(err)
			}
			if c.Birthday(g) == day && !slices.Contains(next, g) {
				next = append(next, g)
			}
		}
		pool = append(pool, next...)
	}
	if len(next) < count {
		tb.Fatalf("%d games born on day %d drawn, want %d", len(next), days, count)
	}
	return next[:count]
}

// benchDay5 runs op on two games born by day 5 (canonical), a different
// pair of the same 32 games each time: the body of the day 5 benchmarks.
func benchDay5(b *testing.B, op func(c *Calc, g, h Game)) {
	c := New(0)
	gs := randomCanonical(b, c, rand.New(rand.NewPCG(4, 2)), 5, 32)
	i := 0
	for b.Loop() {
		g, h := gs[i%len(gs)], gs[(i+1)%len(gs)]
		i++
		op(c, g, h)
	}
}

// BenchmarkCompareDay5 compares two games born by day 5 both ways (issue
// 21's target: 10 ms), the memo of comparisons emptied each time.
func BenchmarkCompareDay5(b *testing.B) {
	benchDay5(b, func(c *Calc, g, h Game) {
		clear(c.le)
		c.LE(g, h)
		c.LE(h, g)
	})
}

// BenchmarkSumDay5 adds two games born by day 5 (canonical), the memo of
// sums emptied each time.
func BenchmarkSumDay5(b *testing.B) {
	benchDay5(b, func(c *Calc, g, h Game) {
		clear(c.add)
		if _, err := c.Add(g, h); err != nil {
			b.Fatal(err)
		}
	})
}

// TestRandomCanonicalSize says what the benchmarks' games are like:
// born on day 5, with many followers.
func TestRandomCanonicalSize(t *testing.T) {
	c := New(0)
	for _, g := range randomCanonical(t, c, rand.New(rand.NewPCG(4, 2)), 5, 4) {
		t.Logf("birthday %d: %s", c.Birthday(g), c.Notation(g))
	}
}

// TestWorkLimit: a computation past the work limit is refused with
// ErrWork rather than left to run; what was made before stays right.
func TestWorkLimit(t *testing.T) {
	c := New(0)
	c.SetWorkLimit(10000)
	star, _ := c.Nimber(200)
	pm, err := c.Parse("+-1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Add(star, pm); err != ErrWork {
		t.Fatalf("*200 + ±1: %v, want ErrWork", err)
	}
	c.SetWorkLimit(0)
	if g, err := c.Add(star, star); err != nil || g != Zero {
		t.Errorf("*200 + *200 = %s (%v)", c.Notation(g), err)
	}
}
