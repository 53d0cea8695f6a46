package cgt

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Notation writes the canonical game g in CGSuite's notation: numbers
// (5, -1/2), nimbers (*, *8), numbers plus ups and a nimber (9/8*, 6^*,
// ^*6, 73/16v9*8, with ^^ for two ups and ^3 for three), and other games
// in braces, a side of one such option written without its braces and
// the bars around it doubled ({3||2*|1*}). Forms CGSuite writes with
// ^[n], ^<n>, Tiny and Miny are written in braces here for now.
func (c *Calc) Notation(g Game) string {
	if s, ok := c.uptimal(g); ok {
		return s
	}
	text, bars := c.braceless(g)
	if bars == 0 {
		return text // braced already
	}
	return "{" + text + "}"
}

// uptimal writes g when it is x + n·↑ + *m (x a number, |n| and m at
// most maxByOptions), memoised.
func (c *Calc) uptimal(g Game) (string, bool) {
	f := c.factsOf(g)
	if !f.uptimalKnown {
		f.uptimal, f.isUptimal = c.findUptimal(g)
		f.uptimalKnown = true
	}
	return f.uptimal, f.isUptimal
}

func (c *Calc) findUptimal(g Game) (string, bool) {
	if x, ok := c.Number(g); ok {
		return x.String(), true
	}
	x := c.LeftStop(g)
	if x != c.RightStop(g) {
		return "", false
	}
	nx, err := x.Neg()
	if err != nil {
		return "", false
	}
	d, err := c.Add(g, c.NumberGame(nx))
	if err != nil {
		return "", false
	}
	up, err := c.Ups(1, false)
	if err != nil {
		return "", false
	}
	down, err := c.Ups(1, true)
	if err != nil {
		return "", false
	}
	// d - n·↑ for n = 0, 1, -1, 2, -2, ...: a nimber when d = n·↑ + *m.
	pos, neg := d, d
	for n := 0; n <= maxByOptions; n++ {
		if m, ok := c.nimber(pos); ok {
			return upText(x, n, m), true
		}
		if m, ok := c.nimber(neg); ok {
			return upText(x, -n, m), true
		}
		if pos, err = c.Add(pos, down); err != nil {
			return "", false
		}
		if neg, err = c.Add(neg, up); err != nil {
			return "", false
		}
	}
	return "", false
}

// nimber reports whether g is *m: its options on both sides exactly *0 ..
// *(m-1).
func (c *Calc) nimber(g Game) (int, bool) {
	if g == Zero {
		return 0, true
	}
	l, r := c.Left(g), c.Right(g)
	if !slices.Equal(l, r) {
		return 0, false
	}
	seen := make([]bool, len(l))
	for _, o := range l {
		m, ok := c.nimber(o)
		if !ok || m >= len(l) || seen[m] {
			return 0, false
		}
		seen[m] = true
	}
	return len(l), true
}

func upText(x Dyadic, n, m int) string {
	var b strings.Builder
	if x.Num != 0 || n == 0 && m == 0 {
		b.WriteString(x.String())
	}
	sym, k := "^", n
	if n < 0 {
		sym, k = "v", -n
	}
	switch {
	case k == 1:
		b.WriteString(sym)
	case k == 2:
		b.WriteString(sym + sym)
	case k > 2:
		b.WriteString(sym + strconv.Itoa(k))
	}
	switch {
	case m == 1:
		b.WriteString("*")
	case m > 1:
		b.WriteString("*" + strconv.Itoa(m))
	}
	return b.String()
}

// maxBars is the most bars written between two sides; a game that would
// need more is written in braces (as CGSuite does).
const maxBars = 4

// braceless writes a game that is not x + n·↑ + *m without its outer
// braces, and the number of bars between its sides: one more than the
// most of a side written without braces (a side of one such option);
// past maxBars it is written in braces after all, and counts 0.
func (c *Calc) braceless(g Game) (string, int) {
	side := func(opts []Game) (string, int) {
		if len(opts) == 1 {
			if _, ok := c.uptimal(opts[0]); !ok {
				return c.braceless(opts[0])
			}
		}
		texts := make([]string, 0, len(opts))
		for _, o := range c.printOrder(opts) {
			texts = append(texts, c.Notation(o))
		}
		return strings.Join(texts, ","), 0
	}
	l, lb := side(c.Left(g))
	r, rb := side(c.Right(g))
	bars := max(lb, rb) + 1
	text := l + strings.Repeat("|", bars) + r
	if bars >= maxBars {
		return "{" + text + "}", 0
	}
	return text, bars
}

// printOrder orders options for printing: numbers and uptimals first,
// then the others, each by birthday and then by their text. (CGSuite
// orders options by when it met them, which may differ.)
func (c *Calc) printOrder(opts []Game) []Game {
	out := slices.Clone(opts)
	slices.SortStableFunc(out, func(a, b Game) int {
		_, ua := c.uptimal(a)
		_, ub := c.uptimal(b)
		switch {
		case ua && !ub:
			return -1
		case ub && !ua:
			return 1
		}
		if v := cmp.Compare(c.Birthday(a), c.Birthday(b)); v != 0 {
			return v
		}
		return cmp.Compare(c.Notation(a), c.Notation(b))
	})
	return out
}
