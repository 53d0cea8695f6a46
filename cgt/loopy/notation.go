package loopy

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"nimber/cgt"
)

// MaxNotation bounds the length in bytes of the text Parse reads.
const MaxNotation = 1 << 16

// MaxPositions bounds the positions Parse makes in all (the sums, copies
// and negatives it builds along the way included).
const MaxPositions = 1 << 20

// ErrTooManyPositions is wrapped by the errors of work refused for its
// size: a game Parse reads that would need more than MaxPositions
// positions, a sum or a short game past its limit.
var ErrTooManyPositions = errors.New("loopy: too many positions")

// Parse reads a loopy game in CGSuite's notation and returns it as the
// start of a fresh graph. It reads:
//
//   - braces {A, B | C, D}, with runs of bars nesting as in CGSuite, the
//     longest run splitting the braces ({0||0|-1} is {0 | {0|-1}}; two
//     longest runs at one level are an error);
//   - pass as an option in braces: a move back to the game of the
//     innermost braces or run of bars around it ({0|pass} is over, and in
//     {0||0|0,pass} pass moves to {0|0,pass});
//   - labels: an identifier directly before an opening brace names that
//     game, and the identifier standing as an option inside the braces
//     moves back to it (a{0|a} is over; a{0||||0|||a|*||*});
//   - the constants on, off, over, under, upon and dud;
//   - the short games of c.Parse as terms: numbers (0, -1/2, 3/4),
//     nimbers (*, *2), ups and downs (^, v2, ^<3>, v[2]);
//   - Tiny(G) = {0 || 0 | -G} and Miny(G) = {G | 0 || 0} of any G
//     (Tiny(on) is {0||0|off});
//   - sums G + H (and, as in package cgt, terms side by side: 1*, 3/2over),
//     differences G - H, negatives -G, switches +-G (±G), +-{A, B} for
//     {A, B | -A, -B}, and parentheses.
//
// pass and labels stand alone as options: they cannot be summed, negated
// or switched, for such a game would have no finite graph. Identifiers
// spelled as downs (v, vv, v3) are downs, not labels; a label hides a
// constant of its name inside its braces (on{0|on} is over). Spaces may
// stand between any two tokens but a label and its brace, or Tiny and
// its parenthesis. Columns count bytes from 1. Short parts are
// computed in c and added to the graph as AddShort adds them. Errors are
// *cgt.SyntaxError values; one of a game of more than MaxPositions positions
// (such as the integer 1<<40, whose graph is a chain) wraps
// ErrTooManyPositions.
func Parse(c *cgt.Calc, s string) (Game, error) {
	if len(s) > MaxNotation {
		return Game{}, &cgt.SyntaxError{Column: 1, Msg: fmt.Sprintf("%d bytes, over the limit of %d", len(s), MaxNotation)}
	}
	p, root, err := parseTree(s)
	if err != nil {
		return Game{}, err
	}
	for _, t := range p.toks {
		if t.kind == tAmp {
			return Game{}, p.fail(t.pos, "a sided value S & T is a value, not a game: it is read by DescribeSum (nimber value)")
		}
	}
	b := &nbuilder{c: c, src: s, labels: p.labels}
	return b.game(root)
}

// parseTree reads s into its syntax tree, each node marked sided when it
// holds an & (markSided), and returns it with the parser that read it.
func parseTree(s string) (*nparser, *pnode, error) {
	toks, err := lex(s)
	if err != nil {
		return nil, nil, err
	}
	p := &nparser{src: s, toks: toks, labels: map[string]bool{}}
	if p.peek().kind == tEOF {
		return nil, nil, p.fail(0, "empty input: a game is missing")
	}
	root, err := p.expr(true)
	if err != nil {
		return nil, nil, err
	}
	if t := p.peek(); t.kind != tEOF {
		return nil, nil, p.unexpected(t)
	}
	markSided(root)
	return p, root, nil
}

// game evaluates root, the whole expression, as the start of a graph.
func (b *nbuilder) game(root *pnode) (Game, error) {
	v, err := b.eval(root)
	if err != nil {
		return Game{}, err
	}
	if v.loopy {
		return v.game, nil
	}
	t := newTarget()
	start, err := b.addShort(t, root, v.short)
	if err != nil {
		return Game{}, err
	}
	return Game{t.g, start}, nil
}

// Tokens.

type tokKind int8

const (
	tEOF tokKind = iota
	tLBrace
	tRBrace
	tLParen
	tRParen
	tComma
	tBars  // a run of |, its length in n
	tPlus  // +
	tMinus // -
	tPM    // +- or ±
	tTimes // the * of n*G
	tShort // a term of c.Parse: a number, nimber, ups or downs
	tWord  // an identifier
	tPass  // pass
	tAmp   // the & of a sided value S & T
)

type token struct {
	kind     tokKind
	pos, end int // the bytes src[pos:end]
	n        int // the bars of a tBars
}

func (t token) describe(src string) string {
	if t.kind == tEOF {
		return "end of input"
	}
	return fmt.Sprintf("%q", src[t.pos:t.end])
}

func isDigit(ch byte) bool { return ch >= '0' && ch <= '9' }

func isWordByte(ch byte) bool {
	return ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch == '_' || isDigit(ch)
}

// isDowns reports whether word is downs in cgt's notation: v, vv, v3.
func isDowns(word string) bool {
	t := strings.TrimLeft(word, "v")
	if len(t) == len(word) {
		return false
	}
	return strings.TrimLeft(t, "0123456789") == ""
}

// lex splits s into tokens, the last tEOF.
func lex(s string) ([]token, error) {
	var toks []token
	i := 0
	for i < len(s) {
		ch := s[i]
		start := i
		kind := tEOF
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
			i++
			continue
		case ch == '{':
			kind, i = tLBrace, i+1
		case ch == '}':
			kind, i = tRBrace, i+1
		case ch == '(':
			kind, i = tLParen, i+1
		case ch == ')':
			kind, i = tRParen, i+1
		case ch == ',':
			kind, i = tComma, i+1
		case ch == '|':
			for i < len(s) && s[i] == '|' {
				i++
			}
			kind = tBars
		case strings.HasPrefix(s[i:], "+-"):
			kind, i = tPM, i+2
		case strings.HasPrefix(s[i:], "±"):
			kind, i = tPM, i+len("±")
		case ch == '+':
			kind, i = tPlus, i+1
		case ch == '-':
			kind, i = tMinus, i+1
		case isDigit(ch):
			for i < len(s) && (isDigit(s[i]) || s[i] == '/') {
				i++
			}
			kind = tShort
		case ch == '*':
			// CGSuite reads n*G (an integer, then * and a game) as n
			// copies of G, not as n + * + G.
			if len(toks) > 0 && toks[len(toks)-1].end == i && isDigit(s[i-1]) && i+1 < len(s) && multiplicand(s[i+1]) {
				toks = append(toks, token{kind: tTimes, pos: i, end: i + 1, n: 1})
				i++
				continue
			}
			i++
			for i < len(s) && isDigit(s[i]) {
				i++
			}
			kind = tShort
		case uponWord(s[i:]) != "":
			kind, i = tWord, i+len(uponWord(s[i:]))
		case ch == '^':
			for i < len(s) && s[i] == '^' {
				i++
			}
			i = lexCount(s, start, i)
			kind = tShort
		case isWordByte(ch):
			for i < len(s) && isWordByte(s[i]) {
				i++
			}
			switch word := s[start:i]; {
			case word == "pass":
				kind = tPass
			case isDowns(word):
				kind = tShort
				if i == start+1 {
					i = lexCount(s, start, i)
				}
			default:
				kind = tWord
			}
		case ch == '&':
			kind, i = tAmp, i+1
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return nil, &cgt.SyntaxError{Column: i + 1, Msg: fmt.Sprintf("unexpected %q", r)}
		}
		toks = append(toks, token{kind: kind, pos: start, end: i, n: i - start})
	}
	return append(toks, token{kind: tEOF, pos: len(s), end: len(s)}), nil
}

// multiplicand reports whether ch, just after n*, begins a game that
// CGSuite multiplies by n: a brace, a parenthesis or a name (not v, a
// down: 3*v is 3 + * + v).
func multiplicand(ch byte) bool {
	return ch == '{' || ch == '(' || ch != 'v' && (ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z')
}

// lexCount reads on from i, after the ^ or v that begin at start: a
// count (^3), and after a single ^ or v also <n> or [n]. c.Parse checks
// what it reads.
func lexCount(s string, start, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i == start+1 && i < len(s) && (s[i] == '<' || s[i] == '[') {
		closer := byte('>')
		if s[i] == '[' {
			closer = ']'
		}
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i < len(s) && s[i] == closer {
			i++
		}
	}
	return i
}

// The syntax tree.

type nodeKind int8

const (
	kShort      nodeKind = iota // a term of c.Parse, text src[pos:end]
	kWord                       // a label or a constant, text
	kPass                       // pass
	kBraces                     // {left | right}, label maybe
	kSum                        // kids added
	kNeg                        // -kids[0]
	kSwitch                     // +-kids[0]
	kSwitchList                 // +-{kids...}
	kTiny                       // Tiny(kids[0]) or, text "Miny", Miny
	kTimes                      // text copies of kids[0] added: n*G
	kSided                      // kids[0] & kids[1], the & at amp; top when the whole expression
)

type pnode struct {
	kind        nodeKind
	pos, end    int
	text        string
	label       string
	kids        []*pnode
	left, right []*pnode
	loopy       bool // holds pass, a label, a word: not short
	sided       bool // holds an &: its value differs on the onside and the offside
	top         bool // a kSided that is the whole expression, unparenthesized
	amp         int  // where the & of a kSided is
}

// markSided marks n and the nodes under it sided when they hold an &,
// and reports whether n does.
func markSided(n *pnode) bool {
	for _, list := range [][]*pnode{n.kids, n.left, n.right} {
		for _, k := range list {
			if markSided(k) {
				n.sided = true
			}
		}
	}
	if n.kind == kSided {
		n.sided = true
	}
	return n.sided
}

func anyLoopy(ns []*pnode) bool {
	for _, n := range ns {
		if n.loopy {
			return true
		}
	}
	return false
}

// The parser.

type nparser struct {
	src    string
	toks   []token
	i      int
	labels map[string]bool // every label met
}

func (p *nparser) peek() token { return p.toks[p.i] }

func (p *nparser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}

func (p *nparser) fail(pos int, format string, args ...any) error {
	return &cgt.SyntaxError{Column: pos + 1, Msg: fmt.Sprintf(format, args...)}
}

// unexpected is the error of a token where it cannot stand.
func (p *nparser) unexpected(t token) error {
	switch t.kind {
	case tRBrace:
		return p.fail(t.pos, "unbalanced }: it closes no {")
	case tRParen:
		return p.fail(t.pos, "unbalanced ): it closes no (")
	case tPass:
		return p.fail(t.pos, "pass outside braces")
	}
	return p.fail(t.pos, "unexpected %s", t.describe(p.src))
}

// startsTerm reports whether a term may begin with a token of kind k.
func startsTerm(k tokKind) bool {
	switch k {
	case tLBrace, tLParen, tMinus, tPM, tShort, tWord, tPass:
		return true
	}
	return false
}

// expr reads a sum, or a sided value S & T of two sums: & binds more
// loosely than anything else, and one & stands at each level (the whole
// expression, an option in braces, the inside of parentheses or of
// Tiny(...)); (S & T) & U nests. top is set for the whole expression.
func (p *nparser) expr(top bool) (*pnode, error) {
	on, err := p.sum()
	if err != nil {
		return nil, err
	}
	if p.peek().kind != tAmp {
		return on, nil
	}
	amp := p.next()
	if !startsTerm(p.peek().kind) {
		return nil, p.fail(amp.pos, "a game is missing after &: a sided value is S & T")
	}
	off, err := p.sum()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind == tAmp {
		return nil, p.fail(t.pos, "a second &: a sided value is S & T (parenthesize to nest: (S & T) & U)")
	}
	return &pnode{kind: kSided, pos: on.pos, end: off.end, amp: amp.pos, top: top, kids: []*pnode{on, off},
		loopy: on.loopy || off.loopy}, nil
}

// sum reads terms joined by + or side by side (G - H is G and -H side by
// side).
func (p *nparser) sum() (*pnode, error) {
	first := p.peek()
	var terms []*pnode
	for {
		t, err := p.term()
		if err != nil {
			return nil, err
		}
		terms = append(terms, t)
		if p.peek().kind == tPlus {
			plus := p.next()
			if !startsTerm(p.peek().kind) {
				return nil, p.fail(plus.pos, "a game is missing after +")
			}
			continue
		}
		if !startsTerm(p.peek().kind) {
			break
		}
	}
	if len(terms) == 1 {
		return terms[0], nil
	}
	last := terms[len(terms)-1]
	return &pnode{kind: kSum, pos: first.pos, end: last.end, kids: terms, loopy: anyLoopy(terms)}, nil
}

// MaxTimes bounds n in n*G.
const MaxTimes = 1024

// term reads -G, +-G, n*G or a primary term.
func (p *nparser) term() (*pnode, error) {
	t := p.peek()
	if t.kind == tShort && p.toks[p.i+1].kind == tTimes {
		p.next()
		times := p.next()
		n, err := strconv.Atoi(p.src[t.pos:t.end])
		if err != nil || n < 0 || n > MaxTimes {
			return nil, p.fail(t.pos, "n*G: n is %q, not a whole number from 0 to %d", p.src[t.pos:t.end], MaxTimes)
		}
		if !startsTerm(p.peek().kind) {
			return nil, p.fail(times.pos, "n*G: a game is missing after *")
		}
		g, err := p.term()
		if err != nil {
			return nil, err
		}
		return &pnode{kind: kTimes, pos: t.pos, end: g.end, text: p.src[t.pos:t.end], kids: []*pnode{g}, loopy: g.loopy}, nil
	}
	switch t.kind {
	case tMinus:
		p.next()
		g, err := p.term()
		if err != nil {
			return nil, err
		}
		return &pnode{kind: kNeg, pos: t.pos, end: g.end, kids: []*pnode{g}, loopy: g.loopy}, nil
	case tPM:
		p.next()
		if p.peek().kind == tLBrace {
			n, err := p.braces("", p.next())
			if err != nil {
				return nil, err
			}
			if n.kind == kSwitchList {
				if len(n.kids) == 0 {
					return nil, p.fail(t.pos, "+-{}: a game is missing")
				}
				n.pos = t.pos
				return n, nil
			}
			return &pnode{kind: kSwitch, pos: t.pos, end: n.end, kids: []*pnode{n}, loopy: n.loopy}, nil
		}
		g, err := p.term()
		if err != nil {
			return nil, err
		}
		return &pnode{kind: kSwitch, pos: t.pos, end: g.end, kids: []*pnode{g}, loopy: g.loopy}, nil
	}
	return p.primary()
}

// primary reads a short term, a word, pass, braces (labelled or not),
// Tiny(G), Miny(G) or (G).
func (p *nparser) primary() (*pnode, error) {
	t := p.next()
	switch t.kind {
	case tShort:
		return &pnode{kind: kShort, pos: t.pos, end: t.end}, nil
	case tPass:
		return &pnode{kind: kPass, pos: t.pos, end: t.end, loopy: true}, nil
	case tWord:
		word := p.src[t.pos:t.end]
		nx := p.peek()
		if nx.kind == tLBrace && nx.pos == t.end {
			p.labels[word] = true
			n, err := p.braces(word, p.next())
			if err != nil {
				return nil, err
			}
			if n.kind == kSwitchList {
				return nil, p.fail(nx.pos, "braces without a |")
			}
			n.pos = t.pos
			return n, nil
		}
		if (word == "Tiny" || word == "Miny") && nx.kind == tLParen && nx.pos == t.end {
			open := p.next()
			g, err := p.expr(false)
			if err != nil {
				return nil, err
			}
			end, err := p.closeParen(open)
			if err != nil {
				return nil, err
			}
			return &pnode{kind: kTiny, pos: t.pos, end: end, text: word, kids: []*pnode{g}, loopy: g.loopy}, nil
		}
		return &pnode{kind: kWord, pos: t.pos, end: t.end, text: word, loopy: true}, nil
	case tLBrace:
		n, err := p.braces("", t)
		if err != nil {
			return nil, err
		}
		if n.kind == kSwitchList {
			return nil, p.fail(t.pos, "braces without a |")
		}
		return n, nil
	case tLParen:
		g, err := p.expr(false)
		if err != nil {
			return nil, err
		}
		if _, err := p.closeParen(t); err != nil {
			return nil, err
		}
		return g, nil
	case tEOF, tRBrace, tRParen, tComma, tBars, tPlus, tAmp:
		return nil, p.fail(t.pos, "a game is missing")
	}
	return nil, p.unexpected(t)
}

// closeParen reads the ) that closes open and returns where it ends.
func (p *nparser) closeParen(open token) (int, error) {
	t := p.next()
	switch t.kind {
	case tRParen:
		return t.end, nil
	case tEOF:
		return 0, p.fail(open.pos, "unbalanced (: no ) closes it")
	}
	return 0, p.unexpected(t)
}

// braces reads what follows the { open up to its }: sides of options
// separated by runs of bars. Without bars it returns a kSwitchList of the
// options (for +-{A, B}).
func (p *nparser) braces(label string, open token) (*pnode, error) {
	var segs [][]*pnode
	var bars []token
	for {
		var seg []*pnode
		if k := p.peek().kind; k != tBars && k != tRBrace {
			for {
				g, err := p.expr(false)
				if err != nil {
					return nil, err
				}
				seg = append(seg, g)
				if p.peek().kind != tComma {
					break
				}
				p.next()
			}
		}
		segs = append(segs, seg)
		t := p.next()
		switch t.kind {
		case tBars:
			bars = append(bars, t)
			continue
		case tRBrace:
		case tEOF:
			return nil, p.fail(open.pos, "unbalanced {: no } closes it")
		default:
			return nil, p.unexpected(t)
		}
		break
	}
	end := p.toks[p.i-1].end
	if len(bars) == 0 {
		return &pnode{kind: kSwitchList, pos: open.pos, end: end, kids: segs[0], loopy: anyLoopy(segs[0])}, nil
	}
	n, err := p.split(segs, bars)
	if err != nil {
		return nil, err
	}
	n.pos, n.end, n.label = open.pos, end, label
	if label != "" {
		n.loopy = true
	}
	return n, nil
}

// split makes braces of sides segs separated by bars at the longest run
// of bars, which must be the only run of its length.
func (p *nparser) split(segs [][]*pnode, bars []token) (*pnode, error) {
	at := 0
	for i, b := range bars {
		if b.n > bars[at].n {
			at = i
		}
	}
	for i, b := range bars {
		if i != at && b.n == bars[at].n {
			return nil, p.fail(bars[at].pos, "more than one run of %d bars at the same level: which is the middle?", b.n)
		}
	}
	left, err := p.side(segs[:at+1], bars[:at])
	if err != nil {
		return nil, err
	}
	right, err := p.side(segs[at+1:], bars[at+1:])
	if err != nil {
		return nil, err
	}
	return &pnode{kind: kBraces, pos: bars[at].pos, end: bars[at].end, left: left, right: right,
		loopy: anyLoopy(left) || anyLoopy(right)}, nil
}

// side returns the options of one side of braces: the side's options
// when it has no bars, else the one game its bars make.
func (p *nparser) side(segs [][]*pnode, bars []token) ([]*pnode, error) {
	if len(bars) == 0 {
		return segs[0], nil
	}
	n, err := p.split(segs, bars)
	if err != nil {
		return nil, err
	}
	return []*pnode{n}, nil
}

// Evaluation.

// A nvalue is a game that Parse has computed: a short game of the
// cgt.Calc or, when loopy, the start of a graph.
type nvalue struct {
	loopy bool
	short cgt.Game
	game  Game
}

// A frame is braces being built, with their node and label, or a
// barrier: an operand of a sum, negative or switch, where pass and the
// labels of braces outside it cannot be used.
type frame struct {
	barrier bool
	label   string
	node    int
}

// A target is a graph that braces are built into, its short games shared.
type target struct {
	g    *Graph
	seen map[cgt.Game]int
}

func newTarget() *target { return &target{g: NewGraph(0), seen: map[cgt.Game]int{}} }

// An nbuilder computes the games of a syntax tree. A tree that holds a
// sided value S & T is computed twice, once for its onside and once for
// its offside (off set): each S & T then stands for S or for T, the
// other one under a negative (-(S & T) is -T & -S), and the sides of the
// games computed are the sides of the value.
type nbuilder struct {
	c      *cgt.Calc
	src    string
	labels map[string]bool
	frames []frame
	used   int // positions made so far

	off   bool                 // computing the offside
	sides map[*pnode][2]nvalue // the onside and offside of each S & T met, checked
	memo  map[sidedKey]nvalue  // the values of the sided nodes computed
	ctx   context.Context      // watched while the sides of an S & T are found
	limit int                  // bounds the positions those comparisons take (0 for none)
}

func (b *nbuilder) fail(n *pnode, format string, args ...any) error {
	return &cgt.SyntaxError{Column: n.pos + 1, Msg: fmt.Sprintf(format, args...)}
}

// failed is the error of a computation that failed at n.
func (b *nbuilder) failed(n *pnode, err error) error {
	return &cgt.SyntaxError{Column: n.pos + 1, Msg: err.Error(), Err: err}
}

// grow counts k more positions made at n.
func (b *nbuilder) grow(n *pnode, k int) error {
	b.used += k
	if b.used > MaxPositions {
		return b.tooMany(n)
	}
	return nil
}

// tooMany is the error of a game of more than MaxPositions positions.
func (b *nbuilder) tooMany(n *pnode) error {
	return &cgt.SyntaxError{Column: n.pos + 1, Msg: fmt.Sprintf("the game needs more than %d positions", MaxPositions), Err: ErrTooManyPositions}
}

// addShort adds short game g to t by AddShort, counting the positions
// it makes.
func (b *nbuilder) addShort(t *target, n *pnode, g cgt.Game) (int, error) {
	before := t.g.Len()
	v, err := AddShort(b.c, g, t.g, t.seen, MaxPositions-b.used)
	if err != nil {
		return 0, b.tooMany(n)
	}
	return v, b.grow(n, t.g.Len()-before)
}

// constants are the games of the names Parse knows, in notation.
var constants = map[string]string{
	"on":    "{pass|}",
	"off":   "{|pass}",
	"over":  "{0|pass}",
	"under": "{pass|0}",
	"upon":  "{pass|*}",
	"dud":   "{pass|pass}",
	"^[on]": "{pass|*}",
	"v[on]": "{*|pass}",
	"^<on>": "{0||0|0,pass}",
	"v<on>": "{0,pass|0||0}",
}

// loopyWords match what only loopy notation has: pass, the loopy
// constants, a label before its brace, upons written with on, and sides.
var loopyWords = regexp.MustCompile(`\b(pass|on|off|over|under|upon|dud)\b|[A-Za-z_][A-Za-z0-9_]*\{|\[on\]|<on>|&`)

// LooksLoopy reports whether expr is written in the notation of loopy
// games, not only of short ones: nimber value and the value page then
// read it with Parse rather than with package cgt.
func LooksLoopy(expr string) bool { return loopyWords.MatchString(expr) }

// uponWord returns the upon or uponth that s begins with, as CGSuite
// writes them (^[on], v[on], ^<on>, v<on>), or "".
func uponWord(s string) string {
	for _, w := range []string{"^[on]", "v[on]", "^<on>", "v<on>"} {
		if strings.HasPrefix(s, w) {
			return w
		}
	}
	return ""
}

// lookup finds the braces that word labels: their node, and whether a
// barrier lies between (so that word cannot be used here).
func (b *nbuilder) lookup(word string) (node int, crossed, ok bool) {
	for i := len(b.frames) - 1; i >= 0; i-- {
		f := b.frames[i]
		if f.barrier {
			crossed = true
		} else if f.label == word {
			return f.node, crossed, true
		}
	}
	return 0, false, false
}

// wordError is the error of word n when it names no game usable there.
func (b *nbuilder) wordError(n *pnode) error {
	if _, _, ok := b.lookup(n.text); ok {
		return b.fail(n, "label %q stands alone as an option: it cannot be summed, negated or switched", n.text)
	}
	if b.labels[n.text] {
		return b.fail(n, "label %q used outside its braces", n.text)
	}
	if rest := strings.TrimLeft(b.src[n.end:], " \t\r\n"); strings.HasPrefix(rest, "{") {
		return b.fail(n, "unknown identifier %q (a label goes directly before its {)", n.text)
	}
	return b.fail(n, "unknown identifier %q", n.text)
}

// constant builds the constant of word into t and returns its node.
func (b *nbuilder) constant(t *target, n *pnode) (int, error) {
	g, err := Parse(b.c, constants[n.text])
	if err != nil {
		return 0, b.failed(n, err)
	}
	return b.copy(t, n, nvalue{loopy: true, game: g}, false)
}

// A sidedKey is a node that holds an S & T and the side it is computed
// for.
type sidedKey struct {
	n   *pnode
	off bool
}

// eval computes n as a game of its own. The value of a node that holds
// an S & T is kept for each side: +-G computes G for both, so that
// nested switches would otherwise take time exponential in their depth.
// A node is computed under the same braces and labels each time (those
// around it in the text), so its value for a side is the same each time.
func (b *nbuilder) eval(n *pnode) (nvalue, error) {
	if !n.sided {
		return b.evalNode(n)
	}
	key := sidedKey{n, b.off}
	if v, ok := b.memo[key]; ok {
		return v, nil
	}
	v, err := b.evalNode(n)
	if err != nil {
		return nvalue{}, err
	}
	if b.memo == nil {
		b.memo = map[sidedKey]nvalue{}
	}
	b.memo[key] = v
	return v, nil
}

// evalNode computes n as a game of its own (eval, without the memo).
func (b *nbuilder) evalNode(n *pnode) (nvalue, error) {
	switch n.kind {
	case kShort:
		g, err := b.c.Parse(b.src[n.pos:n.end])
		if err != nil {
			var se *cgt.SyntaxError
			if errors.As(err, &se) {
				return nvalue{}, &cgt.SyntaxError{Column: n.pos + se.Column, Msg: se.Msg, Err: se.Err}
			}
			return nvalue{}, b.failed(n, err)
		}
		return nvalue{short: g}, nil
	case kWord:
		if _, ok := constants[n.text]; ok {
			if _, _, labelled := b.lookup(n.text); !labelled {
				t := newTarget()
				v, err := b.constant(t, n)
				return nvalue{loopy: true, game: Game{t.g, v}}, err
			}
		}
		return nvalue{}, b.wordError(n)
	case kPass:
		if len(b.frames) == 0 {
			return nvalue{}, b.fail(n, "pass outside braces")
		}
		return nvalue{}, b.fail(n, "pass stands alone as an option: it cannot be summed, negated or switched")
	case kBraces:
		if !n.loopy {
			l, err := b.shorts(n.left)
			if err != nil {
				return nvalue{}, err
			}
			r, err := b.shorts(n.right)
			if err != nil {
				return nvalue{}, err
			}
			g, err := b.c.Make(l, r)
			if err != nil {
				return nvalue{}, b.failed(n, err)
			}
			return nvalue{short: g}, nil
		}
		t := newTarget()
		v, err := b.build(t, n)
		return nvalue{loopy: true, game: Game{t.g, v}}, err
	case kSum:
		return b.sum(n)
	case kTimes:
		return b.times(n)
	case kSided:
		return b.sided(n)
	case kNeg:
		x, err := b.flipped(n.kids[0])
		if err != nil {
			return nvalue{}, err
		}
		if !x.loopy {
			g, err := b.c.Neg(x.short)
			if err != nil {
				return nvalue{}, b.failed(n, err)
			}
			return nvalue{short: g}, nil
		}
		t := newTarget()
		v, err := b.copy(t, n, x, true)
		return nvalue{loopy: true, game: Game{t.g, v}}, err
	case kSwitch, kSwitchList:
		// +-G is {G | -G}: G's negative is computed for the other side.
		opts := make([]nvalue, len(n.kids))
		negs := make([]nvalue, len(n.kids))
		loopy := false
		for i, k := range n.kids {
			x, err := b.eval(k)
			if err != nil {
				return nvalue{}, err
			}
			y := x
			if k.sided {
				if y, err = b.flipped(k); err != nil {
					return nvalue{}, err
				}
			}
			opts[i], negs[i], loopy = x, y, loopy || x.loopy || y.loopy
		}
		if !loopy {
			l := make([]cgt.Game, len(opts))
			r := make([]cgt.Game, len(opts))
			for i, x := range opts {
				l[i] = x.short
				neg, err := b.c.Neg(negs[i].short)
				if err != nil {
					return nvalue{}, b.failed(n, err)
				}
				r[i] = neg
			}
			g, err := b.c.Make(l, r)
			if err != nil {
				return nvalue{}, b.failed(n, err)
			}
			return nvalue{short: g}, nil
		}
		t := newTarget()
		v := t.g.AddNode()
		if err := b.grow(n, 1); err != nil {
			return nvalue{}, err
		}
		for i, x := range opts {
			w, err := b.copy(t, n, x, false)
			if err != nil {
				return nvalue{}, err
			}
			t.g.AddLeft(v, w)
			if w, err = b.copy(t, n, negs[i], true); err != nil {
				return nvalue{}, err
			}
			t.g.AddRight(v, w)
		}
		return nvalue{loopy: true, game: Game{t.g, v}}, nil
	case kTiny:
		// Tiny(G) = {0 || 0 | -G} holds G's negative, computed for the
		// other side; Miny(G) = {G | 0 || 0} holds G.
		eval := b.eval
		if n.text == "Tiny" {
			eval = b.flipped
		}
		x, err := eval(n.kids[0])
		if err != nil {
			return nvalue{}, err
		}
		if x.loopy {
			return b.tinyLoopy(n, x)
		}
		var g cgt.Game
		if n.text == "Tiny" {
			g, err = b.c.Tiny(x.short)
		} else {
			g, err = b.c.Miny(x.short)
		}
		if err != nil {
			return nvalue{}, b.failed(n, err)
		}
		return nvalue{short: g}, nil
	}
	return nvalue{}, b.fail(n, "unexpected term")
}

// flipped computes n for the other side: n's negative holds n computed
// for the offside when the onside is sought, and the other way round.
func (b *nbuilder) flipped(n *pnode) (nvalue, error) {
	b.off = !b.off
	defer func() { b.off = !b.off }()
	return b.eval(n)
}

// tinyLoopy builds Tiny(G) = {0 || 0 | -G}, or Miny(G) = {G | 0 || 0},
// of the loopy game x (n the term).
func (b *nbuilder) tinyLoopy(n *pnode, x nvalue) (nvalue, error) {
	t := newTarget()
	zero, err := b.addShort(t, n, cgt.Zero)
	if err != nil {
		return nvalue{}, err
	}
	top, inner := t.g.AddNode(), t.g.AddNode()
	if err := b.grow(n, 2); err != nil {
		return nvalue{}, err
	}
	tiny := n.text == "Tiny"
	g, err := b.copy(t, n, x, tiny)
	if err != nil {
		return nvalue{}, err
	}
	// Tiny: top {0 | inner}, inner {0 | -G}; Miny is its negative, built
	// directly: top {inner | 0}, inner {G | 0}.
	near, far := Left, Right
	if !tiny {
		near, far = Right, Left
	}
	t.g.AddMove(near, top, zero)
	t.g.AddMove(far, top, inner)
	t.g.AddMove(near, inner, zero)
	t.g.AddMove(far, inner, g)
	return nvalue{loopy: true, game: Game{t.g, top}}, nil
}

// shorts computes options that are all short.
func (b *nbuilder) shorts(ns []*pnode) ([]cgt.Game, error) {
	out := make([]cgt.Game, len(ns))
	for i, n := range ns {
		x, err := b.eval(n)
		if err != nil {
			return nil, err
		}
		out[i] = x.short
	}
	return out, nil
}

// sum adds the terms of n: the short ones in the cgt.Calc, then those
// with the loopy ones by Sum.
func (b *nbuilder) sum(n *pnode) (nvalue, error) {
	xs := make([]nvalue, len(n.kids))
	for i, k := range n.kids {
		x, err := b.eval(k)
		if err != nil {
			return nvalue{}, err
		}
		xs[i] = x
	}
	return b.add(n, xs)
}

// times evaluates n*G: n copies of G added.
func (b *nbuilder) times(n *pnode) (nvalue, error) {
	x, err := b.eval(n.kids[0])
	if err != nil {
		return nvalue{}, err
	}
	count, _ := strconv.Atoi(n.text) // checked by the parser
	xs := make([]nvalue, count)
	for i := range xs {
		xs[i] = x
	}
	return b.add(n, xs)
}

// add adds the values xs of the term n.
func (b *nbuilder) add(n *pnode, xs []nvalue) (nvalue, error) {
	short := cgt.Zero
	var games []Game
	for _, x := range xs {
		if x.loopy {
			games = append(games, x.game)
			continue
		}
		var err error
		if short, err = b.c.Add(short, x.short); err != nil {
			return nvalue{}, b.failed(n, err)
		}
	}
	if len(games) == 0 {
		return nvalue{short: short}, nil
	}
	if short == cgt.Zero && len(games) == 1 {
		return nvalue{loopy: true, game: games[0]}, nil
	}
	if short != cgt.Zero {
		t := newTarget()
		v, err := b.copy(t, n, nvalue{short: short}, false)
		if err != nil {
			return nvalue{}, err
		}
		games = append(games, Game{t.g, v})
	}
	// A sum's positions are the tuples of its parts' positions, all
	// reachable: check their number before making them, two parts at a
	// time. A small sum of stoppers is simplified as it is made
	// (simplifySmall).
	acc := games[0]
	for _, g := range games[1:] {
		if len(acc.Reachable())*len(g.Reachable()) > MaxPositions-b.used {
			return nvalue{}, b.tooMany(n)
		}
		var err error
		if acc, err = Sum(0, acc, g); err != nil {
			return nvalue{}, b.failed(n, err)
		}
		acc = simplifySmall(acc)
		if err := b.grow(n, acc.Graph.Len()); err != nil {
			return nvalue{}, err
		}
	}
	return nvalue{loopy: true, game: acc}, nil
}

// copy adds x (its negative when neg) to t and returns its node.
func (b *nbuilder) copy(t *target, n *pnode, x nvalue, neg bool) (int, error) {
	if !x.loopy {
		g := x.short
		if neg {
			var err error
			if g, err = b.c.Neg(g); err != nil {
				return 0, b.failed(n, err)
			}
		}
		return b.addShort(t, n, g)
	}
	src := x.game
	order := src.Reachable()
	if err := b.grow(n, len(order)); err != nil {
		return 0, err
	}
	at := make(map[int]int, len(order))
	for _, v := range order {
		at[v] = t.g.AddNode()
	}
	for _, v := range order {
		l, r := src.Graph.Left(v), src.Graph.Right(v)
		if neg {
			l, r = r, l
		}
		for _, w := range l {
			t.g.AddLeft(at[v], at[w])
		}
		for _, w := range r {
			t.g.AddRight(at[v], at[w])
		}
	}
	return at[src.Start], nil
}

// build adds the braces n to t, their options with them, and returns
// their node.
func (b *nbuilder) build(t *target, n *pnode) (int, error) {
	v := t.g.AddNode()
	if err := b.grow(n, 1); err != nil {
		return 0, err
	}
	b.frames = append(b.frames, frame{label: n.label, node: v})
	defer func() { b.frames = b.frames[:len(b.frames)-1] }()
	for _, side := range []struct {
		opts []*pnode
		p    Player
	}{{n.left, Left}, {n.right, Right}} {
		for _, o := range side.opts {
			w, err := b.option(t, o, v)
			if err != nil {
				return 0, err
			}
			t.g.AddMove(side.p, v, w)
		}
	}
	return v, nil
}

// option adds option o of the braces at node v to t and returns its node.
func (b *nbuilder) option(t *target, o *pnode, v int) (int, error) {
	switch o.kind {
	case kPass:
		return v, nil
	case kWord:
		if w, crossed, ok := b.lookup(o.text); ok && !crossed {
			return w, nil
		} else if !ok {
			if _, ok := constants[o.text]; ok {
				return b.constant(t, o)
			}
		}
		return 0, b.wordError(o)
	case kBraces:
		if o.loopy {
			return b.build(t, o)
		}
	}
	b.frames = append(b.frames, frame{barrier: true})
	x, err := b.eval(o)
	b.frames = b.frames[:len(b.frames)-1]
	if err != nil {
		return 0, err
	}
	return b.copy(t, o, x, false)
}
