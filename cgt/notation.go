package cgt

import (
	"fmt"
	"strconv"
	"strings"
)

// SyntaxError is a game that could not be read: the column (1-based, in
// bytes) and what was wrong there; Err is the Calc's error when making the
// game failed there (ErrLimit, ErrWork, a bound).
type SyntaxError struct {
	Column int
	Msg    string
	Err    error
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("column %d: %s", e.Column, e.Msg) }

// Unwrap returns Err.
func (e *SyntaxError) Unwrap() error { return e.Err }

// MaxNotation bounds the length of a game's notation.
const MaxNotation = 1 << 16

// Parse reads a game in CGSuite's notation (the part of it this slice
// reads): integers and dyadic rationals (5, -1/2, 25/16), nimbers (*, *8),
// ups and downs (^, ^^^, ^3, v, vv, v9), juxtaposed or added with + (6^*,
// 9/8+*, 73/16+v9*8), and braces {L | R} with options separated by commas
// and nested by the number of bars ({0 || 0 | v*} is {0 | {0 | v*}}).
func (c *Calc) Parse(s string) (Game, error) {
	if len(s) > MaxNotation {
		return 0, &SyntaxError{Column: 1, Msg: fmt.Sprintf("%d bytes, over the limit of %d", len(s), MaxNotation)}
	}
	p := &parser{c: c, s: s}
	g, err := p.sum(0, len(s))
	if err != nil {
		return 0, err
	}
	return g, nil
}

type parser struct {
	c *Calc
	s string
}

func (p *parser) fail(at int, format string, args ...any) error {
	return &SyntaxError{Column: at + 1, Msg: fmt.Sprintf(format, args...)}
}

// failed is the error of a game that the Calc could not make at at.
func (p *parser) failed(at int, err error) error {
	return &SyntaxError{Column: at + 1, Msg: err.Error(), Err: err}
}

// sum reads s[from:to]: terms joined by + (and juxtaposed).
func (p *parser) sum(from, to int) (Game, error) {
	i := skip(p.s, from, to)
	if i == to {
		return 0, p.fail(from, "a game is missing")
	}
	total := Zero
	for i < to {
		g, next, err := p.atom(i, to)
		if err != nil {
			return 0, err
		}
		if total, err = p.c.Add(total, g); err != nil {
			return 0, p.failed(i, err)
		}
		i = skip(p.s, next, to)
		if i < to && p.s[i] == '+' && !strings.HasPrefix(p.s[i:to], "+-") {
			i = skip(p.s, i+1, to)
			if i == to {
				return 0, p.fail(i, "a game is missing after +")
			}
		}
	}
	return total, nil
}

func skip(s string, i, to int) int {
	for i < to && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// MaxTimes bounds n in n*G.
const MaxTimes = 1024

// times reads n*G, the whole number n at s[i:j] and the atom G after the
// *, as CGSuite does: n copies of G added (3*{1|0} is {2|1}, not 3 + *
// + {1|0}).
func (p *parser) times(i, j, to int) (Game, int, error) {
	if p.s[i] == '-' { // -n*G is -(n*G)
		g, next, err := p.times(i+1, j, to)
		if err != nil {
			return 0, 0, err
		}
		if g, err = p.c.Neg(g); err != nil {
			return 0, 0, p.failed(i, err)
		}
		return g, next, nil
	}
	n, err := strconv.Atoi(p.s[i:j])
	if err != nil || n < 0 || n > MaxTimes {
		return 0, 0, p.fail(i, "n*G: n is %q, not a whole number from 0 to %d", p.s[i:j], MaxTimes)
	}
	g, next, err := p.atom(j+1, to)
	if err != nil {
		return 0, 0, err
	}
	total := Zero
	for range n {
		if total, err = p.c.Add(total, g); err != nil {
			return 0, 0, p.failed(i, err)
		}
	}
	return total, next, nil
}

// atom reads one term at i: a number, a nimber, ups or downs (with
// ^<n> and ^[n]), -G, +-G, Tiny(G), Miny(G), (G) or braces.
func (p *parser) atom(i, to int) (Game, int, error) {
	s := p.s
	if i >= to {
		return 0, 0, p.fail(i, "a game is missing")
	}
	switch ch := s[i]; {
	case strings.HasPrefix(s[i:to], "+-") || strings.HasPrefix(s[i:to], "±"):
		j := i + 2
		if s[i] != '+' {
			j = i + len("±")
		}
		return p.switchAtom(i, skip(s, j, to), to)
	case ch == '-' || ch >= '0' && ch <= '9':
		j := i + 1
		for j < to && (s[j] >= '0' && s[j] <= '9' || s[j] == '/') {
			j++
		}
		if s[i] == '-' && j == i+1 {
			// -G: the negative of the atom after it.
			g, next, err := p.atom(skip(s, i+1, to), to)
			if err != nil {
				return 0, 0, err
			}
			n, err := p.c.Neg(g)
			if err != nil {
				return 0, 0, p.failed(i, err)
			}
			return n, next, nil
		}
		if j+1 < to && s[j] == '*' && (s[j+1] == '{' || s[j+1] == '(' || s[j+1] >= 'A' && s[j+1] <= 'Z') {
			return p.times(i, j, to)
		}
		x, err := ParseDyadic(s[i:j])
		if err != nil {
			return 0, 0, p.failed(i, err)
		}
		return p.c.NumberGame(x), j, nil
	case ch == '*':
		n, j, err := p.count(i+1, to, 1)
		if err != nil {
			return 0, 0, err
		}
		g, err := p.c.Uptimal(NUS{Nim: uint64(n)})
		if err != nil {
			return 0, 0, p.failed(i, err)
		}
		return g, j, nil
	case ch == '^' || ch == 'v':
		return p.ups(i, to)
	case strings.HasPrefix(s[i:to], "Tiny(") || strings.HasPrefix(s[i:to], "Miny("):
		end, err := p.closing(i+4, to, '(', ')')
		if err != nil {
			return 0, 0, err
		}
		g, err := p.sum(i+5, end)
		if err != nil {
			return 0, 0, err
		}
		if s[i] == 'T' {
			g, err = p.c.Tiny(g)
		} else {
			g, err = p.c.Miny(g)
		}
		if err != nil {
			return 0, 0, p.failed(i, err)
		}
		return g, end + 1, nil
	case ch == '(' || ch == '{':
		// A sum in parentheses, or a game in braces.
		closer, inside := byte(')'), p.sum
		if ch == '{' {
			closer, inside = '}', p.braces
		}
		end, err := p.closing(i, to, ch, closer)
		if err != nil {
			return 0, 0, err
		}
		g, err := inside(i+1, end)
		return g, end + 1, err
	}
	return 0, 0, p.fail(i, "unexpected %q", s[i])
}

// maxCount bounds the count in ^<n> and ^[n], each a game of n levels.
const maxCount = 1 << 8

// count reads the decimal count at i, if any (def when there is none),
// up to 2^31 - 1, and returns it and where it ends.
func (p *parser) count(i, to int, def int) (int, int, error) {
	j := i
	for j < to && p.s[j] >= '0' && p.s[j] <= '9' {
		j++
	}
	if j == i {
		return def, j, nil
	}
	v, err := strconv.ParseInt(p.s[i:j], 10, 32)
	if err != nil {
		return 0, 0, p.fail(i, "%s: a count up to %d", p.s[i:j], int32(1<<31-1))
	}
	return int(v), j, nil
}

// ups reads ups or downs at i: a run (^^^), a count (^3), ^<n> (up to
// the n: ↑^n) or ^[n] (↑ + ↑^2 + ... + ↑^n), and v for down likewise.
func (p *parser) ups(i, to int) (Game, int, error) {
	s, ch := p.s, p.s[i]
	j := i
	for j < to && s[j] == ch {
		j++
	}
	run := j - i
	n, k, err := p.count(j, to, run)
	if err != nil {
		return 0, 0, err
	}
	if k > j && run > 1 {
		return 0, 0, p.fail(i, "%s: a count of ups or downs comes after one ^ or v", s[i:k])
	}
	j = k
	down := ch == 'v'
	if j == i+1 && j < to && (s[j] == '<' || s[j] == '[') {
		closer := byte('>')
		if s[j] == '[' {
			closer = ']'
		}
		k, end, err := p.count(j+1, to, 0)
		if err != nil {
			return 0, 0, err
		}
		if k < 1 || k > maxCount || end >= to || s[end] != closer {
			return 0, 0, p.fail(j, "%c%cn%c: n from 1 to %d", ch, s[j], closer, maxCount)
		}
		var g Game
		if s[j] == '<' {
			g, err = p.c.UpPower(k)
		} else {
			g, err = p.c.UpSum(k)
		}
		if err == nil && down {
			g, err = p.c.Neg(g)
		}
		if err != nil {
			return 0, 0, p.failed(i, err)
		}
		return g, end + 1, nil
	}
	ups := int64(n)
	if down {
		ups = -ups
	}
	g, err := p.c.Uptimal(NUS{Ups: ups})
	if err != nil {
		return 0, 0, p.failed(i, err)
	}
	return g, j, nil
}

// switchAtom reads the G of ±G at i (the ± at at): {G | -G}; ±{a,b} (braces
// without bars) is {a, b | -a, -b}.
func (p *parser) switchAtom(at, i, to int) (Game, int, error) {
	var opts []Game
	next := 0
	if i < to && p.s[i] == '{' {
		end, err := p.closing(i, to, '{', '}')
		if err != nil {
			return 0, 0, err
		}
		lv, err := p.topLevel(i+1, end)
		if err != nil {
			return 0, 0, err
		}
		if len(lv.barAt) == 0 {
			if opts, err = p.side(i+1, end); err != nil {
				return 0, 0, err
			}
			if len(opts) == 0 {
				return 0, 0, p.fail(i, "+-{}: a game is missing")
			}
			next = end + 1
		}
	}
	if next == 0 {
		g, j, err := p.atom(i, to)
		if err != nil {
			return 0, 0, err
		}
		opts, next = []Game{g}, j
	}
	negs, err := p.c.each(opts, p.c.Neg)
	if err != nil {
		return 0, 0, p.failed(at, err)
	}
	g, err := p.c.Make(opts, negs)
	if err != nil {
		return 0, 0, p.failed(at, err)
	}
	return g, next, nil
}

// closing returns the index of the close that closes the open at i.
func (p *parser) closing(i, to int, open, close byte) (int, error) {
	depth := 0
	for j := i; j < to; j++ {
		if ch := p.s[j]; ch == open {
			depth++
		} else if ch == close {
			if depth--; depth == 0 {
				return j, nil
			}
		}
	}
	return 0, p.fail(i, "unbalanced %c: no %c closes it", open, close)
}

// level is what lies at the top level (outside nested braces) of
// s[from:to]: the runs of bars (start and length) and the commas.
type level struct {
	barAt, barLen []int
	commas        []int
}

// topLevel scans s[from:to] for its top level; a } that closes nothing is
// an error.
func (p *parser) topLevel(from, to int) (level, error) {
	var lv level
	depth := 0
	for j := from; j < to; j++ {
		switch p.s[j] {
		case '{', '(':
			depth++
		case '}', ')':
			if depth--; depth < 0 {
				return level{}, p.fail(j, "unbalanced %c", p.s[j])
			}
		case ',':
			if depth == 0 {
				lv.commas = append(lv.commas, j)
			}
		case '|':
			if depth != 0 {
				continue
			}
			k := j
			for k < to && p.s[k] == '|' {
				k++
			}
			lv.barAt, lv.barLen = append(lv.barAt, j), append(lv.barLen, k-j)
			j = k - 1
		}
	}
	return lv, nil
}

// braces reads the inside of braces, s[from:to]: Left and Right options
// split at the longest run of bars at the top level (there must be one
// such run).
func (p *parser) braces(from, to int) (Game, error) {
	lv, err := p.topLevel(from, to)
	if err != nil {
		return 0, err
	}
	best, at, count := 0, -1, 0
	for i, n := range lv.barLen {
		switch {
		case n > best:
			best, at, count = n, lv.barAt[i], 1
		case n == best:
			count++
		}
	}
	if best == 0 {
		return 0, p.fail(from-1, "braces without a |")
	}
	if count > 1 {
		return 0, p.fail(at, "more than one run of %d bars at the same level: which is the middle?", best)
	}
	l, err := p.side(from, at)
	if err != nil {
		return 0, err
	}
	r, err := p.side(at+best, to)
	if err != nil {
		return 0, err
	}
	g, err := p.c.Make(l, r)
	if err != nil {
		return 0, p.failed(from, err)
	}
	return g, nil
}

// side reads the options on one side of braces: one game written without
// its braces when there are bars at the top level, else games separated
// by commas (none when empty).
func (p *parser) side(from, to int) ([]Game, error) {
	if skip(p.s, from, to) == to {
		return nil, nil
	}
	lv, err := p.topLevel(from, to)
	if err != nil {
		return nil, err
	}
	bars, cuts := len(lv.barAt) > 0, lv.commas
	if bars {
		g, err := p.braces(from, to)
		return []Game{g}, err
	}
	var out []Game
	start := from
	for _, cut := range append(cuts, to) {
		g, err := p.sum(start, cut)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
		start = cut + 1
	}
	return out, nil
}
