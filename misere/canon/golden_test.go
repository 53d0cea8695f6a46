package canon

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"nimber/game"
	"nimber/heap"
	"nimber/misere"
	"nimber/registry/registrytest"
)

// cgsuiteRows are the rows of CGSuite's MisereCanonicalGameTestCase
// (lib/core/src/test/scala/org/cgsuite/lang), every column nimber
// computes: the expression CGSuite reads, the form it writes, birthday,
// genus, IsEven, IsNimHeap, Mate, MisereNimValue, MisereOutcomeClass,
// NimValue and Options. CGSuite writes the genus of a generally tame or
// restive game by its first misère value alone (0^0 is 0^02, 1^2 is
// 1^20, a Nim-heap's by its normal value); genus is the genus in Conway's
// full notation, as nimber genus writes it, cgsuiteGenus CGSuite's text.
var cgsuiteRows = []struct {
	x, out, birthday, cgsuiteGenus, genus string
	even, nimHeap                         bool
	mate, misereNim, outcome, nim, opts   string
}{
	{"*[0]", "*[0]", "0", "0", "0^120", true, true, "*[1]", "1", "N", "0", "[]"},
	{"*[1]", "*[1]", "1", "1", "1^031", false, true, "*[0]", "0", "P", "1", "[*[0]]"},
	{"*[2]", "*[2]", "2", "2", "2^20", true, true, "*[2]", "2", "N", "2", "[*[0],*[1]]"},
	{"*[[2]]", "*[2#]", "3", "0^0", "0^02", true, false, "*[2#]", "0", "P", "0", "[*[2]]"},
	{"*[[[2]]]", "*[2##]", "4", "1^1", "1^13", true, false, "*[2##]", "1", "N", "1", "[*[2#]]"},
	{"*[2]+*[2]", "*[2[2]]", "4", "0^0", "0^02", true, false, "*[2[2]]", "0", "P", "0", "[*[2],*[3]]"},
	{"*[[*[2]+*[[2]]]]", "*[2[#2#]]", "6", "0^0", "0^02", true, false, "*[2[#2#]]", "0", "P", "0", "[*[2[#2]]]"},
	{"*[[2],0]", "*[2#0]", "4", "1^2", "1^20", true, false, "*[2#1]", "2", "N", "1", "[*[0],*[2#]]"},
	{"*[[2],1]", "*[2#1]", "4", "2^1420", "2^1420", true, false, "*[2#0]", "1", "N", "2", "[*[1],*[2#]]"},
	{"*[[*[4]+*[2]]]", "*[4[2#]]", "7", "0^0", "0^02", true, false, "*[4[2#]]", "0", "P", "0", "[*[4[2]]]"},
	{"*[[[2]],[[2],1]]", "*[(2#1)2##]", "5", "0^0", "0^02", true, false, "*[(2#0)2##]", "0", "P", "0", "[*[2##],*[2#1]]"},
	{"*[[[2]],[[[2],0],0,1]]", "*[((2#0)10)2##]", "6", "0^0", "0^02", true, false, "*[((2#1)10)2##]", "0", "P", "0", "[*[2##],*[(2#0)10]]"},
	{"*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]", "*[((2#0)2[#1]2#)(2#1)[1]]", "6", "0^120", "0^120", true, false,
		"*[((2#1)2[#1]2#)(2#0)[1]]", "1", "N", "0", "[*[(2#1)[1]],*[(2#0)2[#1]2#]]"},
	{"*[[[2],2,0],[[2],3],1]", "*[(2#20)2[#1]1]", "5", "0^2", "0^20", true, false, "*[(2#21)2[#1]0]", "2", "N", "0", "[*[1],*[2[#1]],*[2#20]]"},
}

// TestCGSuiteRows holds nimber to CGSuite's own test table, and reads
// back every form written there.
func TestCGSuiteRows(t *testing.T) {
	tb := New(0)
	for _, r := range cgsuiteRows {
		f, err := tb.Parse(r.x)
		if err != nil {
			t.Fatalf("%s: %v", r.x, err)
		}
		d, err := tb.Describe(f)
		if err != nil {
			t.Fatal(err)
		}
		got := []string{d.Canonical, strconv.Itoa(d.Birthday), d.Genus, strconv.FormatBool(d.Even),
			strconv.FormatBool(d.NimHeap), d.Mate, strconv.Itoa(d.MisereNimValue), d.Outcome,
			strconv.Itoa(d.NimValue), "[" + strings.Join(d.Options, ",") + "]"}
		want := []string{r.out, r.birthday, r.genus, strconv.FormatBool(r.even), strconv.FormatBool(r.nimHeap), r.mate,
			r.misereNim, r.outcome, r.nim, r.opts}
		for i, name := range []string{"form", "birthday", "genus", "even", "nim heap", "mate", "misère nim value", "outcome", "nim value", "options"} {
			if got[i] != want[i] {
				t.Errorf("%s: %s %s, CGSuite's %s", r.x, name, got[i], want[i])
			}
		}
		for _, s := range append([]string{r.out, r.mate}, d.Options...) {
			if _, err := tb.Parse(s); err != nil {
				t.Errorf("%s: reading back %s: %v", r.x, s, err)
			}
		}
		if back, err := tb.Parse(r.out); err != nil || back != f {
			t.Errorf("%s read back as %s, %v", r.out, tb.MustString(back), err)
		}
	}
}

// TestGenusOfHeaps holds the genus of the canonical forms of heaps of
// Dawson's Kayles (0.07) and Kayles (0.77), made through the game API, to
// package misere's genus of the heap (nimber genus), and their misère
// outcomes to its search.
func TestGenusOfHeaps(t *testing.T) {
	for _, code := range []string{"0.07", "0.77", "0.137"} {
		g, s, tb := heapSolver(t, code)
		for n := range 16 {
			f := fromGame(t, tb, g, strconv.Itoa(n))
			want, err := s.Genus(context.Background(), n)
			if err != nil {
				t.Fatal(err)
			}
			if got := tb.Genus(f).String(); got != want.String() {
				t.Errorf("%s heap %d: genus %s, nimber genus %s", code, n, got, want)
			}
		}
		// Sums of two and three heaps: the outcome of the form against
		// the misère search.
		for a := 1; a < 12; a++ {
			for b := a; b < 12; b++ {
				heaps := []int{a, b, (a * b) % 9}
				f := fromGame(t, tb, g, strconv.Itoa(heaps[0])+" "+strconv.Itoa(heaps[1])+" "+strconv.Itoa(heaps[2]))
				w, err := s.Outcome(context.Background(), heaps)
				if err != nil {
					t.Fatal(err)
				}
				if got := tb.Outcome(f); got != outcome(w.Wins) {
					t.Errorf("%s heaps %v: outcome %s, the search %s", code, heaps, got, outcome(w.Wins))
				}
			}
		}
	}
}

// heapSolver returns the registered heap game code, package misere's
// solver of it and a new table.
func heapSolver(t *testing.T, code string) (game.Game, *misere.Solver, *Table) {
	t.Helper()
	c, err := heap.Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	return registrytest.Game(t, code), misere.New(c, 0), New(0)
}

// fromGame makes in t the form of the position of g that g reads in pos,
// through the game API.
func fromGame(tb testing.TB, t *Table, g game.Game, pos string) Form {
	tb.Helper()
	p, err := g.Parse(pos)
	if err != nil {
		tb.Fatal(err)
	}
	f, err := t.FromGame(context.Background(), g, p, 0)
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// cgsuiteParts are the Parts, Partitions, IsPrime, IsExtraverted and
// IsIntroverted columns of CGSuite's test table, for each of its games:
// its parts and its partitions into primes as CGSuite writes them
// (differences with Nim-heaps among them: 2[#-2] is the game whose sum
// with *2 is 2#), the partitions in CGSuite's order, the parts in any.
var cgsuiteParts = []struct {
	game                      string
	parts                     []string
	partitions                [][]string
	prime, extra, introverted bool
}{
	{"*[0]", nil, [][]string{{}}, false, true, true},
	{"*[1]", nil, [][]string{{"*[1]"}}, false, true, true},
	{"*[2]", nil, [][]string{{"*[2]"}}, true, true, false},
	{"*[2#]", []string{"*[2]", "*[2[#-2]]"}, [][]string{{"*[2]", "*[2[#-2]]"}}, false, true, false},
	{"*[2##]", []string{"*[2]", "*[2[##-2]]", "*[2#]", "*[2[##-2]0]", "*[2[#-2]]", "*[(2[##-2]0)[2]]"},
		[][]string{{"*[2]", "*[2[#-2]]", "*[2[##-2]0]"}}, false, true, false},
	{"*[2[2]]", []string{"*[2]"}, [][]string{{"*[2]", "*[2]"}}, false, true, false},
	{"*[2[#2#]]", []string{"*[2]", "*[2[#2#-2]]", "*[2#]", "*[2[2]]", "*[2[#2#-2-2]]", "*[2[#-2]]", "*[2[#2]]"},
		[][]string{{"*[2]", "*[2]", "*[2[#-2]]", "*[2[#-2]]"}}, false, true, false},
	{"*[2#0]", nil, [][]string{{"*[2#0]"}}, true, false, false},
	{"*[2#1]", nil, [][]string{{"*[2#1]"}}, true, false, false},
	{"*[4[2#]]", []string{"*[2]", "*[4[2#-2]]", "*[4]", "*[4[2#-4]]"},
		[][]string{{"*[2]", "*[4[2#-2]]"}, {"*[4]", "*[4[2#-4]]"}}, false, false, false},
	{"*[(2#1)2##]", nil, [][]string{{"*[(2#1)2##]"}}, true, false, false},
	{"*[((2#0)10)2##]", nil, [][]string{{"*[((2#0)10)2##]"}}, true, false, false},
	{"*[((2#0)2[#1]2#)(2#1)[1]]", nil, [][]string{{"*[((2#0)2[#1]2#)(2#1)[1]]"}}, true, false, false},
	{"*[(2#20)2[#1]1]", nil, [][]string{{"*[(2#20)2[#1]1]"}}, true, false, false},
}

// TestCGSuiteParts holds Parts, Partitions, IsPrime, IsExtraverted and
// IsIntroverted to CGSuite's test table, reads back what it writes of the
// parts, and adds up its partitions.
func TestCGSuiteParts(t *testing.T) {
	tb := New(0)
	read := func(s string) Form {
		f, err := tb.Parse(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if got := tb.MustString(f); got != s {
			t.Errorf("%s written back as %s", s, got)
		}
		return f
	}
	for _, c := range cgsuiteParts {
		g := read(c.game)
		for _, part := range c.parts {
			read(part)
		}
		for _, p := range c.partitions {
			var fs []Form
			for _, s := range p {
				fs = append(fs, read(s))
			}
			sum, err := tb.Sum(fs...)
			if err != nil {
				t.Fatal(err)
			}
			if sum != g {
				t.Errorf("%v adds up to %s, not %s", p, tb.MustString(sum), c.game)
			}
		}
		parts, err := tb.Parts(g)
		if err != nil {
			t.Fatal(err)
		}
		got, want := texts(tb, parts), slices.Clone(c.parts)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: parts %v, CGSuite's %v", c.game, got, want)
		}
		ps, err := tb.Partitions(g)
		if err != nil {
			t.Fatal(err)
		}
		var gotPs [][]string
		for _, p := range ps {
			gotPs = append(gotPs, texts(tb, p))
		}
		if !slices.EqualFunc(gotPs, c.partitions, slices.Equal) {
			t.Errorf("%s: partitions %v, CGSuite's %v", c.game, gotPs, c.partitions)
		}
		for i, is := range []func(Form) (bool, error){tb.IsPrime, tb.IsExtraverted, tb.IsIntroverted} {
			got, err := is(g)
			if err != nil {
				t.Fatal(err)
			}
			if want := []bool{c.prime, c.extra, c.introverted}[i]; got != want {
				t.Errorf("%s: %s %v, CGSuite's %v", c.game, []string{"prime", "extraverted", "introverted"}[i], got, want)
			}
		}
	}
}

// texts writes fs as CGSuite does.
func texts(tb *Table, fs []Form) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, tb.MustString(f))
	}
	return out
}
