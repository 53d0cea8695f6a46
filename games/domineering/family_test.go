package domineering

import (
	"errors"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
)

// TestMember checks the boards of Domineering's families and the
// refusals of names that are no family and of boards over the limit.
func TestMember(t *testing.T) {
	gametest.CheckMembers(t, Game(), []gametest.Member{
		{Name: "1xN", N: 3, Want: "..."},
		{Name: "2xN", N: 3, Want: "...|..."},
		{Name: "2xn", N: 1, Want: ".|."},
		{Name: "Nx2", N: 3, Want: "..|..|.."},
		{Name: "NxN", N: 2, Want: "..|.."},
		{Name: "3xN", N: 4, Want: "....|....|...."},
	})
	gametest.CheckMemberErrors(t, Game(), []gametest.Member{
		{Name: "2xM", N: 3, Want: `no family "2xM"`},
		{Name: "2", N: 3, Want: `no family "2"`},
		{Name: "0xN", N: 3, Want: `no family "0xN"`},
		{Name: "02xN", N: 3, Want: `no family "02xN"`},
		{Name: "2xN", N: 0, Want: "member 0 of 2xN"},
		{Name: "2xN", N: 19, Want: "38 empty cells, limit 36"},
		{Name: "NxN", N: game.MaxFamilyMember, Want: "empty cells, limit 36"},
	})
	f := gametest.Families(t, Game())
	if _, err := f.Member("2xN", 19); !errors.As(err, new(*game.LimitError)) {
		t.Errorf("Member(2xN, 19): %v, want a *game.LimitError", err)
	}
	// Every member within the limit is a board the game reads.
	for _, fam := range f.Families() {
		name := strings.ReplaceAll(fam.Name, "K", "2")
		for n := 1; ; n++ {
			text, err := f.Member(name, n)
			if err != nil {
				break
			}
			if _, err := Game().Parse(text); err != nil {
				t.Errorf("member %d of %s, %q: %v", n, name, text, err)
			}
		}
	}
}
