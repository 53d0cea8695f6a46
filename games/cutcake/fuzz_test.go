package cutcake

import (
	"testing"

	"nimber/game/gametest"
)

// FuzzParse reads any text as a position: a one-line error, or a position
// whose Format reads back to the same Format.
func FuzzParse(f *testing.F) {
	gametest.FuzzParse(f, Game(), "2x3", "1x1", "8x8 + 3x2", "", "+", "x", "2x", "0x0", "2X3")
}
