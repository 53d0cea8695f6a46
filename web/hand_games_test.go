package web

import (
	"nimber/game"
	"nimber/registry"
)

// handGames yields the names of the registry's games whose moves the
// partizan page makes by hand: those whose rules list their hand moves
// (game.HandMover), which TestHandMoves holds to be partizan games of the
// registry. A family's entry is named by a pattern, and left out.
func handGames(yield func(string) bool) {
	for _, e := range registry.Entries() {
		if e.Family() {
			continue
		}
		g, err := e.ExampleGame()
		if err != nil {
			continue
		}
		if pg, ok := game.PartizanOf(g); ok {
			if _, ok := pg.HandMoves("", game.Left); ok && !yield(e.Name) {
				return
			}
		}
	}
}
