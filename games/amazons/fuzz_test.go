package amazons

import (
	"testing"

	"nimber/game/gametest"
)

// FuzzParse reads any text as a position: a one-line error, or a position
// whose Format reads back to the same Format.
func FuzzParse(f *testing.F) {
	gametest.FuzzParse(f, Game(), "x.|..", "x...|o...", "x.#|..#|##o", "x. + .o", "", "|", "+", "x.\n.o\n", "x#|#.", ".x|o*", "x...............")
}
