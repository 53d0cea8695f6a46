package loopy

import (
	"context"
	"errors"
	"slices"

	"nimber/cgt"
)

// Description is what nimber value says of a loopy game: its simplest
// form and sides written as CGSuite writes them, its outcome class with
// draws (CGSuite's names: L, R, N, P, D, PHat, PCheck, NHat, NCheck),
// whether it is a stopper, its stops, and the short-game fields, null
// where a loopy game has none (mean, temperature, birthday, atomic
// weight). The options are those of the simplest form, each written as a
// game of its own, in the order Notation writes them.
type Description struct {
	Canonical    string   `json:"canonical"`
	Outcome      string   `json:"outcome"`
	Onside       string   `json:"onside"`
	Offside      string   `json:"offside"`
	Stopper      bool     `json:"stopper"`
	LeftStop     *string  `json:"left_stop"`  // null for a side that is not a stopper
	RightStop    *string  `json:"right_stop"` // null for a side that is not a stopper
	Mean         *string  `json:"mean"`
	Temperature  *string  `json:"temperature"`
	Birthday     *int64   `json:"birthday"`
	AtomicWeight *string  `json:"atomic_weight"`
	LeftOptions  []string `json:"left_options"`
	RightOptions []string `json:"right_options"`
}

// ErrSides is the error of a side that is not a stopper where one is
// needed: SideForm's, or an operand's side in S & T (Bach's carousel has
// such sides).
var ErrSides = errors.New("a side that is not a stopper (onside & offside)")

// looseSum is the most positions of a sum of games, not all stoppers,
// that DescribeSum describes whole: a larger one is described by its
// sides found term by term (foldSides), whose graphs may be written
// otherwise than CGSuite writes them, but have the same sides.
const looseSum = 64

// DescribeSum reads exprs in CGSuite's loopy notation (Parse), adds them
// and describes the sum. An expression may hold sided values S & T (onside
// S, offside T) anywhere a game stands ({2&-2|1&-2}, 9*(upon & v),
// -(1 & 0)); an & at its outermost level splits it into onside and
// offside (parseTerm). The sum's sides are then the sides of the sums of
// the terms' sides. limit bounds the positions of the sum and of the
// comparisons its simplest form and sides take (0 for none). The error is
// a *cgt.SumError saying which expression, or the sum, failed.
func DescribeSum(ctx context.Context, c *cgt.Calc, exprs []string, limit int) (Description, error) {
	terms := make([]term, len(exprs))
	sided := false
	for i, e := range exprs {
		t, err := parseTerm(ctx, c, e, limit)
		if err != nil {
			return Description{}, &cgt.SumError{Stage: cgt.StageRead, Index: i, Err: err}
		}
		terms[i], sided = t, sided || t.sided
	}
	last := len(exprs) - 1
	if sided && len(terms) > 1 {
		// Each expression S & T of several added is checked alone, as
		// the whole sum is below.
		for i, t := range terms {
			if err := checkSided(ctx, t, limit); err != nil {
				return Description{}, &cgt.SumError{Stage: cgt.StageRead, Index: i, Err: err}
			}
		}
	}
	if sided {
		d, err := describeSidedSum(ctx, c, terms, limit)
		if err != nil {
			return Description{}, &cgt.SumError{Stage: cgt.StageDescribe, Index: last, Err: err}
		}
		return d, nil
	}
	var parts []Game
	for _, t := range terms {
		parts = append(parts, t.parts...)
	}
	size := 1
	for _, g := range parts {
		size = min(size*len(g.Reachable()), looseSum+1)
	}
	if size > looseSum && slices.ContainsFunc(parts, func(g Game) bool { return !IsStopper(g) }) {
		// A large sum of games not all stoppers: its sides term by term.
		d, err := describeLooseSum(ctx, c, parts, limit)
		if err != nil {
			return Description{}, &cgt.SumError{Stage: cgt.StageDescribe, Index: last, Err: err}
		}
		return d, nil
	}
	games := parts
	sum, err := SumFolded(limit, games...)
	if err != nil {
		return Description{}, &cgt.SumError{Stage: cgt.StageAdd, Index: last, Err: err}
	}
	d, err := Describe(ctx, c, sum, limit)
	if err != nil {
		return Description{}, &cgt.SumError{Stage: cgt.StageDescribe, Index: last, Err: err}
	}
	return d, nil
}

// Describe describes the game g (see Description); limit bounds the
// positions of its comparisons (0 for none). A game that is not a
// stopper is described by its sides (SideForm), written as CGSuite
// writes them (onside & offside, dud for on & off), its stops the Left
// stop of its onside and the Right stop of its offside (none for a side
// that is not a stopper, given as a graph of it), and no options. Once
// ctx is done it fails with ctx's error.
func Describe(ctx context.Context, c *cgt.Calc, g Game, limit int) (Description, error) {
	ds, err := DescribeAll(ctx, c, g.Graph, []int{g.Start}, limit)
	if err != nil {
		return Description{}, err
	}
	return ds[0], nil
}

// DescribeAll describes the games at nodes of graph g (Describe), their
// forms found together, part by part of the graph (byParts), so that
// what they share is simplified once: the positions a move leaves, for
// one.
func DescribeAll(ctx context.Context, c *cgt.Calc, g *Graph, nodes []int, limit int) ([]Description, error) {
	// One search when all are stoppers, one a node else.
	parts := components(g, nodes)
	all := stopperParts(g, parts)
	stopper := make([]bool, len(nodes))
	for i, v := range nodes {
		stopper[i] = all || stopperFrom(g, []int{v})
	}
	out := make([]Description, len(nodes))
	if all {
		h, at, err := byPartsOf(ctx, g, parts, nodes, limit, func(local *Graph, roots []int, _ bool) (*Graph, []int, error) {
			return simplifyRoots(local, roots, limit)
		})
		if err != nil {
			return nil, err
		}
		for i := range nodes {
			if out[i], err = describeStopper(c, Game{h, at[i]}, limit); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	// The sides of every node, both found at once; a stopper's are its
	// simplest form.
	var sides [2]*Graph
	var at [2][]int
	err := parallel(ctx, 2, func(i int) error {
		var err error
		sides[i], at[i], err = sideForms(ctx, g, nodes, i == 0, limit)
		return err
	})
	if err != nil {
		return nil, err
	}
	o := Solve(g)
	for i, v := range nodes {
		var err error
		if stopper[i] {
			out[i], err = describeStopper(c, Game{sides[0], at[0][i]}, limit)
		} else {
			class := Class{o.First[Left][v], o.First[Right][v]}
			out[i], err = describeSided(c, class, Game{sides[0], at[0][i]}, Game{sides[1], at[1][i]}, limit)
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// describeStopper describes s, a stopper in simplest form.
func describeStopper(c *cgt.Calc, s Game, limit int) (Description, error) {
	text, err := Notation(c, s, limit)
	if err != nil {
		return Description{}, err
	}
	l, r, err := Stops(c, s)
	if err != nil {
		return Description{}, err
	}
	d := Description{
		Canonical: text, Outcome: ClassOf(s).String(), Onside: text, Offside: text, Stopper: true,
		LeftStop: ptr(l.String()), RightStop: ptr(r.String()), LeftOptions: []string{}, RightOptions: []string{},
	}
	order := &printer{c: c, g: s.Graph, sh: newShorts(c, s.Graph)}
	for _, p := range []Player{Left, Right} {
		for _, w := range order.sorted(s.Start, p) {
			o, err := Notation(c, Game{s.Graph, w}, limit)
			if err != nil {
				return Description{}, err
			}
			if p == Left {
				d.LeftOptions = append(d.LeftOptions, o)
			} else {
				d.RightOptions = append(d.RightOptions, o)
			}
		}
	}
	return d, nil
}

// describeSided describes a game of outcome class class that is not a
// stopper by its sides, on and off, stoppers in simplest form.
func describeSided(c *cgt.Calc, class Class, on, off Game, limit int) (Description, error) {
	var texts [2]string
	for i, f := range []Game{on, off} {
		var err error
		if texts[i], err = Notation(c, f, limit); err != nil {
			return Description{}, err
		}
	}
	var stops [2]*string // Left's of the onside, Right's of the offside
	for i, side := range []Game{on, off} {
		if !IsStopper(side) {
			continue // a side that is not a stopper has no stops given
		}
		l, r, err := Stops(c, side)
		if err != nil {
			return Description{}, err
		}
		stops[i] = ptr([]Pseudonumber{l, r}[i].String())
	}
	canonical := texts[0] + " & " + texts[1]
	switch {
	case texts[0] == texts[1]:
		canonical = texts[0]
	case texts[0] == "on" && texts[1] == "off":
		canonical = "dud"
	}
	return Description{
		Canonical: canonical, Outcome: class.String(), Onside: texts[0], Offside: texts[1],
		LeftStop: stops[0], RightStop: stops[1],
	}, nil
}

// ptr returns a pointer to a copy of s.
func ptr(s string) *string { return &s }
