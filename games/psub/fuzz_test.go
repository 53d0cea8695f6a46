package psub

import (
	"testing"

	"nimber/game/gametest"
)

// FuzzParse reads any text as a position: a one-line error, or a position
// whose Format reads back to the same Format.
func FuzzParse(f *testing.F) {
	g, err := Parse("psub:1,3:2,3")
	if err != nil {
		f.Fatal(err)
	}
	gametest.FuzzParse(f, g, "6", "5 7", "1 + 2", "", "0", "-1", "x", "99999999999999999999")
}
