package web_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"nimber/game"
	"nimber/play"
)

// handMove is a move by hand of POST /api/partizan's answer.
type handMove struct {
	Part  int
	Cells []game.Cell
	Cut   string
	Move  int
}

// keys are the page's keys of the targets h points at, in order.
func (h handMove) keys() []string {
	switch h.Cut {
	case "vertical":
		return []string{fmt.Sprintf("%d:v%d", h.Part, h.Cells[0].Col)}
	case "horizontal":
		return []string{fmt.Sprintf("%d:h%d", h.Part, h.Cells[0].Row)}
	}
	var k []string
	for _, c := range h.Cells {
		k = append(k, fmt.Sprintf("%d:%d,%d", h.Part, c.Row, c.Col))
	}
	return k
}

// handAnswer is POST /api/partizan's answer with "cells": the analysis and
// each side's moves by hand.
type handAnswer struct {
	play.PartizanState
	Hand struct{ Left, Right []handMove }
}

// handState asks the server for the analysis of a partizan position with
// its moves by hand, Left to move.
func handState(t *testing.T, base, name, position string) handAnswer {
	t.Helper()
	return handSideState(t, base, name, position, "left")
}

// handSideState is handState with side to move.
func handSideState(t *testing.T, base, name, position, side string) handAnswer {
	t.Helper()
	return postPartizan[handAnswer](t, base, name, map[string]any{"position": position, "move": side, "cells": true})
}

// target is the board target of a key ("part:row,col", "part:v3").
func target(key string) chromedp.CSS {
	return chromedp.CSS(fmt.Sprintf(`#board [data-key=%q]`, key))
}

// centre returns where the centre of the board target of key is on the
// page, for a drag.
func centre(b *browser, key string) [2]float64 {
	return eval[[2]float64](b, "where "+key+" is", fmt.Sprintf(`(() => { const r = document.querySelector('#board [data-key=%q]').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2] })()`, key))
}

// TestBrowserPartizanHand plays a move of Left's on the board of every
// partizan game the page plays by hand, by clicking real cells (a square,
// a stone and where it goes, a cut line, an edge): the position reached
// is the one the API's move leaves, and Right is to move. On Domineering
// it checks the rest: an illegal click explained in words, a picked
// square and its targets, a move of the list hovered marked on the board
// and a square hovered marking its moves in the list, a domino dragged
// (previewed before the drop), and a move made by the keyboard alone
// (arrows, Enter); in Col, a move of each player by Enter, the focus kept
// on the board between them.
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
		{"fox-and-geese", "geese 3,3 3,5 fox 1,1", []string{"0:2,4", "0:1,5"}, 0, []game.Cell{{Row: 2, Col: 4}, {Row: 1, Col: 5}}},
	} {
		a := handState(t, ts.URL, tc.game, tc.position)
		i := slices.IndexFunc(a.Hand.Left, func(h handMove) bool {
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

	// A drag from row 2, column 1 to row 3, column 1 previews that domino
	// and plays it.
	from, to := centre(b, "0:1,0"), centre(b, "0:2,0")
	b.do("drag", chromedp.MouseEvent("mouseMoved", from[0], from[1]),
		chromedp.MouseEvent("mousePressed", from[0], from[1], chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.MouseEvent("mouseMoved", to[0], to[1], chromedp.ButtonLeft))
	if got := eval[[]string](b, "the domino previewed", `[...document.querySelectorAll('#board .hl')].map(e => e.dataset.key).sort()`); !slices.Equal(got, []string{"0:1,0", "0:2,0"}) {
		t.Errorf("dragging marks %v, want the domino 0:1,0 0:2,0", got)
	}
	b.do("drop", chromedp.MouseEvent("mouseReleased", to[0], to[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
	waitFor[bool](b, "the domino dragged", `new URLSearchParams(location.search).get('position') === '..|#.' && document.querySelector('#turn').textContent.startsWith('Right to move')`)
	b.do("back", chromedp.Navigate(ts.URL+"/partizan?game=domineering&position="+url.QueryEscape(board)+"&move=left"))
	waitFor[bool](b, "the board", `document.querySelectorAll('#board .hit.live').length > 0`)

	// The keyboard alone: Tab's stop is the first square with a move (row
	// 1, column 1); an arrow right, then Enter, places the only domino of
	// row 1, column 2.
	b.do("focus the board", chromedp.Focus(chromedp.CSS(`#board [tabindex="0"]`)))
	if k := eval[string](b, "the focused square", `document.activeElement.dataset.key`); k != "0:0,0" {
		t.Errorf("the board's tab stop is %q, want 0:0,0", k)
	}
	b.do("arrow right, Enter", chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.Enter))
	waitFor[bool](b, "the move by keyboard", `new URLSearchParams(location.search).get('position') === '.|.|.' && document.querySelector('#turn').textContent.startsWith('Right to move')`)

	// Col by the keyboard: Enter colours Left's first square; the focus
	// stays on the board, and Enter again plays Right's first.
	b.do("col", chromedp.Navigate(ts.URL+"/partizan?game=col&position="+url.QueryEscape("R..|...")+"&move=left"))
	waitFor[bool](b, "the board", `document.querySelectorAll('#board .hit.live').length > 0`)
	b.do("focus, Enter", chromedp.Focus(chromedp.CSS(`#board [tabindex="0"]`)), chromedp.KeyEvent(kb.Enter))
	waitFor[bool](b, "Right's turn, the focus on the board", `document.querySelector('#turn').textContent.startsWith('Right to move') && document.activeElement.closest('#board') !== null && document.activeElement.classList.contains('live')`)
	b.do("Enter", chromedp.KeyEvent(kb.Enter))
	waitFor[bool](b, "Left's turn again", `document.querySelector('#turn').textContent.startsWith('Left to move') && history.state.depth === 2`)
}

// TestBrowserFoxGeeseHand plays Fox and Geese on the board, whose cells
// are the squares less one, row 0 at the bottom: a click on the fox in
// Left's turn explained, a move of the list hovered marking its goose and
// square and a goose hovered marking its moves, a goose picked with its two
// squares marked, a square it cannot reach explained, then the goose moved;
// the fox moved by the keyboard alone (its one move played by Enter), which
// gets it past the geese so that Left has no move; an escaped fox's pass by
// a click on the fox (a click on a goose explained). Fox and Geese has no
// draw (the geese only move down, so Left's moves run out); a draw reached
// by hand is Backsliding Toads and Frogs', shown as one.
func TestBrowserFoxGeeseHand(t *testing.T) {
	b, ts, dir := newPageTest(t)
	const start = "geese 3,3 3,5 fox 1,1"
	open := func(position, side string) {
		b.do("open "+position, chromedp.Navigate(ts.URL+"/partizan?game=fox-and-geese&position="+url.QueryEscape(position)+"&move="+side))
		waitFor[bool](b, "the board", fmt.Sprintf(`new URLSearchParams(location.search).get('position') === %q && document.querySelectorAll('#board rect.hit.live').length > 0`, position))
	}
	msg := func(prefix string) string {
		return waitFor[string](b, "the message", fmt.Sprintf(`document.querySelector('#hand-msg').textContent.startsWith(%q) && document.querySelector('#hand-msg').textContent`, prefix))
	}
	open(start, "left")
	if n := eval[int](b, "the used squares", `document.querySelectorAll('#board rect.hit').length`); n != 32 {
		t.Errorf("%d squares are targets, want the 32 used ones of 8 x 8", n)
	}
	if l := eval[string](b, "the fox's label", `document.querySelector('#board [data-key="0:0,0"]').getAttribute('aria-label')`); l != "square 1,1 (fox), no move" {
		t.Errorf("the fox's square is labelled %q", l)
	}
	b.do("click the fox", chromedp.Click(target("0:0,0")))
	msg("Left moves the geese (white), not the fox")

	a := handState(t, ts.URL, "fox-and-geese", start)
	for i, m := range a.Left {
		var keys []string
		for _, h := range a.Hand.Left {
			if h.Move == i {
				keys = append(keys, h.keys()...)
			}
		}
		got := eval[[]string](b, "the move hovered", fmt.Sprintf(`(() => { document.querySelector('#moves button[data-i="%d"]').dispatchEvent(new PointerEvent('pointerover', {bubbles: true}));
			return [...document.querySelectorAll('#board .hl')].map(e => e.dataset.key).sort() })()`, i))
		slices.Sort(keys)
		if len(keys) != 2 || !slices.Equal(got, keys) {
			t.Errorf("hovering move %d (%s) marks %v, want %v", i, m.Leaves, got, keys)
		}
	}
	hovered := eval[[]string](b, "a goose hovered", `(() => { document.querySelector('#board [data-key="0:2,4"]').dispatchEvent(new PointerEvent('pointerover', {bubbles: true}));
		return [...document.querySelectorAll('#moves button.hl')].map(e => e.dataset.i) })()`)
	if len(hovered) != 2 {
		t.Errorf("hovering the goose on 3,5 marks list entries %v, want its two moves", hovered)
	}

	b.do("pick the goose on 3,5", chromedp.Click(target("0:2,4")))
	waitFor[bool](b, "the goose picked and its two squares", `document.querySelectorAll('#board .h-pick').length === 1 && document.querySelectorAll('#board .h-target').length === 2`)
	msg("Picked square 3,5: now pick where it goes")
	b.do("a square it cannot reach", chromedp.Click(target("0:0,2")))
	if m := msg("No move"); m != "No move goes from square 3,5 to square 1,3. A goose moves one square diagonally down, onto an empty square: pick a goose (white), then one of its squares marked." {
		t.Errorf("a square the goose cannot reach says %q", m)
	}
	b.do("pick the goose again", chromedp.Click(target("0:2,4")))
	waitFor[bool](b, "picked", `document.querySelectorAll('#board .h-target').length === 2`)
	b.do("move it to 2,6", chromedp.Click(target("0:1,5")))
	waitFor[bool](b, "Right's turn", `new URLSearchParams(location.search).get('position') === 'geese 2,6 3,3 fox 1,1' && document.querySelector('#turn').textContent.startsWith('Right to move')`)
	b.screenshot(dir, "partizan-hand-fox-and-geese.png")

	// The fox's one move by the keyboard: the board's tab stop is the fox.
	waitFor[bool](b, "the board", `document.querySelectorAll('#board rect.hit.live').length > 0`)
	b.do("focus the board", chromedp.Focus(chromedp.CSS(`#board [tabindex="0"]`)))
	if k := eval[string](b, "the focused square", `document.activeElement.dataset.key`); k != "0:0,0" {
		t.Errorf("the board's tab stop is %q, want the fox, 0:0,0", k)
	}
	b.do("Enter", chromedp.KeyEvent(kb.Enter))
	waitFor[bool](b, "the fox past the geese", `new URLSearchParams(location.search).get('position') === 'geese 2,6 3,3 fox 2,2' && document.querySelector('#turn').textContent.startsWith('Left to move has no move: Right wins')`)

	// An escaped fox passes: a click on a goose explained, a click on the
	// fox leaves the board as it is, Left to move, who has no move.
	const escaped = "geese 3,3 fox 4,4"
	open(escaped, "right")
	b.do("click the goose", chromedp.Click(target("0:2,2")))
	msg("The fox has got past the geese and can never be caught")
	b.do("click the fox", chromedp.Click(target("0:3,3")))
	waitFor[bool](b, "the pass", fmt.Sprintf(`new URLSearchParams(location.search).get('position') === %q && new URLSearchParams(location.search).get('move') === 'left' && document.querySelector('#turn').textContent.startsWith('Left to move has no move: Right wins')`, escaped))

	// A draw reached by hand: Backsliding Toads and Frogs, a drawn start
	// whose toad's one move keeps the draw.
	b.do("backsliding", chromedp.Navigate(ts.URL+"/partizan?game=backsliding-toads-frogs&position=TTT..FFF&move=left"))
	waitFor[bool](b, "the draw", `document.querySelector('#turn').textContent.includes('goes on for ever: a draw') && document.querySelectorAll('#board .hit.live').length > 0`)
	b.do("click the third toad", chromedp.Click(target("0:0,2")))
	waitFor[bool](b, "still a draw", `new URLSearchParams(location.search).get('position') === 'TT.T.FFF' && document.querySelector('#turn').textContent.startsWith('Right to move') && document.querySelector('#turn').textContent.includes('goes on for ever: a draw')`)
}

// TestBrowserPlayHand plays the impartial play page by hand: a whole game
// of Nim against the engine by heap clicks and amounts typed; heaps of Nim
// and of 0.77 picked by a click, the amount typed (one too large and one
// the game does not allow explained in words, the three ways to take one marked, a
// legal one played); a heap hovered marks its moves in the list; on Bacterial
// Tactics a move of the list hovered marks its cells on the board, a cell
// hovered marks the moves through it in the list, and a move is played by
// the keyboard alone.
func TestBrowserPlayHand(t *testing.T) {
	b, _, dir := newPageTest(t)
	openPlay(b, "nim")
	loadPosition(b, "#position-line", "3 4 5", 0)
	waitFor[bool](b, "three heaps", `document.querySelectorAll('#heaps button.heap').length === 3 && !document.querySelector('#heaps').hidden`)
	n := eval[int](b, "hover heap 3", `(() => { document.querySelector('#heaps button[data-part="2"]').dispatchEvent(new PointerEvent('pointerover', {bubbles: true}));
		return document.querySelectorAll('#legal button.hl').length })()`)
	if n != 5 {
		t.Errorf("hovering heap 3 (5 tokens) marks %d moves, want 5", n)
	}
	b.do("pick heap 3", chromedp.Click(chromedp.CSS(`#heaps button[data-part="2"]`)))
	waitFor[bool](b, "the amount box", `document.activeElement && document.activeElement.id === 'heap-take'`)
	b.do("take 9", chromedp.SendKeys(chromedp.ID("heap-take"), "9\r"))
	if msg := waitFor[string](b, "too many", `document.querySelector('#heap-msg').textContent`); msg != "heap 3 has only 5 tokens." {
		t.Errorf("taking 9 from 5 says %q", msg)
	}
	b.screenshot(dir, "play-heap-pick.png")
	eval[bool](b, "take 2", setInput("#heap-take", "2"))
	b.do("play", chromedp.Click(chromedp.CSS(`#heap-form button[type=submit]`)))
	waitPlay(b, "the move played", `document.querySelector('#moves li') && document.querySelector('#moves li').textContent === 'heap 3: take 2, leaving 3 (you)'`)

	// A whole game of Nim on 2 3 5 against the engine, by heap clicks and
	// amounts typed only: each time the first move listed.
	openPlay(b, "nim")
	loadPosition(b, "#position-line", "2 3 5", 0)
	for turn := 0; ; turn++ {
		if turn > 20 {
			t.Fatal("nim 2 3 5: no end after 20 turns")
		}
		waitPlay(b, "the human's turn", `document.querySelector('#turn').textContent.startsWith('Game over') || !document.querySelector('#heaps').hidden`)
		if eval[bool](b, "over", `document.querySelector('#turn').textContent.startsWith('Game over')`) {
			break
		}
		first := eval[string](b, "the first move", `document.querySelector('#legal button[data-i="0"]').textContent`)
		var heap, size, take int
		if _, err := fmt.Sscanf(first, "heap %d (%d): take %d,", &heap, &size, &take); err != nil {
			t.Fatalf("the first move reads %q: %v", first, err)
		}
		played := eval[int](b, "the moves played", `document.querySelectorAll('#moves li').length`)
		b.do("pick the heap", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#heaps button[data-part="%d"]`, heap-1))))
		waitFor[bool](b, "the amount box", `document.querySelector('#heap-take') !== null`)
		eval[bool](b, "the amount", setInput("#heap-take", fmt.Sprint(take)))
		b.do("play", chromedp.Click(chromedp.CSS(`#heap-form button[type=submit]`)))
		waitPlay(b, "the move and the answer", fmt.Sprintf(`document.querySelectorAll('#moves li').length > %d && (document.querySelector('#turn').textContent.startsWith('Game over') || document.querySelectorAll('#moves li').length > %d)`, played, played+1))
	}
	if got := eval[string](b, "the end", `document.querySelector('#turn').textContent`); !strings.Contains(got, "wins") {
		t.Errorf("the end of nim 2 3 5 says %q", got)
	}

	// 0.77 takes one or two tokens (leaving one heap or two).
	openPlay(b, "0.77")
	loadPosition(b, "#position-line", "6", 0)
	b.do("pick the heap", chromedp.Click(chromedp.CSS(`#heaps button[data-part="0"]`)))
	waitFor[bool](b, "the amount box", `document.querySelector('#heap-take') !== null`)
	eval[bool](b, "take 3", setInput("#heap-take", "3"))
	b.do("play", chromedp.Click(chromedp.CSS(`#heap-form button[type=submit]`)))
	if msg := waitFor[string](b, "a forbidden amount", `document.querySelector('#heap-msg').textContent.startsWith('This') && document.querySelector('#heap-msg').textContent`); msg != "This game does not let you take 3 from heap 1: you may take 1, 2." {
		t.Errorf("taking 3 in 0.77 says %q", msg)
	}
	eval[bool](b, "take 1", setInput("#heap-take", "1"))
	b.do("play", chromedp.Click(chromedp.CSS(`#heap-form button[type=submit]`)))
	if msg := waitFor[string](b, "three ways", `document.querySelector('#heap-msg').textContent.startsWith('Taking') && document.querySelector('#heap-msg').textContent`); !strings.HasPrefix(msg, "Taking 1 can be done 3 ways") ||
		eval[int](b, "the ways marked", `document.querySelectorAll('#heap-pick button.hl').length`) != 3 {
		t.Errorf("taking 1 in 0.77 from 6 says %q", msg)
	}

	// Bacterial Tactics: a click on a radioactive cell explained, hovering
	// both ways, then the keyboard.
	openPlay(b, "bacterial-tactics")
	loadPosition(b, "#position-text", "#...\n....\n....\n", 12)
	b.do("click a radioactive cell", chromedp.Click(cell(0, 0)))
	if msg := waitFor[string](b, "the explanation", `document.querySelector('#error').textContent`); msg != "Row 1, column 1 (radioactive cell): no legal move uses this cell." {
		t.Errorf("a click on a radioactive cell says %q", msg)
	}
	loadPosition(b, "#position-text", "....\n....\n....\n", 12)
	st := apiState(t, b.url, "bacterial-tactics", "....\n....\n....\n", nil, false)
	for i, m := range st.Legal[:3] {
		got := eval[int](b, "hover a move", fmt.Sprintf(`(() => { document.querySelector('#legal button[data-i="%d"]').dispatchEvent(new PointerEvent('pointerover', {bubbles: true}));
			return document.querySelectorAll('#board rect.hlc').length })()`, i))
		if got != len(m.Cells) {
			t.Errorf("hovering move %d (%s) marks %d cells, want %d", i, m.Text, got, len(m.Cells))
		}
	}
	through, _ := candidates(st, game.Cell{Row: 1, Col: 1})
	got := eval[int](b, "hover a cell", `(() => { document.querySelector('#board rect.cell[data-r="1"][data-c="1"]').dispatchEvent(new PointerEvent('pointerover', {bubbles: true}));
		return document.querySelectorAll('#legal button.hl').length })()`)
	if got != len(through) {
		t.Errorf("hovering row 2, column 2 marks %d moves, want %d", got, len(through))
	}
	b.do("keyboard", chromedp.Focus(chromedp.CSS(`#board svg`)), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.Enter))
	waitPlay(b, "the cell picked by Enter", `document.querySelectorAll('#board rect.sel').length === 1`)
	b.do("the second cell", chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.Enter))
	waitPlay(b, "a move played by the keyboard", `document.querySelectorAll('#moves li').length >= 1`)
}

// TestBrowserPlayScreens takes the screenshots of docs/images: each play
// page at 1280 and 360 px wide in the middle of a move by hand (a
// Domineering square picked with its two dominoes marked, a Bacterial
// Tactics cell picked with its colonies offered, a heap picked with the
// amount box), the partizan explorer with a path, and the value page's
// explorer two steps into a game typed in CGSuite's notation; at 360 px no
// page is wider than the window.
func TestBrowserPlayScreens(t *testing.T) {
	b, ts, dir := newPageTest(t)
	defer b.do("the window's size back", chromedp.EmulateViewport(1280, 1100))
	for _, w := range []int64{1280, 360} {
		b.do("viewport", chromedp.EmulateViewport(w, 900))
		wide := func(page string) {
			t.Helper()
			if sw := eval[int](b, "scroll width", `document.documentElement.scrollWidth`); w == 360 && sw > 360 {
				t.Errorf("%s at 360 px: the page is %d px wide", page, sw)
			}
		}
		// A path: one of Right's options explored, and back.
		b.do("domineering", chromedp.Navigate(ts.URL+"/partizan?game=domineering&position="+url.QueryEscape("....|....|....")+"&move=left"))
		waitFor[bool](b, "the options", `document.querySelectorAll('#options a.option[data-side="right"]').length > 1`)
		b.do("explore an option", chromedp.Click(chromedp.CSS(`#options a.option[data-side="right"][data-i="1"]`)))
		waitFor[bool](b, "the option", `document.querySelectorAll('#trail button.crumb').length === 1 && document.querySelectorAll('#board .hit.live').length > 0`)
		b.do("back by the crumb", chromedp.Click(chromedp.CSS(`#trail button[data-crumb="0"]`)))
		waitFor[bool](b, "the board", `new URLSearchParams(location.search).get('position') === '....|....|....' && document.querySelectorAll('#trail li.ahead').length === 1 &&
			document.querySelectorAll('#board .hit.live').length > 0 && document.querySelector('#thermograph svg') !== null`)
		b.do("pick a square", chromedp.Click(target("0:1,1")))
		waitFor[bool](b, "the square picked", `document.querySelectorAll('#board .h-target').length === 2`)
		wide("the partizan page")
		b.screenshot(dir, fmt.Sprintf("play-partizan-%d.png", w))

		b.do("clobber", chromedp.Navigate(ts.URL+"/partizan?game=clobber&position="+url.QueryEscape("xoxo|oxox|xo..")+"&move=left"))
		waitFor[bool](b, "the board", `document.querySelectorAll('#board .hit.live').length > 0 && document.querySelectorAll('#options a.option').length > 0`)
		b.do("pick a stone", chromedp.Click(target("0:1,1")))
		waitFor[bool](b, "the stone picked", `document.querySelectorAll('#board .h-target').length > 1`)
		wide("the partizan page, Clobber")
		b.screenshot(dir, fmt.Sprintf("play-partizan-clobber-%d.png", w))

		openPlay(b, "bacterial-tactics")
		loadPosition(b, "#position-text", "....\n....\n....\n", 12)
		b.do("pick a cell", chromedp.Click(cell(1, 1)))
		waitPlay(b, "the candidates", `document.querySelectorAll('#candidates button.cand').length > 1`)
		wide("the play page")
		b.screenshot(dir, fmt.Sprintf("play-impartial-%d.png", w))

		openPlay(b, "nim")
		loadPosition(b, "#position-line", "3 4 5", 0)
		b.do("pick heap 2", chromedp.Click(chromedp.CSS(`#heaps button[data-part="1"]`)))
		waitFor[bool](b, "the amount box", `document.querySelector('#heap-take') !== null`)
		wide("the play page, heaps")
		b.screenshot(dir, fmt.Sprintf("play-heaps-%d.png", w))

		// The value page's explorer: a game typed in CGSuite's notation,
		// two steps into its options (Left's, then Right's of that).
		b.do("value", chromedp.Navigate(ts.URL+"/value?expr="+url.QueryEscape("{5||4|2|||-1}")))
		waitFor[bool](b, "the options", `document.querySelector('#canonical')?.textContent === '{5||4|2|||-1}' && document.querySelectorAll('#facts a.option').length === 2`)
		b.do("Left's option", chromedp.Click(chromedp.CSS(`#facts a.option[data-expr="{5||4|2}"]`)))
		waitFor[bool](b, "{5||4|2}", `document.querySelector('#canonical')?.textContent === '{5||4|2}' && document.querySelectorAll('#facts a.option').length === 2`)
		b.do("Right's option of that", chromedp.Click(chromedp.CSS(`#facts a.option[data-expr="{4|2}"]`)))
		waitFor[bool](b, "{4|2}, two steps in", `document.querySelector('#canonical')?.textContent === '{4|2}' && document.querySelectorAll('#trail button.crumb').length === 2 && document.querySelector('#thermograph svg') !== null`)
		wide("the value page")
		b.screenshot(dir, fmt.Sprintf("value-explore-%d.png", w))
	}
}

// clicksToPlay returns how many of the keys of a hand move the partizan
// page needs clicked before it plays the move, by its rule: the keys
// clicked so far make a move, or the moves they begin all go on alike
// (one move, or moves on the same keys). free is Domineering's (a
// domino's squares in either order).
func clicksToPlay(hand []handMove, keys []string, free bool) int {
	for n := 1; n < len(keys); n++ {
		ends := map[string]bool{}
		done := false
		for _, h := range hand {
			ks := h.keys()
			if len(ks) < n {
				continue
			}
			var rest []string
			if free {
				rest = slices.DeleteFunc(slices.Clone(ks), func(k string) bool { return slices.Contains(keys[:n], k) })
				if len(rest) != len(ks)-n {
					continue
				}
			} else {
				if !slices.Equal(ks[:n], keys[:n]) {
					continue
				}
				rest = ks[n:]
			}
			done = done || len(rest) == 0
			ends[strings.Join(rest, " ")] = true
		}
		if done || len(ends) == 1 {
			return n
		}
	}
	return len(keys)
}

// TestBrowserPartizanGames plays a whole game of each partizan game the
// page plays by hand, by clicking the board only, Left and Right in turn:
// each time the first move by hand the API offers the side to move, its
// targets clicked until the page plays it (one, two, or Amazons' three); every position reached is the one the API's move leaves, until
// the side to move has none and the page says who won.
func TestBrowserPartizanGames(t *testing.T) {
	b, ts, _ := newPageTest(t)
	for _, tc := range []struct{ game, position string }{
		{"domineering", "...|...|..."},
		{"clobber", "xox|oxo"},
		{"konane", "xo.o.|.ox.."},
		{"toads-frogs", "TT..FF"},
		{"col", "...|..."},
		{"snort", "..|..|.."},
		{"cutcake", "2x3"},
		{"hackenbush", "LRG GL"},
		{"fox-and-geese", "geese 4,2 4,4 4,6 4,8 fox 1,1"},
		{"amazons", "x..|.#.|..o"},
	} {
		b.do("open "+tc.game, chromedp.Navigate(ts.URL+"/partizan?game="+tc.game+"&position="+url.QueryEscape(tc.position)+"&move=left"))
		position, side, played := tc.position, "left", 0
		for {
			a := handSideState(t, ts.URL, tc.game, position, side)
			moves, hand := a.Left, a.Hand.Left
			if side == "right" {
				moves, hand = a.Right, a.Hand.Right
			}
			who := map[string]string{"left": "Left", "right": "Right"}[side]
			if len(moves) == 0 {
				waitFor[bool](b, tc.game+": the end", fmt.Sprintf(`document.querySelector('#turn').textContent.startsWith(%q)`, who+" to move has no move"))
				break
			}
			waitFor[bool](b, tc.game+": the board", fmt.Sprintf(`document.querySelector('#turn').textContent.startsWith(%q) && new URLSearchParams(location.search).get('position') === %q && document.querySelectorAll('#board .hit.live').length > 0`, who+" to move", position))
			if len(hand) == 0 {
				t.Fatalf("%s %q: %s has %d moves, none by hand", tc.game, position, side, len(moves))
			}
			h := hand[0]
			keys := h.keys()
			keys = keys[:clicksToPlay(hand, keys, tc.game == "domineering")]
			for _, k := range keys {
				b.do("click "+k, chromedp.Click(target(k)))
			}
			position = moves[h.Move].Position
			side = map[string]string{"left": "right", "right": "left"}[side]
			played++
			if played > 40 {
				t.Fatalf("%s: no end after 40 moves", tc.game)
			}
		}
		t.Logf("%s from %q: %d moves played by clicks, the last position %q", tc.game, tc.position, played, position)
	}
}

// TestBrowserPlayGrids plays the seed grid games on the play page by
// clicking their cells: on each example, the last move listed, its cells
// clicked one by one until one move alone holds them (or, where moves
// share their cells, its kind picked from the offer); the move played is
// the one clicked.
func TestBrowserPlayGrids(t *testing.T) {
	b, _, _ := newPageTest(t)
	for _, name := range []string{"bacterial-tactics", "inventor-outlasting", "caos3"} {
		openPlay(b, name)
		start := eval[string](b, "the start", `document.querySelector('#position-text').value`)
		st := apiState(t, b.url, name, start, nil, false)
		if len(st.Legal) == 0 {
			t.Fatalf("%s: the example has no move", name)
		}
		// The last move listed, which is rarely the one a first click plays.
		m := st.Legal[len(st.Legal)-1]
		if len(m.Cells) == 0 {
			t.Fatalf("%s: move %q has no cells", name, m.Text)
		}
		clicked := 0
		for k := 1; k <= len(m.Cells); k++ {
			b.do("click a cell", chromedp.Click(cell(m.Cells[k-1].Row, m.Cells[k-1].Col)))
			clicked++
			if c, _ := candidates(st, m.Cells[:k]...); len(c) == 1 {
				break
			} else if k == len(m.Cells) {
				// Moves on the same cells: their kind is picked.
				i := slices.IndexFunc(st.Legal, func(o play.Option) bool { return o.Choice == m.Choice })
				waitPlay(b, "the offer", fmt.Sprintf(`document.querySelector('#candidates button[data-i="%d"]') !== null`, i))
				b.do("pick the kind", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#candidates button[data-i="%d"]`, i))))
			}
		}
		waitPlay(b, name+": the move played", fmt.Sprintf(`document.querySelector('#moves li') !== null && document.querySelector('#moves li').textContent === %q`, m.Text+" (you)"))
		t.Logf("%s: %q played by clicking %d cell(s)", name, m.Text, clicked)
	}
}
