package canon

import (
	"context"
	"fmt"
	"slices"
)

// This file holds the parts of misère games: differences, parts,
// partitions into primes, and the games that are parts of their own
// followers or followers' followers (Conway, On Numbers and Games, ch. 12;
// Siegel, Combinatorial Game Theory, V.3). As in CGSuite, H is a part of
// G when G = H + X for some X; the parts listed are the even ones (of G's
// even part, each of an odd pair H, H + * standing for both), other than
// 0 and G itself.

// maxDifferenceOptions bounds the options of h that Difference tries in
// every combination (2^n sets of games).
const maxDifferenceOptions = 16

// Difference returns the game x with h + x = f, and whether there is one
// (at most one: misère games cancel, ONAG ch. 12, so x is f − h).
//
// Every option of a canonical sum h + x is h' + x or h + x', for options
// h' of h and x' of x: a canonical form's options are some of its
// formal options, the rest having reverted (Make). So either some option
// f' of f is h' + x, and x is f' − h' for that pair; or every option of f
// is h + x', x' = f' − h, and every option x' of x is one of those or,
// where h + x' reverted, one with h' + x' = f, x' = f − h' (h + x'
// cannot revert through h + x” = f, since then x” = x and x' would
// revert in x). Difference tries these candidates, the differences found
// the same way, smaller f or smaller h, and keeps the one whose sum with h
// is f. A candidate set of options is {f' − h} with any of the f − h'
// not among them, so h may have at most 16 options whose difference
// with f exists.
func (t *Table) Difference(f, h Form) (Form, bool, error) {
	switch {
	case h == Zero:
		return f, true, nil
	case h == f:
		return Zero, true, nil
	}
	k := [2]Form{f, h}
	if x, ok := t.differences[k]; ok {
		return x, x >= 0, nil
	}
	if x, ok, known, err := t.fromParts(f, h); known || err != nil {
		return x, ok, err
	}
	if t.ctx != nil && len(t.differences)%1024 == 0 {
		if err := t.ctx.Err(); err != nil {
			return 0, false, err
		}
	}
	x, ok, err := t.difference(f, h)
	if err != nil {
		return 0, false, err
	}
	if !ok {
		x = -1
	}
	t.differences[k] = x
	return x, ok, nil
}

// fromParts answers f − h from the parts of f's even part when they are
// known: f = e + a·*, h = c + b·* with e and c even, so f − h is
// (e − c) + (a ⊕ b)·*, and e − c exists exactly when c is a part of e.
func (t *Table) fromParts(f, h Form) (x Form, ok, known bool, err error) {
	e, a, err := t.evenPart(f)
	if err != nil {
		return 0, false, false, err
	}
	ps, known := t.parts[e]
	if !known {
		return 0, false, false, nil
	}
	c, b, err := t.evenPart(h)
	if err != nil {
		return 0, false, true, err
	}
	x, ok = ps.rest[c]
	if ok && a != b {
		x, err = t.plusStar(x)
	}
	return x, ok, true, err
}

// difference is Difference without its memo.
func (t *Table) difference(f, h Form) (Form, bool, error) {
	// A form's options never change, so they are read in place although
	// the table grows.
	fopts, hopts := t.nodes[f].opts, t.nodes[h].opts
	// x's normal Grundy value is known: G⁺ adds as a nim-sum.
	plus := t.nodes[f].gPlus ^ t.nodes[h].gPlus
	try := func(x Form) (bool, error) {
		if t.nodes[x].gPlus != plus {
			return false, nil
		}
		s, err := t.Add(h, x)
		return s == f, err
	}
	// Some option of f is h' + x, so G⁺(h') = G⁺(f') ⊕ G⁺(x).
	for _, fo := range fopts {
		for _, ho := range hopts {
			if t.nodes[ho].gPlus != t.nodes[fo].gPlus^plus {
				continue
			}
			x, ok, err := t.Difference(fo, ho)
			if err != nil {
				return 0, false, err
			}
			if !ok {
				continue
			}
			if ok, err := try(x); ok || err != nil {
				return x, ok, err
			}
		}
	}
	// Every option of f is h + x'.
	var base []Form
	for _, fo := range fopts {
		x, ok, err := t.Difference(fo, h)
		if err != nil || !ok {
			return 0, false, err
		}
		base = append(base, x)
	}
	var more []Form
	for _, ho := range hopts {
		x, ok, err := t.Difference(f, ho)
		if err != nil {
			return 0, false, err
		}
		if ok && !slices.Contains(base, x) && !slices.Contains(more, x) {
			more = append(more, x)
		}
	}
	if len(more) > maxDifferenceOptions {
		return 0, false, fmt.Errorf("%w: %d candidate options of a difference, more than %d", ErrLimit, len(more), maxDifferenceOptions)
	}
	for set := range 1 << len(more) {
		opts := slices.Clone(base)
		for i, m := range more {
			if set&(1<<i) != 0 {
				opts = append(opts, m)
			}
		}
		x, err := t.Make(opts...)
		if err != nil {
			return 0, false, err
		}
		if ok, err := try(x); ok || err != nil {
			return x, ok, err
		}
	}
	return 0, false, nil
}

// Parts returns the even parts of f other than 0 and f's even part (the
// proper parts), in CGSuite's order (CGSuite's Parts). Of each pair
// {H, X} with H + X = f's even part, at least one is a part of an option
// of it (its options being H' + X or H + X'), so the candidates are the
// even parts of its options and their differences with it.
func (t *Table) Parts(f Form) ([]Form, error) {
	e, all, err := t.allParts(f)
	if err != nil {
		return nil, err
	}
	var out []Form
	for _, p := range all {
		if p != Zero && p != e {
			out = append(out, p)
		}
	}
	return out, t.sortForms(out)
}

// allParts returns the even one e of f and f + *, and the even parts of
// e, 0 and e among them, in no particular order. It keeps each part's
// difference with e (partsOf), from which Difference answers.
func (t *Table) allParts(f Form) (Form, []Form, error) {
	e, _, err := t.evenPart(f)
	if err != nil {
		return 0, nil, err
	}
	if ps, ok := t.parts[e]; ok {
		return e, ps.order, nil
	}
	ps := partsOf{order: []Form{Zero}, rest: map[Form]Form{Zero: e}}
	// add records e = c + x, c even: c's difference x, and that of the
	// even one of x and x + *.
	add := func(c, x Form) error {
		xe, odd, err := t.evenPart(x)
		if err != nil {
			return err
		}
		ce := c
		if odd == 1 {
			if ce, err = t.plusStar(c); err != nil {
				return err
			}
		}
		for _, p := range [2][2]Form{{c, x}, {xe, ce}} {
			if _, ok := ps.rest[p[0]]; !ok {
				ps.order = append(ps.order, p[0])
				ps.rest[p[0]] = p[1]
			}
		}
		return nil
	}
	if err := add(e, Zero); err != nil {
		return 0, nil, err
	}
	for _, o := range t.nodes[e].opts {
		_, cands, err := t.allParts(o)
		if err != nil {
			return 0, nil, err
		}
		for _, c := range cands {
			if _, ok := ps.rest[c]; ok {
				continue
			}
			if may, err := t.mayDivide(e, c); err != nil || !may {
				if err != nil {
					return 0, nil, err
				}
				continue
			}
			x, ok, err := t.Difference(e, c)
			if err != nil {
				return 0, nil, err
			}
			if !ok {
				continue
			}
			if err := add(c, x); err != nil {
				return 0, nil, err
			}
		}
	}
	t.parts[e] = ps
	return e, ps.order, nil
}

// partsOf are the even parts of an even form e: in the order found, and
// each with its difference with e.
type partsOf struct {
	order []Form
	rest  map[Form]Form
}

// mayDivide is a test that the even form c must pass to be a part of the
// even form e, from the parts of e's options alone: each option of
// c + X is c' + X or c + X', so c or an option of c is a part of it.
func (t *Table) mayDivide(e, c Form) (bool, error) {
	for _, o := range t.nodes[e].opts {
		_, ps, err := t.allParts(o)
		if err != nil {
			return false, err
		}
		if slices.Contains(ps, c) {
			continue
		}
		found := false
		for _, co := range t.nodes[c].opts {
			ce, _, err := t.evenPart(co)
			if err != nil {
				return false, err
			}
			if slices.Contains(ps, ce) {
				found = true
				break
			}
		}
		if !found {
			return false, nil
		}
	}
	return true, nil
}

// IsPrime reports whether f is prime: neither 0 nor *, with no proper
// parts (CGSuite's IsPrime; f and f + * are prime together).
func (t *Table) IsPrime(f Form) (bool, error) {
	e, _, err := t.evenPart(f)
	if err != nil || e == Zero {
		return false, err
	}
	ps, err := t.Parts(e)
	return len(ps) == 0, err
}

// Partitions returns every way to write f as a sum of even primes, * added
// when f is odd, each in CGSuite's order and the partitions in that order
// of their first different term (CGSuite's Partitions; 0's one partition
// is empty). Norton's *[4[2#]] has two.
func (t *Table) Partitions(f Form) ([][]Form, error) {
	e, odd, err := t.evenPart(f)
	if err != nil {
		return nil, err
	}
	star, err := t.nim(1)
	if err != nil {
		return nil, err
	}
	var out [][]Form
	var walk func(g Form, from Form, partial []Form) error
	walk = func(g, from Form, partial []Form) error {
		if g == Zero {
			p := slices.Clone(partial)
			if odd == 1 {
				p = append(p, star)
			}
			out = append(out, p)
			return nil
		}
		primes, err := t.primeParts(g)
		if err != nil {
			return err
		}
		for _, p := range primes {
			if len(partial) > 0 {
				c, err := t.compare(from, p)
				if err != nil {
					return err
				}
				if c > 0 {
					continue // each partition once, in order
				}
			}
			rest, ok, err := t.Difference(g, p)
			if err != nil {
				return err
			}
			if !ok {
				return errTheorem
			}
			if err := walk(rest, p, append(partial, p)); err != nil {
				return err
			}
		}
		return nil
	}
	return out, walk(e, Zero, nil)
}

// primeParts returns the even prime parts of the even form g, g itself
// when it is prime, in CGSuite's order.
func (t *Table) primeParts(g Form) ([]Form, error) {
	ps, err := t.Parts(g)
	if err != nil {
		return nil, err
	}
	if len(ps) == 0 {
		return []Form{g}, nil
	}
	var out []Form
	for _, p := range ps {
		prime, err := t.IsPrime(p)
		if err != nil {
			return nil, err
		}
		if prime {
			out = append(out, p)
		}
	}
	return out, nil
}

// IsExtraverted reports whether f is a part of {f}, the game whose one
// option is f (CGSuite's IsExtraverted).
func (t *Table) IsExtraverted(f Form) (bool, error) {
	s, err := t.Make(f)
	if err != nil {
		return false, err
	}
	_, ok, err := t.Difference(s, f)
	return ok, err
}

// IsIntroverted reports whether f is a part of each of its options
// (CGSuite's IsIntroverted). By Conway's Extraversion–Introversion
// theorem only 0 and * are.
func (t *Table) IsIntroverted(f Form) (bool, error) {
	for _, o := range t.nodes[f].opts {
		_, ok, err := t.Difference(o, f)
		if err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}

// Decomposition is what the parts of a game say of it (Table.Decompose):
// CGSuite's IsPrime, IsExtraverted, IsIntroverted, Parts and Partitions,
// the games as CGSuite writes them (a text too long says its length, as
// Description's do).
type Decomposition struct {
	Prime       bool       `json:"prime"`
	Extraverted bool       `json:"extraverted"`
	Introverted bool       `json:"introverted"`
	Parts       []string   `json:"parts"`
	Partitions  [][]string `json:"partitions"`
}

// Decompose finds the parts of f, watching ctx: a sum of large games has
// many differences to try (for Kayles' heaps 13 + 14 + 15, a second and
// more after its form).
func (t *Table) Decompose(ctx context.Context, f Form) (Decomposition, error) {
	t.ctx = ctx
	defer func() { t.ctx = nil }()
	var d Decomposition
	// The parts first: the differences the rest needs are then looked up.
	parts, err := t.Parts(f)
	if err != nil {
		return d, err
	}
	if d.Prime, err = t.IsPrime(f); err != nil {
		return d, err
	}
	if d.Extraverted, err = t.IsExtraverted(f); err != nil {
		return d, err
	}
	if d.Introverted, err = t.IsIntroverted(f); err != nil {
		return d, err
	}
	if d.Parts, err = t.texts(parts); err != nil {
		return d, err
	}
	ps, err := t.Partitions(f)
	if err != nil {
		return d, err
	}
	d.Partitions = [][]string{}
	for _, p := range ps {
		s, err := t.texts(p)
		if err != nil {
			return d, err
		}
		d.Partitions = append(d.Partitions, s)
	}
	return d, nil
}
