package loopy

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"nimber/cgt"
)

// mustParse parses s or fails the test.
func mustParse(t *testing.T, c *cgt.Calc, s string) Game {
	t.Helper()
	g, err := Parse(c, s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	if err := g.Graph.Check(); err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return g
}

// TestParseClasses checks the outcome classes of the constants and of
// examples, worked out by hand (and some from CGSuite's tests).
func TestParseClasses(t *testing.T) {
	c := cgt.New(0)
	for _, tc := range []struct {
		src     string
		class   string
		stopper bool
	}{
		{"0", "P", true},
		{"*", "N", true},
		{"on", "L", true},
		{"off", "R", true},
		{"over", "L", true},
		{"under", "R", true},
		{"upon", "L", true},
		{"dud", "D", false}, // each passes for ever
		{"on + off", "D", false},
		{"over - over", "D", false},
		{"over + under", "D", false},
		{"-over", "R", true},
		{"-(on)", "R", true},
		{"{pass|}", "L", true},
		{"{|pass}", "R", true},
		{"{pass|pass}", "D", false},
		{"a{0|a}", "L", true},
		{"a{a|0}", "R", true},
		{"a{pass|a}", "D", false},
		{"{0||0|0,pass}", "L", true},
		{"a{0||||0|||a|*||*}", "L", true},
		{"a{b{a|b}|0}", "R", true},
		{"+-over", "N", true},
		{"+-{0|pass}", "N", true},
		{"+-{1, over}", "N", true},
		{"on + 1", "L", true},
		{"off - -1", "R", true},
		{"(on)+(off)", "D", false},
		{"{on|off}", "N", true},
		{"{0|a{0|a}}", "L", true},
		{"{a{0|a}|0}", "N", true},
		{"{0|a{0|a}+1}", "L", true},
		{"3/2under", "L", true},
		{"-5over", "R", true},
	} {
		g := mustParse(t, c, tc.src)
		if got := ClassOf(g).String(); got != tc.class {
			t.Errorf("ClassOf(%s) = %s, want %s", tc.src, got, tc.class)
		}
		if got := IsStopper(g); got != tc.stopper {
			t.Errorf("IsStopper(%s) = %v, want %v", tc.src, got, tc.stopper)
		}
	}
}

// TestParseEqual checks games that CGSuite's tests and tutorial say are
// equal, by the survival test.
func TestParseEqual(t *testing.T) {
	c := cgt.New(0)
	for _, tc := range [][2]string{
		{"a{0|a}", "over"},
		{"{0|pass}", "over"},
		{"x{x|0}", "under"},
		{"{pass|}", "on"},
		{"a{pass|}", "on"},
		{"a{a|}", "on"},
		{"{|pass}", "off"},
		{"{pass|*}", "upon"},
		{"x{0||||0|||x|*||*}", "a{0||||0|||a|*||*}"},
		{"over+5", "5over"},
		{"over-5", "-5over"},
		{"over+^", "over"},
		{"5 + over", "over + 5"},
		{"{0||0|-1}", "Tiny(1)"},
		{"{1|0||0}", "Miny(1)"},
		{"{0||0|0,pass}", "{0|-upon+*}"}, // upon-th, two ways
		{"{pass,0|0}", "upon+*"},
		{"{*|pass}", "-upon"},
		{"{0|0,pass}", "-upon+*"},
		{"{0,*||*|pass}", "{0||0|0,pass} + *"},
		{"{1||0|pass}", "{1|over}"},
		{"on + 1", "on"},
		{"+-{0|pass}", "{over|under}"},
		{"(over)", "((over))"},
		{"{1|-1}", "+-1"},
		{"{1,2|-1,-2}", "+-{1,2}"},
		{"2*upon", "upon+upon"}, // CGSuite's n*G
		{"3*{1|0} + 0*on", "{2|1}"},
		{"-2*over", "under+under"},
		{"Tiny(on)", "{0||0|off}"}, // Tiny and Miny of loopy games
		{"Miny(over)", "{over|0||0}"},
		{"Tiny(over)", "{0||0|under}"},
	} {
		g, h := mustParse(t, c, tc[0]), mustParse(t, c, tc[1])
		eq, err := Equal(g, h, 0)
		if err != nil || !eq {
			t.Errorf("Equal(%s, %s) = %v, %v; want true", tc[0], tc[1], eq, err)
		}
	}
	for _, tc := range [][2]string{
		{"over", "0"},
		{"over", "on"},
		{"upon", "^"},
		{"{0||0|0,pass}", "upon"},
		{"on", "100"},
	} {
		g, h := mustParse(t, c, tc[0]), mustParse(t, c, tc[1])
		if eq, err := Equal(g, h, 0); err != nil || eq {
			t.Errorf("Equal(%s, %s) = %v, %v; want false", tc[0], tc[1], eq, err)
		}
	}
}

// TestParseSlashesAndPass checks the graphs that bars, pass and labels
// make, edge by edge.
func TestParseSlashesAndPass(t *testing.T) {
	c := cgt.New(0)
	// {0||0|0,pass}: Right's option is X = {0|0,pass}, whose pass is X.
	g := mustParse(t, c, "{0||0|0,pass}")
	r := g.Graph.Right(g.Start)
	if len(r) != 1 || len(g.Graph.Right(r[0])) != 2 || g.Graph.Right(r[0])[1] != r[0] {
		t.Errorf("{0||0|0,pass}: Right's option should pass to itself")
	}
	// a{0||||0|||a|*||*}: Right, Right, Left, Left return to the start.
	g = mustParse(t, c, "a{0||||0|||a|*||*}")
	v := g.Start
	for _, p := range []Player{Right, Right, Left, Left} {
		opts := g.Graph.Options(v, p)
		if len(opts) != 1 {
			t.Fatalf("a{0||||0|||a|*||*}: node %d has %d %s options", v, len(opts), p)
		}
		v = opts[0]
	}
	if v != g.Start {
		t.Errorf("a{0||||0|||a|*||*}: the 4-cycle does not return to the start")
	}
	// Nested labels: a{b{a|b}|0}: b's Left option is a, its Right one b.
	g = mustParse(t, c, "a{b{a|b}|0}")
	b := g.Graph.Left(g.Start)[0]
	if g.Graph.Left(b)[0] != g.Start || g.Graph.Right(b)[0] != b {
		t.Errorf("a{b{a|b}|0}: wrong edges")
	}
	// A label shadows a constant inside its braces.
	g = mustParse(t, c, "on{0|on}")
	if ok, _ := Equal(g, mustParse(t, c, "over"), 0); !ok {
		t.Errorf("on{0|on} should be over")
	}
}

// rawString writes short game g with every braces written out and
// labelled, so that Parse builds it node by node, not by c.Parse.
func rawString(c *cgt.Calc, g cgt.Game) string {
	var b strings.Builder
	b.WriteString("x{")
	for i, o := range c.Left(g) {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(rawString(c, o))
	}
	b.WriteByte('|')
	for i, o := range c.Right(g) {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(rawString(c, o))
	}
	b.WriteByte('}')
	return b.String()
}

// TestParseShortLE checks that short games, written by c.String and
// parsed, compare by the survival test as cgt compares them.
func TestParseShortLE(t *testing.T) {
	c := cgt.New(0)
	rng := rand.New(rand.NewPCG(7, 11))
	var pool []cgt.Game
	for _, s := range []string{"0", "*", "1", "-1", "^", "v*", "1/2", "-3/4", "*2", "+-1", "{2|-1}", "^<2>"} {
		g, err := c.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		pool = append(pool, g)
	}
	pick := func() []cgt.Game {
		var out []cgt.Game
		for range rng.IntN(3) {
			out = append(out, pool[rng.IntN(len(pool))])
		}
		return out
	}
	for len(pool) < 80 {
		g, err := c.Make(pick(), pick())
		if err != nil {
			t.Fatal(err)
		}
		if c.Birthday(g) <= 5 {
			pool = append(pool, g)
		}
	}
	parsed := map[cgt.Game][2]Game{}
	get := func(g cgt.Game) [2]Game {
		if p, ok := parsed[g]; ok {
			return p
		}
		p := [2]Game{mustParse(t, c, c.String(g)), mustParse(t, c, c.String(g))}
		if raw := rawString(c, g); len(raw) < 400 {
			p[1] = mustParse(t, c, raw)
		}
		parsed[g] = p
		return p
	}
	for range 300 {
		g, h := pool[rng.IntN(len(pool))], pool[rng.IntN(len(pool))]
		pg, ph := get(g), get(h)
		for k := range 2 {
			for _, pair := range [][2]Game{{pg[k], ph[k]}, {ph[k], pg[k]}} {
				want := c.LE(g, h)
				if pair[0] == ph[k] {
					want = c.LE(h, g)
				}
				got, err := LE(pair[0], pair[1], 0)
				if err != nil || got != want {
					t.Fatalf("LE(%s, %s) = %v, %v; cgt says %v (form %d)", c.String(g), c.String(h), got, err, want, k)
				}
			}
		}
	}
}

// TestParseErrors checks that bad input is refused with its column.
func TestParseErrors(t *testing.T) {
	c := cgt.New(0)
	for _, tc := range []struct {
		src  string
		col  int
		what string
	}{
		{"", 1, "empty input"},
		{"   ", 1, "empty input"},
		{"pass", 1, "pass outside braces"},
		{"over & v", 6, "sided value"},
		{"pass + 1", 1, "pass outside braces"},
		{"1 + pass", 5, "pass outside braces"},
		{"{1|0+pass}", 6, "pass stands alone"},
		{"{0|-pass}", 5, "pass stands alone"},
		{"+-pass", 3, "pass outside braces"},
		{"x", 1, `unknown identifier "x"`},
		{"{0|a}", 4, `unknown identifier "a"`},
		{"a {0|a}", 1, "directly before"},
		{"a{0|1} + a", 10, `label "a" used outside its braces`},
		{"a{b{a|0}|b}", 10, `label "b" used outside its braces`},
		{"a{0|b{0|a+1}}", 9, `label "a" stands alone`},
		{"a{0|-{a|0}}", 7, `label "a" stands alone`},
		{"a{0|a}+a", 8, `label "a" used outside its braces`},
		{"{0|1", 1, "unbalanced {"},
		{"{0|{1|2}", 1, "unbalanced {"},
		{"{0|1}}", 6, "unbalanced }"},
		{"}", 1, "a game is missing"},
		{"(1", 1, "unbalanced ("},
		{"1)", 2, "unbalanced )"},
		{"0|1", 2, `unexpected "|"`},
		{"{0|1|2}", 3, "more than one run of 1 bars"},
		{"{0||1|2||3}", 3, "more than one run of 2 bars"},
		{"{0,1}", 1, "braces without a |"},
		{"a{0,1}", 2, "braces without a |"},
		{"{}", 1, "braces without a |"},
		{"+-{}", 1, "+-{}: a game is missing"},
		{"1 +", 3, "a game is missing after +"},
		{"{0,|1}", 4, "a game is missing"},
		{"{0|@}", 4, "unexpected '@'"},
		{"1/3", 1, "denominator"},
		{"{0|*99999}", 4, ""},
		{"-", 2, "a game is missing"},
		{"'{0|1}'", 1, "unexpected"},
	} {
		_, err := Parse(c, tc.src)
		var pe *cgt.SyntaxError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) = %v, want a *cgt.SyntaxError", tc.src, err)
			continue
		}
		if pe.Column != tc.col || !strings.Contains(err.Error(), tc.what) ||
			!strings.HasPrefix(err.Error(), "column ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q) = %q, want column %d and %q", tc.src, err, tc.col, tc.what)
		}
	}
	_, err := Parse(c, strings.Repeat("0", MaxNotation+1))
	if err == nil || !strings.Contains(err.Error(), "column 1:") {
		t.Errorf("Parse of %d bytes: %v, want an error", MaxNotation+1, err)
	}
}

// TestParseLimit checks that a sum of too many positions is refused.
func TestParseLimit(t *testing.T) {
	c := cgt.New(0)
	// Overs are added in their simplest forms (SumFolded), so 21 of them
	// are few positions; a{1||a|0} is not a stopper, and 21 of those are
	// more than 2^20 positions.
	if _, err := Parse(c, strings.Repeat("over+", 20)+"over"); err != nil {
		t.Errorf("21 overs: %v", err)
	}
	_, err := Parse(c, "21*a{1||a|0}")
	if !errors.Is(err, ErrTooManyPositions) {
		t.Errorf("21 copies of a{1||a|0}: %v, want ErrTooManyPositions", err)
	}
	if _, err := Parse(c, "{0|1<<40}"); err == nil {
		t.Errorf("{0|1<<40}: no error")
	}
	if _, err := Parse(c, "over + 1099511627776"); !errors.Is(err, ErrTooManyPositions) {
		t.Errorf("over + 2^40: %v, want ErrTooManyPositions", err)
	}
	if _, err := Parse(c, "-1099511627776"); !errors.Is(err, ErrTooManyPositions) {
		t.Errorf("-2^40: %v, want ErrTooManyPositions", err)
	}
}

// FuzzParse checks that Parse returns a game or an error, never panics,
// and that the game's graph is well formed; of text with an &, that
// parseTerm (DescribeSum's reading of sided values) does the same for
// both sides.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"on", "off", "over", "under", "upon", "dud", "{pass|}", "{0|pass}",
		"a{0|a}", "a{0||||0|||a|*||*}", "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}",
		"{0||0|0,pass}", "over - over", "on + off", "+-{0|pass}", "+-{1,2}",
		"3/2under", "{-1/4+*|pass}", "Tiny(1)", "^<3>*2", "v[2]", "{1|0+pass}",
		"a{b{a|b}|0}", "(over)+(-1/2)", "x{x|0}+{0|*}", "{0|1|2}", "pass",
		"^[on]*", "-1/4v[on]", "v<on>*", "{0|Tiny(on)}", "Miny(on)", "+-(5over)",
		"{2&-2|1&-2}", "9*(upon & v)", "-(1 & 0)", "{2&-2|1&-2} + 1 & 0", "a{1&0|a}",
		"{0|pass & 1}", "+-{1&0, *}", "Tiny(1&*)", "{(1&0)&0|0}", "{0&1|0}", "{0||1&0|over & under}",
	} {
		f.Add(s)
	}
	c := cgt.New(1 << 26)
	c.SetWorkLimit(1 << 16)
	f.Fuzz(func(t *testing.T, s string) {
		if strings.Contains(s, "&") {
			sided, err := parseTerm(context.Background(), c, s, 1<<12)
			if err != nil && strings.Contains(err.Error(), "\n") {
				t.Errorf("parseTerm(%q): error of more than one line: %q", s, err)
			}
			for _, g := range []Game{sided.on, sided.off} {
				if err != nil {
					break
				}
				if err := g.Graph.Check(); err != nil || g.Start < 0 || g.Start >= g.Graph.Len() {
					t.Fatalf("parseTerm(%q): start %d of %d positions: %v", s, g.Start, g.Graph.Len(), err)
				}
			}
		}
		g, err := Parse(c, s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("Parse(%q): error of more than one line: %q", s, err)
			}
			return
		}
		if err := g.Graph.Check(); err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		if g.Start < 0 || g.Start >= g.Graph.Len() {
			t.Fatalf("Parse(%q): start %d outside 0..%d", s, g.Start, g.Graph.Len()-1)
		}
		// A small stopper is written, and the text read back as itself.
		if len(g.Reachable()) > 12 || !IsStopper(g) {
			return
		}
		text, err := Notation(c, g, 1<<14)
		if err != nil {
			return // over the work limits set above
		}
		h, err := Parse(c, text)
		if errors.Is(err, cgt.ErrWork) || errors.Is(err, cgt.ErrLimit) {
			return // the shared calc is past its limits
		}
		if err != nil {
			t.Fatalf("Parse(%q) written %q: %v", s, text, err)
		}
		if eq, err := Equal(g, h, 1<<14); err == nil && !eq {
			t.Fatalf("Parse(%q) written %q reads back unequal", s, text)
		}
	})
}

// TestCGSuiteFacts holds the package to CGSuite's own tests
// (testdata/cgsuite-loopy.tsv) whose game Parse reads: the IsStopper,
// OutcomeClass, LeftStop and RightStop rows (the stops of the simplest
// form), and the rows of a game alone, printed (a stopper in its simplest
// form, another by its sides); and the rows of a sided value written with
// & (over & v, {2&-2|1&-2}, 9*(upon & v)), read and printed by
// DescribeSum.
func TestCGSuiteFacts(t *testing.T) {
	data, err := os.ReadFile("testdata/cgsuite-loopy.tsv")
	if err != nil {
		t.Fatal(err)
	}
	c := cgt.New(0)
	method := regexp.MustCompile(`^\((.*)\)\.(IsStopper|OutcomeClass|LeftStop|RightStop)$`)
	checked := map[string]int{}
	for line := range strings.Lines(string(data)) {
		cols := strings.Split(strings.TrimRight(line, "\n"), "\t")
		if len(cols) != 4 || strings.HasPrefix(cols[0], "#") || strings.HasPrefix(cols[3], "!error") {
			continue
		}
		in, kind := cols[2], "Notation"
		if m := method.FindStringSubmatch(cols[2]); m != nil {
			in, kind = m[1], m[2]
		}
		if strings.ContainsAny(in, ":.[]") {
			continue // statements, methods and lists: not read yet
		}
		if strings.Contains(in, "&") {
			d, err := DescribeSum(context.Background(), c, []string{in}, 1<<20)
			if errors.Is(err, ErrSides) {
				continue // none today: sides that are not stoppers
			}
			if err != nil {
				t.Fatalf("%s: %v", in, err)
			}
			if d.Canonical != cols[3] {
				t.Errorf("%s = %s, CGSuite says %s", in, d.Canonical, cols[3])
			}
			checked["Sided"]++
			continue
		}
		g, err := Parse(c, in)
		if errors.Is(err, ErrTooManyPositions) {
			continue // -1823437481924: a chain of as many positions
		}
		if err != nil {
			if kind == "Notation" {
				continue // CGSuite's n*G and the like
			}
			t.Fatalf("Parse(%q): %v", in, err)
		}
		if kind != "IsStopper" && kind != "OutcomeClass" && kind != "Notation" && !IsStopper(g) {
			continue
		}
		got, err := fact(c, g, kind)
		if kind == "Notation" {
			// Read and written as nimber value does (DescribeSum: a large
			// sum whose terms are not all stoppers goes term by term).
			var d Description
			d, err = DescribeSum(context.Background(), c, []string{in}, 1<<20)
			got = d.Canonical
		}
		if err != nil {
			t.Fatalf("%s: %v", cols[2], err)
		}
		if kind == "Notation" && got != cols[3] && sameSides(t, c, got, cols[3]) {
			// Sides that are not stoppers have no simplest form: CGSuite's
			// graph of them and nimber's are compared, side by side.
			checked["LooseSides"]++
			continue
		}
		if got != cols[3] {
			t.Errorf("%s = %s, CGSuite says %s", cols[2], got, cols[3])
		}
		if kind == "Notation" && !IsStopper(g) {
			kind = "Sides" // printed by its sides
		}
		checked[kind]++
	}
	// The rows read today, so that a row no longer read is a regression.
	for kind, least := range map[string]int{"IsStopper": 41, "OutcomeClass": 17, "LeftStop": 13, "RightStop": 13, "Notation": 31, "Sides": 7, "LooseSides": 1, "Sided": 3} {
		if checked[kind] < least {
			t.Errorf("%d %s rows checked, want %d", checked[kind], kind, least)
		}
	}
}

// fact computes one of CGSuite's facts of g, as CGSuite prints it.
func fact(c *cgt.Calc, g Game, kind string) (string, error) {
	switch kind {
	case "IsStopper":
		return strconv.FormatBool(IsStopper(g)), nil
	case "OutcomeClass":
		return ClassOf(g).String(), nil
	case "Notation":
		return "", nil // read by DescribeSum
	}
	s, err := Simplify(g, 1<<20)
	if err != nil {
		return "", err
	}
	l, r, err := Stops(c, s)
	if kind == "LeftStop" {
		return l.String(), err
	}
	return r.String(), err
}

// TestNotationReadsBack writes random stoppers and reads the text back:
// the game read is equal to the one written (by the survival test) and
// is written the same way again.
func TestNotationReadsBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 11))
	c := cgt.New(0)
	kinds := map[string]bool{}
	for range 400 {
		g := randomStopper(rng, 6)
		text, err := Notation(c, g, 1<<16)
		if err != nil {
			t.Fatal(err)
		}
		h, err := Parse(c, text)
		if err != nil {
			t.Fatalf("%+v written %s: %v", g.Graph, text, err)
		}
		if eq, err := Equal(g, h, 1<<16); err != nil || !eq {
			t.Fatalf("%+v written %s, read back unequal (%v)", g.Graph, text, err)
		}
		again, err := Notation(c, h, 1<<16)
		if err != nil || again != text {
			t.Fatalf("%+v written %s, then %s (%v)", g.Graph, text, again, err)
		}
		kinds[(strings.TrimLeft(text, "-0123456789/") + "#")[:1]] = true // # for a number
	}
	if len(kinds) < 4 {
		t.Errorf("the texts began with only %v", kinds)
	}
}

// TestSideLEStoppers checks that the sides of stoppers are themselves:
// on random stoppers, comparing onsides or offsides is LE.
func TestSideLEStoppers(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 12))
	for range 500 {
		g, h := randomStopper(rng, 4), randomStopper(rng, 4)
		want, err := LE(g, h, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, onside := range []bool{true, false} {
			got, err := SideLE(g, h, onside, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("%+v <= %+v: onside %v says %v, LE %v", g.Graph, h.Graph, onside, got, want)
			}
		}
	}
}

// TestSideLENamed checks the sides of games that are not stoppers, as
// CGSuite gives them: dud = on & off, and so is on + off.
func TestSideLENamed(t *testing.T) {
	for _, tc := range []struct {
		games           []string
		onside, offside string
	}{
		{[]string{"dud"}, "on", "off"},
		{[]string{"on", "off"}, "on", "off"},
	} {
		g := namedSum(t, tc.games...)
		for _, side := range []struct {
			onside bool
			want   string
		}{{true, tc.onside}, {false, tc.offside}} {
			w := named(t, side.want)
			le, err := SideLE(g, w, side.onside, 0)
			if err != nil {
				t.Fatal(err)
			}
			ge, err := SideLE(w, g, side.onside, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !le || !ge {
				t.Errorf("%v: side (onside %v) compared with %s: <= %v, >= %v; want equal", tc.games, side.onside, side.want, le, ge)
			}
		}
		// The sides differ: the onside on is not at most off, nor is on at
		// most the offside off.
		if le, err := SideLE(g, named(t, tc.offside), true, 0); err != nil || le {
			t.Errorf("%v: onside <= %s: %v, %v; want false", tc.games, tc.offside, le, err)
		}
		if le, err := SideLE(named(t, tc.onside), g, false, 0); err != nil || le {
			t.Errorf("%v: %s <= offside: %v, %v; want false", tc.games, tc.onside, le, err)
		}
	}
}

// TestSidesCGSuiteFacts compares the sides of the games of CGSuite's own
// tests (testdata/cgsuite-loopy.tsv) with the sides CGSuite gives, each a
// stopper (its own sides): the Onside and Offside rows, and the rows of a
// game printed as onside & offside (a{1||a|0} is 2 & +-1). A side equals
// CGSuite's when each is at most the other, compared on that side.
func TestSidesCGSuiteFacts(t *testing.T) {
	data, err := os.ReadFile("testdata/cgsuite-loopy.tsv")
	if err != nil {
		t.Fatal(err)
	}
	c := cgt.New(0)
	method := regexp.MustCompile(`^\((.*)\)\.(Onside|Offside)$`)
	checked, sided := 0, 0
	for line := range strings.Lines(string(data)) {
		cols := strings.Split(strings.TrimRight(line, "\n"), "\t")
		if len(cols) != 4 || strings.HasPrefix(cols[0], "#") || strings.HasPrefix(cols[3], "!error") {
			continue
		}
		in, want := cols[2], map[bool]string{}
		if m := method.FindStringSubmatch(in); m != nil {
			in, want[m[2] == "Onside"] = m[1], cols[3]
		} else if on, off, ok := strings.Cut(cols[3], " & "); ok {
			want[true], want[false] = on, off
		} else {
			continue
		}
		g, err := Parse(c, in)
		if err != nil {
			continue // statements, methods, sides written with &: not read
		}
		for onside, text := range want {
			w, err := Parse(c, text)
			if err != nil || !IsStopper(w) {
				continue // Bach's carousel's sides are not stoppers
			}
			le, err1 := SideLE(g, w, onside, 1<<20)
			ge, err2 := SideLE(w, g, onside, 1<<20)
			if err1 != nil || err2 != nil || !le || !ge {
				t.Errorf("%s: side (onside %v) against CGSuite's %s: <= %v, >= %v (%v, %v)", cols[2], onside, text, le, ge, err1, err2)
			}
			checked++
			if !IsStopper(g) {
				sided++
			}
		}
	}
	// Read today: 80 sides, 12 of them of games that are not stoppers.
	if checked < 80 || sided < 12 {
		t.Errorf("checked %d sides, %d of games that are not stoppers; want 80 and 12", checked, sided)
	}
}

// sameSides reports whether got and want, sided values S & T printed,
// have sides that are not all stoppers and equal sides: S of got and S
// of want have the same onside (SideLE both ways), T and T the same
// offside.
func sameSides(t *testing.T, c *cgt.Calc, got, want string) bool {
	t.Helper()
	g, w := strings.Split(got, " & "), strings.Split(want, " & ")
	if len(g) != 2 || len(w) != 2 {
		return false
	}
	stoppers := true
	for i, onside := range []bool{true, false} {
		a, b := mustParse(t, c, g[i]), mustParse(t, c, w[i])
		stoppers = stoppers && IsStopper(a)
		le, err1 := SideLE(a, b, onside, 0)
		ge, err2 := SideLE(b, a, onside, 0)
		if err1 != nil || err2 != nil || !le || !ge {
			return false
		}
	}
	return !stoppers
}

// TestSideFormRandom finds the sides of random games that are not
// stoppers and checks what the theory says of them, apart from how they
// were found: each is a stopper, and the offside is at most the onside
// (Siegel, VI.4). Most random games have sides that are stoppers.
func TestSideFormRandom(t *testing.T) {
	found, tried := 0, 300
	for _, g := range randomNonStoppers(rand.New(rand.NewPCG(31, 13)), 4, tried) {
		on, err1 := SideForm(g, true, 0)
		off, err2 := SideForm(g, false, 0)
		if errors.Is(err1, ErrSides) || errors.Is(err2, ErrSides) {
			continue
		}
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		found++
		if !IsStopper(on) || !IsStopper(off) {
			t.Fatalf("%+v: sides %+v, %+v not stoppers", g.Graph, on.Graph, off.Graph)
		}
		if le, err := LE(off, on, 0); err != nil || !le {
			t.Fatalf("%+v: offside %+v not at most onside %+v (%v)", g.Graph, off.Graph, on.Graph, err)
		}
	}
	if found < tried/2 {
		t.Errorf("sides found for %d of %d games", found, tried)
	}
}

// TestOverIsTiny checks what docs/loopy-partizan.md says of over: above
// 0, and below 1/2^k for every k sampled (up to 1/2^20), and under is its
// negative.
func TestOverIsTiny(t *testing.T) {
	c := cgt.New(0)
	over, under := mustParse(t, c, "over"), mustParse(t, c, "under")
	le := func(a, b Game) bool {
		r, err := LE(a, b, 0)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	zero := mustParse(t, c, "0")
	if le(over, zero) || !le(zero, over) || le(zero, under) || !le(under, zero) {
		t.Fatal("over is not above 0, or under not below it")
	}
	for k := range 21 {
		x := mustParse(t, c, "1/"+strconv.Itoa(1<<k))
		if !le(over, x) || le(x, over) {
			t.Errorf("over is not below 1/%d", 1<<k)
		}
	}
	if eq, err := Equal(under, over.Neg(), 0); err != nil || !eq {
		t.Errorf("under is not -over: %v, %v", eq, err)
	}
}
