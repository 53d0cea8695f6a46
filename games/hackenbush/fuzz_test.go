package hackenbush

import (
	"testing"

	"nimber/game/gametest"
)

// FuzzParse reads any text as a position: a one-line error, or a position
// whose Format reads back to the same Format.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"LRR GG", "", " ", "LX", "L\tR\nG",
		`{"edges": [[0,1,"L"],[1,2,"G"],[1,3,"R"]]}`,
		`{"edges": [[0,1,"L"],[1,1,"R"],[0,0,"G"]], "ground": [0, 7]}`,
		`{"edges": [[5,6,"L"]]}`, `{"edges": [[0,1]]}`, `{`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) { gametest.Fuzz(t, Game(), text) })
}
