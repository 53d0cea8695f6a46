package loopy

import (
	"errors"
	"fmt"

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
	LeftStop     string   `json:"left_stop"`
	RightStop    string   `json:"right_stop"`
	Mean         *string  `json:"mean"`
	Temperature  *string  `json:"temperature"`
	Birthday     *int64   `json:"birthday"`
	AtomicWeight *string  `json:"atomic_weight"`
	LeftOptions  []string `json:"left_options"`
	RightOptions []string `json:"right_options"`
}

// ErrSides is the error of a game that is not a stopper and whose sides
// are not found as stoppers (Bach's carousel has such sides).
var ErrSides = errors.New("not a stopper, and its sides were not found as stoppers (onside & offside)")

// DescribeSum reads exprs in CGSuite's loopy notation (Parse), adds them
// and describes the sum. limit bounds the positions of the sum and of
// the comparisons its simplest form takes (0 for none). The error is a
// *cgt.SumError saying which expression, or the sum, failed.
func DescribeSum(c *cgt.Calc, exprs []string, limit int) (Description, error) {
	var games []Game
	for i, e := range exprs {
		g, err := Parse(c, e)
		if err != nil {
			return Description{}, &cgt.SumError{Stage: cgt.StageRead, Index: i, Err: err}
		}
		games = append(games, g)
	}
	sum, err := Sum(limit, games...)
	if err != nil {
		return Description{}, &cgt.SumError{Stage: cgt.StageAdd, Index: len(exprs) - 1, Err: err}
	}
	d, err := Describe(c, sum, limit)
	if err != nil {
		return Description{}, &cgt.SumError{Stage: cgt.StageDescribe, Index: len(exprs) - 1, Err: err}
	}
	return d, nil
}

// Describe describes the game g (see Description); limit bounds the
// positions of its comparisons (0 for none). A game that is not a
// stopper is described by its sides (SideForm), written as CGSuite
// writes them (onside & offside, dud for on & off), its stops the Left
// stop of its onside and the Right stop of its offside, and no options;
// one whose sides are not found is refused with ErrSides.
func Describe(c *cgt.Calc, g Game, limit int) (Description, error) {
	if !IsStopper(g) {
		return describeSides(c, g, limit)
	}
	s, err := Simplify(g, limit)
	if err != nil {
		return Description{}, err
	}
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
		LeftStop: l.String(), RightStop: r.String(), LeftOptions: []string{}, RightOptions: []string{},
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

// describeSides describes g, not a stopper, by its sides.
func describeSides(c *cgt.Calc, g Game, limit int) (Description, error) {
	var sides [2]Game
	var texts [2]string
	for i, onside := range []bool{true, false} {
		f, err := SideForm(g, onside, limit)
		if errors.Is(err, ErrSides) {
			return Description{}, fmt.Errorf("%w (outcome %s)", ErrSides, ClassOf(g))
		}
		if err != nil {
			return Description{}, err
		}
		if texts[i], err = Notation(c, f, limit); err != nil {
			return Description{}, err
		}
		sides[i] = f
	}
	l, _, err := Stops(c, sides[0])
	if err != nil {
		return Description{}, err
	}
	_, r, err := Stops(c, sides[1])
	if err != nil {
		return Description{}, err
	}
	canonical := texts[0] + " & " + texts[1]
	switch {
	case texts[0] == texts[1]:
		canonical = texts[0]
	case texts[0] == "on" && texts[1] == "off":
		canonical = "dud"
	}
	return Description{
		Canonical: canonical, Outcome: ClassOf(g).String(), Onside: texts[0], Offside: texts[1],
		LeftStop: l.String(), RightStop: r.String(),
	}, nil
}
