package play_test

import (
	"context"
	"errors"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/play"
	"nimber/registry/registrytest"
)

// TestReadFamily: a family's members are read and checked before any is
// valued; each refusal is the error the front ends turn into their own
// words; Value stops at once on a cancelled context, naming the member.
func TestReadFamily(t *testing.T) {
	dom := registrytest.Game(t, "domineering")
	tab, err := play.ReadFamily(dom, "Nx2", 4)
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.Value(context.Background(), cgt.New(0), nil); err != nil {
		t.Fatal(err)
	}
	// n x 2 is the negative of 2 x n: -1, -+1 (+-1), {1/2|-2}, -Miny(2) = Tiny(2).
	want := []string{"-1", "+-1", "{1/2|-2}", "Tiny(2)"}
	for i, r := range tab.Rows {
		if r.N != i+1 || r.Canonical != want[i] {
			t.Errorf("row %d: %+v, want %s", i+1, r, want[i])
		}
	}
	for _, c := range []struct {
		g      game.Game
		family string
		to     int
		want   error
		member int
	}{
		{registrytest.Game(t, "0.77"), "2xN", 3, play.ErrNotPartizan, 0},
		{registrytest.Game(t, "clobber"), "2xN", 3, play.ErrNoFamilies, 0},
		{dom, "", 3, play.ErrNoFamily, 0},
		{dom, "2xN", 0, play.ErrFamilyRange, 0},
		{dom, "2xN", game.MaxFamilyMember + 1, play.ErrFamilyRange, 0},
		{dom, "2xN", 20, nil, 19},
		{dom, "2yN", 3, nil, 1},
	} {
		_, err := play.ReadFamily(c.g, c.family, c.to)
		me, isMember := errors.AsType[*play.MemberError](err)
		switch {
		case c.want != nil && !errors.Is(err, c.want):
			t.Errorf("%s %q to %d: %v, want %v", c.g.Info().Kind, c.family, c.to, err, c.want)
		case c.want == nil && (!isMember || me.N != c.member):
			t.Errorf("%q to %d: %v, want an error of member %d", c.family, c.to, err, c.member)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tab, err = play.ReadFamily(dom, "2xN", 3)
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.Value(ctx, cgt.New(0), nil); !errors.Is(err, context.Canceled) || err.Error() != "member 1: context canceled" {
		t.Errorf("a cancelled context: %v", err)
	}
}
