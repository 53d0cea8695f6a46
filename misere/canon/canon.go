// Package canon computes misère canonical forms of impartial games
// (Conway, On Numbers and Games, ch. 12): the simplest game equal to a
// given one in misère play, where G = H when G + X and H + X have the same
// misère outcome for every X. Forms live in a Table, hash-consed, so two
// games are equal exactly when their Forms are; sums are memoised. The
// notation is CGSuite's (MisereCanonicalGame): *[2#0], *[2[2]], *[(2#1)2##].
//
// A form is made from a set of canonical options by Conway's simplification:
// the set S is replaced by an option H of some option of S when H's
// options all lie in S and every other member of S has H as an option,
// except that H = 0 also needs a misère P-position among them. No such H:
// S is the canonical form. See docs/misere.md.
package canon

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"nimber/misere"
)

// Form is a misère canonical form: an index into its Table. Two Forms of
// one Table are equal games exactly when they are equal.
type Form int32

// Zero is the game 0, with no option, in every Table.
const Zero Form = 0

// DefaultLimit is the size of the forms a Table holds by default: a form
// counts formCost and optionCost for each of its options, a unit about 16
// bytes of memory (measured: 143 MB for a table of 4 Mi units filled by
// sums of Nim-heaps when an option counted one), so some 256 MB.
const DefaultLimit = 16_000_000

// formCost and optionCost are what a form and each of its options count
// toward a Table's limit.
const (
	formCost   = 32
	optionCost = 2
)

// ErrLimit is returned when a Table would hold more forms than its limit.
var ErrLimit = errors.New("too many misère canonical forms")

// node is one form.
type node struct {
	opts     []Form // sorted by index (Options gives CGSuite's order)
	birthday int
	gPlus    int // normal-play Grundy value
	gMinus   int // misère Grundy value: 0 exactly for a misère P-position
	genus    misere.ExactGenus
	star     Form // the form + *, or -1 until known
	early    int  // rank among CGSuite's early forms, or -1
}

// Table holds misère canonical forms, each once. It is not safe for
// concurrent use.
type Table struct {
	nodes  []node
	byOpts map[string]Form  // sorted option indices -> the form they make
	sums   map[[2]Form]Form // a+b for a < b
	nims   []Form           // *n
	mates  map[Form]Form    // f -> its mate
	size   int              // formCost a form and one an option
	// plans, lengths and ordered are String's: how each form is written,
	// its length in each context, its options in CGSuite's order.
	plans   map[Form]plan
	lengths map[lengthKey]lengthOf
	ordered map[Form][]Form
	// links, discs and phyla are theory.go's: Link's games (-1: none),
	// P-N distinguishers by ordered pair, each form's phylum.
	links map[[2]Form]Form
	discs map[[2]Form]Form
	phyla map[Form]phylum
	// differences and parts are parts.go's: f − h by {f, h} (-1: none),
	// the even parts of each even form.
	differences map[[2]Form]Form
	parts       map[Form]partsOf
	ctx         context.Context // Decompose's, while it runs
	limit       int
}

// New returns a Table that holds forms of size at most limit in all
// (DefaultLimit when limit <= 0): a form counts 32 and 2 for each of its
// options.
func New(limit int) *Table {
	if limit <= 0 {
		limit = DefaultLimit
	}
	t := &Table{byOpts: map[string]Form{}, sums: map[[2]Form]Form{}, mates: map[Form]Form{},
		plans: map[Form]plan{}, lengths: map[lengthKey]lengthOf{}, ordered: map[Form][]Form{},
		links: map[[2]Form]Form{}, discs: map[[2]Form]Form{}, phyla: map[Form]phylum{},
		differences: map[[2]Form]Form{}, parts: map[Form]partsOf{}, limit: max(limit, 8192)}
	t.nodes = append(t.nodes, node{genus: misere.GenusFromOptions(nil), gMinus: 1, star: -1, early: -1})
	t.byOpts[""] = Zero
	if err := t.makeEarly(); err != nil {
		panic("canon: the early forms do not fit a new table: " + err.Error()) // limit >= 8192 always fits them
	}
	return t
}

// Len is the number of forms the table holds.
func (t *Table) Len() int { return len(t.nodes) }

// key writes a set of option indices, sorted, as a map key.
func key(opts []Form) string {
	var b strings.Builder
	for _, o := range opts {
		b.WriteString(strconv.Itoa(int(o)))
		b.WriteByte(',')
	}
	return b.String()
}

// Make returns the canonical form of the game whose options are opts.
func (t *Table) Make(opts ...Form) (Form, error) {
	s := slices.Clone(opts)
	slices.Sort(s)
	s = slices.Compact(s)
	k := key(s)
	if f, ok := t.byOpts[k]; ok {
		return f, nil
	}
	if h, ok := t.reduce(s); ok {
		t.byOpts[k] = h
		return h, nil
	}
	cost := formCost + optionCost*len(s)
	if t.size+cost > t.limit {
		return 0, fmt.Errorf("%w: more than %d forms of size %d in all (the limit)", ErrLimit, len(t.nodes), t.limit)
	}
	t.size += cost
	n := node{star: -1, early: -1}
	var gp, gm []int
	var gs []misere.ExactGenus
	for _, o := range s {
		on := &t.nodes[o]
		n.birthday = max(n.birthday, on.birthday+1)
		gp = append(gp, on.gPlus)
		gm = append(gm, on.gMinus)
		gs = append(gs, on.genus)
	}
	n.gPlus, n.gMinus, n.genus = mex(gp), mex(gm), misere.GenusFromOptions(gs)
	n.opts = s
	f := Form(len(t.nodes))
	t.nodes = append(t.nodes, n)
	t.byOpts[k] = f
	return f, nil
}

// reduce finds the form H that the set s of canonical options (sorted by
// index, no repeats) simplifies to: an option of an option of s whose
// own options all lie in s, every other member of s having H as an
// option; H = 0 only when one of those members is a misère P-position.
// A member of s born last cannot be an option of H (the others having H
// as an option are born after H), so H is one of its options.
func (t *Table) reduce(s []Form) (Form, bool) {
	last := s[0]
	for _, a := range s[1:] {
		if t.nodes[a].birthday > t.nodes[last].birthday {
			last = a
		}
	}
	for _, h := range t.nodes[last].opts {
		if len(t.nodes[h].opts) < len(s) && t.revertsTo(s, h) {
			return h, true
		}
	}
	return 0, false
}

// revertsTo reports whether the options s make the game h (reduce's test).
func (t *Table) revertsTo(s []Form, h Form) bool {
	hopts := t.nodes[h].opts
	inH := 0
	pPosition := false
	for _, a := range s {
		if _, ok := slices.BinarySearch(hopts, a); ok {
			inH++
			continue
		}
		if _, ok := slices.BinarySearch(t.nodes[a].opts, h); !ok {
			return false
		}
		pPosition = pPosition || t.nodes[a].gMinus == 0
	}
	return inH == len(hopts) && (h != Zero || pPosition)
}

// mex is the least non-negative integer not in vs.
func mex(vs []int) int {
	seen := make([]bool, len(vs)+1)
	for _, v := range vs {
		if v < len(seen) {
			seen[v] = true
		}
	}
	return slices.Index(seen, false)
}

// Nim returns the Nim-heap *n.
func (t *Table) Nim(n int) (Form, error) {
	if n < 0 {
		return 0, fmt.Errorf("a Nim-heap of size %d: want 0 or more", n)
	}
	if need := (n + 1) * (formCost + optionCost*n/2); n >= len(t.nims) && t.size+need > t.limit {
		return 0, fmt.Errorf("%w: the Nim-heap *%d needs forms of size %d (the limit is %d)", ErrLimit, n, need, t.limit)
	}
	for len(t.nims) <= n {
		f, err := t.Make(t.nims...)
		if err != nil {
			return 0, err
		}
		t.nims = append(t.nims, f)
	}
	return t.nims[n], nil
}

// nim is *n for a heap already made (n < len(t.nims)) or made now; it is
// for the small heaps the printer and parser use.
func (t *Table) nim(n int) (Form, error) { return t.Nim(n) }

// Add returns the misère sum a + b in canonical form.
func (t *Table) Add(a, b Form) (Form, error) {
	if a == Zero {
		return b, nil
	}
	if b == Zero {
		return a, nil
	}
	if a > b {
		a, b = b, a
	}
	if s, ok := t.sums[[2]Form{a, b}]; ok {
		return s, nil
	}
	opts := make([]Form, 0, len(t.nodes[a].opts)+len(t.nodes[b].opts))
	for _, o := range slices.Clone(t.nodes[a].opts) {
		s, err := t.Add(o, b)
		if err != nil {
			return 0, err
		}
		opts = append(opts, s)
	}
	for _, o := range slices.Clone(t.nodes[b].opts) {
		s, err := t.Add(a, o)
		if err != nil {
			return 0, err
		}
		opts = append(opts, s)
	}
	s, err := t.Make(opts...)
	if err != nil {
		return 0, err
	}
	t.sums[[2]Form{a, b}] = s
	return s, nil
}

// Sum returns the misère sum of fs (0 for none).
func (t *Table) Sum(fs ...Form) (Form, error) {
	s := Zero
	for _, f := range fs {
		var err error
		if s, err = t.Add(s, f); err != nil {
			return 0, err
		}
	}
	return s, nil
}

// plusStar returns f + *.
func (t *Table) plusStar(f Form) (Form, error) {
	if s := t.nodes[f].star; s >= 0 {
		return s, nil
	}
	one, err := t.nim(1)
	if err != nil {
		return 0, err
	}
	s, err := t.Add(f, one)
	if err != nil {
		return 0, err
	}
	t.nodes[f].star, t.nodes[s].star = s, f
	return s, nil
}

// Subtract returns the game x with x + *k = f, and whether there is one
// (at most one: misère games cancel): Difference with the Nim-heap *k.
func (t *Table) Subtract(f Form, k int) (Form, bool, error) {
	if k < 0 {
		return 0, false, fmt.Errorf("*%d: want a Nim-heap of size 0 or more", k)
	}
	n, err := t.nim(k)
	if err != nil {
		return 0, false, err
	}
	return t.Difference(f, n)
}

// optionLess looks for x with x + n = f among the options of f.
func (t *Table) optionLess(f, n Form) (Form, bool, error) {
	for _, x := range slices.Clone(t.nodes[f].opts) {
		s, err := t.Add(x, n)
		if err != nil {
			return 0, false, err
		}
		if s == f {
			return x, true, nil
		}
	}
	return 0, false, nil
}

// Options returns the options of f in CGSuite's order (Table.compare).
func (t *Table) Options(f Form) ([]Form, error) {
	if o, ok := t.ordered[f]; ok {
		return slices.Clone(o), nil
	}
	opts := slices.Clone(t.nodes[f].opts)
	if err := t.sortForms(opts); err != nil {
		return nil, err
	}
	t.ordered[f] = opts
	return slices.Clone(opts), nil
}

// Birthday returns the birthday of f: 0 for 0, else one more than its
// options' largest.
func (t *Table) Birthday(f Form) int { return t.nodes[f].birthday }

// NimValue returns f's normal-play Grundy value (CGSuite's NimValue).
func (t *Table) NimValue(f Form) int { return t.nodes[f].gPlus }

// MisereNimValue returns f's misère Grundy value (CGSuite's
// MisereNimValue): 1 for 0, else the mex of its options'.
func (t *Table) MisereNimValue(f Form) int { return t.nodes[f].gMinus }

// Outcome returns f's misère outcome: "P" when the player to move loses
// (the misère Grundy value is 0), else "N".
func (t *Table) Outcome(f Form) string {
	if t.nodes[f].gMinus == 0 {
		return "P"
	}
	return "N"
}

// Genus returns f's genus g^γ0γ1..., as package misere computes it.
func (t *Table) Genus(f Form) misere.Genus { return t.nodes[f].genus.Genus() }

// IsNimHeap reports whether f is a Nim-heap.
func (t *Table) IsNimHeap(f Form) bool {
	n, err := t.nim(t.nodes[f].birthday)
	return err == nil && n == f
}

// IsEven reports whether f is even: its birthday is less than that of
// f + * (CGSuite's IsEven).
func (t *Table) IsEven(f Form) (bool, error) {
	s, err := t.plusStar(f)
	if err != nil {
		return false, err
	}
	return t.nodes[f].birthday < t.nodes[s].birthday, nil
}

// optionMates returns the mates of f's options.
func (t *Table) optionMates(f Form) ([]Form, error) {
	var opts []Form
	for _, o := range slices.Clone(t.nodes[f].opts) {
		m, err := t.Mate(o)
		if err != nil {
			return nil, err
		}
		opts = append(opts, m)
	}
	return opts, nil
}

// Mate returns the mate of f: * for 0, else the game of its options'
// mates (CGSuite's Mate).
func (t *Table) Mate(f Form) (Form, error) {
	if f == Zero {
		return t.nim(1)
	}
	if m, ok := t.mates[f]; ok {
		return m, nil
	}
	opts, err := t.optionMates(f)
	if err != nil {
		return 0, err
	}
	m, err := t.Make(opts...)
	if err == nil {
		t.mates[f] = m
	}
	return m, err
}
