package fission

import (
	"testing"

	"nimber/game/gametest"
)

// FuzzParse reads any text as a position: a one-line error, or a position
// whose Format reads back to the same Format.
func FuzzParse(f *testing.F) {
	gametest.FuzzParse(f, Game(), "....|..x.|....|....", ".x.", ".|x|. + .x.", "#x#", "", "+", "x|xx", "x\n.", "xo")
}
