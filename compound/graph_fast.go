package compound

import (
	"unicode/utf8"
)

// fastGraph is what parseGraphFast reads: the options of all positions one
// after the other, where they start, and the names if given.
type fastGraph struct {
	flat, starts []int
	names        []string
	seenNames    bool
}

// parseGraphFast reads the plain form of a game graph, the one programs
// write, in one pass over the bytes without the token decoder's cost per
// token:
//
//	{"options": [[1, 2], [], ...], "names": ["a", "b", ...]}
//
// with "names" optional (or null), after "options", the options decimal
// integers of at most 18 digits, the names strings without escapes, in
// UTF-8. ok is false for anything else, a graph over lim included: the
// token parser then reads the input, accepting what it accepts and saying
// where anything is wrong, so that the two agree on every input the fast
// one accepts (FuzzParseGraphFast).
func parseGraphFast(data []byte, lim graphLimits) (g fastGraph, ok bool) {
	s := fastScanner{data: data}
	if !s.byte('{') || !s.literal(`"options"`) || !s.byte(':') || !s.byte('[') {
		return g, false
	}
	g.flat = make([]int, 0, len(data)/8)
	g.starts = append(make([]int, 0, len(data)/32+1), 0)
	for first := true; s.item(first); first = false {
		if len(g.starts)-1 >= lim.positions || !s.byte('[') {
			return g, false
		}
		if !fastItems(&s, &g.flat, lim.options, s.integer) {
			return g, false
		}
		g.starts = append(g.starts, len(g.flat))
	}
	if !s.byte(']') {
		return g, false
	}
	if s.peek(',') {
		s.i++
		if !s.literal(`"names"`) || !s.byte(':') {
			return g, false
		}
		g.seenNames = true
		switch {
		case s.literal("null"):
		case s.byte('['):
			g.names = []string{}
			if !fastItems(&s, &g.names, lim.positions, s.str) {
				return g, false
			}
		default:
			return g, false
		}
	}
	if !s.byte('}') {
		return g, false
	}
	s.space()
	return g, s.i == len(s.data)
}

// fastScanner reads bytes of JSON; every method skips white space first.
type fastScanner struct {
	data []byte
	i    int
}

func (s *fastScanner) space() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
			continue
		}
		return
	}
}

// peek reports whether the next byte is c, without reading it.
func (s *fastScanner) peek(c byte) bool {
	s.space()
	return s.i < len(s.data) && s.data[s.i] == c
}

// byte reads c.
func (s *fastScanner) byte(c byte) bool {
	if !s.peek(c) {
		return false
	}
	s.i++
	return true
}

// item reports whether an item of an array comes next, reading the comma
// before it: first says whether it would be the array's first item. The
// loop over the items of an array whose '[' has been read is
//
//	for first := true; s.item(first); first = false { ... }
//
// after which the closing ']' is still to be read.
func (s *fastScanner) item(first bool) bool {
	if first {
		return !s.peek(']')
	}
	return s.byte(',')
}

// fastItems reads the items of an array whose '[' has been read, each by
// read, and its closing ']', appending the items to *items. It is false
// when an item is wrong or would make more than limit items.
func fastItems[T any](s *fastScanner, items *[]T, limit int, read func() (T, bool)) bool {
	for first := true; s.item(first); first = false {
		v, ok := read()
		if !ok || len(*items) >= limit {
			return false
		}
		*items = append(*items, v)
	}
	return s.byte(']')
}

// literal reads the bytes of lit.
func (s *fastScanner) literal(lit string) bool {
	s.space()
	if len(s.data)-s.i < len(lit) || string(s.data[s.i:s.i+len(lit)]) != lit {
		return false
	}
	s.i += len(lit)
	return true
}

// integer reads a JSON integer that is not negative, of at most 18 digits.
func (s *fastScanner) integer() (int, bool) {
	s.space()
	start, q := s.i, 0
	for s.i < len(s.data) && s.data[s.i] >= '0' && s.data[s.i] <= '9' {
		q = q*10 + int(s.data[s.i]-'0')
		s.i++
	}
	digits := s.i - start
	if digits == 0 || digits > 18 || digits > 1 && s.data[start] == '0' {
		return 0, false
	}
	// A fraction or an exponent is for the token parser to refuse.
	if s.i < len(s.data) && (s.data[s.i] == '.' || s.data[s.i] == 'e' || s.data[s.i] == 'E') {
		return 0, false
	}
	return q, true
}

// str reads a JSON string without escapes or control characters, in
// UTF-8.
func (s *fastScanner) str() (string, bool) {
	if !s.byte('"') {
		return "", false
	}
	start, ascii := s.i, true
	for ; s.i < len(s.data); s.i++ {
		switch c := s.data[s.i]; {
		case c == '"':
			text := s.data[start:s.i]
			s.i++
			if !ascii && !utf8.Valid(text) {
				return "", false
			}
			return string(text), true
		case c == '\\' || c < 0x20:
			return "", false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return "", false
}
