package web_test

import (
	"fmt"
	"net/url"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserAmazonsHand plays Amazons on the partizan page, whose move is
// three clicks (the amazon, where it goes, where its arrow lands): a click
// on Right's amazon in Left's turn explained; an amazon picked with its
// squares marked, a square it cannot reach explained; the amazon picked
// again and moved, its arrows marked, Escape taking the square back; the
// move made with its arrow shot back onto the square it left, leaving
// the API's position; then Right's move by the keyboard alone (the tab
// stop on Right's amazon: Enter, then arrow left and Enter twice); a drag of
// the amazon to its square, then a click on its arrow's.
func TestBrowserAmazonsHand(t *testing.T) {
	b, ts, dir := newPageTest(t)
	const board = "x..|.#.|..o"
	a := handState(t, ts.URL, "amazons", board)
	open := func(position, side string) {
		b.do("open amazons", chromedp.Navigate(ts.URL+"/partizan?game=amazons&position="+url.QueryEscape(position)+"&move="+side))
		waitFor[bool](b, "the board", `document.querySelectorAll('#board .hit.live').length > 0`)
	}
	msg := func(prefix string) string {
		return waitFor[string](b, "the message "+prefix, fmt.Sprintf(`document.querySelector('#hand-msg').textContent.startsWith(%q) && document.querySelector('#hand-msg').textContent`, prefix))
	}
	// distinct counts the different keys at index i of the hand moves
	// whose keys begin with prefix.
	distinct := func(hand []handMove, prefix []string, i int) int {
		seen := map[string]bool{}
		for _, h := range hand {
			if ks := h.keys(); slices.Equal(ks[:len(prefix)], prefix) {
				seen[ks[i]] = true
			}
		}
		return len(seen)
	}
	marks := func(what string, picks, targets int) {
		waitFor[bool](b, what, fmt.Sprintf(`document.querySelectorAll('#board .h-pick').length === %d && document.querySelectorAll('#board .h-target').length === %d`, picks, targets))
	}
	open(board, "left")

	b.do("click Right's amazon", chromedp.Click(target("0:2,2")))
	if m := msg("Left"); m != "Left moves her own amazons (x): pick one, then where it goes, then where its arrow lands." {
		t.Errorf("a click on Right's amazon says %q", m)
	}
	b.do("pick the amazon", chromedp.Click(target("0:0,0")))
	squares := distinct(a.Hand.Left, []string{"0:0,0"}, 1)
	msg(fmt.Sprintf("Picked row 1, column 1: now pick where it goes, one of %d squares marked.", squares))
	marks("the amazon and its squares", 1, squares)
	b.do("a square out of its reach", chromedp.Click(target("0:1,2")))
	if m := msg("No move"); m != "No move goes from row 1, column 1 to row 2, column 3. An amazon moves like a chess queen: any distance along its row, its column or a diagonal, over empty squares only, onto an empty square." {
		t.Errorf("a square the amazon cannot reach says %q", m)
	}
	marks("nothing picked", 0, 0)

	b.do("pick the amazon again", chromedp.Click(target("0:0,0")))
	b.do("move it to row 1, column 3", chromedp.Click(target("0:0,2")))
	arrows := distinct(a.Hand.Left, []string{"0:0,0", "0:0,2"}, 2)
	msg(fmt.Sprintf("Picked row 1, column 1 then row 1, column 3: now pick where its arrow lands, one of %d squares marked.", arrows))
	marks("the amazon, its square and its arrows", 2, arrows)
	b.screenshot(dir, "partizan-hand-amazons.png")
	b.do("escape", chromedp.Focus(target("0:0,2")), chromedp.KeyEvent(kb.Escape))
	msg("Picked row 1, column 1: now pick where it goes")
	marks("the square taken back", 1, squares)
	b.do("move it to row 1, column 3 again", chromedp.Click(target("0:0,2")))
	b.do("shoot back where it stood", chromedp.Click(target("0:0,0")))
	i := slices.IndexFunc(a.Hand.Left, func(h handMove) bool {
		return slices.Equal(h.keys(), []string{"0:0,0", "0:0,2", "0:0,0"})
	})
	if i < 0 {
		t.Fatalf("the API has no move of the amazon to row 1, column 3, shooting back: %+v", a.Hand.Left)
	}
	after := a.Left[a.Hand.Left[i].Move].Position
	waitFor[bool](b, "the move played", fmt.Sprintf(`new URLSearchParams(location.search).get('position') === %q && document.querySelector('#turn').textContent.startsWith('Right to move')`, after))

	// Right by the keyboard: the tab stop is his amazon; arrow left and
	// Enter move it one square left, and again shoot one square on.
	r := handSideState(t, ts.URL, "amazons", after, "right")
	if len(r.Hand.Right) == 0 {
		t.Fatalf("%q: Right has no move by hand", after)
	}
	from := r.Hand.Right[0].keys()[0]
	var part, row, col int
	fmt.Sscanf(from, "%d:%d,%d", &part, &row, &col)
	keys := []string{from, fmt.Sprintf("%d:%d,%d", part, row, col-1), fmt.Sprintf("%d:%d,%d", part, row, col-2)}
	j := slices.IndexFunc(r.Hand.Right, func(h handMove) bool { return slices.Equal(h.keys(), keys) })
	if j < 0 {
		t.Fatalf("%q: Right has no move by hand %v: %+v", after, keys, r.Hand.Right)
	}
	b.do("focus the board", chromedp.Focus(chromedp.CSS(`#board [tabindex="0"]`)))
	if k := eval[string](b, "the focused square", `document.activeElement.dataset.key`); k != from {
		t.Fatalf("the board's tab stop is %q, want Right's amazon %q", k, from)
	}
	b.do("Enter, arrow left, Enter", chromedp.KeyEvent(kb.Enter), chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.Enter))
	msg("Picked " + place(keys[0]) + " then " + place(keys[1]) + ": now pick where its arrow lands")
	b.do("arrow left, Enter", chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.Enter))
	waitFor[bool](b, "Right's move by keyboard", fmt.Sprintf(`new URLSearchParams(location.search).get('position') === %q && document.querySelector('#turn').textContent.startsWith('Left to move')`, r.Right[r.Hand.Right[j].Move].Position))

	// A drag of the amazon to row 1, column 3 picks both; a click shoots.
	open(board, "left")
	p, q := centre(b, "0:0,0"), centre(b, "0:0,2")
	b.do("drag", chromedp.MouseEvent("mouseMoved", p[0], p[1]),
		chromedp.MouseEvent("mousePressed", p[0], p[1], chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.MouseEvent("mouseMoved", q[0], q[1], chromedp.ButtonLeft),
		chromedp.MouseEvent("mouseReleased", q[0], q[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
	marks("the amazon dragged, its arrows", 2, arrows)
	b.do("shoot back where it stood", chromedp.Click(target("0:0,0")))
	waitFor[bool](b, "the dragged move played", fmt.Sprintf(`new URLSearchParams(location.search).get('position') === %q`, after))
}

// place is the page's words for a key of a board of one part.
func place(key string) string {
	var part, row, col int
	fmt.Sscanf(key, "%d:%d,%d", &part, &row, &col)
	return fmt.Sprintf("row %d, column %d", row+1, col+1)
}
