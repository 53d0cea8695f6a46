package konane

import (
	"testing"

	"nimber/games/internal/pgrid/pgridtest"
)

// FuzzParse reads any text as a position: a one-line error, or a position
// whose Format reads back to the same Format.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"..|..", "xo.|.ox", ".#.|...", "xo. + .ox", "", "|", "+", "..\n..\n", "xo.......ox", ".x|o#"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) { pgridtest.FuzzParse(t, Game(), text) })
}
