package pgridtest

import (
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/game/gametest"
)

// The checks of a game's table of cases (gametest.Cases): golden values,
// refused positions, and what positions are written back as.

// Golden checks that each position text of cases, for the partizan game
// g, is worth its want in CGSuite's notation: written exactly so when
// exact (CGSuite's own goldens, whose printing is checked too), else any
// notation of an equal game (values worked by hand).
func Golden(t *testing.T, g game.Game, cases []gametest.Case, exact bool) {
	t.Helper()
	for _, k := range cases {
		c := cgt.New(0)
		got := Value(t, g, c, k.In)
		if exact {
			if c.Notation(got) != k.Want {
				t.Errorf("%s%q = %s, want %s", k.Where(), k.In, c.Notation(got), k.Want)
			}
			continue
		}
		w, err := c.Parse(k.Want)
		if err != nil {
			t.Fatalf("%scgt.Parse(%q): %v", k.Where(), k.Want, err)
		}
		if got != w {
			t.Errorf("%s%q = %s, want %s", k.Where(), k.In, c.Notation(got), c.Notation(w))
		}
	}
}

// ParseErrors checks that g refuses each position text of cases with a
// one-line error containing its want.
func ParseErrors(t *testing.T, g game.Game, cases []gametest.Case) {
	t.Helper()
	for _, k := range cases {
		_, err := g.Parse(k.In)
		if err == nil || !strings.Contains(err.Error(), k.Want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%sParse(%.40q) = %v, want one line with %q", k.Where(), k.In, err, k.Want)
		}
	}
}

// Formats checks that g reads each position text of cases and writes it
// back as its want: the regions it splits into, what it trims.
func Formats(t *testing.T, g game.Game, cases []gametest.Case) {
	t.Helper()
	for _, k := range cases {
		pos, err := g.Parse(k.In)
		if err != nil {
			t.Fatalf("%sParse(%q): %v", k.Where(), k.In, err)
		}
		if got := g.Format(pos); got != k.Want {
			t.Errorf("%sFormat(Parse(%q)) = %q, want %q", k.Where(), k.In, got, k.Want)
		}
	}
}
