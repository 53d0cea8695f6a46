package canon

import (
	"errors"
	"fmt"
	"slices"
)

// This file holds more of the misère theory CGSuite's MisereCanonicalGame
// offers: linked games, distinguishers (Conway, On Numbers and Games,
// ch. 12, Theorems 75 and 76; Siegel, Combinatorial Game Theory, V.1)
// and the tame, restive and restless games (ONAG ch. 12, as CGSuite
// classifies them, a classification due to Dan Hoey).

// errTheorem is a failure of a theorem the constructions rest on: it
// cannot happen unless the table is wrong.
var errTheorem = errors.New("canon: a misère theorem failed (a bug)")

// hasOption reports whether b is an option of a.
func (t *Table) hasOption(a, b Form) bool {
	_, ok := slices.BinarySearch(t.nodes[a].opts, b)
	return ok
}

// Linked reports whether f and g are linked: some game T makes f + T and
// g + T both misère P-positions (Conway, ONAG ch. 12). By Conway's
// Theorem 76 two canonical forms are linked exactly when neither is an
// option of the other (CGSuite's IsLinkedTo): were g an option of f, f + T
// would have the move to the P-position g + T; else Link builds a T.
func (t *Table) Linked(f, g Form) bool { return !t.hasOption(f, g) && !t.hasOption(g, f) }

// Link returns a game T such that f + T and g + T are both misère
// P-positions, and whether there is one (Linked). T is the one Conway's
// proof of Theorem 76 builds, as CGSuite's Link does: * when f = g = 0,
// else the game whose options are, for each option f' of f, a
// P-N distinguisher of f' from g (f' + T' a P-position, g + T' not) and,
// for each option g' of g, one of g' from f (see Distinguisher). Every
// option of f + T and of g + T then has a move to a P-position. T is not
// claimed to be the simplest such game.
func (t *Table) Link(f, g Form) (Form, bool, error) {
	if !t.Linked(f, g) {
		return 0, false, nil
	}
	if f == Zero && g == Zero {
		s, err := t.nim(1)
		return s, err == nil, err
	}
	k := [2]Form{min(f, g), max(f, g)}
	if l, ok := t.links[k]; ok {
		return l, true, nil
	}
	var opts []Form
	for _, p := range [2][2]Form{{f, g}, {g, f}} {
		for _, o := range slices.Clone(t.nodes[p[0]].opts) {
			d, err := t.distinguishPN(o, p[1])
			if err != nil {
				return 0, false, err
			}
			opts = append(opts, d)
		}
	}
	l, err := t.Make(opts...)
	if err != nil {
		return 0, false, err
	}
	t.links[k] = l
	return l, true, nil
}

// Distinguisher returns, for forms f ≠ g, a game T such that f + T is a
// misère P-position and g + T is not, so that f + T and g + T have
// different misère outcomes (CGSuite's Distinguisher, its P-N
// discriminator); f = g is an error, as no game tells a game from itself.
// By Conway's Theorem 75 (ONAG ch. 12) two different canonical forms are
// told apart by a game linking an option of one to the other: if T links
// f' to g, f + T has the move to the P-position f' + T while g + T is one.
// When f = 0 and g is a P-position, T = 0 does. A T with f + T an
// N-position and g + T a P-position is then turned round: the game whose
// options are T and the mates of f's options (f' + mate(f') being a
// P-position, Conway).
func (t *Table) Distinguisher(f, g Form) (Form, error) {
	if f == g {
		s, err := t.String(f)
		if err != nil {
			s = "the game"
		}
		return 0, fmt.Errorf("no game distinguishes %s from itself", s)
	}
	return t.distinguishPN(f, g)
}

// distinguishPN is Distinguisher for f ≠ g, memoised.
func (t *Table) distinguishPN(f, g Form) (Form, error) {
	k := [2]Form{f, g}
	if d, ok := t.discs[k]; ok {
		return d, nil
	}
	d, err := t.distinguish(f, g)
	if err != nil {
		return 0, err
	}
	s, err := t.Add(f, d)
	if err != nil {
		return 0, err
	}
	if t.nodes[s].gMinus != 0 {
		opts, err := t.optionMates(f)
		if err != nil {
			return 0, err
		}
		if d, err = t.Make(append(opts, d)...); err != nil {
			return 0, err
		}
	}
	t.discs[k] = d
	return d, nil
}

// distinguish returns a game T for f ≠ g such that f + T and g + T have
// different outcomes: 0 when one of them is 0 and the other a
// P-position, else a link of an option of one to the other.
func (t *Table) distinguish(f, g Form) (Form, error) {
	if f == Zero && t.nodes[g].gMinus == 0 || g == Zero && t.nodes[f].gMinus == 0 {
		return Zero, nil
	}
	for _, p := range [2][2]Form{{f, g}, {g, f}} {
		for _, o := range slices.Clone(t.nodes[p[0]].opts) {
			l, ok, err := t.Link(p[1], o)
			if err != nil || ok {
				return l, err
			}
		}
	}
	return 0, errTheorem
}

// phylum is CGSuite's class of a form, of those this package tells.
type phylum uint8

const (
	phylumUnknown        phylum = iota // not yet classified
	phylumTame                         // hereditarily tame
	phylumReversiblyTame               // generally tame, not hereditarily
	phylumRestive                      // hereditarily restive
	phylumRestless                     // restless
	phylumOther                        // none of these
)

// tameValues reports whether a pair (G⁺, G⁻) is a Nim-heap's kind: equal
// values, or 0 and 1 either way round.
func tameValues(plus, minus int) bool { return plus == minus || plus < 2 && minus < 2 }

// phylumOf classifies f as CGSuite does. A form and its sum with * have
// the same class, that of the even one of them, which is classified by
// its own options (each by its even one) and misère and normal Grundy
// values G⁻, G⁺:
//
//   - tame (hereditarily tame): (G⁺, G⁻) is (a, a), (0, 1) or (1, 0),
//     and every option tame;
//   - reversibly tame: (G⁺, G⁻) as for tame, every option generally
//     tame (tame or reversibly tame) but not all tame; or some option is
//     not generally tame, each such option has generally tame options
//     with G⁺ and with G⁻ equal to those of the form (its moves revert),
//     and the generally tame options alone give the form its G⁺ and G⁻
//     (as mexes);
//   - restive (hereditarily restive): G⁺ is 0 or 1, G⁻ 2 or more, every
//     option tame;
//   - restless: G⁻ is 0 or 1, G⁺ 2 or more, every option generally tame.
func (t *Table) phylumOf(f Form) (phylum, error) {
	e, _, err := t.evenPart(f)
	if err != nil {
		return 0, err
	}
	if p, ok := t.phyla[e]; ok {
		return p, nil
	}
	n := t.nodes[e]
	allTame, allGeneral := true, true
	var tamePlus, tameMinus []int
	var wild []Form // options not generally tame
	for _, o := range n.opts {
		p, err := t.phylumOf(o)
		if err != nil {
			return 0, err
		}
		allTame = allTame && p == phylumTame
		if p == phylumTame || p == phylumReversiblyTame {
			tamePlus, tameMinus = append(tamePlus, t.nodes[o].gPlus), append(tameMinus, t.nodes[o].gMinus)
		} else {
			allGeneral = false
			wild = append(wild, o)
		}
	}
	p := phylumOther
	switch {
	case tameValues(n.gPlus, n.gMinus):
		switch {
		case allTame:
			p = phylumTame
		case allGeneral:
			p = phylumReversiblyTame
		default:
			ok, err := t.reverts(wild, n.gPlus, n.gMinus)
			if err != nil {
				return 0, err
			}
			if ok && mex(tamePlus) == n.gPlus && mex(tameMinus) == n.gMinus {
				p = phylumReversiblyTame
			}
		}
	case n.gPlus < 2 && allTame:
		p = phylumRestive
	case n.gMinus < 2 && n.gPlus >= 2 && allGeneral:
		p = phylumRestless
	}
	t.phyla[e] = p
	return p, nil
}

// reverts reports whether each of the options wild has a generally tame
// option of normal Grundy value plus and one of misère Grundy value minus.
func (t *Table) reverts(wild []Form, plus, minus int) (bool, error) {
	for _, w := range wild {
		okPlus, okMinus := false, false
		for _, o := range t.nodes[w].opts {
			p, err := t.phylumOf(o)
			if err != nil {
				return false, err
			}
			if p == phylumTame || p == phylumReversiblyTame {
				okPlus = okPlus || t.nodes[o].gPlus == plus
				okMinus = okMinus || t.nodes[o].gMinus == minus
			}
		}
		if !okPlus || !okMinus {
			return false, nil
		}
	}
	return true, nil
}

// IsTame reports whether f is (hereditarily) tame (CGSuite's IsTame):
// its normal and misère Grundy values (G⁺, G⁻) are those of a Nim-heap's
// kind, (a, a), (0, 1) or (1, 0), and every option of it, or of f + *
// when that is the even one, is tame (Conway, ONAG ch. 12: such games
// add like Nim-heaps). 0, * and every Nim-heap are tame.
func (t *Table) IsTame(f Form) (bool, error) {
	p, err := t.phylumOf(f)
	return p == phylumTame, err
}

// IsGenerallyTame reports whether f is generally tame (CGSuite's
// IsGenerallyTame): tame, or tame by reversible moves: (G⁺, G⁻) is
// (a, a), (0, 1) or (1, 0), and each option (of the even one of f and
// f + *) is generally tame, or has generally tame options of the same G⁺
// and of the same G⁻ as f, the generally tame options alone giving f its
// G⁺ and G⁻. Generally tame games add like Nim-heaps among themselves
// (Conway, ONAG ch. 12).
func (t *Table) IsGenerallyTame(f Form) (bool, error) {
	p, err := t.phylumOf(f)
	return p == phylumTame || p == phylumReversiblyTame, err
}

// IsRestive reports whether f is (hereditarily) restive (CGSuite's
// IsRestive): G⁺ is 0 or 1, G⁻ is 2 or more, and every option (of the
// even one of f and f + *) is tame (Conway, ONAG ch. 12).
func (t *Table) IsRestive(f Form) (bool, error) {
	p, err := t.phylumOf(f)
	return p == phylumRestive, err
}

// IsRestless reports whether f is restless (CGSuite's IsRestless): G⁻ is
// 0 or 1, G⁺ is 2 or more, and every option (of the even one of f and
// f + *) is generally tame (Conway, ONAG ch. 12).
func (t *Table) IsRestless(f Form) (bool, error) {
	p, err := t.phylumOf(f)
	return p == phylumRestless, err
}

// IsHalfTame reports whether f is half-tame (CGSuite's IsHalfTame): f is
// not generally tame, and f + f is generally tame with G⁺ = G⁻ = 0 (of
// genus 0^0).
func (t *Table) IsHalfTame(f Form) (bool, error) {
	if g, err := t.IsGenerallyTame(f); g || err != nil {
		return false, err
	}
	d, err := t.Add(f, f)
	if err != nil {
		return false, err
	}
	g, err := t.IsGenerallyTame(d)
	return g && t.nodes[d].gPlus == 0 && t.nodes[d].gMinus == 0, err
}
