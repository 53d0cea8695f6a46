package canon

import (
	"context"
	"errors"
	"fmt"
)

// Description is what nimber value --misere and the value page's misère
// mode say of a game.
type Description struct {
	// Canonical is the misère canonical form as CGSuite writes it. A text
	// longer than DescribeWritten bytes (the form is a DAG, its text a
	// tree) is not written: Canonical then says how long it is, in
	// parentheses, as Mate and Options do; CanonicalLength is always the
	// text's length.
	Canonical       string `json:"canonical"`
	CanonicalLength int64  `json:"canonical_length"`
	// Outcome is the misère outcome: "N" (the player to move wins) or "P"
	// (the player to move loses).
	Outcome string `json:"outcome"`
	// MisereNimValue is the misère Grundy value G⁻ (0 exactly for P).
	MisereNimValue int `json:"misere_nim_value"`
	// NimValue is the normal-play Grundy value G⁺.
	NimValue int `json:"nim_value"`
	// Genus is Conway's genus g^γ0γ1..., as nimber genus writes it, and
	// GenusValues its numbers [g, γ0, γ1, γ2, γ3, γ4].
	Genus       string `json:"genus"`
	GenusValues []int  `json:"genus_values"`
	// Birthday is the birthday of the canonical form.
	Birthday int `json:"birthday"`
	// NimHeap says the form is a Nim-heap; Even that it is even (born
	// before its sum with *).
	NimHeap bool `json:"nim_heap"`
	Even    bool `json:"even"`
	// Tame, GenerallyTame, Restive and Restless place the form in
	// Conway's classes as CGSuite does (Table.IsTame, IsGenerallyTame,
	// IsRestive, IsRestless): tame (every position of Nim-heap kind),
	// tame by reversible moves too, restive or restless (of those kinds,
	// with tame options). A form may be in none of them.
	Tame          bool `json:"tame"`
	GenerallyTame bool `json:"generally_tame"`
	Restive       bool `json:"restive"`
	Restless      bool `json:"restless"`
	// Mate is Conway's mate: * for 0, else the game of the options' mates.
	Mate string `json:"mate"`
	// Options are the canonical form's options, in CGSuite's order.
	Options []string `json:"options"`
	// Decomposition is what its parts say of it (Table.Decompose), when
	// asked for; else null.
	Decomposition *Decomposition `json:"decomposition"`
}

// DescribeWritten is the longest text of a form Describe writes.
const DescribeWritten = 1 << 16

// Describe describes f.
func (t *Table) Describe(f Form) (Description, error) {
	n, err := t.WrittenLength(f)
	if err != nil {
		return Description{}, err
	}
	even, err := t.IsEven(f)
	if err != nil {
		return Description{}, err
	}
	m, err := t.Mate(f)
	if err != nil {
		return Description{}, err
	}
	opts, err := t.Options(f)
	if err != nil {
		return Description{}, err
	}
	s, err := t.texts(append([]Form{f, m}, opts...)) // f, its mate, its options
	if err != nil {
		return Description{}, err
	}
	p, err := t.phylumOf(f)
	if err != nil {
		return Description{}, err
	}
	gen := t.Genus(f)
	return Description{Canonical: s[0], CanonicalLength: n, Outcome: t.Outcome(f), MisereNimValue: t.MisereNimValue(f),
		NimValue: t.NimValue(f), Genus: gen.String(), GenusValues: append([]int{gen.G}, gen.Gamma[:5]...),
		Birthday: t.Birthday(f), NimHeap: t.IsNimHeap(f), Even: even, Tame: p == phylumTame,
		GenerallyTame: p == phylumTame || p == phylumReversiblyTame, Restive: p == phylumRestive, Restless: p == phylumRestless,
		Mate: s[1], Options: s[2:]}, nil
}

// texts writes each of fs for Describe: its text, or how long it is.
func (t *Table) texts(fs []Form) ([]string, error) {
	out := make([]string, len(fs))
	for i, f := range fs {
		s, err := t.stringUpTo(f, DescribeWritten)
		if tl, ok := errors.AsType[*TooLongError](err); ok {
			s, err = fmt.Sprintf("(%d bytes written out)", tl.Length), nil
		}
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

// SumError is a failure of DescribeSum: Index is the expression that
// could not be read (Read), or the last one added when the sum failed.
type SumError struct {
	Index int
	Read  bool
	Err   error
}

func (e *SumError) Error() string {
	if e.Read {
		return fmt.Sprintf("expression %d: %v", e.Index+1, e.Err)
	}
	return fmt.Sprintf("the sum of expressions 1..%d: %v", e.Index+1, e.Err)
}

func (e *SumError) Unwrap() error { return e.Err }

// DescribeSum reads the expressions (Parse), adds them and describes the
// sum, in a new Table of the given limit, with its Decomposition when
// parts is set (watching ctx). Errors are *SumError.
func DescribeSum(ctx context.Context, exprs []string, limit int, parts bool) (Description, error) {
	if len(exprs) == 0 {
		return Description{}, errors.New("no expression")
	}
	t := New(limit)
	s := Zero
	for i, e := range exprs {
		f, err := t.Parse(e)
		if err != nil {
			return Description{}, &SumError{Index: i, Read: true, Err: err}
		}
		if s, err = t.Add(s, f); err != nil {
			return Description{}, &SumError{Index: i, Err: err}
		}
	}
	d, err := t.Describe(s)
	if err == nil && parts {
		err = t.DescribeParts(ctx, s, &d)
	}
	if err != nil {
		return Description{}, &SumError{Index: len(exprs) - 1, Err: err}
	}
	return d, nil
}

// DescribeParts adds f's Decomposition to its description d.
func (t *Table) DescribeParts(ctx context.Context, f Form, d *Description) error {
	p, err := t.Decompose(ctx, f)
	if err == nil {
		d.Decomposition = &p
	}
	return err
}
