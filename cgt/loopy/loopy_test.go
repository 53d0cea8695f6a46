package loopy

import "testing"

// namedOptions are the loopy constants' Left and Right options on a
// graph of three nodes: 0 the game, 1 zero and 2 star. A pass is a move
// to node 0 itself.
var namedOptions = map[string][2][]int{
	"on":    {{0}, nil},
	"off":   {nil, {0}},
	"over":  {{1}, {0}},
	"under": {{0}, {1}},
	"upon":  {{0}, {2}},
	"dud":   {{0}, {0}},
}

// named builds a loopy constant (namedOptions), or 0 or *, on a graph of
// its own.
func named(t *testing.T, name string) Game {
	t.Helper()
	g := NewGraph(3)
	g.AddLeft(2, 1)
	g.AddRight(2, 1)
	switch name {
	case "0":
		return Game{g, 1}
	case "*":
		return Game{g, 2}
	}
	opts, ok := namedOptions[name]
	if !ok {
		t.Fatalf("no game %q", name)
	}
	g.left[0], g.right[0] = opts[0], opts[1]
	return Game{g, 0}
}

// namedSum returns the sum of the named games.
func namedSum(t *testing.T, names ...string) Game {
	t.Helper()
	var parts []Game
	for _, n := range names {
		parts = append(parts, named(t, n))
	}
	s, err := Sum(0, parts...)
	if err != nil {
		t.Fatal(err)
	}
	return s
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
		s := namedSum(t, tc.games...)
		if got := ClassOf(s).String(); got != tc.class {
			t.Errorf("%v: class %s, want %s", tc.games, got, tc.class)
		}
		if got := IsStopper(s); got != tc.stopper {
			t.Errorf("%v: stopper %v, want %v", tc.games, got, tc.stopper)
		}
	}
}
