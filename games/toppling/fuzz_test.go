package toppling

import (
	"testing"

	"nimber/game/gametest"
)

// FuzzParse reads any text as a position: a one-line error, or a position
// whose Format reads back to the same Format.
func FuzzParse(f *testing.F) {
	gametest.FuzzParse(f, Game(), "lrrlrrl", "lere", "L.R", "l + r", "l r", "", "+", "...", "l\nr", "l|r")
}
