package col

import (
	"errors"
	"strings"
	"testing"

	"nimber/game"
	"nimber/games/internal/pgrid/pgridtest"
)

// TestSnortGolden checks values worked by hand from the rules and
// CGSuite's (GameGraphTest: game.graph.Snort("L-.-.-.-L") = {4|0,+-1} and
// game.graph.Snort(".-.-.(-.;-.)") = +-{3|2}, where a vertex "L" is one
// tinted blue, only Left may colour it, which is our 'l'; the second
// graph is a path of four with a leaf under its third vertex).
func TestSnortGolden(t *testing.T) {
	pgridtest.Golden(t, Snort(), map[string]string{
		".":         "*",
		"..":        "+-1", // either move leaves the mover a cell only they may colour
		"...":       "+-2",
		"L.":        "1",
		"R.":        "-1",
		"L.R":       "0", // the middle cell touches both colours
		"L.L":       "1",
		"l":         "1",
		"r":         "-1",
		"l + r":     "0",
		". + .":     "0",
		"l...l":     "{4|0,+-1}",
		"L.....L":   "{4|0,+-1}",
		"....|##.#": "+-{3|2}",
	}, false)
}

// TestSnortBadInput checks the one-line errors of positions that are not
// Snort boards or are too large: two cells of one colour side by side are
// a Snort position (unlike Col), two of different colours are not.
func TestSnortBadInput(t *testing.T) {
	for _, text := range []string{"LL.", "R|R|.", "LL + RR"} {
		if _, err := Snort().Parse(text); err != nil {
			t.Errorf("Parse(%q): %v, want a position", text, err)
		}
	}
	pgridtest.ParseErrors(t, Snort(), map[string]string{
		"..|.":    "row 2 has 1 cells, row 1 has 2",
		"..|x.":   "row 2, column 1: character 'x' is not one of \".LR#lr\"",
		". + .LR": "board 2: row 1, column 2: L and R cells side by side, which no play of Snort makes",
		"R.|L.":   "row 1, column 1: R and L cells side by side",
	})
	big := strings.Repeat(".", SnortMaxRegion+1)
	_, err := Snort().Parse(big)
	var le *game.LimitError
	if !errors.As(err, &le) || le.Got != SnortMaxRegion+1 || le.Limit != SnortMaxRegion || !strings.HasPrefix(err.Error(), "region 1 (") {
		t.Errorf("%d cells: %v, want a limit of %d cells", SnortMaxRegion+1, err, SnortMaxRegion)
	}
	if _, err := Snort().Parse(big[1:]); err != nil {
		t.Errorf("%d cells: %v, want a position", SnortMaxRegion, err)
	}
}
