package cgt

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Notation writes the canonical game g in CGSuite's notation, as CGSuite
// prints it: numbers (5, -1/2); nimbers (*, *8); numbers plus ups and a
// nimber (9/8*, 6^*, ^*6, 73/16v9*8, with ^^ for two ups and ^3 for
// three); ↑^n and ↑ + ↑^2 + ... + ↑^n as ^<n> and ^[n] (v<n>, v[n] for
// their negatives); switches {G | -G} as +-G; tinies and minies as
// Tiny(x) and Miny(x) (after a number they are translated by); and other
// games in braces, a side of one such option written without its braces
// and the bars around it doubled ({3||2*|1*}), up to four bars. Options are
// written in CGSuite's order (printOrder).
func (c *Calc) Notation(g Game) string {
	text, _ := c.write(g, true, false)
	return text
}

// Written writes g as Notation does, for a printer that writes g as an
// option of a larger game: in braces when brace, in parentheses when
// paren and a +- before it would split it; it returns the text and, for
// g written without its braces, the number of bars between its sides.
func (c *Calc) Written(g Game, brace, paren bool) (string, int) { return c.write(g, brace, paren) }

// PrintOrder returns the games opts in the order CGSuite writes options.
func (c *Calc) PrintOrder(opts []Game) []Game { return c.printOrder(opts) }

// MaxBars is the most bars written between two sides; a game that would
// need more is written in braces (as CGSuite does).
const MaxBars = 4

// write writes g: in braces when brace, in parentheses when paren and g
// is written as a term that a +- before it would split (1*, ^<2>*). It
// returns the text and, for a game written without its braces, the number
// of bars between its sides (0 otherwise).
func (c *Calc) write(g Game, brace, paren bool) (string, int) {
	if u, ok := c.uptimal(g); ok && u.written() {
		text := u.String()
		if paren && !u.compact() {
			text = "(" + text + ")"
		}
		return text, 0
	}
	l, r := c.sortedOptions(g, true), c.sortedOptions(g, false)
	if sw, err := c.IsSwitch(g); err == nil && sw {
		if len(l) == 1 {
			text, _ := c.write(l[0], true, true)
			return "+-" + text, 0
		}
		return "+-{" + c.join(l, true) + "}", 0
	}
	if text, ok := c.tinyText(g); ok {
		if paren {
			text = "(" + text + ")"
		}
		return text, 0
	}
	side := func(opts []Game) (string, int) {
		if len(opts) == 1 {
			text, bars := c.write(opts[0], false, false)
			return text, bars + 1
		}
		return c.join(opts, true), 1
	}
	lt, lb := side(l)
	rt, rb := side(r)
	bars := max(lb, rb)
	text := lt + strings.Repeat("|", bars) + rt
	if brace || bars == MaxBars {
		return "{" + text + "}", 0
	}
	return text, bars
}

// join writes the games gs separated by commas.
func (c *Calc) join(gs []Game, brace bool) string {
	texts := make([]string, len(gs))
	for i, o := range gs {
		texts[i], _ = c.write(o, brace, false)
	}
	return strings.Join(texts, ",")
}

// tinyText writes g when CGSuite writes it with Tiny or Miny: {x || x | z}
// (x a number, z one game whose mean is below x) is x + Tiny(x - z), and
// {z | x || x} with z's mean above x is x + Miny(z - x).
func (c *Calc) tinyText(g Game) (string, bool) {
	prefix, name, sub, ok := c.tinyParts(g)
	if !ok {
		return "", false
	}
	return prefix + name + "(" + c.Notation(sub) + ")", true
}

// tinyParts says how tinyText writes g: the number before it ("" for 0),
// "Tiny" or "Miny", and the game in the parentheses; ok is false when g
// is not written so.
func (c *Calc) tinyParts(g Game) (prefix, name string, sub Game, ok bool) {
	l, r := c.Left(g), c.Right(g)
	if len(l) != 1 || len(r) != 1 {
		return "", "", 0, false
	}
	name, x, h := "Tiny", l[0], r[0]
	if _, ok := c.Number(x); !ok {
		name, x, h = "Miny", r[0], l[0]
	}
	xv, ok := c.Number(x)
	if !ok {
		return "", "", 0, false
	}
	hl, hr := c.Left(h), c.Right(h)
	if len(hl) != 1 || len(hr) != 1 {
		return "", "", 0, false
	}
	var err error
	if name == "Tiny" {
		if m, err := c.Mean(hr[0]); err != nil || hl[0] != x || m.Cmp(xv) >= 0 {
			return "", "", 0, false
		}
		sub, err = c.Sub(x, hr[0])
	} else {
		if m, err := c.Mean(hl[0]); err != nil || hr[0] != x || m.Cmp(xv) <= 0 {
			return "", "", 0, false
		}
		sub, err = c.Sub(hl[0], x)
	}
	if err != nil {
		return "", "", 0, false
	}
	if xv != (Dyadic{}) {
		prefix = xv.String()
	}
	return prefix, name, sub, true
}

// uptimalForm is an uptimal, x + d1·↑ + d2·↑^2 + ... + dn·↑^n + *m
// (dn ≠ 0; ↑^k is ^<k>), the games CGSuite orders by this expansion and
// writes compactly when n ≤ 1 (a number-up-star), when one coefficient is
// ±1 and the others 0 (^<n>, v<n>), or when all are 1 or all -1 (^[n],
// v[n]: ↑ + ↑^2 + ... + ↑^n).
type uptimalForm struct {
	x    Dyadic
	coef []int64
	nim  uint64
}

// isUnit reports whether u is x ± ↑^n + *m, n ≥ 2.
func (u uptimalForm) isUnit() bool {
	n := len(u.coef)
	if n < 2 || u.coef[n-1] != 1 && u.coef[n-1] != -1 {
		return false
	}
	for _, d := range u.coef[:n-1] {
		if d != 0 {
			return false
		}
	}
	return true
}

// isUnitSum reports whether u is x ± (↑ + ↑^2 + ... + ↑^n) + *m, n ≥ 2.
func (u uptimalForm) isUnitSum() bool {
	if len(u.coef) < 2 || u.coef[0] != 1 && u.coef[0] != -1 {
		return false
	}
	for _, d := range u.coef {
		if d != u.coef[0] {
			return false
		}
	}
	return true
}

// written reports whether CGSuite writes u as an uptimal rather than in
// braces.
func (u uptimalForm) written() bool { return len(u.coef) <= 1 || u.isUnit() || u.isUnitSum() }

// compact reports whether u is written as one term (5, *3, ^^, ^<2>), so
// that +- before it needs no parentheses.
func (u uptimalForm) compact() bool {
	number := len(u.coef) == 0 && u.nim == 0
	nimber := len(u.coef) == 0 && u.x == Dyadic{}
	return number || nimber || u.x == Dyadic{} && u.nim == 0
}

// String writes a u that is written (written()).
func (u uptimalForm) String() string {
	var b strings.Builder
	n := len(u.coef)
	if u.x != (Dyadic{}) || n == 0 && u.nim == 0 {
		b.WriteString(u.x.String())
	}
	if n > 0 {
		sym, k := "^", u.coef[n-1]
		if k < 0 {
			sym, k = "v", -k
		}
		switch {
		case n > 1 && u.isUnit():
			b.WriteString(sym + "<" + strconv.Itoa(n) + ">")
		case n > 1:
			b.WriteString(sym + "[" + strconv.Itoa(n) + "]")
		case k == 1:
			b.WriteString(sym)
		case k == 2:
			b.WriteString(sym + sym)
		default:
			b.WriteString(sym + strconv.FormatInt(k, 10))
		}
	}
	switch {
	case u.nim == 1:
		b.WriteString("*")
	case u.nim > 1:
		b.WriteString("*" + strconv.FormatUint(u.nim, 10))
	}
	return b.String()
}

// uptimal reports whether g is an uptimal, and its expansion; memoised.
func (c *Calc) uptimal(g Game) (uptimalForm, bool) {
	if v, ok := c.NUS(g); ok {
		u := uptimalForm{x: v.X, nim: v.Nim}
		if v.Ups != 0 {
			u.coef = []int64{v.Ups}
		}
		return u, true
	}
	f := c.factsOf(g)
	if !f.uptimalKnown {
		f.uptimal, f.isUptimal = c.findUptimal(g)
		if !f.isUptimal {
			if n, err := c.Neg(g); err == nil {
				if u, ok := c.findUptimal(n); ok {
					f.uptimal, f.isUptimal = u.neg(), true
				}
			}
		}
		f.uptimalKnown = true
	}
	return f.uptimal, f.isUptimal
}

func (u uptimalForm) neg() uptimalForm {
	x, _ := u.x.Neg() // u.x was negated to make u
	d := make([]int64, len(u.coef))
	for i, v := range u.coef {
		d[i] = -v
	}
	return uptimalForm{x: x, coef: d, nim: u.nim}
}

// findUptimal finds whether g, not a number-up-star, is an uptimal whose
// last coefficient is positive. Such a game has one Right option g^R, an
// uptimal, and g = g^R + ↑^→n + * (↑^→n = ↑ + ... + ↑^n = UpSum(n)), with
// n either the length of g^R's expansion or one more than the longest
// expansion among g^R and g's Left options (all uptimals too). Each
// candidate is checked by adding it up, so a game found is an uptimal.
func (c *Calc) findUptimal(g Game) (uptimalForm, bool) {
	r := c.Right(g)
	if len(r) != 1 || c.LeftStop(g) != c.RightStop(g) {
		return uptimalForm{}, false
	}
	ur, ok := c.uptimal(r[0])
	if !ok {
		return uptimalForm{}, false
	}
	longest := len(ur.coef)
	for _, o := range c.Left(g) {
		uo, ok := c.uptimal(o)
		if !ok || uo.x != ur.x {
			return uptimalForm{}, false
		}
		longest = max(longest, len(uo.coef))
	}
	star := c.nusNode(NUS{Nim: 1})
	for _, n := range []int{len(ur.coef), longest + 1} {
		if n < 1 || n > maxCount {
			continue
		}
		u, err := c.UpSum(n)
		if err != nil {
			return uptimalForm{}, false
		}
		if u, err = c.Add(u, star); err != nil {
			return uptimalForm{}, false
		}
		sum, err := c.Add(r[0], u)
		if err != nil || sum != g {
			continue
		}
		d := make([]int64, max(n, len(ur.coef)))
		copy(d, ur.coef)
		for i := range n {
			d[i]++
		}
		for len(d) > 0 && d[len(d)-1] == 0 {
			d = d[:len(d)-1]
		}
		return uptimalForm{x: ur.x, coef: d, nim: ur.nim ^ 1}, true
	}
	return uptimalForm{}, false
}

// printOrder orders options as CGSuite prints them: numbers (by value),
// then nimbers (by size), then uptimals (by number part, then their
// coefficients d1, d2, ..., then length, then nimber part), then the
// others, by their sorted Left options compared in turn and then their
// Right options.
func (c *Calc) printOrder(opts []Game) []Game {
	out := slices.Clone(opts)
	slices.SortFunc(out, c.compareForPrint)
	return out
}

// sortedOptions returns g's Left options (left) or Right options in
// printOrder, sorted once and memoised: comparing two games for printing
// compares their sorted options, again and again while a side is sorted.
func (c *Calc) sortedOptions(g Game, left bool) []Game {
	f := c.factsOf(g)
	side := 0
	if !left {
		side = 1
	}
	if f.sorted[side] == nil {
		opts := c.Right(g)
		if left {
			opts = c.Left(g)
		}
		f.sorted[side] = c.printOrder(opts)
	}
	return f.sorted[side]
}

// printClass is the first key of printOrder: 0 number, 1 nimber, 2
// uptimal, 3 other.
func (c *Calc) printClass(g Game) (int, uptimalForm) {
	u, ok := c.uptimal(g)
	switch {
	case !ok:
		return 3, u
	case len(u.coef) == 0 && u.nim == 0:
		return 0, u
	case len(u.coef) == 0 && u.x == Dyadic{}:
		return 1, u
	}
	return 2, u
}

func (c *Calc) compareForPrint(a, b Game) int {
	if a == b {
		return 0
	}
	ka, ua := c.printClass(a)
	kb, ub := c.printClass(b)
	if ka != kb {
		return cmp.Compare(ka, kb)
	}
	switch ka {
	case 0:
		return ua.x.Cmp(ub.x)
	case 1:
		return cmp.Compare(ua.nim, ub.nim)
	case 2:
		if v := ua.x.Cmp(ub.x); v != 0 {
			return v
		}
		da, db := ua.coef, ub.coef
		if v := slices.Compare(da[:min(len(da), len(db))], db[:min(len(da), len(db))]); v != 0 {
			return v
		}
		if v := cmp.Compare(len(da), len(db)); v != 0 {
			return v
		}
		return cmp.Compare(ua.nim, ub.nim)
	}
	if v := c.compareLists(c.sortedOptions(a, true), c.sortedOptions(b, true)); v != 0 {
		return v
	}
	return c.compareLists(c.sortedOptions(a, false), c.sortedOptions(b, false))
}

// compareLists compares two sorted lists of options in turn, a shorter
// list first when one is the start of the other.
func (c *Calc) compareLists(a, b []Game) int {
	for i := range min(len(a), len(b)) {
		if v := c.compareForPrint(a[i], b[i]); v != 0 {
			return v
		}
	}
	return cmp.Compare(len(a), len(b))
}
