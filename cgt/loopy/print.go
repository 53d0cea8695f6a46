package loopy

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"nimber/cgt"
)

// Notation writes the stopper g in CGSuite's notation, as CGSuite prints
// it, after simplifying it (Simplify; limit bounds the positions its
// comparisons take, 0 for none):
//   - short positions as package cgt writes them;
//   - pseudonumbers: on, off, 5over, -3/2under, over, under;
//   - switches {G | -G} as +-G;
//   - plumtrees {x || x | z} with z - x at most under as x + Tiny(x - z),
//     and {z | x || x} as x + Miny(z - x): Tiny(over), 1Miny(on);
//   - upon forms: x + {pass | *n} as x^[on]*m and its uponth x^<on>*m
//     (m = n XOR 1), with v for their negatives: ^[on], -1/4v[on];
//   - other positions in braces, a side of one option written without
//     its braces and the bars around it doubled as for short games; a
//     move back to the position itself as pass, and to a position being
//     written further out by a label before its braces, a, b, ... in the
//     order needed (a{0||||0|||a|*||*}).
//
// Short options come first, in CGSuite's order; CGSuite orders its other
// options by hash codes, so Notation takes those in the order of its
// graph (the text may then differ from CGSuite's in the order of two
// such options, never in value).
func Notation(c *cgt.Calc, g Game, limit int) (string, error) {
	s, err := Simplify(g, limit)
	loose := errors.Is(err, ErrNotStopper)
	if loose {
		// A side that is not a stopper is written as its graph stands.
		s, err = restrictGame(g), nil
	}
	if err != nil {
		return "", err
	}
	p := &printer{c: c, g: s.Graph, sh: newShorts(c, s.Graph), limit: limit, stack: map[int]string{}, loose: loose}
	text, _ := p.write(s.Start, true, false)
	if p.err == nil && p.sh.err != nil {
		p.err = fmt.Errorf("loopy: writing a game: %w", p.sh.err)
	}
	return text, p.err
}

// printer writes the positions of one stopper in simplest form.
type printer struct {
	c      *cgt.Calc
	g      *Graph
	sh     *shorts
	neg    *shorts // of g's negative, made when needed
	limit  int
	stack  map[int]string // positions being written, with their labels once needed
	labels int
	err    error
	// loose is set for a graph that is not a stopper (a side's): only its
	// positions that are stoppers are written as special forms.
	loose bool
}

// write writes node v, in braces when brace, in parentheses when paren
// and a +- before it would split it; it returns the text and, written
// without braces, the bars between its sides.
func (p *printer) write(v int, brace, paren bool) (string, int) {
	if name, on := p.stack[v]; on {
		if name == "" {
			name = labelName(p.labels)
			p.labels++
			p.stack[v] = name
		}
		return name, 0
	}
	if x, ok := p.sh.of(v); ok {
		return p.c.Written(x, brace, paren)
	}
	if ps, ok := p.sh.pseudonumber(v); ok {
		text := ps.String()
		if paren && (ps.Kind == Over || ps.Kind == Under) && ps.X != (cgt.Dyadic{}) {
			text = "(" + text + ")"
		}
		return text, 0
	}
	if text, ok := p.special(v); ok {
		if paren && !strings.HasPrefix(text, "+-") {
			text = "(" + text + ")"
		}
		return text, 0
	}
	return p.braces(v, brace)
}

// labelName is CGSuite's n-th label: a to z, then N1, N2, ...
func labelName(n int) string {
	if n < 26 {
		return string(rune('a' + n))
	}
	return "N" + strconv.Itoa(n-25)
}

// special writes v when CGSuite writes it as a switch, a Tiny or Miny,
// or an upon form.
func (p *printer) special(v int) (string, bool) {
	if p.err != nil || p.loose && !IsStopper(Game{p.g, v}) {
		return "", false // a position of a side that is not a stopper is written plainly
	}
	if sw, err := Equal(Game{p.g, v}, Game{p.g, v}.Neg(), p.limit); err != nil {
		p.err = err
		return "", false
	} else if sw {
		l := p.sorted(v, Left)
		if len(l) == 1 {
			text, _ := p.write(l[0], true, true)
			return "+-" + text, true
		}
		return "+-{" + p.join(l, true) + "}", true
	}
	if text, ok := p.tiny(v); ok {
		return text, true
	}
	if p.neg == nil {
		p.neg = newShorts(p.c, p.g.Neg())
	}
	for i, sh := range [][2]*shorts{{p.sh, p.neg}, {p.neg, p.sh}} {
		f, ok := uponForm(sh[0], sh[1], v, true)
		if !ok {
			continue
		}
		x := f.x
		if i == 1 {
			x, _ = x.Neg()
		}
		var b strings.Builder
		if x != (cgt.Dyadic{}) {
			b.WriteString(x.String())
		}
		b.WriteString([]string{"^", "v"}[i])
		b.WriteString(map[bool]string{false: "[on]", true: "<on>"}[f.uponth])
		if f.nim >= 1 {
			b.WriteString("*")
			if f.nim >= 2 {
				b.WriteString(strconv.FormatUint(f.nim, 10))
			}
		}
		return b.String(), true
	}
	return "", false
}

// An upon is x + upon + *(n XOR 1) = {pass | x + *n} (with x itself a
// Left option when n is 0), or its uponth {x, x*1, ..., x*m || x*m' |
// pass...}: the negative of whose Right option is an upon.
type upon struct {
	uponth bool
	x      cgt.Dyadic
	nim    uint64
}

// uponForm returns the upon form of node v of sh's graph, if it has one;
// checkUponth allows the uponth form. neg finds the short games of the
// graph's negative.
func uponForm(sh, neg *shorts, v int, checkUponth bool) (upon, bool) {
	lo, ro := sh.g.Left(v), sh.g.Right(v)
	if len(ro) == 1 && len(lo) <= 2 {
		if x, ok := sh.of(ro[0]); ok {
			if n, ok := sh.c.NUS(x); ok && n.Ups == 0 {
				others := slices.DeleteFunc(slices.Clone(lo), func(w int) bool { return w == v })
				if len(others) == len(lo)-1 {
					if n.Nim == 0 && len(others) == 1 {
						if d, ok := sh.number(others[0]); ok && d == n.X {
							return upon{false, n.X, 1}, true
						}
					}
					if n.Nim != 0 && len(others) == 0 {
						return upon{false, n.X, n.Nim ^ 1}, true
					}
				}
			}
		}
	}
	if !checkUponth || len(ro) != 1 {
		return upon{}, false
	}
	f, ok := uponForm(neg, sh, ro[0], false)
	if !ok {
		return upon{}, false
	}
	x, err := f.x.Neg()
	if err != nil {
		return upon{}, false
	}
	m := f.nim ^ 1
	if uint64(len(lo)) != m+1 {
		return upon{}, false
	}
	seen := make([]bool, m+1)
	for _, w := range lo {
		g, ok := sh.of(w)
		if !ok {
			return upon{}, false
		}
		n, ok := sh.c.NUS(g)
		if !ok || n.Ups != 0 || n.X != x || n.Nim > m || seen[n.Nim] {
			return upon{}, false
		}
		seen[n.Nim] = true
	}
	return upon{true, x, m}, true
}

// tiny writes v as x + Tiny(x - z) or x + Miny(z - x), when it is a
// plumtree {x || x | z} with z - x at most under, or {z | x || x} with
// x - z at most under.
func (p *printer) tiny(v int) (string, bool) {
	text, err := p.tinyText(v)
	if err != nil {
		p.err = err
	}
	return text, text != ""
}

// tinyText is tiny's text, "" when v is no Tiny or Miny.
func (p *printer) tinyText(v int) (string, error) {
	lo, ro := p.g.Left(v), p.g.Right(v)
	if len(lo) != 1 || len(ro) != 1 || !plumtree(Game{p.g, v}) {
		return "", nil
	}
	name, x, inner, far := "Tiny", lo[0], ro[0], Right
	if _, ok := p.sh.number(x); !ok {
		name, x, inner, far = "Miny", ro[0], lo[0], Left
	}
	d, ok := p.sh.number(x)
	near, out := p.g.Options(inner, far.Opponent()), p.g.Options(inner, far)
	if !ok || len(near) != 1 || near[0] != x || len(out) != 1 {
		return "", nil
	}
	z := Game{p.g, out[0]}
	xg, err := p.numberGame(d)
	if err != nil {
		return "", err
	}
	// Tiny: z - x <= under, subscript x - z; Miny: x - z <= under,
	// subscript z - x.
	diff, sub := []Game{z, xg.Neg()}, []Game{xg, z.Neg()}
	if name == "Miny" {
		diff, sub = sub, diff
	}
	under, err := Parse(p.c, "under")
	if err != nil {
		return "", err
	}
	dg, err := Sum(p.limit, diff...)
	if err != nil || !IsStopper(dg) {
		return "", err
	}
	if le, err := LE(dg, under, p.limit); err != nil || !le {
		return "", err
	}
	sg, err := Sum(p.limit, sub...)
	if err != nil {
		return "", err
	}
	text, err := Notation(p.c, sg, p.limit)
	if err != nil {
		return "", err
	}
	if d != (cgt.Dyadic{}) {
		text = d.String() + name + "(" + text + ")"
	} else {
		text = name + "(" + text + ")"
	}
	return text, nil
}

// numberGame returns the number d as a game of a graph of its own.
func (p *printer) numberGame(d cgt.Dyadic) (Game, error) {
	g := NewGraph(0)
	v, err := AddShort(p.c, p.c.NumberGame(d), g, nil, p.limit)
	return Game{g, v}, err
}

// plumtree reports whether every cycle reachable from g is a pass: the
// graph without its moves from a position to itself has no cycle.
func plumtree(g Game) bool {
	colour := make([]uint8, g.Graph.Len())
	var visit func(v int) bool
	visit = func(v int) bool {
		colour[v] = 1
		for _, p := range []Player{Left, Right} {
			for _, w := range g.Graph.Options(v, p) {
				if w == v {
					continue
				}
				if colour[w] == 1 || colour[w] == 0 && !visit(w) {
					return false
				}
			}
		}
		colour[v] = 2
		return true
	}
	return visit(g.Start)
}

// sorted returns v's options for player pl as CGSuite writes them: the
// short ones first, in its order, then the others in the graph's.
func (p *printer) sorted(v int, pl Player) []int {
	var short []cgt.Game
	at := map[cgt.Game]int{}
	var rest []int
	for _, w := range p.g.Options(v, pl) {
		if x, ok := p.sh.of(w); ok {
			short = append(short, x)
			at[x] = w
		} else {
			rest = append(rest, w)
		}
	}
	var out []int
	for _, x := range p.c.PrintOrder(short) {
		out = append(out, at[x])
	}
	return append(out, rest...)
}

// join writes the nodes vs separated by commas.
func (p *printer) join(vs []int, brace bool) string {
	texts := make([]string, len(vs))
	for i, w := range vs {
		texts[i], _ = p.write(w, brace, false)
	}
	return strings.Join(texts, ",")
}

// braces writes v as {Left options | Right options}.
func (p *printer) braces(v int, brace bool) (string, int) {
	p.stack[v] = ""
	bars := 0
	var sides [2]string
	for _, pl := range []Player{Left, Right} {
		opts := p.sorted(v, pl)
		texts := make([]string, len(opts))
		for i, w := range opts {
			if w == v {
				texts[i] = "pass"
				continue
			}
			var b int
			texts[i], b = p.write(w, len(opts) > 1, false)
			bars = max(bars, b)
		}
		sides[pl] = strings.Join(texts, ",")
	}
	name := p.stack[v]
	delete(p.stack, v)
	bars++
	text := sides[Left] + strings.Repeat("|", bars) + sides[Right]
	if brace || name != "" || len(p.g.Left(v)) == 0 || len(p.g.Right(v)) == 0 || bars == cgt.MaxBars {
		return name + "{" + text + "}", 0
	}
	return text, bars
}
