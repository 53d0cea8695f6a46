package gametest

import (
	"strconv"
	"strings"
	"testing"

	"nimber/game"
)

// Families returns g's families, failing the test when it has none.
func Families(t testing.TB, g game.Game) game.Families {
	t.Helper()
	return As(t, g, game.FamiliesOf, "families")
}

// member returns the member a case names, its In: the family's name and
// n, separated by the last space ("2xN 3"), failing the test when In is
// not so.
func member(t testing.TB, f game.Families, k Case) (string, error) {
	t.Helper()
	i := strings.LastIndexByte(k.In, ' ')
	n, err := strconv.Atoi(k.In[i+1:])
	if i < 0 || err != nil {
		t.Fatalf("%s%q: want a family's name, a space and n", k.Where(), k.In)
	}
	return f.Member(k.In[:i], n)
}

// CheckMembers checks that the member of g's families each case names
// ("NAME N") is its Want.
func CheckMembers(t *testing.T, g game.Game, cases []Case) {
	t.Helper()
	f := Families(t, g)
	for _, k := range cases {
		got, err := member(t, f, k)
		if err != nil || got != k.Want {
			t.Errorf("%sMember(%q) = %q, %v; want %q", k.Where(), k.In, got, err, k.Want)
		}
	}
}

// CheckMemberErrors checks that g's families refuse the member each case
// names ("NAME N") with a one-line error containing its Want.
func CheckMemberErrors(t *testing.T, g game.Game, cases []Case) {
	t.Helper()
	f := Families(t, g)
	for _, k := range cases {
		_, err := member(t, f, k)
		if err == nil || !strings.Contains(err.Error(), k.Want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%sMember(%q): %v, want one line with %q", k.Where(), k.In, err, k.Want)
		}
	}
}
