package rules

import (
	"testing"

	"nimber/game/gametest"
)

// FuzzParse checks that Parse never panics, that its errors are one line
// and that what it accepts reads back from its Format: with the default
// reading of literals, and with the parse and show of a rules file,
// impartial or partizan.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"5", "3\n4", "", "-7", `"xox"`, "(1, (2, 'a'), None, True)", "1, 2", "[1]", "{}",
		"123456789012345678901234567890", `"\xff\n"`, "((((((1,),),),),),)", "0x1f", "3 5", "(3, 5)",
		"x", "1-2-3 4", "HHT.TH", "1 2 3", "3x4+2x2", "3x4\n1x1", "0x5", "3x", " 2x2 + 9x9 ",
	} {
		f.Add(seed)
	}
	literal := load(f, "kayles").Game()
	wythoff := load(f, "wythoff").Game()
	nodes := load(f, "nodekayles").Game()
	coins := load(f, "coins").Game()
	cake := load(f, "cutcake_rules").Game() // partizan
	f.Fuzz(func(t *testing.T, text string) {
		gametest.Fuzz(t, literal, text)
		gametest.Fuzz(t, wythoff, text)
		gametest.Fuzz(t, nodes, text)
		gametest.Fuzz(t, coins, text)
		gametest.Fuzz(t, cake, text)
	})
}
