package cgt

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// ntree writes x + n·↑ + *m out from the definitions: ↑ = {0 | *} added
// n times (or its negative), *m with all smaller nimbers as options, and x
// as the number's canonical tree, all added by tadd.
func ntree(c *Calc, add madd, v NUS) *tree {
	star := &tree{l: []*tree{{}}, r: []*tree{{}}}
	up := &tree{l: []*tree{{}}, r: []*tree{star}}
	if v.Ups < 0 {
		up = tneg(up)
	}
	g := treeOf(c, c.NumberGame(v.X))
	for range max(v.Ups, -v.Ups) {
		g = add.add(g, up)
	}
	nims := []*tree{{}}
	for k := 1; k <= int(v.Nim); k++ {
		nims = append(nims, &tree{l: nims[:k], r: nims[:k]})
	}
	return add.add(g, nims[v.Nim])
}

// mtle is tle memoised on the pair of trees (shared subtrees make the
// sums below cheap to compare).
type mtle map[[2]*tree]bool

func (m mtle) le(g, h *tree) bool {
	k := [2]*tree{g, h}
	if v, ok := m[k]; ok {
		return v
	}
	v := true
	for _, gl := range g.l {
		if m.le(h, gl) {
			v = false
			break
		}
	}
	for _, hr := range h.r {
		if v && m.le(hr, g) {
			v = false
		}
	}
	m[k] = v
	return v
}

func (m mtle) eq(g, h *tree) bool { return m.le(g, h) && m.le(h, g) }

// madd is tadd memoised on the pair, so sums share their subtrees.
type madd map[[2]*tree]*tree

func (m madd) add(g, h *tree) *tree {
	k := [2]*tree{g, h}
	if s, ok := m[k]; ok {
		return s
	}
	s := &tree{}
	for _, o := range g.l {
		s.l = append(s.l, m.add(o, h))
	}
	for _, o := range h.l {
		s.l = append(s.l, m.add(g, o))
	}
	for _, o := range g.r {
		s.r = append(s.r, m.add(o, h))
	}
	for _, o := range h.r {
		s.r = append(s.r, m.add(g, o))
	}
	m[k] = s
	return s
}

// ofShared is of for trees that share subtrees: each made once.
func ofShared(t *testing.T, c *Calc, g *tree, made map[*tree]Game) Game {
	if x, ok := made[g]; ok {
		return x
	}
	var l, r []Game
	for _, o := range g.l {
		l = append(l, ofShared(t, c, o, made))
	}
	for _, o := range g.r {
		r = append(r, ofShared(t, c, o, made))
	}
	x, err := c.Make(l, r)
	if err != nil {
		t.Fatal(err)
	}
	made[g] = x
	return x
}

// tbirthday is the birthday of a tree.
func tbirthday(g *tree) int64 {
	b := int64(0)
	for _, o := range append(append([]*tree{}, g.l...), g.r...) {
		b = max(b, tbirthday(o)+1)
	}
	return b
}

// TestNUSAgainstTwin: a number-up-star held by value is the game its
// definition gives: its options (written out) are equal to the sum of
// its parts by the twin, the game made from that sum is the same node,
// its birthday is that of its canonical tree, and comparisons, sums and
// negatives by formula agree with the twin.
func TestNUSAgainstTwin(t *testing.T) {
	c := New(0)
	m, add := mtle{}, madd{}
	var vs []NUS
	for _, x := range []string{"0", "1", "-1/2", "3/4"} {
		xv, _ := ParseDyadic(x)
		for ups := int64(-3); ups <= 3; ups++ {
			for nim := range uint64(4) {
				vs = append(vs, NUS{X: xv, Ups: ups, Nim: nim})
			}
		}
	}
	gs := make([]Game, len(vs))
	ts := make([]*tree, len(vs))
	for i, v := range vs {
		g, err := c.Uptimal(v)
		if err != nil {
			t.Fatal(err)
		}
		gs[i], ts[i] = g, ntree(c, add, v)
		if !m.eq(treeOf(c, g), ts[i]) {
			t.Fatalf("%v: the options made are not the game's", v)
		}
		if ofShared(t, c, ts[i], map[*tree]Game{}) != g {
			t.Fatalf("%v: made from its definition it is another node", v)
		}
		if b, tb := c.Birthday(g), tbirthday(treeOf(c, g)); b != tb {
			t.Fatalf("%v (%s): birthday %d, its canonical tree's %d", v, c.Notation(g), b, tb)
		}
	}
	canon := make([]*tree, len(gs))
	for i, g := range gs {
		canon[i] = treeOf(c, g)
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for range 1000 {
		i, j := rng.IntN(len(vs)), rng.IntN(len(vs))
		m, add := mtle{}, madd{}
		// The twin compares the canonical trees (its own sums of the
		// parts are equal to them, as checked above, but far larger).
		ti, tj := canon[i], canon[j]
		if c.LE(gs[i], gs[j]) != m.le(ti, tj) {
			t.Fatalf("%s ≤ %s disagrees with the twin", c.Notation(gs[i]), c.Notation(gs[j]))
		}
		s, err := c.Add(gs[i], gs[j])
		if err != nil {
			t.Fatal(err)
		}
		if !m.eq(treeOf(c, s), add.add(ti, tj)) {
			t.Fatalf("%s + %s = %s disagrees with the twin", c.Notation(gs[i]), c.Notation(gs[j]), c.Notation(s))
		}
		n, err := c.Neg(gs[i])
		if err != nil || !m.eq(treeOf(c, n), tneg(ti)) {
			t.Fatalf("-(%s) = %s disagrees with the twin", c.Notation(gs[i]), c.Notation(n))
		}
	}
}

// TestLargeNUS: numbers, nimbers and ups far past what options could
// hold are sums of their parts, compared by formula: ∗1000 + ↑500 + 7/8
// minus its parts is 0, and ↑500 > ∗1000 + ↑499.
func TestLargeNUS(t *testing.T) {
	c := New(0)
	g, err := c.Parse("7/8 + ^500 + *1000")
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Notation(g); got != "7/8^500*1000" {
		t.Errorf("written %s", got)
	}
	back, err := c.Parse("-7/8 + v500 + *1000")
	if err != nil {
		t.Fatal(err)
	}
	if s, err := c.Add(g, back); err != nil || s != Zero {
		t.Errorf("the sum with its negative: %s %v", c.Notation(s), err)
	}
	a, _ := c.Parse("^500")
	b, _ := c.Parse("^499*1000")
	if !c.LE(b, a) || c.LE(a, b) {
		t.Error("↑500 is not greater than ↑499 + ∗1000")
	}
	// 7/8 is born on day 4; ↑500 + ∗1000 on day 499 + 1 + 1000.
	if got := c.Birthday(g); got != 4+499+1+1000 {
		t.Errorf("birthday %d", got)
	}
}

// TestUptimalExpansions builds x + d1·↑ + d2·↑^2 + ... + *m by adding
// powers of up (^<k>) and checks that the game is recognised as that
// uptimal (as CGSuite orders and writes them) and written so that it reads
// back as itself.
func TestUptimalExpansions(t *testing.T) {
	c := New(0)
	rng := rand.New(rand.NewPCG(5, 9))
	for range 400 {
		xv := Dyadic{Num: int64(rng.IntN(5) - 2), Exp: uint8(rng.IntN(2))}
		xv = norm(xv.Num, uint(xv.Exp))
		d := make([]int64, rng.IntN(5))
		for i := range d {
			d[i] = int64(rng.IntN(5) - 2)
		}
		for len(d) > 0 && d[len(d)-1] == 0 {
			d = d[:len(d)-1]
		}
		nim := uint64(rng.IntN(4))
		g, err := c.Uptimal(NUS{X: xv, Nim: nim})
		if err != nil {
			t.Fatal(err)
		}
		for i, k := range d {
			p, err := c.UpPower(i + 1)
			if err != nil {
				t.Fatal(err)
			}
			if k < 0 {
				p, _ = c.Neg(p)
			}
			for range max(k, -k) {
				if g, err = c.Add(g, p); err != nil {
					t.Fatal(err)
				}
			}
		}
		u, ok := c.uptimal(g)
		want := uptimalForm{x: xv, coef: d, nim: nim}
		if !ok || expansion(u) != expansion(want) {
			t.Fatalf("%s: recognised %v %s, built as %s", c.Notation(g), ok, expansion(u), expansion(want))
		}
		if back, err := c.Parse(c.Notation(g)); err != nil || back != g {
			t.Fatalf("%s reads back as another game (%v)", c.Notation(g), err)
		}
	}
}

// expansion writes an uptimal's expansion as CGSuite does: x*m.d1d2...,
// a negative digit followed by -.
func expansion(u uptimalForm) string {
	var b strings.Builder
	if u.x != (Dyadic{}) || u.nim == 0 {
		b.WriteString(u.x.String())
	}
	if u.nim == 1 {
		b.WriteString("*")
	} else if u.nim > 1 {
		b.WriteString("*" + strconv.FormatUint(u.nim, 10))
	}
	b.WriteString(".")
	if len(u.coef) == 0 {
		b.WriteString("0")
	}
	for _, d := range u.coef {
		if d < 0 {
			b.WriteString(strconv.FormatInt(-d, 10) + "-")
		} else {
			b.WriteString(strconv.FormatInt(d, 10))
		}
	}
	return b.String()
}

// TestCGSuiteFacts checks nimber against the facts of CGSuite's own test
// cases (testdata/cgsuite-facts.tsv): each game's Left and Right options
// as CGSuite writes them, in its order; whether it is an uptimal, and its
// uptimal expansion; whether it is a number.
func TestCGSuiteFacts(t *testing.T) {
	c := New(0)
	rows := readTSV(t, "testdata/cgsuite-facts.tsv")
	for _, col := range rows {
		g, err := c.Parse(col[0])
		if err != nil {
			t.Errorf("%s: %v", col[0], err)
			continue
		}
		if got := setText(c, c.Left(g)); got != col[1] {
			t.Errorf("%s: Left options %s, CGSuite %s", col[0], got, col[1])
		}
		if got := setText(c, c.Right(g)); got != col[2] {
			t.Errorf("%s: Right options %s, CGSuite %s", col[0], got, col[2])
		}
		_, isNumber := c.Number(g)
		if got := strconv.FormatBool(isNumber); got != col[9] {
			t.Errorf("%s: a number %s, CGSuite %s", col[0], got, col[9])
		}
		u, ok := c.uptimal(g)
		if got := strconv.FormatBool(ok); got != col[12] {
			t.Errorf("%s: an uptimal %s, CGSuite %s", col[0], got, col[12])
		}
		if ok && col[13] != "-" && expansion(u) != col[13] {
			t.Errorf("%s: uptimal expansion %s, CGSuite %s", col[0], expansion(u), col[13])
		}
	}
	if len(rows) < 25 {
		t.Errorf("%d rows read, want 25", len(rows))
	}
}

// TestNUSThermographs: the thermograph of x + n·↑ + *m, taken through
// x + *, x + ↑ or x + ↓, is the one its options give.
func TestNUSThermographs(t *testing.T) {
	for _, x := range []string{"0", "5/4"} {
		xv, _ := ParseDyadic(x)
		for ups := int64(-4); ups <= 4; ups++ {
			for nim := range uint64(5) {
				v := NUS{X: xv, Ups: ups, Nim: nim}
				if v.isNumber() {
					continue
				}
				c := New(0)
				g, _ := c.Uptimal(v)
				got, err := c.Thermograph(g)
				if err != nil {
					t.Fatal(err)
				}
				// The same game made from its options, as a general game.
				ls, err1 := c.scaffold(c.Left(g), true)
				rs, err2 := c.scaffold(c.Right(g), false)
				temp, mean, err3 := meet(ls, rs)
				if err1 != nil || err2 != nil || err3 != nil {
					t.Fatal(err1, err2, err3)
				}
				left, _ := capAt(ls, temp, mean)
				right, _ := capAt(rs, temp, mean)
				if got.Mean != mean || got.Temperature != temp || !reflect.DeepEqual(got.Left, left) || !reflect.DeepEqual(got.Right, right) {
					t.Errorf("%v: thermograph %+v, from its options %+v %+v %v %v", v, got, left, right, mean, temp)
				}
			}
		}
	}
}
