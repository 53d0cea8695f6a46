package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"nimber/game"
	"nimber/play"
)

// handAnswer is POST /api/partizan's answer with "cells": the analysis and
// each side's moves by hand.
type handAnswer struct {
	play.PartizanState
	Hand struct {
		Left, Right []struct {
			Part  int
			Cells []game.Cell
			Cut   string
			Move  int
		}
	}
}

// handState asks the server for the analysis of a partizan position with
// its moves by hand, Left to move.
func handState(t *testing.T, base, name, position string) handAnswer {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"position": position, "move": "left", "cells": true})
	resp, err := http.Post(base+"/api/partizan/"+name, "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var a handAnswer
	if err := json.NewDecoder(resp.Body).Decode(&a); err != nil {
		t.Fatal(err)
	}
	return a
}

// target is the board target of a key ("part:row,col", "part:v3").
func target(key string) chromedp.CSS {
	return chromedp.CSS(fmt.Sprintf(`#board [data-key=%q]`, key))
}

// TestBrowserPartizanHand plays a move of Left's on the board of every
// partizan game the page plays by hand, by clicking real cells (a square,
// a stone and where it goes, a cut line, an edge): the position reached
// is the one the API's move leaves, and Right is to move. On Domineering
// it checks the rest: an illegal click explained in words, a picked
// square and its targets, a move of the list hovered marked on the board
// and a square hovered marking its moves in the list, and a move made by
// the keyboard alone (arrows, Enter).
func TestBrowserPartizanHand(t *testing.T) {
	b, ts, dir := newPageTest(t)
	for _, tc := range []struct {
		game, position string
		clicks         []string    // the keys clicked
		part           int         // the hand move they make: its part
		cells          []game.Cell // and its cells
	}{
		{"domineering", "..|..|.#", []string{"0:1,0", "0:2,0"}, 0, []game.Cell{{Row: 1, Col: 0}, {Row: 2, Col: 0}}},
		{"clobber", "xox|ox.", []string{"0:0,0", "0:0,1"}, 0, []game.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}},
		{"konane", "xo.o.|.....", []string{"0:0,0", "0:0,4"}, 0, []game.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 4}}},
		{"toads-frogs", "TTT..FFF", []string{"0:0,2"}, 0, []game.Cell{{Row: 0, Col: 2}, {Row: 0, Col: 3}}},
		{"col", "R..|...", []string{"0:1,2"}, 0, []game.Cell{{Row: 1, Col: 2}}},
		{"snort", "L..|...", []string{"0:1,2"}, 0, []game.Cell{{Row: 1, Col: 2}}},
		{"cutcake", "3x4", []string{"0:v0"}, 0, []game.Cell{{Row: 0, Col: 0}, {Row: 1, Col: 0}, {Row: 2, Col: 0}}},
		{"hackenbush", "LRR GG LG", []string{"1:1,0"}, 1, []game.Cell{{Row: 1}}},
	} {
		a := handState(t, ts.URL, tc.game, tc.position)
		i := slices.IndexFunc(a.Hand.Left, func(h struct {
			Part  int
			Cells []game.Cell
			Cut   string
			Move  int
		}) bool {
			return h.Part == tc.part && slices.Equal(h.Cells, tc.cells)
		})
		if i < 0 {
			t.Fatalf("%s %q: the API has no hand move of Left's on part %d, cells %v: %+v", tc.game, tc.position, tc.part, tc.cells, a.Hand.Left)
		}
		want := a.Left[a.Hand.Left[i].Move]
		b.do("open "+tc.game, chromedp.Navigate(ts.URL+"/partizan?game="+tc.game+"&position="+url.QueryEscape(tc.position)+"&move=left"))
		waitFor[bool](b, tc.game+"'s board", fmt.Sprintf(`document.querySelectorAll('#moves button.move').length === %d && document.querySelectorAll('#board .hit.live').length > 0`, len(a.Left)))
		for _, k := range tc.clicks {
			b.do("click "+k, chromedp.Click(target(k)))
		}
		waitFor[bool](b, tc.game+": the move played", fmt.Sprintf(`new URLSearchParams(location.search).get('position') === %q && document.querySelector('#turn').textContent.startsWith('Right to move')`, want.Position))
		if got := eval[string](b, "the position", `new URLSearchParams(location.search).get('position')`); got != want.Position {
			t.Errorf("%s %q: clicking %v left %q, want %q", tc.game, tc.position, tc.clicks, got, want.Position)
		}
		if tc.game == "domineering" {
			b.screenshot(dir, "partizan-hand-"+tc.game+".png")
		}
	}

	// Domineering: an illegal click, a square picked and its targets,
	// hovering both ways, Escape.
	const board = "..|..|.#"
	a := handState(t, ts.URL, "domineering", board)
	b.do("open Domineering", chromedp.Navigate(ts.URL+"/partizan?game=domineering&position="+url.QueryEscape(board)+"&move=left"))
	waitFor[bool](b, "the board", `document.querySelectorAll('#board .hit.live').length > 0`)
	b.do("click a filled square", chromedp.Click(target("0:2,1")))
	if msg := waitFor[string](b, "the explanation", `document.querySelector('#hand-msg').textContent`); msg != "That square is filled." {
		t.Errorf("a click on a filled square says %q", msg)
	}
	b.do("click the square of one domino", chromedp.Click(target("0:0,1")))
	msg := waitFor[string](b, "the move played at once", `new URLSearchParams(location.search).get('position') !== '..|..|.#' && new URLSearchParams(location.search).get('position')`)
	if msg != ".|.|." {
		t.Errorf("a click on the only domino of row 1, column 2 left %q, want .|.|.", msg)
	}
	b.do("back", chromedp.Navigate(ts.URL+"/partizan?game=domineering&position="+url.QueryEscape(board)+"&move=left"))
	waitFor[bool](b, "the board", `document.querySelectorAll('#board .hit.live').length > 0`)
	b.do("pick the middle square", chromedp.Click(target("0:1,0")))
	waitFor[bool](b, "the picked square and its two targets", `document.querySelectorAll('#board .h-pick').length === 1 && document.querySelectorAll('#board .h-target').length === 2 && document.querySelector('#hand-msg').textContent.startsWith('Picked row 2, column 1')`)
	b.do("escape", chromedp.Focus(target("0:1,0")), chromedp.KeyEvent(kb.Escape))
	waitFor[bool](b, "nothing picked", `document.querySelectorAll('#board .h-pick').length === 0`)
	for i, m := range a.Left {
		var keys []string
		for _, h := range a.Hand.Left {
			if h.Move == i {
				for _, c := range h.Cells {
					keys = append(keys, fmt.Sprintf("0:%d,%d", c.Row, c.Col))
				}
			}
		}
		got := eval[[]string](b, "the move hovered", fmt.Sprintf(`(() => { document.querySelector('#moves button[data-i="%d"]').dispatchEvent(new PointerEvent('pointerover', {bubbles: true}));
			return [...document.querySelectorAll('#board .hl')].map(e => e.dataset.key).sort() })()`, i))
		slices.Sort(keys)
		if !slices.Equal(got, keys) {
			t.Errorf("hovering move %d (%s) marks %v, want %v", i, m.Leaves, got, keys)
		}
	}
	hovered := eval[[]string](b, "a square hovered", `(() => { document.querySelector('#board [data-key="0:1,0"]').dispatchEvent(new PointerEvent('pointerover', {bubbles: true}));
		return [...document.querySelectorAll('#moves button.hl')].map(e => e.dataset.i) })()`)
	if len(hovered) != 2 {
		t.Errorf("hovering row 2, column 1 marks list entries %v, want its two moves", hovered)
	}

	// The keyboard alone: Tab's stop is the first square with a move (row
	// 1, column 1); an arrow right, then Enter, places the only domino of
	// row 1, column 2.
	b.do("focus the board", chromedp.Focus(chromedp.CSS(`#board [tabindex="0"]`)))
	if k := eval[string](b, "the focused square", `document.activeElement.dataset.key`); k != "0:0,0" {
		t.Errorf("the board's tab stop is %q, want 0:0,0", k)
	}
	b.do("arrow right, Enter", chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.Enter))
	waitFor[bool](b, "the move by keyboard", `new URLSearchParams(location.search).get('position') === '.|.|.' && document.querySelector('#turn').textContent.startsWith('Right to move')`)
}
