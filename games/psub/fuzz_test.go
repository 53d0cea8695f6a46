package psub

import (
	"testing"

	"nimber/game/gametest"
)

// FuzzParse reads any text as a position: a one-line error, or a position
// whose Format reads back to the same Format.
func FuzzParse(f *testing.F) {
	gametest.FuzzParse(f, open(f, "psub:1,3:2,3"), "6", "5 7", "1 + 2", "", "0", "-1", "x", "99999999999999999999", "301")
}

// FuzzName reads any text as a game's name: a one-line error, or a game
// whose name reads back to itself.
func FuzzName(f *testing.F) {
	gametest.FuzzName(f, parseRules, "psub:1,3:2,3", "psub::", "pheap:0.07:4.07", "pheap:grundy:0.8F", "pheap:0.07", "psub:1:x", "pheap::")
}
