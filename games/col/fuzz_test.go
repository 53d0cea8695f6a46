package col

import (
	"testing"

	"nimber/game/gametest"
)

// FuzzParse reads any text as a position: a one-line error, or a position
// whose Format reads back to the same Format.
func FuzzParse(f *testing.F) {
	gametest.FuzzParse(f, Game(), "..|..", "L.R|...", ".#.|...", ". + l", "", "|", "+", "..\n..\n", "LL", "r.l")
}

// FuzzSnortParse reads any text as a Snort position: a one-line error,
// or a position whose Format reads back to the same Format.
func FuzzSnortParse(f *testing.F) {
	gametest.FuzzParse(f, Snort(), "..|..", "L.L|...", ".#.|...", ". + l", "", "|", "+", "..\n..\n", "LR", "r.l", "LL")
}
