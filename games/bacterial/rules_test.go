package bacterial

import (
	"slices"
	"strings"
	"testing"

	"nimber/game/gametest"
)

// TestParsePosition checks Parse, Format and the errors on the cases of
// testdata/positions.txt, and the parts of a split board.
func TestParsePosition(t *testing.T) {
	g := Game()
	gametest.CheckParseFile(t, g, "testdata/positions.txt")
	pos, _ := g.Parse(".x.\nxxx\n..#")
	if parts := g.Parts(pos); len(parts) != 3 || !slices.Equal(strings.Split(g.Format(parts[2]), "\n"), []string{"xxx", "xxx", "..#", ""}) {
		t.Errorf("parts of a split board: %d, the last %q", len(parts), g.Format(parts[len(parts)-1]))
	}
}

func FuzzParsePosition(f *testing.F) {
	gametest.FuzzParse(f, Game(), "..\n.#", ".x\n..", "x", "#.\n.#\nxx")
}
