package domineering

import (
	"errors"
	"strings"
	"testing"

	"nimber/game"
)

// TestMember checks the boards of Domineering's families and the
// refusals of names that are no family and of boards over the limit.
func TestMember(t *testing.T) {
	f, ok := game.FamiliesOf(Game())
	if !ok {
		t.Fatal("domineering has no families")
	}
	for _, tc := range []struct {
		name string
		n    int
		want string
	}{
		{"1xN", 3, "..."},
		{"2xN", 3, "...|..."},
		{"2xn", 1, ".|."},
		{"Nx2", 3, "..|..|.."},
		{"NxN", 2, "..|.."},
		{"3xN", 4, "....|....|...."},
	} {
		got, err := f.Member(tc.name, tc.n)
		if err != nil || got != tc.want {
			t.Errorf("Member(%q, %d) = %q, %v; want %q", tc.name, tc.n, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		name string
		n    int
		want string
	}{
		{"2xM", 3, `no family "2xM"`},
		{"2", 3, `no family "2"`},
		{"0xN", 3, `no family "0xN"`},
		{"02xN", 3, `no family "02xN"`},
		{"2xN", 0, "member 0 of 2xN"},
		{"2xN", 19, "38 empty cells, limit 36"},
		{"NxN", game.MaxFamilyMember, "empty cells, limit 36"},
	} {
		_, err := f.Member(tc.name, tc.n)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Member(%q, %d): %v, want an error with %q", tc.name, tc.n, err, tc.want)
		}
	}
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
