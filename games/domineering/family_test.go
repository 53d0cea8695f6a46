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
	gametest.CheckMembers(t, Game(), gametest.Cases(t, "members"))
	gametest.CheckMemberErrors(t, Game(), gametest.Cases(t, "member errors"))
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
