package game

import (
	"fmt"
	"strconv"
)

// MaxFamilyMember is the largest n of a family member a game is asked
// for: families are tables, and a member past it is refused before the
// game builds its text.
const MaxFamilyMember = 1 << 16

// Family is a family of positions of a game, one for each n = 1, 2, ...:
// strips of a board of n columns, rows of n pieces.
type Family struct {
	// Name is how the family is asked for (nimber table --family NAME),
	// About what its member n is.
	Name  string `json:"name"`
	About string `json:"about"`
}

// Families is implemented by the rules of games with families of
// positions (nimber table --function canonical --family NAME); FamiliesOf
// finds it.
type Families interface {
	// Families lists the families of the game's positions.
	Families() []Family
	// Member returns the text of member n (1 ≤ n ≤ MaxFamilyMember) of the
	// family name, in the game's position format; an error says, in one
	// line, why there is none (a name that is no family, with the names
	// that are).
	Member(name string, n int) (string, error)
}

// FamiliesOf returns the families of g's positions; ok is false when g
// has none.
func FamiliesOf(g Game) (f Families, ok bool) {
	if g.Info().Repeats {
		return nil, false // no canonical forms to tabulate
	}
	f, ok = g.Rules().(Families)
	return f, ok
}

// CheckMember refuses, for a Member of family name, an n outside
// 1..MaxFamilyMember.
func CheckMember(name string, n int) error {
	if n < 1 || n > MaxFamilyMember {
		return fmt.Errorf("member %d of %s: want 1..%d", n, name, MaxFamilyMember)
	}
	return nil
}

// FamilyCount reads a count in a family's name: "N" (or "n"), which
// stands for the member's n (isN), or a number from 1 to most written
// plainly ("2", not "02" or "+2"); ok is false for anything else.
func FamilyCount(text string, most int64) (k int64, isN, ok bool) {
	if text == "N" || text == "n" {
		return 0, true, true
	}
	k, err := strconv.ParseInt(text, 10, 64)
	if err != nil || k < 1 || k > most || text != strconv.FormatInt(k, 10) {
		return 0, false, false
	}
	return k, false, true
}
