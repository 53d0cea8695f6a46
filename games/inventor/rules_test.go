package inventor

import (
	"testing"

	"nimber/game/gametest"
)

// TestParsePosition checks Parse, Format and the errors on the cases of
// testdata/positions.txt.
func TestParsePosition(t *testing.T) {
	gametest.CheckParseFile(t, Game(), "testdata/positions.txt")
}

func FuzzParsePosition(f *testing.F) {
	gametest.FuzzParse(f, Game(), "X.X\n.X.", "o..\n.o.\n..o", "XX\nXo")
}
