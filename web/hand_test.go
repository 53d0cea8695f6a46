package web

import (
	"slices"
	"strings"
	"testing"

	"nimber/game"
	"nimber/play"
	"nimber/registry"
	"nimber/registry/registrytest"
)

// TestHandMoves: for a position of each game whose moves are made by hand,
// POST /api/partizan with "cells" answers the analysis and, for each side,
// hand moves that reach every move listed, each move's cells on the board
// of its part; without "cells" there is no "hand".
func TestHandMoves(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	for _, tc := range []struct {
		game, position string
		// a hand move of Left's and the move's leaves
		cells  []game.Cell
		leaves string
	}{
		{"domineering", "..|..|.#", []game.Cell{{Row: 1, Col: 0}, {Row: 2, Col: 0}}, "..|#."},
		// Moves that leave nothing of their part (the game's own name of
		// an empty board).
		{"domineering", ".|. + ..", []game.Cell{{Row: 0, Col: 0}, {Row: 1, Col: 0}}, "#"},
		{"clobber", "xo", []game.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}, "."},
		{"col", ".", []game.Cell{{Row: 0, Col: 0}}, "#"},
		{"domineering", "...#|#...|.... + ..|..", []game.Cell{{Row: 0, Col: 1}, {Row: 1, Col: 1}}, ""},
		{"clobber", "xox|ox.", []game.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}, ".xx|ox."},
		{"konane", "xoxo|o.ox|xo.o", []game.Cell{{Row: 2, Col: 0}, {Row: 2, Col: 2}}, ""},
		{"toads-frogs", "TTT..FFF", []game.Cell{{Row: 0, Col: 2}, {Row: 0, Col: 3}}, "TT.T.FFF"},
		{"toads-frogs", "T.TF.F", []game.Cell{{Row: 0, Col: 2}, {Row: 0, Col: 4}}, ""},
		{"col", "R..|...", []game.Cell{{Row: 1, Col: 2}}, ""},
		{"snort", "L..|...", []game.Cell{{Row: 1, Col: 2}}, ""},
		{"cutcake", "3x4 + 2x2", []game.Cell{{Row: 0, Col: 0}, {Row: 1, Col: 0}, {Row: 2, Col: 0}}, "3x1 + 3x3"},
		{"hackenbush", "LRR GG LG", []game.Cell{{Row: 0}}, "0"},
		{"hackenbush", "LRR GG LG", []game.Cell{{Row: 1}}, "G"},
		// Fox and Geese: a goose then where it goes, row 0 at the bottom
		// (square R,C less one).
		{"fox-and-geese", "geese 3,3 3,5 fox 1,1", []game.Cell{{Row: 2, Col: 4}, {Row: 1, Col: 5}}, "geese 2,6 3,3 fox 1,1"},
	} {
		var resp partizanResponse
		answer(t, s, "POST", "/api/partizan/"+tc.game, `{"position": "`+tc.position+`", "cells": true}`, &resp)
		if resp.PartizanState == nil || resp.Hand == nil {
			t.Fatalf("%s %q: no analysis or no hand moves", tc.game, tc.position)
		}
		st := resp.PartizanState
		for side, hand := range map[string][]handMove{"left": resp.Hand.Left, "right": resp.Hand.Right} {
			moves := st.Left
			if side == "right" {
				moves = st.Right
			}
			reached := make([]bool, len(moves))
			for _, h := range hand {
				if h.Move < 0 || h.Move >= len(moves) || h.Part < 0 || h.Part >= len(st.Parts) || len(h.Cells) == 0 {
					t.Fatalf("%s %q: %s's hand move %+v out of range", tc.game, tc.position, side, h)
				}
				if st.Parts[moves[h.Move].Part].Position != st.Parts[h.Part].Position {
					t.Errorf("%s %q: %s's hand move %+v on part %d, its move on a different part", tc.game, tc.position, side, h, h.Part)
				}
				reached[h.Move] = true
			}
			for i, ok := range reached {
				if !ok {
					t.Errorf("%s %q: %s's move %d %+v: no hand move reaches it", tc.game, tc.position, side, i, moves[i])
				}
			}
		}
		i := slices.IndexFunc(resp.Hand.Left, func(h handMove) bool { return slices.Equal(h.Cells, tc.cells) })
		if i < 0 {
			t.Errorf("%s %q: no hand move of Left's on %v in %+v", tc.game, tc.position, tc.cells, resp.Hand.Left)
		} else if m := st.Left[resp.Hand.Left[i].Move]; tc.leaves != "" && m.Leaves != tc.leaves {
			t.Errorf("%s %q: Left's hand move on %v is %+v, want one leaving %q", tc.game, tc.position, tc.cells, m, tc.leaves)
		}
	}
	// A part past maxHandPart has no hand moves (the analysis, made up
	// here, lists one move of it).
	g := registrytest.Game(t, "domineering")
	pg, _ := game.PartizanOf(g)
	long := ".." + strings.Repeat("#", maxHandPart)
	st := &play.PartizanState{Parts: []play.PartizanPart{{Position: long}}, Right: []play.PartizanMove{{Part: 0, Leaves: "0"}}}
	if h := handMovesOf("domineering", pg, st); h == nil || len(h.Left)+len(h.Right) != 0 {
		t.Errorf("a part of %d characters has hand moves %+v", len(long), h)
	}
	st.Parts[0].Position = ".." + strings.Repeat("#", 8)
	if h := handMovesOf("domineering", pg, st); h == nil || len(h.Right) != 1 {
		t.Errorf("a part of 10 characters has hand moves %+v, want Right's one", h)
	}
	if rec := answer(t, s, "POST", "/api/partizan/domineering", `{"position": "..|.."}`, nil); strings.Contains(rec.Body.String(), `"hand"`) {
		t.Errorf("without cells: %s", rec.Body)
	}
	for name := range handGames {
		if _, e, err := registry.Lookup(name); err != nil || !e.Supports().Partizan {
			t.Errorf("hand moves for %q, not a partizan game of the registry", name)
		}
	}
}
