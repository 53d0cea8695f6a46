package col

import (
	"testing"

	"nimber/games/internal/pgrid/pgridtest"
)

// FuzzParse reads any text as a position: a one-line error, or a position
// whose Format reads back to the same Format.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"..|..", "L.R|...", ".#.|...", ". + l", "", "|", "+", "..\n..\n", "LL", "r.l"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) { pgridtest.FuzzParse(t, Game(), text) })
}

// FuzzSnortParse reads any text as a Snort position: a one-line error,
// or a position whose Format reads back to the same Format.
func FuzzSnortParse(f *testing.F) {
	for _, s := range []string{"..|..", "L.L|...", ".#.|...", ". + l", "", "|", "+", "..\n..\n", "LR", "r.l", "LL"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) { pgridtest.FuzzParse(t, Snort(), text) })
}
