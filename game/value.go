package game

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"nimber/sg"
)

// Kind says what a game's positions are worth, and so how a sum of them is
// valued: every front end reads it from Info instead of asking what a game
// is.
type Kind byte

// The kinds of games.
const (
	// Impartial is a finite impartial game: every position has a Grundy
	// value, a Nimber, and a sum's value is the nim-sum of its parts' (the
	// Sprague–Grundy theorem). When its positions turn out to repeat (a
	// rules file whose moves come back to a position), Analyze gives them
	// generalised Sprague–Grundy values instead, a Nimber or ∞(K), and a
	// sum the value Smith's theorem gives it (Analysis.Cyclic).
	Impartial Kind = iota
	// Loopy is an impartial game whose positions can repeat. Its positions
	// are solved into outcomes N, P or D (a draw) with a remoteness; the
	// Value of such a position is unknown (the zero Value) unless the
	// game's engine gives a generalised Sprague–Grundy value.
	Loopy
	// Partizan is a finite game in which Left and Right have different
	// moves. Its positions are valued by canonical forms (package cgt),
	// not Grundy values: PartizanOf reaches its options and values, and
	// the impartial solvers (Analyze, Explore, Moves, Play) refuse it.
	Partizan
)

// String returns "impartial", "loopy" or "partizan".
func (k Kind) String() string {
	switch k {
	case Impartial:
		return "impartial"
	case Loopy:
		return "loopy"
	case Partizan:
		return "partizan"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// MarshalText writes the kind as String does.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads what MarshalText writes.
func (k *Kind) UnmarshalText(b []byte) error {
	for _, c := range []Kind{Impartial, Loopy, Partizan} {
		if string(b) == c.String() {
			*k = c
			return nil
		}
	}
	return fmt.Errorf("unknown kind of game %q (known: %s, %s, %s)", clip(string(b)), Impartial, Loopy, Partizan)
}

// Why says in a few words what sets a kind of game apart from impartial
// games that end, for the messages of the commands that take only those:
// "its positions can repeat", "Left and Right move differently"; "" for
// Impartial.
func (k Kind) Why() string {
	switch k {
	case Loopy:
		return "its positions can repeat"
	case Partizan:
		return "Left and Right move differently"
	}
	return ""
}

// Kinded is implemented by games that are not of Kind Impartial, such as
// loopy games, whose positions can repeat. A game that does not implement
// it is Impartial.
type Kinded interface {
	Kind() Kind
}

// form is the form of a Value.
type form byte

const (
	unknown  form = iota // no value: the outcome alone decides
	nimber               // a finite Grundy value *n
	infinite             // ∞(K), a loopy position's generalised value
)

// Value is what a position or a part is worth: a Nimber (the Grundy value
// of an impartial position), ∞(K) (the generalised Sprague–Grundy value of a
// loopy position, K the finite values among its options), or unknown (the
// zero Value: a position solved by its outcome alone).
//
// In JSON a Nimber is an integer, ∞(K) is {"inf": [k1, ...]} and an unknown
// value is null.
type Value struct {
	form form
	n    int
	k    *[]int // K of ∞(K), sorted and without repeats (a pointer: a Nimber stays small)
}

// set returns K of an infinite value, nil for the others.
func (v Value) set() []int {
	if v.k == nil {
		return nil
	}
	return *v.k
}

// Nimber returns the value *n, the Grundy value n (n >= 0).
func Nimber(n int) Value { return Value{form: nimber, n: n} }

// Infinite returns ∞(K), K the finite Grundy values of the options (in any
// order; repeats count once).
func Infinite(k []int) Value {
	k = slices.Clone(k)
	slices.Sort(k)
	k = slices.Compact(k)
	return Value{form: infinite, k: &k}
}

// Known reports whether v is a value, not the zero Value.
func (v Value) Known() bool { return v.form != unknown }

// Grundy returns the Grundy value of a Nimber; ok is false for any other
// value.
func (v Value) Grundy() (n int, ok bool) { return v.n, v.form == nimber }

// Inf returns K of ∞(K); ok is false for any other value.
func (v Value) Inf() (k []int, ok bool) { return slices.Clone(v.set()), v.form == infinite }

// Outcome returns the outcome a value decides for the player to move: P for
// *0, N for any other Nimber and for ∞(K) with 0 in K, D for the other
// infinite values; ok is false for an unknown value.
func (v Value) Outcome() (o sg.Outcome, ok bool) {
	switch v.form {
	case nimber:
		return sg.OutcomeOf(v.n), true
	case infinite:
		if slices.Contains(v.set(), 0) {
			return sg.N, true
		}
		return sg.D, true
	}
	return 0, false
}

// Plus returns the value of the sum of positions worth v and w: the
// nim-sum of two Nimbers, ∞(K ⊕ n) for ∞(K) and *n (Smith's theorem). ok
// is false when the parts' values do not decide the sum's (two infinite
// values, or an unknown one).
func (v Value) Plus(w Value) (sum Value, ok bool) {
	switch {
	case v.form == nimber && w.form == nimber:
		return Nimber(v.n ^ w.n), true
	case v.form == infinite && w.form == nimber:
		v, w = w, v
		fallthrough
	case v.form == nimber && w.form == infinite:
		k := make([]int, len(w.set()))
		for i, x := range w.set() {
			k[i] = x ^ v.n
		}
		return Infinite(k), true
	}
	return Value{}, false
}

// Equal reports whether v and w are the same value.
func (v Value) Equal(w Value) bool {
	return v.form == w.form && v.n == w.n && slices.Equal(v.set(), w.set())
}

// String writes a Nimber as its number ("3"), ∞(K) as "∞(0,1)" or "∞" when
// K is empty, and an unknown value as "?".
func (v Value) String() string {
	switch v.form {
	case nimber:
		return strconv.Itoa(v.n)
	case infinite:
		if len(v.set()) == 0 {
			return "∞"
		}
		parts := make([]string, len(v.set()))
		for i, x := range v.set() {
			parts[i] = strconv.Itoa(x)
		}
		return "∞(" + strings.Join(parts, ",") + ")"
	}
	return "?"
}

// MarshalJSON writes a Nimber as an integer, ∞(K) as {"inf": K} and an
// unknown value as null.
func (v Value) MarshalJSON() ([]byte, error) {
	switch v.form {
	case nimber:
		return strconv.AppendInt(nil, int64(v.n), 10), nil
	case infinite:
		k := v.set()
		if k == nil {
			k = []int{}
		}
		return json.Marshal(struct {
			Inf []int `json:"inf"`
		}{k})
	}
	return []byte("null"), nil
}

// UnmarshalJSON reads what MarshalJSON writes.
func (v *Value) UnmarshalJSON(b []byte) error {
	text := strings.TrimSpace(string(b))
	switch {
	case text == "null":
		*v = Value{}
		return nil
	case strings.HasPrefix(text, "{"):
		var inf struct {
			Inf *[]int `json:"inf"`
		}
		d := json.NewDecoder(strings.NewReader(text))
		d.DisallowUnknownFields()
		if err := d.Decode(&inf); err != nil || inf.Inf == nil {
			return fmt.Errorf("a value is an integer, {\"inf\": [...]} or null, not %s", clip(text))
		}
		if slices.ContainsFunc(*inf.Inf, func(x int) bool { return x < 0 }) {
			return fmt.Errorf("a value's K holds Grundy values, not negative numbers: %s", clip(text))
		}
		*v = Infinite(*inf.Inf)
		return nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 {
		return fmt.Errorf("a value is an integer, {\"inf\": [...]} or null, not %s", clip(text))
	}
	*v = Nimber(n)
	return nil
}
