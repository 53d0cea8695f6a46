package canon

import (
	"strconv"
	"strings"
)

// String writes f as CGSuite writes a MisereCanonicalGame in plain text:
// *[...] around a Nim-heap's size (*[2]), the sizes of the options one
// after another (*[42] has the options *4 and *2; a heap of 10 or more is
// &10;), # for a game's only option (*[2#] is {*2}), parentheses around
// an option with several options of its own (*[(2#1)2##]), and sums with
// Nim-heaps as subscripts, in brackets after the first size: *[2[2]] is
// *2 + *2, *[2[#-2]] the game whose sum with *2 is 2#, *[2[#1]] is 2# + *.
// Like CGSuite it first tries to write f as a smaller game plus or minus a
// Nim-heap of f's parity, then the odd f as its even part plus *, then by
// its options, last to first in CGSuite's order.
func (t *Table) String(f Form) (string, error) {
	p := printer{t: t}
	p.b.WriteString("*[")
	p.write(f, false, nil)
	p.b.WriteString("]")
	return p.b.String(), p.err
}

// MustString is String for forms whose options the table can order
// without making more forms than its limit (every form in a table not
// near its limit): on an error it returns the error's text.
func (t *Table) MustString(f Form) string {
	s, err := t.String(f)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return s
}

// printer writes one form.
type printer struct {
	t   *Table
	b   strings.Builder
	err error
}

// heap writes the size of a Nim-heap as CGSuite does.
func (p *printer) heap(n int) {
	if n < 10 {
		p.b.WriteString(strconv.Itoa(n))
		return
	}
	p.b.WriteString("&" + strconv.Itoa(n) + ";")
}

// write writes f, in parentheses when it is written by several options
// and paren asks for them. sub is nil at the top of an option, where the
// brackets of its subscripts are closed; else *sub is 1 when a subscript
// is to be opened after the first size written (and stays 1 when one
// was).
func (p *printer) write(f Form, paren bool, sub *int) {
	if p.err != nil {
		return
	}
	if sub == nil {
		s := 0
		p.write(f, paren, &s)
		if s > 0 {
			p.b.WriteString("]")
		}
		return
	}
	t := p.t
	b := t.Birthday(f)
	if t.IsNimHeap(f) {
		p.heap(b)
		if *sub > 0 {
			p.b.WriteString("[")
		}
		return
	}
	even, odd, err := t.evenPart(f)
	if p.err = err; err != nil {
		return
	}
	for i := odd + 2; i < b; i += 2 {
		n, err := t.nim(i)
		if p.err = err; err != nil {
			return
		}
		x, ok, err := t.optionLess(f, n) // x is born before f: an option of it
		if p.err = err; err != nil {
			return
		}
		if ok {
			*sub = 1
			p.write(x, true, sub)
			p.heap(i)
			return
		}
		s, err := t.Add(f, n)
		if p.err = err; err != nil {
			return
		}
		if t.Birthday(s) < b {
			*sub = 1
			p.write(s, true, sub)
			p.b.WriteString("-")
			p.heap(i)
			return
		}
	}
	if odd == 1 {
		*sub = 1
		p.write(even, true, sub)
		p.b.WriteString("1")
		return
	}
	opts, err := t.Options(f)
	if p.err = err; err != nil {
		return
	}
	if len(opts) == 1 {
		p.write(opts[0], true, sub)
		p.b.WriteString("#")
		return
	}
	outer := *sub
	if paren {
		p.b.WriteString("(")
	}
	for i := len(opts) - 1; i >= 0; i-- {
		p.write(opts[i], true, nil)
	}
	if paren {
		p.b.WriteString(")")
	}
	if *sub = outer; outer > 0 {
		p.b.WriteString("[")
	}
}
