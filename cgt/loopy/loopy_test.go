package loopy

import "testing"

// named builds the loopy constants on a graph of their own: on {pass|},
// off {|pass}, over {0|pass}, under {pass|0}, upon {pass|*}, dud
// {pass|pass}, and 0 and *.
func named(t *testing.T, name string) Game {
	t.Helper()
	g := NewGraph(3) // node 0 the game, 1 zero, 2 star
	g.AddLeft(2, 1)
	g.AddRight(2, 1)
	switch name {
	case "0":
		return Game{g, 1}
	case "*":
		return Game{g, 2}
	case "on":
		g.AddLeft(0, 0)
	case "off":
		g.AddRight(0, 0)
	case "over":
		g.AddLeft(0, 1)
		g.AddRight(0, 0)
	case "under":
		g.AddLeft(0, 0)
		g.AddRight(0, 1)
	case "upon":
		g.AddLeft(0, 0)
		g.AddRight(0, 2)
	case "dud":
		g.AddLeft(0, 0)
		g.AddRight(0, 0)
	default:
		t.Fatalf("no game %q", name)
	}
	return Game{g, 0}
}

// TestNamedGames checks the classes and stoppers of the loopy constants
// and of sums of them, worked out by hand from their rules.
func TestNamedGames(t *testing.T) {
	for _, tc := range []struct {
		games   []string
		class   string
		stopper bool
	}{
		{[]string{"0"}, "P", true},
		{[]string{"*"}, "N", true},
		{[]string{"on"}, "L", true},
		{[]string{"off"}, "R", true},
		{[]string{"over"}, "L", true},
		{[]string{"under"}, "R", true},
		{[]string{"upon"}, "L", true}, // Right's move to * leaves Left a move to 0
		{[]string{"dud"}, "D", false}, // each passes for ever
		{[]string{"on", "off"}, "D", false},
		// over - over: a player's move to 0 loses at once, so each passes.
		{[]string{"over", "under"}, "D", false},
		{[]string{"on", "*"}, "L", true},
		// Right first moves upon to *, leaving * + * for Left.
		{[]string{"upon", "*"}, "N", true},
	} {
		var parts []Game
		for _, n := range tc.games {
			parts = append(parts, named(t, n))
		}
		s, err := Sum(0, parts...)
		if err != nil {
			t.Fatal(err)
		}
		if got := ClassOf(s).String(); got != tc.class {
			t.Errorf("%v: class %s, want %s", tc.games, got, tc.class)
		}
		if got := IsStopper(s); got != tc.stopper {
			t.Errorf("%v: stopper %v, want %v", tc.games, got, tc.stopper)
		}
	}
}
