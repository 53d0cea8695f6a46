package gametest

import (
	"strings"
	"testing"

	"nimber/game"
)

// Member is a case of a family's member: member N of the family Name,
// and the text it should be, or a part of the one-line error refusing it.
type Member struct {
	Name string
	N    int
	Want string
}

// Families returns g's families, failing the test when it has none.
func Families(t testing.TB, g game.Game) game.Families {
	t.Helper()
	f, ok := game.FamiliesOf(g)
	if !ok {
		t.Fatal("the game has no families")
	}
	return f
}

// CheckMembers checks that each case's member of g's families is its
// Want.
func CheckMembers(t *testing.T, g game.Game, cases []Member) {
	t.Helper()
	f := Families(t, g)
	for _, tc := range cases {
		got, err := f.Member(tc.Name, tc.N)
		if err != nil || got != tc.Want {
			t.Errorf("Member(%q, %d) = %q, %v; want %q", tc.Name, tc.N, got, err, tc.Want)
		}
	}
}

// CheckMemberErrors checks that g's families refuse each case's member
// with a one-line error containing its Want.
func CheckMemberErrors(t *testing.T, g game.Game, cases []Member) {
	t.Helper()
	f := Families(t, g)
	for _, tc := range cases {
		_, err := f.Member(tc.Name, tc.N)
		if err == nil || !strings.Contains(err.Error(), tc.Want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Member(%q, %d): %v, want one line with %q", tc.Name, tc.N, err, tc.Want)
		}
	}
}
