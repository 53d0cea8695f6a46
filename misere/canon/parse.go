package canon

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxText is the longest expression Parse reads, in bytes.
const MaxText = 4096

// MaxHeap is the largest Nim-heap Parse reads.
const MaxHeap = 1000

// maxDepth bounds the nesting of brackets and parentheses Parse reads.
const maxDepth = 100

// ParseError is an expression Parse cannot read: Col is the column (from
// 1, in bytes) where it goes wrong.
type ParseError struct {
	Col int
	Msg string
}

func (e *ParseError) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }

// Parse reads a sum of misère games in CGSuite's notation, terms joined
// by +:
//
//   - 0, *, *n: Nim-heaps (*0 is 0);
//   - *[...] as CGSuite writes a MisereCanonicalGame (see String): *[2#0],
//     *[2[2]], *[(2#1)2##], a heap of 10 or more as &10;; a single size
//     *[5] is the heap *5, and several digits are as many options, as
//     CGSuite writes them (*[42] is {*4, *2}: the heap 42 is *42 or
//     *[&42;]);
//   - *[a, b, ...] as CGSuite reads a list: the game whose options are
//     a, b, ..., each a Nim-heap's size, a list [...] of options (*[[2]]
//     is 2#), or a sum of terms (*[[*[4] + *[2]]]); *[] is 0.
//
// Errors are *ParseError, or ErrLimit when the table is full.
func (t *Table) Parse(text string) (Form, error) {
	if len(text) > MaxText {
		return 0, &ParseError{Col: MaxText + 1, Msg: fmt.Sprintf("the expression is %d bytes long; at most %d are read", len(text), MaxText)}
	}
	p := &parser{t: t, s: text}
	f, err := p.sum()
	if err != nil {
		return 0, err
	}
	p.space()
	if p.i < len(p.s) {
		return 0, p.errorf("unexpected %s after the game", p.what())
	}
	return f, nil
}

// parser reads one expression.
type parser struct {
	t     *Table
	s     string
	i     int
	depth int
}

func (p *parser) errorf(format string, args ...any) error {
	return &ParseError{Col: p.i + 1, Msg: fmt.Sprintf(format, args...)}
}

// what names the character at p.i for an error.
func (p *parser) what() string {
	if p.i >= len(p.s) {
		return "end of the expression"
	}
	return strconv.QuoteRune(rune(p.s[p.i]))
}

func (p *parser) space() {
	for p.i < len(p.s) && strings.IndexByte(" \t\n\r", p.s[p.i]) >= 0 {
		p.i++
	}
}

// clip shortens a number for an error.
func clip(digits string) string {
	if len(digits) > 12 {
		return digits[:12] + "..."
	}
	return digits
}

func (p *parser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

// wrap gives a table error (ErrLimit) the column where it arose.
func (p *parser) wrap(at int, err error) error {
	var pe *ParseError
	if err == nil || errors.As(err, &pe) {
		return err
	}
	return fmt.Errorf("column %d: %w", at+1, err)
}

// enter counts one more level of nesting.
func (p *parser) enter() error {
	if p.depth++; p.depth > maxDepth {
		return p.errorf("nested more than %d deep", maxDepth)
	}
	return nil
}

// sum reads terms joined by +.
func (p *parser) sum() (Form, error) {
	f, err := p.term()
	if err != nil {
		return 0, err
	}
	for {
		p.space()
		if p.peek() != '+' {
			return f, nil
		}
		at := p.i
		p.i++
		g, err := p.term()
		if err != nil {
			return 0, err
		}
		if f, err = p.t.Add(f, g); err != nil {
			return 0, p.wrap(at, err)
		}
	}
}

// number reads a decimal size of a Nim-heap.
func (p *parser) number() (int, error) {
	start := p.i
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	if start == p.i {
		return 0, p.errorf("want a number, found %s", p.what())
	}
	n, err := strconv.Atoi(p.s[start:p.i])
	if err != nil || n > MaxHeap {
		digits := p.s[start:p.i]
		p.i = start
		return 0, p.errorf("the Nim-heap %s is larger than %d", clip(digits), MaxHeap)
	}
	return n, nil
}

// heap returns *n, the error at column at.
func (p *parser) heap(at, n int) (Form, error) {
	f, err := p.t.Nim(n)
	return f, p.wrap(at, err)
}

// term reads 0, *, *n or *[...].
func (p *parser) term() (Form, error) {
	p.space()
	at := p.i
	switch p.peek() {
	case '0':
		p.i++
		return Zero, nil
	case '*':
		p.i++
	default:
		return 0, p.errorf("want a game (0, *, *n or *[...]), found %s", p.what())
	}
	switch c := p.peek(); {
	case c >= '0' && c <= '9':
		n, err := p.number()
		if err != nil {
			return 0, err
		}
		return p.heap(at, n)
	case c != '[':
		return p.heap(at, 1)
	}
	return nested(p, at, "*[", func() (Form, error) {
		if p.listBody() {
			return p.list(']', true)
		}
		return p.written()
	})
}

// nested reads a bracket or parenthesis opened at p.i (by the text opener
// at column at+1) and what body reads inside it, up to the closing ] or ).
func nested[T any](p *parser, at int, opener string, body func() (T, error)) (T, error) {
	var zero T
	if err := p.enter(); err != nil {
		return zero, err
	}
	end := byte(']')
	if p.peek() == '(' {
		end = ')'
	}
	p.i++
	v, err := body()
	if err != nil {
		return zero, err
	}
	if p.peek() != end {
		return zero, p.errorf("want %c to close the %s at column %d, found %s", end, opener, at+1, p.what())
	}
	p.i++
	p.depth--
	return v, nil
}

// listBody reports whether the brackets opened before p.i hold a list as
// CGSuite reads one (a comma, a bracket or a * at their level, or
// nothing) rather than a game as CGSuite writes it.
func (p *parser) listBody() bool {
	depth := 0
	for j := p.i; j < len(p.s); j++ {
		switch c := p.s[j]; c {
		case '[', '(':
			if depth == 0 && c == '[' && strings.TrimSpace(p.s[p.i:j]) == "" {
				return true
			}
			depth++
		case ']', ')':
			if depth == 0 {
				return strings.TrimSpace(p.s[p.i:j]) == ""
			}
			depth--
		case ',', '*', '+':
			if depth == 0 {
				return true
			}
		case ' ', '\t':
		}
	}
	return false
}

// list reads the elements of a list up to close and makes the game with
// them as options; as CGSuite reads *[...], the list of a * with one
// element (top) is that element (*[2] is *2, *[[2]] is 2#).
func (p *parser) list(close byte, top bool) (Form, error) {
	at := p.i
	var opts []Form
	p.space()
	if p.peek() == close {
		return Zero, nil
	}
	for {
		p.space()
		var f Form
		var err error
		switch c := p.peek(); {
		case c >= '1' && c <= '9' || c == '0' && p.i+1 < len(p.s) && p.s[p.i+1] >= '0' && p.s[p.i+1] <= '9':
			n, err2 := p.number()
			if err2 != nil {
				return 0, err2
			}
			f, err = p.heap(p.i, n)
		case c == '[':
			f, err = nested(p, p.i, "[", func() (Form, error) { return p.list(']', false) })
		default:
			f, err = p.sum()
		}
		if err != nil {
			return 0, err
		}
		opts = append(opts, f)
		p.space()
		if p.peek() != ',' {
			break
		}
		p.i++
	}
	p.space()
	if p.peek() != close {
		return 0, p.errorf("want , or %c in the list, found %s", close, p.what())
	}
	if top && len(opts) == 1 {
		return opts[0], nil
	}
	f, err := p.t.Make(opts...)
	return f, p.wrap(at, err)
}

// written reads the inside of *[...] as CGSuite writes it: one item is
// that game, several are the options of one.
func (p *parser) written() (Form, error) {
	at := p.i
	items, err := p.items()
	if err != nil {
		return 0, err
	}
	if len(items) == 1 {
		return items[0], nil
	}
	f, err := p.t.Make(items...)
	return f, p.wrap(at, err)
}

// items reads items up to a closing bracket or parenthesis.
func (p *parser) items() ([]Form, error) {
	var items []Form
	for {
		if c := p.peek(); c == ']' || c == ')' || c == 0 {
			if len(items) == 0 {
				return nil, p.errorf("want a Nim-heap's size or (, found %s", p.what())
			}
			return items, nil
		}
		f, err := p.item()
		if err != nil {
			return nil, err
		}
		items = append(items, f)
	}
}

// size reads one size as CGSuite writes it: a digit, or &n; for 10 and
// more.
func (p *parser) size() (int, error) {
	switch c := p.peek(); {
	case c >= '0' && c <= '9':
		p.i++
		return int(c - '0'), nil
	case c == '&':
		p.i++
		n, err := p.number()
		if err != nil {
			return 0, err
		}
		if p.peek() != ';' {
			return 0, p.errorf("want ; to end the &%d;, found %s", n, p.what())
		}
		p.i++
		return n, nil
	}
	return 0, p.errorf("want a Nim-heap's size, found %s", p.what())
}

// item reads one written game: a size or a parenthesised list of items,
// then #s, or subscripts in brackets (# an only option, a size a Nim-heap
// added, - and a size one taken away).
func (p *parser) item() (Form, error) {
	at := p.i
	var f Form
	if p.peek() == '(' {
		items, err := nested(p, at, "(", p.items)
		if err != nil {
			return 0, err
		}
		if len(items) == 1 {
			f = items[0]
		} else if f, err = p.t.Make(items...); err != nil {
			return 0, p.wrap(at, err)
		}
	} else {
		n, err := p.size()
		if err != nil {
			return 0, err
		}
		if f, err = p.heap(at, n); err != nil {
			return 0, err
		}
	}
	if p.peek() != '[' {
		for p.peek() == '#' {
			p.i++
			var err error
			if f, err = p.t.Make(f); err != nil {
				return 0, p.wrap(at, err)
			}
		}
		return f, nil
	}
	open := p.i
	p.i++
	for p.peek() != ']' {
		var err error
		switch p.peek() {
		case '#':
			p.i++
			f, err = p.t.Make(f)
		case '-':
			p.i++
			from := p.i
			n, err2 := p.size()
			if err2 != nil {
				return 0, err2
			}
			var ok bool
			f, ok, err = p.t.Subtract(f, n)
			if err == nil && !ok {
				p.i = from
				return 0, p.errorf("the game before -%d is no sum of a game and *%d", n, n)
			}
		case 0:
			return 0, p.errorf("want ] to close the [ at column %d, found %s", open+1, p.what())
		default:
			n, err2 := p.size()
			if err2 != nil {
				return 0, err2
			}
			var h Form
			if h, err = p.t.Nim(n); err == nil {
				f, err = p.t.Add(f, h)
			}
		}
		if err != nil {
			return 0, p.wrap(at, err)
		}
	}
	p.i++
	return f, nil
}
