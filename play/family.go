package play

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"nimber/cgt"
	"nimber/game"
)

// FamilyRow is one member of a table of canonical forms: nimber table
// --function canonical --format json writes an array of them, GET
// /api/table/{game}?function=canonical answers them.
type FamilyRow struct {
	N         int    `json:"n"`
	Position  string `json:"position"`
	Canonical string `json:"canonical"`
	Outcome   string `json:"outcome"`
}

// The refusals of ReadFamily before any member is read; the front ends
// say them in their own terms (--family, family=).
var (
	// ErrNotPartizan: the game is not partizan, it has Grundy values.
	ErrNotPartizan = errors.New("not a partizan game")
	// ErrNoFamilies: the game has no game.Families.
	ErrNoFamilies = errors.New("no families of positions")
	// ErrNoFamily: no family was named.
	ErrNoFamily = errors.New("no family named")
	// ErrFamilyRange: the last member asked for is not in
	// 1..game.MaxFamilyMember.
	ErrFamilyRange = errors.New("last member out of range")
)

// MemberError is the error of a member of a family: its text or position
// refused by the game (over its limits, or a name that is no family), or
// its valuation failed.
type MemberError struct {
	// N is the member, from 1.
	N   int
	Err error
}

func (e *MemberError) Error() string { return fmt.Sprintf("member %d: %v", e.N, e.Err) }
func (e *MemberError) Unwrap() error { return e.Err }

// FamilyTable is a table of canonical forms of members 1..to of a family
// of positions of a partizan game, every member read and checked against
// the game's limits (ReadFamily) before any is valued (Value).
type FamilyTable struct {
	// Rows are the members in order; Canonical and Outcome are set by
	// Value.
	Rows      []FamilyRow
	game      game.PartizanGame
	positions []game.Position
}

// ReadFamily reads members 1..to of the family of g's positions called
// family, each parsed (and so checked) as any position of g. Its errors
// are ErrNotPartizan, ErrNoFamilies, ErrNoFamily, ErrFamilyRange, or a
// *MemberError naming the first member refused.
func ReadFamily(g game.Game, family string, to int) (*FamilyTable, error) {
	pg, ok := game.PartizanOf(g)
	if !ok {
		return nil, ErrNotPartizan
	}
	fs, ok := game.FamiliesOf(g)
	if !ok {
		return nil, ErrNoFamilies
	}
	if family == "" {
		return nil, ErrNoFamily
	}
	if to < 1 || to > game.MaxFamilyMember {
		return nil, ErrFamilyRange
	}
	t := &FamilyTable{Rows: make([]FamilyRow, to), game: pg, positions: make([]game.Position, to)}
	for n := 1; n <= to; n++ {
		text, err := fs.Member(family, n)
		if err == nil {
			t.positions[n-1], err = g.Parse(text)
		}
		if err != nil {
			return nil, &MemberError{N: n, Err: err}
		}
		t.Rows[n-1] = FamilyRow{N: n, Position: text}
	}
	return t, nil
}

// Value sets the canonical form and outcome of every member, valued by
// one Evaluator in c so that a region met in several members is valued
// once; progress, when not nil, is called with n after member n. Its
// error is a *MemberError; ctx is checked between members and by the
// game's valuation.
func (t *FamilyTable) Value(ctx context.Context, c *cgt.Calc, progress func(n int)) error {
	e := t.game.NewEvaluator(c)
	for i, pos := range t.positions {
		if err := ctx.Err(); err != nil {
			return &MemberError{N: i + 1, Err: err}
		}
		x, _, err := t.game.Values(ctx, e, pos)
		if err != nil {
			return &MemberError{N: i + 1, Err: err}
		}
		t.Rows[i].Canonical, t.Rows[i].Outcome = c.String(x), c.OutcomeOf(x).String()
		if progress != nil {
			progress(i + 1)
		}
	}
	return nil
}

// FamilyNames lists the families of fs, "NAME (ABOUT)", for an error
// message.
func FamilyNames(fs game.Families) string {
	var names []string
	for _, f := range fs.Families() {
		names = append(names, fmt.Sprintf("%s (%s)", f.Name, f.About))
	}
	return strings.Join(names, ", ")
}
