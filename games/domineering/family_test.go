package domineering

import (
	"errors"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
)

// TestMember checks that a board over the limit is refused and that every
// member within it is a board the game reads (the table's members and
// refusals are TestSuite/Members and TestSuite/MemberErrors).
func TestMember(t *testing.T) {
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
