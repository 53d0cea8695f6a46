package canon

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"nimber/misere"
)

// theoryForms are the forms the theory tests range over: the 22 born by
// day 4, then forms of random games of up to five levels (a fixed seed).
func theoryForms(tb *Table, random int) []Form {
	fs := dayForms(tb, 4)
	seen := map[Form]bool{}
	for _, f := range fs {
		seen[f] = true
	}
	r := rand.New(rand.NewPCG(11, 12))
	for len(fs) < 22+random {
		if f := form(tb, randomTree(r, 5, 3)); !seen[f] {
			seen[f] = true
			fs = append(fs, f)
		}
	}
	return fs
}

// theorySetup returns a new table, a search and theoryForms with random
// forms (short of them under -short).
func theorySetup(random, short int) (*Table, *brute, []Form) {
	if testing.Short() {
		random = short
	}
	tb := New(0)
	return tb, &brute{memo: map[string]bool{}}, theoryForms(tb, random)
}

// sumOutcome is the outcome of a + b by the canonical sum, and by the
// brute-force search of the play of their trees when both are born by
// day small (the trees stay small).
func sumOutcome(t *testing.T, tb *Table, b *brute, small int, x, y Form) string {
	t.Helper()
	s, err := tb.Add(x, y)
	if err != nil {
		t.Fatal(err)
	}
	o := tb.Outcome(s)
	if tb.Birthday(x) <= small && tb.Birthday(y) <= small {
		if w := outcome(b.wins([]tree{treeOf(tb, x), treeOf(tb, y)})); w != o {
			t.Fatalf("%s + %s: outcome %s, the search %s", tb.MustString(x), tb.MustString(y), o, w)
		}
	}
	return o
}

// TestLinkTwin holds Linked and Link to the definition, over every pair
// of forms born by day 4: a game T found by trying every form born by day
// 4 and every sum of two of them makes the pair linked; a linked pair's
// Link makes both sums P-positions (the play searched when T is born by
// day 6); a pair not linked has no T among those tried. It also checks
// what the construction rests on: f + mate(f) is a P-position.
func TestLinkTwin(t *testing.T) {
	tb := New(0)
	b := &brute{memo: map[string]bool{}}
	day4 := dayForms(tb, 4)
	ts := append(slices.Clone(day4), pairSums(t, tb, day4)...)
	for _, f := range day4 {
		m, err := tb.Mate(f)
		if err != nil {
			t.Fatal(err)
		}
		if o := sumOutcome(t, tb, b, 4, f, m); o != "P" {
			t.Fatalf("%s + its mate %s: %s", tb.MustString(f), tb.MustString(m), o)
		}
	}
	linked, found, searched := 0, 0, 0
	for i, f := range day4 {
		for _, g := range day4[i:] {
			search := Form(-1)
			for _, x := range ts {
				if sumOutcome(t, tb, b, 4, f, x) == "P" && sumOutcome(t, tb, b, 4, g, x) == "P" {
					search = x
					break
				}
			}
			l, ok, err := tb.Link(f, g)
			if err != nil {
				t.Fatal(err)
			}
			if ok != tb.Linked(f, g) || ok != tb.Linked(g, f) {
				t.Fatalf("%s, %s: Link says %v, Linked %v", tb.MustString(f), tb.MustString(g), ok, tb.Linked(f, g))
			}
			if search >= 0 && !ok {
				t.Fatalf("%s, %s: not linked, but %s links them", tb.MustString(f), tb.MustString(g), tb.MustString(search))
			}
			if !ok {
				continue
			}
			linked++
			if search >= 0 {
				found++
			}
			if tb.Birthday(l) <= 6 {
				searched++
			}
			for _, x := range []Form{f, g} {
				if o := sumOutcome(t, tb, b, 6, x, l); o != "P" {
					t.Fatalf("%s, %s: the link %s leaves %s + it %s", tb.MustString(f), tb.MustString(g), tb.MustString(l), tb.MustString(x), o)
				}
			}
		}
	}
	t.Logf("%d pairs linked (%d with a link among the %d games tried, %d links played out), %d not", linked, found, len(ts), searched, 253-linked)
	if linked+found == 0 || linked == 253 {
		t.Fatal("no pair linked or every pair: the test tests nothing")
	}
}

// TestDistinguisherTwin checks that Distinguisher's T makes f + T a
// P-position and g + T an N-position, for every ordered pair of distinct
// forms born by day 4 and pairs of random forms, the play searched when
// all are born by day 5, and that f = g is an error.
func TestDistinguisherTwin(t *testing.T) {
	tb, b, fs := theorySetup(60, 20)
	played := 0
	for i, f := range fs {
		for j, g := range fs {
			if i >= 22 && j >= 22 && (i+j)%3 != 0 {
				continue // a third of the random pairs
			}
			d, err := tb.Distinguisher(f, g)
			if f == g {
				if err == nil {
					t.Fatalf("%s from itself: %s, no error", tb.MustString(f), tb.MustString(d))
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s, %s: %v", tb.MustString(f), tb.MustString(g), err)
			}
			if tb.Birthday(d) <= 5 && tb.Birthday(f) <= 5 && tb.Birthday(g) <= 5 {
				played++
			}
			if sumOutcome(t, tb, b, 5, f, d) != "P" || sumOutcome(t, tb, b, 5, g, d) != "N" {
				t.Fatalf("%s, %s: %s does not distinguish them", tb.MustString(f), tb.MustString(g), tb.MustString(d))
			}
		}
	}
	t.Logf("%d forms, %d pairs played out", len(fs), played)
}

// nimKind is the sum of Nim-heaps of a tame kind (G⁺, G⁻): *a for (a, a)
// (a ≥ 2), 0, *, *2+*2 and *2+*2+* for (0, 1), (1, 0), (0, 0), (1, 1).
func nimKind(plus, minus int) []int {
	switch {
	case plus == minus && plus >= 2:
		return []int{plus}
	case plus == 0 && minus == 1:
		return nil
	case plus == 1 && minus == 0:
		return []int{1}
	case plus == 0:
		return []int{2, 2}
	}
	return []int{2, 2, 1}
}

// nimOutcome is the misère outcome of a sum of Nim-heaps (Bouton's rule
// for misère Nim): the player to move loses when the nim-sum is 0 and
// some heap is 2 or more, or when no heap is and an odd number are 1.
func nimOutcome(heaps []int) string {
	x, big, ones := 0, false, 0
	for _, h := range heaps {
		x ^= h
		big = big || h >= 2
		if h == 1 {
			ones++
		}
	}
	if big && x == 0 || !big && ones%2 == 1 {
		return "P"
	}
	return "N"
}

// TestPredicatesTwin holds the predicates to their definitions, written
// out again on the forms' trees with their own Grundy values, over the
// forms born by day 4, random forms and sums of two of them; and to what
// they are for (Conway, ONAG ch. 12): generally tame games add like
// Nim-heaps, the sum of two of them having the outcome (by the canonical
// form, and by the play searched for small ones) and the Grundy values
// of the sum of the Nim-heaps of their kinds, and being generally tame.
func TestPredicatesTwin(t *testing.T) {
	tb, b, base := theorySetup(150, 50)
	fs := append(slices.Clone(base), pairSums(t, tb, base[:40])...)
	tw := &phylumTwin{tb: tb, memo: map[Form]string{}, values: map[[2]int]int{}}
	counts := map[string]int{}
	var tame []Form
	for _, f := range fs {
		want := tw.class(f)
		got := map[string]func(Form) (bool, error){"tame": tb.IsTame, "generally tame": tb.IsGenerallyTame,
			"restive": tb.IsRestive, "restless": tb.IsRestless}
		for name, is := range got {
			v, err := is(f)
			if err != nil {
				t.Fatal(err)
			}
			if w := name == want || name == "generally tame" && (want == "tame" || want == "reversibly tame"); v != w {
				t.Fatalf("%s: %s %v, the twin says %s", tb.MustString(f), name, v, want)
			}
		}
		half, err := tb.IsHalfTame(f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := tb.Add(f, f)
		if err != nil {
			t.Fatal(err)
		}
		dc := tw.class(d)
		wantHalf := want != "tame" && want != "reversibly tame" && (dc == "tame" || dc == "reversibly tame") &&
			tw.plus(d) == 0 && tw.minus(d) == 0
		if half != wantHalf {
			t.Fatalf("%s: half-tame %v, the twin says %v", tb.MustString(f), half, wantHalf)
		}
		counts[want]++
		if half {
			counts["half-tame"]++
		}
		if want == "tame" || want == "reversibly tame" {
			tame = append(tame, f)
		}
	}
	t.Logf("%d forms: %v", len(fs), counts)
	if counts["reversibly tame"] == 0 || counts["restive"] == 0 || counts["restless"] == 0 || counts["half-tame"] == 0 {
		t.Fatalf("some class never met: %v", counts)
	}
	for i, f := range tame {
		for _, g := range tame[i:] {
			heaps := append(nimKind(tb.NimValue(f), tb.MisereNimValue(f)), nimKind(tb.NimValue(g), tb.MisereNimValue(g))...)
			if o := sumOutcome(t, tb, b, 4, f, g); o != nimOutcome(heaps) {
				t.Fatalf("%s + %s: %s, as Nim-heaps %v: %s", tb.MustString(f), tb.MustString(g), o, heaps, nimOutcome(heaps))
			}
			s, _ := tb.Add(f, g)
			gs, err := tb.IsGenerallyTame(s)
			if err != nil {
				t.Fatal(err)
			}
			x := 0
			for _, h := range heaps {
				x ^= h
			}
			if sm := tb.MisereNimValue(s); !gs || tb.NimValue(s) != x || (sm == 0) != (nimOutcome(heaps) == "P") {
				t.Fatalf("%s + %s = %s: generally tame %v, G+ %d G- %d, as Nim-heaps %v", tb.MustString(f), tb.MustString(g),
					tb.MustString(s), gs, tb.NimValue(s), sm, heaps)
			}
		}
	}
}

// phylumTwin classifies forms straight from the definitions: the even
// one of f and f + * (born before the other), its options' classes and
// its Grundy values computed again from the options.
type phylumTwin struct {
	tb     *Table
	memo   map[Form]string
	values map[[2]int]int
}

// plus and minus are a form's normal and misère Grundy values, computed
// again from its options.
func (tw *phylumTwin) plus(f Form) int {
	k := [2]int{int(f), 0}
	if v, ok := tw.values[k]; ok {
		return v
	}
	var vs []int
	for _, o := range tw.tb.nodes[f].opts {
		vs = append(vs, tw.plus(o))
	}
	tw.values[k] = mexOf(vs)
	return tw.values[k]
}

func (tw *phylumTwin) minus(f Form) int {
	k := [2]int{int(f), 1}
	if v, ok := tw.values[k]; ok {
		return v
	}
	vs := []int{}
	for _, o := range tw.tb.nodes[f].opts {
		vs = append(vs, tw.minus(o))
	}
	v := mexOf(vs)
	if len(vs) == 0 {
		v = 1
	}
	tw.values[k] = v
	return v
}

// mexOf is the least value not in vs, by counting up.
func mexOf(vs []int) int {
	for m := 0; ; m++ {
		found := false
		for _, v := range vs {
			found = found || v == m
		}
		if !found {
			return m
		}
	}
}

// class is "tame", "reversibly tame", "restive", "restless" or "".
func (tw *phylumTwin) class(f Form) string {
	star, _ := tw.tb.Nim(1)
	s, _ := tw.tb.Add(f, star)
	if tw.tb.Birthday(s) < tw.tb.Birthday(f) {
		f = s
	}
	if c, ok := tw.memo[f]; ok {
		return c
	}
	p, m := tw.plus(f), tw.minus(f)
	generally := func(c string) bool { return c == "tame" || c == "reversibly tame" }
	var classes []string
	all := func(ok func(string) bool) bool {
		for _, c := range classes {
			if !ok(c) {
				return false
			}
		}
		return true
	}
	for _, o := range tw.tb.nodes[f].opts {
		classes = append(classes, tw.class(o))
	}
	c := ""
	switch {
	case p == m || p <= 1 && m <= 1:
		var tp, tm []int
		reverts := true
		for i, o := range tw.tb.nodes[f].opts {
			if generally(classes[i]) {
				tp, tm = append(tp, tw.plus(o)), append(tm, tw.minus(o))
				continue
			}
			hasP, hasM := false, false
			for _, oo := range tw.tb.nodes[o].opts {
				if generally(tw.class(oo)) {
					hasP = hasP || tw.plus(oo) == p
					hasM = hasM || tw.minus(oo) == m
				}
			}
			reverts = reverts && hasP && hasM
		}
		switch {
		case all(func(c string) bool { return c == "tame" }):
			c = "tame"
		case reverts && mexOf(tp) == p && mexOf(tm) == m:
			c = "reversibly tame"
		}
	case p <= 1 && all(func(c string) bool { return c == "tame" }):
		c = "restive"
	case m <= 1 && all(generally):
		c = "restless"
	}
	tw.memo[f] = c
	return c
}

// TestTheoryCGSuiteRows holds the predicates, and Describe's fields of
// them, to CGSuite's test table.
func TestTheoryCGSuiteRows(t *testing.T) {
	rows := []struct {
		x                                          string
		tame, general, restive, restless, halfTame bool
	}{
		{"*[0]", true, true, false, false, false},
		{"*[1]", true, true, false, false, false},
		{"*[2]", true, true, false, false, false},
		{"*[[2]]", true, true, false, false, false},
		{"*[[[2]]]", true, true, false, false, false},
		{"*[2]+*[2]", true, true, false, false, false},
		{"*[[*[2]+*[[2]]]]", true, true, false, false, false},
		{"*[[2],0]", false, false, true, false, true},
		{"*[[2],1]", false, false, false, true, false},
		{"*[[*[4]+*[2]]]", true, true, false, false, false},
		{"*[[[2]],[[2],1]]", false, true, false, false, false},
		{"*[[[2]],[[[2],0],0,1]]", false, true, false, false, false},
		{"*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]", false, false, false, false, false},
		{"*[[[2],2,0],[[2],3],1]", false, false, false, false, true},
	}
	tb := New(0)
	for _, r := range rows {
		f, err := tb.Parse(r.x)
		if err != nil {
			t.Fatal(err)
		}
		for i, is := range []func(Form) (bool, error){tb.IsTame, tb.IsGenerallyTame, tb.IsRestive, tb.IsRestless, tb.IsHalfTame} {
			got, err := is(f)
			if err != nil {
				t.Fatal(err)
			}
			if want := []bool{r.tame, r.general, r.restive, r.restless, r.halfTame}[i]; got != want {
				t.Errorf("%s: %s %v, CGSuite's %v", r.x, []string{"tame", "generally tame", "restive", "restless", "half-tame"}[i], got, want)
			}
		}
		d, err := tb.Describe(f)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := [4]bool{d.Tame, d.GenerallyTame, d.Restive, d.Restless}, [4]bool{r.tame, r.general, r.restive, r.restless}; got != want {
			t.Errorf("%s: Describe says tame, generally tame, restive, restless %v, CGSuite %v", r.x, got, want)
		}
	}
}

// TestPhylaOfHeaps holds the classes of the canonical forms of the heaps
// of Dawson's Kayles (0.07), Kayles (0.77) and 0.137 up to 15, made through
// the game API, to package misere's phyla of the heaps, decided on the
// heaps' own moves: a heap tame, restive or restless there has a form of
// that class (a hereditarily tame game's form is tame, so options tame
// there are tame here, and the values G⁺, G⁻ are the game's); a heap wild
// there may still be generally tame or restless here.
func TestPhylaOfHeaps(t *testing.T) {
	counts := map[string]int{}
	for _, code := range []string{"0.07", "0.77", "0.137"} {
		g, s, tb := heapSolver(t, code)
		for n := range 16 {
			p, err := s.Phylum(context.Background(), n)
			q, err2 := tb.phylumOf(fromGame(t, tb, g, strconv.Itoa(n)))
			if err != nil || err2 != nil {
				t.Fatal(err, err2)
			}
			want := map[string]phylum{misere.Tame: phylumTame, misere.Restive: phylumRestive, misere.Restless: phylumRestless}[p]
			if p != misere.Wild && q != want {
				t.Errorf("%s heap %d: %s there, class %d here", code, n, p, q)
			}
			counts[p]++
		}
	}
	t.Logf("heaps by package misere's phylum: %v", counts)
}
