package cgt

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestDyadic(t *testing.T) {
	for _, tc := range []struct{ in, out string }{{"6/4", "3/2"}, {"-1/2", "-1/2"}, {"25/16", "25/16"}, {"8/2", "4"}, {"-1823437481924", "-1823437481924"}, {"9223372036854775807", "9223372036854775807"}} {
		d, err := ParseDyadic(tc.in)
		if err != nil || d.String() != tc.out {
			t.Errorf("%s: %v %v, want %s", tc.in, d, err, tc.out)
		}
	}
	for _, bad := range []string{"1/3", "1/0", "x", "1/", "99999999999999999999", "1/9223372036854775808", "-9223372036854775808"} {
		if _, err := ParseDyadic(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	if _, err := Int(1 << 62).Add(Int(1 << 62)); err != ErrDyadicRange {
		t.Errorf("2^62 + 2^62: %v", err)
	}
	// Values too far apart in scale to align in 64 bits compare exactly:
	// 2^61 against (2^63 - 1)/4, which is 2^61 - 1/4.
	big, near := Int(1<<61), Dyadic{Num: 1<<63 - 1, Exp: 2}
	if big.Cmp(near) != 1 || near.Cmp(big) != -1 || big.Cmp(big) != 0 {
		t.Errorf("2^61 against 2^61 - 1/4: %d %d", big.Cmp(near), near.Cmp(big))
	}
	for _, tc := range []struct{ a, b, want string }{{"0", "1", "1/2"}, {"-1", "1", "0"}, {"1/2", "1", "3/4"}, {"2", "5", "3"},
		{"-5", "-2", "-3"}, {"-1/2", "3", "0"}, {"1/4", "3/8", "5/16"}, {"-3/4", "-1/2", "-5/8"}} {
		a, _ := ParseDyadic(tc.a)
		b, _ := ParseDyadic(tc.b)
		if s, err := simplest(a, b); err != nil || s.String() != tc.want {
			t.Errorf("simplest(%s, %s) = %v %v, want %s", tc.a, tc.b, s, err, tc.want)
		}
	}
}

// FuzzParseDyadic: no panic, and what parses prints back to itself.
func FuzzParseDyadic(f *testing.F) {
	for _, s := range []string{"0", "-1/2", "25/16", "6/4", "1/3", "-9223372036854775808/2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDyadic(s)
		if err != nil {
			return
		}
		e, err := ParseDyadic(d.String())
		if err != nil || e != d {
			t.Fatalf("%q: %v prints as %q, which reads as %v %v", s, d, d.String(), e, err)
		}
	})
}

// TestNumbers: a dyadic's canonical form is recognised as that number,
// numbers compare and add as dyadics do, and birthdays are those of the
// theory (n for the integer n, 3 for 3/4).
func TestNumbers(t *testing.T) {
	c := New(0)
	rng := rand.New(rand.NewPCG(9, 9))
	var xs []Dyadic
	var gs []Game
	for range 60 {
		x := norm(rng.Int64N(65)-32, uint(rng.IntN(4)))
		g := c.NumberGame(x)
		if y, ok := c.Number(g); !ok || y != x {
			t.Fatalf("%v: recognised as %v %v", x, y, ok)
		}
		xs, gs = append(xs, x), append(gs, g)
	}
	for i := range xs {
		for j := range xs {
			if c.LE(gs[i], gs[j]) != (xs[i].Cmp(xs[j]) <= 0) {
				t.Fatalf("%v ≤ %v disagrees", xs[i], xs[j])
			}
		}
		s, err := c.Add(gs[i], gs[(i+1)%len(gs)])
		if err != nil {
			t.Fatal(err)
		}
		want, _ := xs[i].Add(xs[(i+1)%len(xs)])
		if y, ok := c.Number(s); !ok || y != want {
			t.Fatalf("%v + %v = %v %v", xs[i], xs[(i+1)%len(xs)], y, ok)
		}
	}
	for _, tc := range []struct {
		x    string
		want int64
	}{{"5", 5}, {"3/4", 3}, {"-5/4", 4}, {"1/2", 2}, {"-1823437481924", 1823437481924}} {
		x, _ := ParseDyadic(tc.x)
		if b := c.Birthday(c.NumberGame(x)); b != tc.want {
			t.Errorf("birthday of %s: %d, want %d", tc.x, b, tc.want)
		}
	}
}

// TestStops checks stops on known games (±1: 1 and -1; ↑: 0 and 0;
// {2 | {1 | 0}}: 2 and 1) and, on 500 random games born by day 3, what
// the theory says of every game: the right stop is at most the left stop,
// -g exchanges them, adding a number shifts both, a game with no option
// on a side is a number, and numbers are their own stops.
func TestStops(t *testing.T) {
	c := New(0)
	one, minus, two := c.Integer(1), c.Integer(-1), c.Integer(2)
	pm, _ := c.Make([]Game{one}, []Game{minus})
	up, _ := c.Make([]Game{Zero}, []Game{starOf(t, c)})
	hot, _ := c.Make([]Game{one}, []Game{Zero})
	g, _ := c.Make([]Game{two}, []Game{hot})
	for _, tc := range []struct {
		g      Game
		ls, rs string
	}{{pm, "1", "-1"}, {up, "0", "0"}, {g, "2", "1"}} {
		if ls, rs := c.LeftStop(tc.g).String(), c.RightStop(tc.g).String(); ls != tc.ls || rs != tc.rs {
			t.Errorf("%s: stops %s and %s, want %s and %s", c.String(tc.g), ls, rs, tc.ls, tc.rs)
		}
	}
	rng := rand.New(rand.NewPCG(4, 4))
	half := c.NumberGame(Dyadic{Num: 1, Exp: 1})
	for range 500 {
		g := of(t, c, randomTree(rng, 1+rng.IntN(3)))
		ls, rs := c.LeftStop(g), c.RightStop(g)
		if rs.Cmp(ls) > 0 {
			t.Fatalf("%s: right stop %v above left stop %v", c.String(g), rs, ls)
		}
		n, _ := c.Neg(g)
		if nl, _ := ls.Neg(); c.RightStop(n) != nl {
			t.Fatalf("%s: RS(-g) = %v, want %v", c.String(g), c.RightStop(n), nl)
		}
		s, _ := c.Add(g, half)
		if want, _ := ls.Add(Dyadic{Num: 1, Exp: 1}); c.LeftStop(s) != want {
			t.Fatalf("%s: LS(g + 1/2) = %v, want %v", c.String(g), c.LeftStop(s), want)
		}
		x, isNum := c.Number(g)
		if (len(c.Left(g)) == 0 || len(c.Right(g)) == 0) && !isNum {
			t.Fatalf("%s: a side with no option, and not a number", c.String(g))
		}
		if isNum && (ls != x || rs != x) {
			t.Fatalf("%s = %v: stops %v and %v", c.String(g), x, ls, rs)
		}
	}
}

func starOf(t *testing.T, c *Calc) Game {
	star, err := c.Nimber(1)
	if err != nil {
		t.Fatal(err)
	}
	return star
}

// TestHugeNumbers: numbers are held by their value, so games with 64-bit
// numbers in them are as cheap as small ones: (g + x) - x = g, the stops
// shift by x, and x ≤ g + x exactly when 0 ≤ g, for x = ±10^12 and
// 12345/1024 and random games g born by day 3.
func TestHugeNumbers(t *testing.T) {
	c := New(0)
	rng := rand.New(rand.NewPCG(6, 1))
	for _, xs := range []string{"1000000000000", "-1000000000000", "12345/1024"} {
		xd, _ := ParseDyadic(xs)
		x := c.NumberGame(xd)
		nx, _ := c.Neg(x)
		for range 100 {
			g := of(t, c, randomTree(rng, 1+rng.IntN(3)))
			s, err := c.Add(g, x)
			if err != nil {
				t.Fatal(err)
			}
			back, err := c.Add(s, nx)
			if err != nil || back != g {
				t.Fatalf("(%s + %s) - %s = %s, %v", c.String(g), xs, xs, c.String(back), err)
			}
			if want, _ := c.LeftStop(g).Add(xd); c.LeftStop(s) != want {
				t.Fatalf("LS(%s + %s) = %v, want %v", c.String(g), xs, c.LeftStop(s), want)
			}
			if c.LE(x, s) != c.LE(Zero, g) {
				t.Fatalf("%s ≤ %s + %s disagrees with 0 ≤ it", xs, c.String(g), xs)
			}
		}
	}
}

// TestCGSuiteExamples reads the games of CGSuite's own examples
// (testdata/cgsuite-examples.tsv: the values CGSuite gives) and checks
// each: the outcome class, the stops, the mean, the temperature, the
// birthday and the canonical form as CGSuite writes it.
func TestCGSuiteExamples(t *testing.T) {
	c := New(0)
	rows := readTSV(t, "testdata/cgsuite-examples.tsv")
	for _, col := range rows {
		expr, canon, outcome, ls, rs, mean, temp, birthday := col[0], col[1], col[2], col[3], col[4], col[5], col[6], col[7]
		g, err := c.Parse(expr)
		if err != nil {
			t.Errorf("%s: %v", expr, err)
			continue
		}
		m, err1 := c.Mean(g)
		tt, err2 := c.Temperature(g)
		got := []string{c.OutcomeOf(g).String(), c.LeftStop(g).String(), c.RightStop(g).String(), m.String(), tt.String(),
			strconvI(c.Birthday(g))}
		want := []string{outcome, ls, rs, mean, temp, birthday}
		if err1 != nil || err2 != nil || strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: outcome, stops, mean, temperature, birthday %v (%v %v); CGSuite %v", expr, got, err1, err2, want)
		}
		// CGSuite's canonical form reads back as the same game, and it is
		// written exactly as CGSuite writes it.
		if cg, err := c.Parse(canon); err != nil || cg != g {
			t.Errorf("%s: CGSuite's canonical form %s reads as another game (%v)", expr, canon, err)
		}
		if got := c.Notation(g); got != canon {
			t.Errorf("%s: written %s, CGSuite %s", expr, got, canon)
		}
	}
	if len(rows) < 25 {
		t.Errorf("%d examples read, want 25", len(rows))
	}
}

func strconvI(n int64) string { return Int(n).String() }

// TestParseErrors: bad notation is refused with its column; a minus
// before braces negates them (-{1|} is -2).
func TestParseErrors(t *testing.T) {
	c := New(0)
	if g, err := c.Parse("-{1|}"); err != nil || g != c.Integer(-2) {
		t.Errorf("-{1|}: %s %v, want -2", c.Notation(g), err)
	}
	for _, tc := range []struct{ in, want string }{
		{"{0|1", "column 1: unbalanced {"},
		{"{0 1}", "column 1: braces without a |"},
		{"1/3", "the denominator is not a power of two"},
		{"2+", "column 3: a game is missing after +"},
		{"{0|1|2}", "column 3: more than one run of 1 bars"},
		{"0 & 1", "column 3: unexpected '&'"},
		{"^[0]", "column 2: ^[n]: n from 1 to 256"},
		{"v<2", "column 2: v<n>: n from 1 to 256"},
		{"^^3", "column 1: ^^3: a count of ups or downs comes after one ^ or v"},
		{"*99999999999", "column 2: 99999999999: a count up to"},
		{"*2000", "column 1: cgt: a nimber or a multiple of up past the bounds"},
		{"Tiny(1", "column 5: unbalanced (: no ) closes it"},
		{"+-", "column 3: a game is missing"},
		{"", "column 1: a game is missing"},
		{"2000*{1|0}", "column 1: n*G: n is \"2000\", not a whole number from 0 to 1024"},
		{"1/2*{1|0}", "column 1: n*G: n is \"1/2\""},
	} {
		_, err := c.Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.want)
		}
	}
}

// FuzzParse: any text is read or refused with a SyntaxError, never a
// panic, and a game read is written so that it reads back as itself.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"{0||0|v*}", "73/16+v9*8", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "-{1|}", "^^^*3", "+-(1*)", "3Tiny({3|1})", "v[3]*", "1^<2>*"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64 {
			return
		}
		c := New(1 << 24)
		c.SetWorkLimit(1 << 20)
		g, err := c.Parse(s)
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("%q: %T %v", s, err, err)
			}
			return
		}
		if back, err := c.Parse(c.Notation(g)); err != nil || back != g {
			t.Fatalf("%q: written %s, which reads back as another game (%v)", s, c.Notation(g), err)
		}
	})
}

// TestNotationForms: the forms CGSuite writes specially are read and
// written back as it writes them: switches (+-G, with parentheses around
// a sum such as 1*), x ± G as a sum, tinies and minies after the number
// they are translated by, ^<n> and ^[n] with a number and a nimber.
func TestNotationForms(t *testing.T) {
	c := New(0)
	for _, tc := range []struct{ in, want string }{
		{"{1|-1}", "+-1"},
		{"{1*|-1*}", "+-(1*)"},
		{"+-{2|1}", "+-{2|1}"},
		{"+-*", "0"},
		{"1+-1", "{2|0}"},
		{"3+Tiny(2)", "3Tiny(2)"},
		{"-Tiny(2)", "Miny(2)"},
		{"2Miny({3|1})", "2Miny({3|1})"},
		{"{0|||0||-1|-3}+3", "3Tiny({3|1})"},
		{"^<3>", "^<3>"},
		{"-^<3>", "v<3>"},
		{"v[3]*", "v[3]*"},
		{"1^<2>*", "1^<2>*"},
		{"{0|^<2>*}", "{0|^<2>*}"},
		{"(1+1)*", "2*"},
		{"^<1>+^[1]", "^^"},
		// CGSuite's n*G: n copies of G, not n + * + G; 3* and 3*^ stay
		// juxtaposed.
		{"3*{1|0}", "{2|1}"},
		{"-3*{1|0}", "{-1|-2}"},
		{"2*(^)", "^^"},
		{"2*Tiny(1)", "{0||0,{0|-1}|-1}"},
		{"0*{1|0}", "0"},
		{"3*^", "3^*"},
	} {
		g, err := c.Parse(tc.in)
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if got := c.Notation(g); got != tc.want {
			t.Errorf("%s: written %s, want %s", tc.in, got, tc.want)
		}
	}
}
