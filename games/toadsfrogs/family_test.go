package toadsfrogs

import (
	"errors"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
)

// TestMember checks that every listed family writes members, and that
// member 5 of T^N.^2F^N is CGSuite's ttttt..fffff with its value (the
// table's rows are TestSuite/Members).
func TestMember(t *testing.T) {
	fs := gametest.Families(t, Game())
	for _, f := range fs.Families() {
		if _, err := fs.Member(f.Name, 2); err != nil {
			t.Errorf("listed family %s: %v", f.Name, err)
		}
	}
	row, err := fs.Member("T^N.^2F^N", 5)
	if err != nil {
		t.Fatal(err)
	}
	c := cgt.New(0)
	want := "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}"
	if got := c.String(pgridtest.Value(t, Game(), c, row)); got != want {
		t.Errorf("%s = %s, want CGSuite's %s", row, got, want)
	}
}

// TestMemberRefused checks that members too long to write, and member 0,
// are refused (the table's patterns that are no family are
// TestSuite/MemberErrors).
func TestMemberRefused(t *testing.T) {
	fs := gametest.Families(t, Game())
	_, err := fs.Member("F^N.^N", MaxMember/2+1)
	var limit *game.LimitError
	if !errors.As(err, &limit) || limit.Got != MaxMember+2 {
		t.Errorf("a member of %d squares: %v, want a *game.LimitError", MaxMember+2, err)
	}
	if row, err := fs.Member("F^N.^N", MaxMember/2); err != nil || len(row) != MaxMember {
		t.Errorf("a member of %d squares: %d squares, %v", MaxMember, len(row), err)
	}
	if _, err := fs.Member("T^N.F^N", 0); err == nil {
		t.Error("member 0: no error")
	}
}

// FuzzMember checks that any pattern is read or refused without a panic,
// and that a member read is a row Parse accepts (or refuses only by a
// limit).
func FuzzMember(f *testing.F) {
	for _, s := range []string{"T^N.F^N", "t.^nf", "T^3.^N^", "^N", "T^N.^65536"} {
		f.Add(s, 3)
	}
	fs, _ := game.FamiliesOf(Game())
	f.Fuzz(func(t *testing.T, name string, n int) {
		if n < 1 || n > 64 {
			return
		}
		row, err := fs.Member(name, n)
		if err != nil {
			return
		}
		var limit *game.LimitError
		if _, err := Game().Parse(row); err != nil && !errors.As(err, &limit) {
			t.Errorf("Member(%q, %d) = %q, which Parse refuses: %v", name, n, row, err)
		}
	})
}
