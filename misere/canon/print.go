package canon

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxWritten is the longest text String writes, in bytes: a form is a
// DAG of forms, and written out as a tree its text can grow exponentially
// with its birthday (the sum of Kayles heaps 10, 11 and 12 is born on day
// 33).
const MaxWritten = 1 << 20

// TooLongError is a form whose text is longer than String writes.
type TooLongError struct{ Length, Most int64 }

func (e *TooLongError) Error() string {
	return fmt.Sprintf("written out, the form is %d bytes long (at most %d are written)", e.Length, e.Most)
}

// String writes f as CGSuite writes a MisereCanonicalGame in plain text:
// *[...] around a Nim-heap's size (*[2]), the sizes of the options one
// after another (*[42] has the options *4 and *2; a heap of 10 or more is
// &10;), # for a game's only option (*[2#] is {*2}), parentheses around
// an option with several options of its own (*[(2#1)2##]), and sums with
// Nim-heaps as subscripts, in brackets after the first size: *[2[2]] is
// *2 + *2, *[2[#-2]] the game whose sum with *2 is 2#, *[2[#1]] is 2# + *.
// Like CGSuite it first tries to write f as a smaller game plus or minus a
// Nim-heap of f's parity, then the odd f as its even part plus *, then by
// its options, last to first in CGSuite's order. A text longer than
// MaxWritten is a *TooLongError.
func (t *Table) String(f Form) (string, error) { return t.stringUpTo(f, MaxWritten) }

// stringUpTo is String for texts of at most most bytes.
func (t *Table) stringUpTo(f Form, most int64) (string, error) {
	n, err := t.WrittenLength(f)
	if err != nil {
		return "", err
	}
	if n > most {
		return "", &TooLongError{Length: n, Most: most}
	}
	var b strings.Builder
	b.Grow(int(n))
	b.WriteString("*[")
	t.write(&b, f, false, nil)
	b.WriteString("]")
	return b.String(), nil
}

// MustString is String, or the error's text in parentheses.
func (t *Table) MustString(f Form) string {
	s, err := t.String(f)
	if err != nil {
		return "(" + err.Error() + ")"
	}
	return s
}

// How a form is written (plan.kind).
const (
	writeHeap   = iota // a Nim-heap
	writePlus          // x with *i in its subscript: f = x + *i
	writeMinus         // x with -i in its subscript: f + *i = x
	writeOdd           // the even part x with 1 in its subscript
	writeSingle        // the only option x, then #
	writeMulti         // the options
)

// plan is how a form is written, which depends on the form alone.
type plan struct {
	kind int
	x    Form
	i    int
}

// plan decides how f is written, as CGSuite does, memoised.
func (t *Table) plan(f Form) (plan, error) {
	if p, ok := t.plans[f]; ok {
		return p, nil
	}
	p, err := t.decide(f)
	if err == nil {
		t.plans[f] = p
	}
	return p, err
}

func (t *Table) decide(f Form) (plan, error) {
	b := t.Birthday(f)
	if t.IsNimHeap(f) {
		return plan{kind: writeHeap, i: b}, nil
	}
	even, odd, err := t.evenPart(f)
	if err != nil {
		return plan{}, err
	}
	for i := odd + 2; i < b; i += 2 {
		n, err := t.nim(i)
		if err != nil {
			return plan{}, err
		}
		x, ok, err := t.optionLess(f, n) // x is born before f: an option of it
		if err != nil {
			return plan{}, err
		}
		if ok {
			return plan{kind: writePlus, x: x, i: i}, nil
		}
		s, err := t.Add(f, n)
		if err != nil {
			return plan{}, err
		}
		if t.Birthday(s) < b {
			return plan{kind: writeMinus, x: s, i: i}, nil
		}
	}
	if odd == 1 {
		return plan{kind: writeOdd, x: even}, nil
	}
	if len(t.nodes[f].opts) == 1 {
		return plan{kind: writeSingle, x: t.nodes[f].opts[0]}, nil
	}
	return plan{kind: writeMulti}, nil
}

// heapLen is the length of a Nim-heap's size as written.
func heapLen(n int) int64 {
	if n < 10 {
		return 1
	}
	return int64(len(strconv.Itoa(n))) + 2
}

// lengthKey is a form written in a context: in parentheses or not, a
// subscript to open or not.
type lengthKey struct {
	f          Form
	paren, sub bool
}

// lengthOf is the length of a form written in a context, and whether a
// subscript is open after it.
type lengthOf struct {
	n   int64
	sub bool
}

// saturated caps lengths far beyond any text written.
const saturated = 1 << 60

// WrittenLength returns the length in bytes of String's text of f,
// without writing it.
func (t *Table) WrittenLength(f Form) (int64, error) {
	l, err := t.length(f, false, false)
	if err != nil {
		return 0, err
	}
	n := l.n + 3
	if l.sub {
		n++
	}
	return min(n, saturated), nil
}

// length is the length of f written with paren and sub (write's).
func (t *Table) length(f Form, paren, sub bool) (lengthOf, error) {
	k := lengthKey{f, paren, sub}
	if l, ok := t.lengths[k]; ok {
		return l, nil
	}
	p, err := t.plan(f)
	if err != nil {
		return lengthOf{}, err
	}
	var l lengthOf
	switch p.kind {
	case writeHeap:
		l = lengthOf{heapLen(p.i), sub}
		if sub {
			l.n++
		}
	case writePlus, writeMinus, writeOdd:
		in, err := t.length(p.x, true, true)
		if err != nil {
			return lengthOf{}, err
		}
		l = lengthOf{in.n, true}
		switch p.kind {
		case writePlus:
			l.n += heapLen(p.i)
		case writeMinus:
			l.n += 1 + heapLen(p.i)
		default:
			l.n++
		}
	case writeSingle:
		in, err := t.length(p.x, true, sub)
		if err != nil {
			return lengthOf{}, err
		}
		l = lengthOf{in.n + 1, in.sub}
	default:
		l.sub = sub
		if paren {
			l.n += 2
		}
		if sub {
			l.n++
		}
		opts, err := t.Options(f) // ordered now, for write
		if err != nil {
			return lengthOf{}, err
		}
		for _, o := range opts {
			in, err := t.length(o, true, false)
			if err != nil {
				return lengthOf{}, err
			}
			l.n += in.n
			if in.sub {
				l.n++
			}
			l.n = min(l.n, saturated)
		}
	}
	l.n = min(l.n, saturated)
	t.lengths[k] = l
	return l, nil
}

// write writes f by its plan, in parentheses when it is written by
// several options and paren asks for them. sub is nil at the top of an
// option, where the brackets of its subscripts are closed; else *sub is 1
// when a subscript is to be opened after the first size written (and
// becomes 1 when one was). The plans are made (String measured f first).
func (t *Table) write(b *strings.Builder, f Form, paren bool, sub *int) {
	if sub == nil {
		s := 0
		t.write(b, f, paren, &s)
		if s > 0 {
			b.WriteString("]")
		}
		return
	}
	p := t.plans[f]
	switch p.kind {
	case writeHeap:
		writeHeapSize(b, p.i)
		if *sub > 0 {
			b.WriteString("[")
		}
	case writePlus:
		*sub = 1
		t.write(b, p.x, true, sub)
		writeHeapSize(b, p.i)
	case writeMinus:
		*sub = 1
		t.write(b, p.x, true, sub)
		b.WriteString("-")
		writeHeapSize(b, p.i)
	case writeOdd:
		*sub = 1
		t.write(b, p.x, true, sub)
		b.WriteString("1")
	case writeSingle:
		t.write(b, p.x, true, sub)
		b.WriteString("#")
	default:
		opts, _ := t.Options(f) // ordered when measured
		outer := *sub
		if paren {
			b.WriteString("(")
		}
		for i := len(opts) - 1; i >= 0; i-- {
			t.write(b, opts[i], true, nil)
		}
		if paren {
			b.WriteString(")")
		}
		if *sub = outer; outer > 0 {
			b.WriteString("[")
		}
	}
}

// writeHeapSize writes the size of a Nim-heap as CGSuite does.
func writeHeapSize(b *strings.Builder, n int) {
	if n < 10 {
		b.WriteString(strconv.Itoa(n))
		return
	}
	b.WriteString("&" + strconv.Itoa(n) + ";")
}
