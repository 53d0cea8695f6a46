package cgt

import (
	"math/rand/v2"
	"testing"
)

// dicotic returns t with a move to 0 added on the empty side of every
// follower that has options on one side only: a random all-small game
// from the shared generator's random games.
func dicotic(t *tree) *tree {
	out := &tree{l: mapTrees(t.l, dicotic), r: mapTrees(t.r, dicotic)}
	switch {
	case len(out.l) == 0 && len(out.r) > 0:
		out.l = []*tree{{}}
	case len(out.r) == 0 && len(out.l) > 0:
		out.r = []*tree{{}}
	}
	return out
}

// isDicotic reports whether in every follower of t Left can move exactly
// when Right can.
func isDicotic(t *tree) bool {
	if (len(t.l) == 0) != (len(t.r) == 0) {
		return false
	}
	for _, side := range [][]*tree{t.l, t.r} {
		for _, o := range side {
			if !isDicotic(o) {
				return false
			}
		}
	}
	return true
}

// mustOf returns a function that returns its game, failing t on an
// error: must(c.Add(g, h)).
// grown returns random games grown in rounds from the shared generator:
// round 0 its games born by day 3, each later round perRound of its games
// born by day 1 with every leaf replaced by a game of an earlier round
// (all of them all-small when allSmall: the trees made dicotic), so that
// birthdays and variety grow round by round (day-3 games alone are a few
// dozen distinct values).
func grown(t testing.TB, c *Calc, rng *rand.Rand, rounds, perRound int, allSmall bool) []Game {
	draw := func(day int) *tree {
		gt := randomTree(rng, day)
		if allSmall {
			gt = dicotic(gt)
		}
		return gt
	}
	var pool []Game
	for range perRound {
		pool = append(pool, of(t, c, draw(1+rng.IntN(3))))
	}
	for range rounds {
		var next []Game
		for range perRound {
			next = append(next, graft(t, c, draw(1), pool, rng))
		}
		pool = append(pool, next...)
	}
	return pool
}

// graft returns the game of g with each leaf replaced by a random game of
// leaves.
func graft(t testing.TB, c *Calc, g *tree, leaves []Game, rng *rand.Rand) Game {
	if len(g.l) == 0 && len(g.r) == 0 {
		return leaves[rng.IntN(len(leaves))]
	}
	var l, r []Game
	for _, o := range g.l {
		l = append(l, graft(t, c, o, leaves, rng))
	}
	for _, o := range g.r {
		r = append(r, graft(t, c, o, leaves, rng))
	}
	x, err := c.Make(l, r)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func mustOf(t testing.TB) func(Game, error) Game {
	return func(g Game, err error) Game {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
}

// atomicWeight returns the weight of g, failing the test when g is not
// atomic.
func atomicWeight(t *testing.T, c *Calc, g Game) Game {
	t.Helper()
	aw, ok, err := c.AtomicWeight(g)
	if err != nil || !ok {
		t.Fatalf("%s: not atomic (%v)", c.Notation(g), err)
	}
	return aw
}

// TestAtomicWeightAllSmall checks the theory of atomic weights on 1200
// random all-small games (grown in three rounds from the shared
// generator's, birthdays up to about 6) and 3000 sums of two of them (at
// least 1000 distinct): every one is atomic, aw(G + H) = aw(G) + aw(H),
// aw(-G) = -aw(G), and the two-ahead rule (aw(G) ≥ 2 implies G > 0,
// aw(G) ≤ -2 implies G < 0), which must be met at least once each way.
func TestAtomicWeightAllSmall(t *testing.T) {
	must := mustOf(t)
	c := New(0)
	rng := rand.New(rand.NewPCG(21, 7))
	two, minusTwo := c.Integer(2), c.Integer(-2)
	gs := grown(t, c, rng, 3, 300, true)
	for _, g := range gs {
		if !c.IsAllSmall(g) {
			t.Fatalf("%s: built all-small, IsAllSmall false", c.Notation(g))
		}
	}
	ahead, behind := 0, 0
	check := func(g Game) Game {
		aw := atomicWeight(t, c, g)
		if c.LE(two, aw) {
			ahead++
			if c.LE(g, Zero) {
				t.Fatalf("%s: atomic weight %s ≥ 2, and not > 0", c.Notation(g), c.Notation(aw))
			}
		}
		if c.LE(aw, minusTwo) {
			behind++
			if c.LE(Zero, g) {
				t.Fatalf("%s: atomic weight %s ≤ -2, and not < 0", c.Notation(g), c.Notation(aw))
			}
		}
		return aw
	}
	for _, g := range gs {
		aw := check(g)
		n := must(c.Neg(g))
		if want := must(c.Neg(aw)); check(n) != want {
			t.Fatalf("aw(-%s) = %s, want %s", c.Notation(g), c.Notation(check(n)), c.Notation(want))
		}
	}
	sums := map[Game]bool{}
	seen := map[Game]bool{}
	var ds []Game
	for _, g := range gs {
		if !seen[g] {
			seen[g] = true
			ds = append(ds, g)
		}
	}
	for range 3000 {
		g, h := ds[rng.IntN(len(ds))], ds[rng.IntN(len(ds))]
		aw := check(g)
		s := must(c.Add(g, h))
		sums[s] = true
		want := must(c.Add(aw, check(h)))
		if got := check(s); got != want {
			t.Fatalf("aw(%s + %s) = %s, want %s + %s", c.Notation(g), c.Notation(h), c.Notation(got), c.Notation(aw), c.Notation(check(h)))
		}
	}
	if len(sums) < 1000 {
		t.Errorf("%d distinct sums", len(sums))
	}
	if ahead == 0 || behind == 0 {
		t.Errorf("the two-ahead rule met %d and %d times", ahead, behind)
	}
	t.Logf("%d games (%d distinct), %d distinct sums, aw ≥ 2 %d times, ≤ -2 %d times", len(gs), len(ds), len(sums), ahead, behind)
}

// TestAtomicWeightUpStar: aw(n·↑ + *m) = n, for -8 ≤ n ≤ 8 and m ≤ 7,
// both as the number-up-star's weight and from its options (the formula
// of a game that is not one), and x + n·↑ + *m with x ≠ 0 is not atomic;
// aw(^[n]) = 1 for ^[n] = {^[n-1] | *}, ↑ + ↑² + ... + ↑ⁿ (CGSuite: the
// coefficient of ↑ in its uptimal expansion 0.11...1), n ≤ 10.
func TestAtomicWeightUpStar(t *testing.T) {
	must := mustOf(t)
	c := New(0)
	star := must(c.Nimber(1))
	upn := Zero
	for n := 1; n <= 10; n++ {
		upn = must(c.Make([]Game{upn}, []Game{star}))
		if aw := atomicWeight(t, c, upn); aw != c.Integer(1) {
			t.Errorf("aw(^[%d] = %s) = %s, want 1", n, c.Notation(upn), c.Notation(aw))
		}
	}
	for n := -8; n <= 8; n++ {
		ups := must(c.Ups(max(n, -n), n < 0))
		for m := range 8 {
			g := must(c.Add(ups, must(c.Nimber(m))))
			if v, ok := c.NUS(g); !ok || v != (NUS{Ups: int64(n), Nim: uint64(m)}) {
				t.Fatalf("%s: NUS %+v %v", c.Notation(g), v, ok)
			}
			if aw := atomicWeight(t, c, g); aw != c.Integer(int64(n)) {
				t.Errorf("aw(%s) = %s, want %d", c.Notation(g), c.Notation(aw), n)
			}
			if g != Zero {
				if aw := must(c.naiveWeightByOptions(g)); aw != c.Integer(int64(n)) {
					t.Errorf("aw(%s) from its options = %s, want %d", c.Notation(g), c.Notation(aw), n)
				}
			}
			h := must(c.Add(g, c.NumberGame(Dyadic{Num: 1, Exp: 2})))
			if aw, ok, err := c.AtomicWeight(h); ok || err != nil {
				t.Errorf("%s: atomic weight %s, %v", c.Notation(h), c.Notation(aw), err)
			}
		}
	}
}

// TestPredicates checks the predicates against the definitions on 1500
// random games (grown from the shared generator's, a third of them
// all-small): IsAllSmall is dicotic canonical form, IsSwitch is
// g = -g (by the twin) for games not x + n·↑ + *m, IsInfinitesimal is
// both stops 0, and a number-up-star is what NUS says.
func TestPredicates(t *testing.T) {
	must := mustOf(t)
	c := New(0)
	rng := rand.New(rand.NewPCG(8, 21))
	switches := 0
	gs := append(grown(t, c, rng, 2, 300, false), grown(t, c, rng, 2, 200, true)...)
	for _, g := range gs {
		ct := treeOf(c, g)
		if got, want := c.IsAllSmall(g), isDicotic(ct); got != want {
			t.Fatalf("%s: IsAllSmall %v, dicotic %v", c.Notation(g), got, want)
		}
		sw, err := c.IsSwitch(g)
		if err != nil {
			t.Fatal(err)
		}
		v, nus := c.NUS(g)
		if want := !nus && teq(ct, tneg(ct)); sw != want {
			t.Fatalf("%s: IsSwitch %v, want %v", c.Notation(g), sw, want)
		}
		if sw {
			switches++
		}
		if got, want := c.IsInfinitesimal(g), c.LeftStop(g) == (Dyadic{}) && c.RightStop(g) == (Dyadic{}); got != want {
			t.Fatalf("%s: IsInfinitesimal %v", c.Notation(g), got)
		}
		if nus {
			x := c.NumberGame(v.X)
			ups := must(c.Ups(int(max(v.Ups, -v.Ups)), v.Ups < 0))
			star := must(c.Nimber(int(v.Nim)))
			if s := must(c.Add(must(c.Add(x, ups)), star)); s != g {
				t.Fatalf("%s: NUS %+v is %s", c.Notation(g), v, c.Notation(s))
			}
			if c.IsNimber(g) != (v.X == Dyadic{} && v.Ups == 0) {
				t.Fatalf("%s: IsNimber", c.Notation(g))
			}
		}
	}
	if switches == 0 {
		t.Error("no switch among the random games")
	}
	pm := must(c.Make([]Game{c.Integer(1)}, []Game{c.Integer(-1)}))
	star := must(c.Nimber(1))
	for g, want := range map[Game]bool{pm: true, star: false, Zero: false, c.Integer(3): false} {
		if got, err := c.IsSwitch(g); got != want || err != nil {
			t.Errorf("IsSwitch(%s) = %v %v", c.Notation(g), got, err)
		}
	}
}

// TestIncentivesAgainstTwin computes incentives by the definitions on
// explicit trees (g^L - g and g - g^R, equal ones once, those ≤ another
// left out) for random games born by day 2 and checks that the Calc's are
// equal to them, one for one.
func TestIncentivesAgainstTwin(t *testing.T) {
	c := New(0)
	rng := rand.New(rand.NewPCG(2, 11))
	for range 400 {
		g := of(t, c, randomTree(rng, 1+rng.IntN(2)))
		gt := treeOf(c, g)
		var all []*tree
		for _, o := range gt.l {
			all = append(all, tadd(o, tneg(gt)))
		}
		for _, o := range gt.r {
			all = append(all, tadd(gt, tneg(o)))
		}
		var distinct []*tree
		for _, a := range all {
			dup := false
			for _, b := range distinct {
				dup = dup || teq(a, b)
			}
			if !dup {
				distinct = append(distinct, a)
			}
		}
		var want []*tree
		for i, a := range distinct {
			dominated := false
			for j, b := range distinct {
				dominated = dominated || i != j && tle(a, b)
			}
			if !dominated {
				want = append(want, a)
			}
		}
		got, err := c.Incentives(g)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d incentives, the twin %d", c.Notation(g), len(got), len(want))
		}
		for _, w := range want {
			found := false
			for _, x := range got {
				found = found || teq(treeOf(c, x), w)
			}
			if !found {
				t.Fatalf("%s: an incentive of the twin's is missing", c.Notation(g))
			}
		}
	}
}

// TestReducedCanonical checks the reduced canonical form on 1050 random
// games (grown from the shared generator's, hot ones and all-small ones)
// and 1000 sums of two: g - rcf(g) is infinitesimal,
// rcf is idempotent, rcf of an infinitesimal is 0, and rcf(G + H) =
// rcf(rcf(G) + rcf(H)).
func TestReducedCanonical(t *testing.T) {
	must := mustOf(t)
	c := New(0)
	rng := rand.New(rand.NewPCG(5, 21))
	var gs, rs []Game
	for _, g := range append(grown(t, c, rng, 2, 200, false), grown(t, c, rng, 2, 150, true)...) {
		r := must(c.ReducedCanonical(g))
		if !c.IsInfinitesimal(must(c.Sub(g, r))) {
			t.Fatalf("%s - rcf %s is not infinitesimal", c.Notation(g), c.Notation(r))
		}
		if rr := must(c.ReducedCanonical(r)); rr != r {
			t.Fatalf("rcf(%s) = %s, and rcf of that %s", c.Notation(g), c.Notation(r), c.Notation(rr))
		}
		if c.IsInfinitesimal(g) && r != Zero {
			t.Fatalf("%s is infinitesimal, rcf %s", c.Notation(g), c.Notation(r))
		}
		gs, rs = append(gs, g), append(rs, r)
	}
	for range 1000 {
		i, j := rng.IntN(len(gs)), rng.IntN(len(gs))
		s := must(c.ReducedCanonical(must(c.Add(gs[i], gs[j]))))
		want := must(c.ReducedCanonical(must(c.Add(rs[i], rs[j]))))
		if s != want {
			t.Fatalf("rcf(%s + %s) = %s, rcf(rcf + rcf) = %s", c.Notation(gs[i]), c.Notation(gs[j]), c.Notation(s), c.Notation(want))
		}
	}
}

// TestOrdinalNortonHeat checks known values: 1 : -1 = 1/2, 1 : 1/2 = 3/2,
// * : -1 = ↓*, 3.↑ = ↑↑↑, ∫^1 * = ±1; and that the Norton product by ↑ is
// linear and monotone in G (U > 0) on random numbers and games born by
// day 2.
func TestOrdinalNortonHeat(t *testing.T) {
	must := mustOf(t)
	c := New(0)
	half, threeHalves := c.NumberGame(Dyadic{Num: 1, Exp: 1}), c.NumberGame(Dyadic{Num: 3, Exp: 1})
	one, minus := c.Integer(1), c.Integer(-1)
	star := must(c.Nimber(1))
	up := must(c.Ups(1, false))
	downStar := must(c.Add(must(c.Neg(up)), star))
	pm := must(c.Make([]Game{one}, []Game{minus}))
	for _, tc := range []struct {
		name      string
		got, want Game
	}{
		{"1 : -1", must(c.OrdinalSum(one, minus)), half},
		{"1 : 1/2", must(c.OrdinalSum(one, half)), threeHalves},
		{"* : -1", must(c.OrdinalSum(star, minus)), downStar},
		{"3.↑", must(c.NortonProduct(c.Integer(3), up)), must(c.Ups(3, false))},
		{"-2.↑", must(c.NortonProduct(c.Integer(-2), up)), must(c.Ups(2, true))},
		{"∫^1 *", must(c.Heat(star, one)), pm},
		{"∫^* 5", must(c.Heat(c.Integer(5), star)), c.Integer(5)},
	} {
		if tc.got != tc.want {
			t.Errorf("%s = %s, want %s", tc.name, c.Notation(tc.got), c.Notation(tc.want))
		}
	}
	rng := rand.New(rand.NewPCG(1, 21))
	var gs []Game
	for range 60 {
		gs = append(gs, c.NumberGame(norm(rng.Int64N(33)-16, uint(rng.IntN(3)))), of(t, c, randomTree(rng, 1+rng.IntN(2))))
	}
	for range 300 {
		g, h := gs[rng.IntN(len(gs))], gs[rng.IntN(len(gs))]
		gu, hu := must(c.NortonProduct(g, up)), must(c.NortonProduct(h, up))
		if s := must(c.NortonProduct(must(c.Add(g, h)), up)); s != must(c.Add(gu, hu)) {
			t.Fatalf("(%s + %s).↑ = %s, not %s + %s", c.Notation(g), c.Notation(h), c.Notation(s), c.Notation(gu), c.Notation(hu))
		}
		if c.LE(g, h) && !c.LE(gu, hu) {
			t.Fatalf("%s ≤ %s, and not %s.↑ ≤ %s.↑", c.Notation(g), c.Notation(h), c.Notation(g), c.Notation(h))
		}
	}
}
