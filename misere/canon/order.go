package canon

import (
	"cmp"
	"slices"
)

// earlyOptions lists CGSuite's early forms, the even forms it makes first
// and orders by when it made them, before all others: each by its options,
// an option 2i being early form i and 2i+1 early form i plus *. They are
// every even form born by day 4 and sixteen of day 5; CGSuite's order of
// options (and so its notation) depends on this list, a fact of its
// MisereCanonicalGameOps.
var earlyOptions = [][]int{
	{}, {0, 1}, {2}, {3}, {4}, {2, 3}, {2, 4}, {0, 4}, {1, 4},
	{2, 3, 4}, {0, 3, 4}, {0, 2, 4}, {1, 3, 4}, {1, 2, 4},
	{0, 2, 3, 4}, {0, 1, 2, 4}, {1, 2, 3, 4}, {0, 1, 2, 3}, {0, 1, 2, 3, 4},
	{5}, {8}, {12}, {14}, {16}, {18}, {20}, {22}, {24}, {26}, {28}, {30},
	{32}, {34}, {36}, {6}, {10},
}

// makeEarly makes the early forms and records their ranks.
func (t *Table) makeEarly() error {
	early := make([]Form, len(earlyOptions))
	for i, os := range earlyOptions {
		opts := make([]Form, len(os))
		for j, o := range os {
			opts[j] = early[o/2]
			if o%2 == 1 {
				s, err := t.plusStar(opts[j])
				if err != nil {
					return err
				}
				opts[j] = s
			}
		}
		f, err := t.Make(opts...)
		if err != nil {
			return err
		}
		early[i] = f
		t.nodes[f].early = 2 * i
		s, err := t.plusStar(f)
		if err != nil {
			return err
		}
		t.nodes[s].early = 2*i + 1
	}
	return nil
}

// evenPart returns the even one of f and f + *, and 1 when that is f + *
// (f is odd), else 0.
func (t *Table) evenPart(f Form) (Form, int, error) {
	s, err := t.plusStar(f)
	if err != nil {
		return 0, 0, err
	}
	if t.nodes[f].birthday < t.nodes[s].birthday {
		return f, 0, nil
	}
	return s, 1, nil
}

// compare is CGSuite's order of forms, in which it lists options: the
// early forms first, by when CGSuite made them; then by the even part's
// birthday, number of options, normal and misère Grundy values and
// options (each in this order, lexicographically); the even form before
// the odd one of a pair f, f + *.
func (t *Table) compare(a, b Form) (int, error) {
	if a == b {
		return 0, nil
	}
	ra, rb := t.nodes[a].early, t.nodes[b].early
	switch {
	case ra >= 0 && rb >= 0:
		return cmp.Compare(ra, rb), nil
	case ra >= 0:
		return -1, nil
	case rb >= 0:
		return 1, nil
	}
	ea, oa, err := t.evenPart(a)
	if err != nil {
		return 0, err
	}
	eb, ob, err := t.evenPart(b)
	if err != nil {
		return 0, err
	}
	if ea == eb {
		return cmp.Compare(oa, ob), nil
	}
	na, nb := &t.nodes[ea], &t.nodes[eb]
	if c := cmp.Or(cmp.Compare(na.birthday, nb.birthday), cmp.Compare(len(na.opts), len(nb.opts)),
		cmp.Compare(na.gPlus, nb.gPlus), cmp.Compare(na.gMinus, nb.gMinus)); c != 0 {
		return c, nil
	}
	oa2, err := t.Options(ea)
	if err != nil {
		return 0, err
	}
	ob2, err := t.Options(eb)
	if err != nil {
		return 0, err
	}
	for i := range oa2 {
		if c, err := t.compare(oa2[i], ob2[i]); c != 0 || err != nil {
			return c, err
		}
	}
	return 0, nil
}

// sortForms sorts fs in CGSuite's order (compare).
func (t *Table) sortForms(fs []Form) error {
	var err error
	slices.SortFunc(fs, func(a, b Form) int {
		c, e := t.compare(a, b)
		err = cmp.Or(err, e)
		return c
	})
	return err
}
