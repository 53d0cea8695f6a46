package loopy

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/cgt"
)

// TestSidedValues reads sided values S & T, alone, in sums and inside
// other games: CGSuite's rows "over & v", "{2&-2|1&-2}" and
// "9*(upon & v)" (EvalTest) are read and printed back, the sides of a sum
// are the sums of the sides, -(S & T) is -T & -S, an & at the outermost
// level splits the whole expression, 40 nested switches of an S & T take
// no time exponential in their depth; an onside below its offside, a
// second & at one level, pass as a side and sides that are not stoppers
// are refused, with the column of their & when it stands inside.
func TestSidedValues(t *testing.T) {
	c := cgt.New(0)
	for _, tc := range []struct {
		exprs          []string
		canonical, out string
	}{
		{[]string{"over & v"}, "over & v", "D"},
		{[]string{"1 & 0", "1&0"}, "2 & 0", "PHat"},
		{[]string{"on & off"}, "dud", "D"},
		{[]string{"{on||0|-1/2} & {1/2|0||off}"}, "{on||0|-1/2} & {1/2|0||off}", "D"},
		{[]string{"2 & +-1", "-1"}, "1 & {0|-2}", "NHat"},
		{[]string{"* & *"}, "*", "N"},
		{[]string{"{2&-2|1&-2}"}, "{2|1} & -2*", "D"},
		{[]string{"9*(upon & v)"}, "{0||||0|||0||0|{0||||0|||0||0|^[on]}} & v9", "D"},
		{[]string{"-(1 & 0)"}, "0 & -1", "PCheck"},
		{[]string{"-(-(1 & 0))"}, "1 & 0", "PHat"},
		{[]string{"1 - (1 & 0)"}, "1 & 0", "PHat"},
		{[]string{"(1 & 0) - (1 & 0)"}, "1 & -1", "D"},
		// & binds most loosely: the whole sum before it is the onside.
		{[]string{"{2&-2|1&-2} + 1 & 0"}, "{3|2} & 0", "PHat"},
		{[]string{"{2&-2|1&-2} + (1 & 0)"}, "{3|2} & -2*", "D"},
		{[]string{"{1 & 0|0}"}, "{1|0} & *", "N"},
		{[]string{"{1+1 & 0|0}"}, "{2|0} & *", "N"},
		{[]string{"(1 & 0) & 0"}, "1 & 0", "PHat"},
		{[]string{"0 & (1 & 0)"}, "0", "P"},
		{[]string{"+-(1&0)"}, "{1|0} & {0|-1}", "N"},
		{[]string{"Tiny(1&0)"}, "^ & Tiny(1)", "L"},
		{[]string{"Miny(1&0)"}, "Miny(1) & v", "R"},
		{[]string{"a{1&0|a}"}, "1over & over", "L"},
		{[]string{"{0, 1&0|0}"}, "{1|0} & *", "N"},
		// +-G computes G for both sides: 40 switches nested are computed
		// 80 times, not 2^40.
		{[]string{strings.Repeat("+-(", 40) + "1&0" + strings.Repeat(")", 40)}, "0", "P"},
	} {
		d, err := DescribeSum(context.Background(), c, tc.exprs, 0)
		if err != nil || d.Canonical != tc.canonical || d.Outcome != tc.out {
			t.Errorf("%q: %s (%s), %v; want %s (%s)", tc.exprs, d.Canonical, d.Outcome, err, tc.canonical, tc.out)
		}
	}
	for _, tc := range []struct {
		expr, want string
		is         error
	}{
		{"0 & 1", "the value of the game: the onside of a sided value S & T must be at least its offside", ErrSidesOrder},
		{"(0 & 1)", "expression 1: column 4: the onside", ErrSidesOrder},
		{"{1|0 & 1}", "column 6: the onside", ErrSidesOrder},
		{"-(0 & 1)", "column 5: the onside", ErrSidesOrder},
		{"1 & 0 & 0", "column 7: a second &", nil},
		{"{1 & 0 & 0|0}", "column 8: a second &", nil},
		{"1 & {0|", "column 8: a game is missing", nil},
		{"{& 1|0}", "column 2: a game is missing", nil},
		{"{1 &|0}", "column 4: a game is missing after &", nil},
		{"{0|pass & 1}", "column 4: pass stands alone", nil},
		{"a{a & 0|0}", `column 3: label "a" stands alone`, nil},
		{"{a{0,{1|1,{*,{1+*|1+*,a}|*}}|0} & 0|0}", "column 33: a side that is not a stopper", ErrSides},
	} {
		_, err := DescribeSum(context.Background(), c, []string{tc.expr}, 0)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: %v, want %q", tc.expr, err, tc.want)
		}
		if tc.is != nil && !errors.Is(err, tc.is) {
			t.Errorf("%q: %v, want an error wrapping %v", tc.expr, err, tc.is)
		}
	}
	// Several expressions added are each checked alone.
	if _, err := DescribeSum(context.Background(), c, []string{"0 & 1", "1 & 0"}, 0); !errors.Is(err, ErrSidesOrder) || !strings.HasPrefix(err.Error(), "expression 1:") {
		t.Errorf("0 & 1 + 1 & 0: %v, want the first refused", err)
	}
	// Parse reads games: a sided value is refused where its & stands.
	if _, err := Parse(c, "{1 & 0|0}"); err == nil || !strings.Contains(err.Error(), "column 4: a sided value") {
		t.Errorf("Parse({1 & 0|0}): %v, want the sided value refused at column 4", err)
	}
}

// TestSidedClass checks the outcome class of a sided value worked out
// from its sides (sidedClass, used for S & T written out) against the
// class that retrograde analysis gives the games whose sides they are.
func TestSidedClass(t *testing.T) {
	checked := 0
	for _, g := range randomNonStoppers(rand.New(rand.NewPCG(31, 15)), 5, 300) {
		on, err1 := SideForm(g, true, 0)
		off, err2 := SideForm(g, false, 0)
		if err1 != nil || err2 != nil {
			continue
		}
		checked++
		if got, want := sidedClass(on, off), ClassOf(g); got != want {
			t.Fatalf("%+v: class %s from its sides, %s by analysis", g.Graph, got, want)
		}
	}
	if checked < 150 {
		t.Errorf("checked %d games", checked)
	}
}

// A sidedCase is a random game and its sides, written S & T (or, for a
// stopper, its simplest form alone).
type sidedCase struct {
	g       Game   // the game, a stopper or not
	on, off Game   // its sides, stoppers in simplest form
	text    string // S & T, its sides written
}

// randomSided returns a random game of up to four positions whose sides
// are found: a quarter of the time a stopper, else one that is not.
func randomSided(t *testing.T, rng *rand.Rand, c *cgt.Calc) sidedCase {
	t.Helper()
	for {
		var s sidedCase
		if rng.IntN(4) == 0 {
			s.g = randomStopper(rng, 4)
		} else {
			s.g = randomNonStoppers(rng, 4, 1)[0]
		}
		var err error
		if s.on, err = SideForm(s.g, true, 0); errors.Is(err, ErrSides) {
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		if s.off, err = SideForm(s.g, false, 0); errors.Is(err, ErrSides) {
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		on, err1 := Notation(c, s.on, 0)
		off, err2 := Notation(c, s.off, 0)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		s.text = on + " & " + off
		if IsStopper(s.g) {
			s.text = on
		}
		return s
	}
}

// graft copies the whole graph of x into g and returns the node of x's
// start there.
func graft(g *Graph, x Game) int {
	base := g.Len()
	for range x.Graph.Len() {
		g.AddNode()
	}
	for v := range x.Graph.Len() {
		for _, w := range x.Graph.Left(v) {
			g.AddLeft(base+v, base+w)
		}
		for _, w := range x.Graph.Right(v) {
			g.AddRight(base+v, base+w)
		}
	}
	return base + x.Start
}

// braces returns the game whose options are made by moves: each called
// on the graph being built and its root, it adds options to the root.
func braces(moves ...func(g *Graph, root int)) Game {
	g := NewGraph(1)
	for _, m := range moves {
		m(g, 0)
	}
	return Game{g, 0}
}

// to returns a move of p from the root to a copy of x.
func to(p Player, x Game) func(g *Graph, root int) {
	return func(g *Graph, root int) { g.AddMove(p, root, graft(g, x)) }
}

// sumOf adds games, failing the test on an error.
func sumOf(t *testing.T, games ...Game) Game {
	t.Helper()
	s, err := Sum(0, games...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSidedExpressions checks sided values inside expressions against
// the theory, apart from how the expressions are read: for random games
// G and H (most not stoppers) with sides S & T and U & V, an expression
// written with S & T and U & V in place of G and H ({S & T | U & V},
// (S & T) + (U & V), -(S & T), +-(S & T), Tiny(S & T), z{S & T | z}, ...)
// has the sides of the game built by hand from the graphs of G and H
// (Siegel, VI.4: a game's sides depend on its options' sides only), each
// compared both ways on the survival order.
func TestSidedExpressions(t *testing.T) {
	c := cgt.New(0)
	zero, minusOne := mustParse(t, c, "0"), mustParse(t, c, "-1")
	for i, shape := range []struct {
		expr string // with %[1]s for G's text, %[2]s for H's
		game func(g, h Game) Game
	}{
		{"%[1]s", func(g, h Game) Game { return g }},
		{"{%[1]s | %[2]s}", func(g, h Game) Game { return braces(to(Left, g), to(Right, h)) }},
		{"{0, %[1]s | %[2]s, -1}", func(g, h Game) Game {
			return braces(to(Left, zero), to(Left, g), to(Right, h), to(Right, minusOne))
		}},
		{"{%[1]s || 0 | %[2]s}", func(g, h Game) Game {
			return braces(to(Left, g), to(Right, braces(to(Left, zero), to(Right, h))))
		}},
		{"(%[1]s) + (%[2]s)", func(g, h Game) Game { return sumOf(t, g, h) }},
		{"(%[1]s) - (%[2]s)", func(g, h Game) Game { return sumOf(t, g, h.Neg()) }},
		{"-(%[1]s)", func(g, h Game) Game { return g.Neg() }},
		{"-{%[1]s | %[2]s}", func(g, h Game) Game { return braces(to(Left, h.Neg()), to(Right, g.Neg())) }},
		{"2*(%[1]s)", func(g, h Game) Game { return sumOf(t, g, g) }},
		{"+-(%[1]s)", func(g, h Game) Game { return braces(to(Left, g), to(Right, g.Neg())) }},
		{"Tiny(%[1]s)", func(g, h Game) Game {
			return braces(to(Left, zero), to(Right, braces(to(Left, zero), to(Right, g.Neg()))))
		}},
		{"z{%[1]s | z}", func(g, h Game) Game {
			z := braces(to(Left, g))
			z.Graph.AddRight(0, 0)
			return z
		}},
		{"{pass, %[1]s | %[2]s}", func(g, h Game) Game {
			z := braces(to(Left, g), to(Right, h))
			z.Graph.AddLeft(0, 0)
			return z
		}},
	} {
		name := strings.NewReplacer("%[1]s", "G", "%[2]s", "H").Replace(shape.expr)
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(31, uint64(17+i)))
			compared, skipped := 0, 0
			for range 40 {
				g, h := randomSided(t, rng, c), randomSided(t, rng, c)
				expr := fmt.Sprintf(shape.expr, g.text, h.text)
				want := shape.game(g.g, h.g)
				d, err := DescribeSum(context.Background(), c, []string{expr}, 0)
				if errors.Is(err, ErrSides) {
					skipped++
					continue
				}
				if err != nil {
					t.Fatalf("%s: %v", expr, err)
				}
				for _, side := range []struct {
					onside bool
					text   string
				}{{true, d.Onside}, {false, d.Offside}} {
					w, err := SideForm(want, side.onside, 0)
					if errors.Is(err, ErrSides) {
						skipped++
						continue
					}
					if err != nil {
						t.Fatal(err)
					}
					got := mustParse(t, c, side.text)
					if eq, err := Equal(got, w, 0); err != nil || !eq {
						text, _ := Notation(c, w, 0)
						t.Fatalf("%s: side (onside %v) %s, by hand %s (%v)", expr, side.onside, side.text, text, err)
					}
					compared++
				}
			}
			if compared < 40 {
				t.Errorf("compared %d sides (%d skipped, sides not found)", compared, skipped)
			}
		})
	}
}

// TestSidedNegation checks on random sided values S & T that -(S & T)
// has onside -T and offside -S, that -(-(S & T)) reads back as S & T, and
// that n*(S & T) is n copies of S & T added (as expressions of a sum).
func TestSidedNegation(t *testing.T) {
	c := cgt.New(0)
	rng := rand.New(rand.NewPCG(31, 16))
	describe := func(exprs ...string) Description {
		t.Helper()
		d, err := DescribeSum(context.Background(), c, exprs, 0)
		if err != nil {
			t.Fatalf("%q: %v", exprs, err)
		}
		return d
	}
	sided := 0
	for range 100 {
		s := randomSided(t, rng, c)
		d := describe(s.text)
		if !d.Stopper {
			sided++
		}
		neg := describe("-(" + s.text + ")")
		for _, side := range []struct {
			got  string
			want Game
		}{{neg.Onside, s.off.Neg()}, {neg.Offside, s.on.Neg()}} {
			if eq, err := Equal(mustParse(t, c, side.got), side.want, 0); err != nil || !eq {
				t.Fatalf("-(%s) is %s: a side %s is not the negative of the other side (%v)", s.text, neg.Canonical, side.got, err)
			}
		}
		if again := describe("-(-(" + s.text + "))"); again.Canonical != d.Canonical {
			t.Fatalf("-(-(%s)) is %s, %s is %s", s.text, again.Canonical, s.text, d.Canonical)
		}
		n := rng.IntN(4)
		copies := make([]string, n)
		for i := range copies {
			copies[i] = s.text
		}
		times := describe(fmt.Sprintf("%d*(%s)", n, s.text))
		if n == 0 {
			copies = []string{"0"}
		}
		if added := describe(copies...); times.Canonical != added.Canonical {
			t.Fatalf("%d*(%s) is %s, %d copies added %s", n, s.text, times.Canonical, n, added.Canonical)
		}
	}
	if sided < 30 {
		t.Errorf("%d of 100 values were not stoppers", sided)
	}
}
