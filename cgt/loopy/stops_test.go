package loopy

import (
	"cmp"
	"testing"

	"nimber/cgt"
)

// TestStopsNamed checks the stops of the loopy constants against
// CGSuite's (cgsuite-loopy.tsv: on, off and over are their own stops)
// and upon's, worked out by hand: Left passes, Right moves to *, whose
// Left stop is 0.
func TestStopsNamed(t *testing.T) {
	c := cgt.New(0)
	for _, tc := range []struct{ name, left, right string }{
		{"on", "on", "on"}, {"off", "off", "off"}, {"over", "over", "over"}, {"under", "under", "under"},
		{"upon", "0", "0"}, {"0", "0", "0"}, {"*", "0", "0"},
	} {
		l, r, err := Stops(c, named(t, tc.name))
		if err != nil {
			t.Fatal(err)
		}
		if l.String() != tc.left || r.String() != tc.right {
			t.Errorf("%s: stops %s, %s; want %s, %s", tc.name, l, r, tc.left, tc.right)
		}
	}
	if _, _, err := Stops(c, named(t, "dud")); err != ErrNotStopper {
		t.Errorf("dud: %v, want ErrNotStopper", err)
	}
}

// TestStopsShort checks the stops of random short games, as graphs,
// against cgt's.
func TestStopsShort(t *testing.T) {
	shortPairs(t, 10, 300, func(c *cgt.Calc, x, _ cgt.Game, gx, _ Game) {
		l, r, err := Stops(c, gx)
		if err != nil {
			t.Fatal(err)
		}
		if want := c.LeftStop(x); l != (Pseudonumber{Exact, want}) {
			t.Fatalf("%s: Left stop %s, cgt %s", c.String(x), l, want)
		}
		if want := c.RightStop(x); r != (Pseudonumber{Exact, want}) {
			t.Fatalf("%s: Right stop %s, cgt %s", c.String(x), r, want)
		}
	})
}

// TestPseudonumberOrder checks the order and the printing of
// pseudonumbers.
func TestPseudonumberOrder(t *testing.T) {
	half, err := cgt.ParseDyadic("1/2")
	if err != nil {
		t.Fatal(err)
	}
	five := cgt.Int(5)
	ascending := []Pseudonumber{{Kind: Off}, {Under, cgt.Int(0)}, {Exact, cgt.Int(0)}, {Over, cgt.Int(0)}, {Under, half}, {Exact, half}, {Over, half}, {Under, five}, {Kind: On}}
	want := []string{"off", "under", "0", "over", "1/2under", "1/2", "1/2over", "5under", "on"}
	for i, p := range ascending {
		if p.String() != want[i] {
			t.Errorf("%+v prints %q, want %q", p, p.String(), want[i])
		}
		for j, q := range ascending {
			if got := p.Cmp(q); got != cmp.Compare(i, j) {
				t.Errorf("%s cmp %s = %d, want %d", p, q, got, cmp.Compare(i, j))
			}
		}
	}
}
