package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserExplore steps into and out of options with the explorer: on
// the value page, a CGSuite expression's Right option followed, then its
// Left option (the canonical form, the options and the thermograph follow,
// the path grows), a crumb back to the start (the way ahead kept),
// Forward, and the browser's Back; on the partizan page, a Domineering
// position's options drawn as the boards they leave, one of Right's
// followed (Left to move in the position it leaves, its value and
// thermograph shown), back by the crumb and forward again.
func TestBrowserExplore(t *testing.T) {
	b, ts, dir := newPageTest(t)
	canonical := `document.querySelector('#canonical')?.textContent`
	crumbs := `[...document.querySelectorAll('#trail ol.crumbs li')].map(li => li.textContent).join(' > ')`
	b.do("the value page", chromedp.Navigate(ts.URL+"/value?expr="+strings.NewReplacer("{", "%7B", "|", "%7C", "}", "%7D").Replace("{3||2|1}")))
	waitFor[bool](b, "the options", canonical+` === '{3||2|1}' && document.querySelectorAll('#facts a.option').length === 2`)
	if n := eval[int](b, "no path yet", `document.querySelectorAll('#trail li').length`); n != 0 {
		t.Errorf("a game typed shows a path of %d crumbs", n)
	}
	b.do("follow Right's option", chromedp.Click(chromedp.CSS(`#facts a.option[data-expr="{2|1}"]`)))
	waitFor[bool](b, "{2|1}", canonical+` === '{2|1}' && document.querySelector('#thermograph svg').textContent.includes('mean 3/2')`)
	if got := eval[string](b, "the path", crumbs); got != "{3||2|1} > {2|1}" {
		t.Errorf("the path reads %q", got)
	}
	b.do("follow Left's option", chromedp.Click(chromedp.CSS(`#facts a.option[data-expr="2"]`)))
	waitFor[bool](b, "2", canonical+` === '2' && document.querySelector('#thermograph svg').textContent.includes('mean 2')`)
	if q := eval[string](b, "the URL", `location.search`); q != "?expr=2&trail=%7B3%7C%7C2%7C1%7D&trail=%7B2%7C1%7D" {
		t.Errorf("the URL after two steps is %q", q)
	}
	b.do("the first crumb", chromedp.Click(chromedp.CSS(`#trail button[data-crumb="0"]`)))
	waitFor[bool](b, "back at the start", canonical+` === '{3||2|1}'`)
	if got := eval[string](b, "the path", crumbs); got != "{3||2|1} > {2|1} > 2" || eval[int](b, "ahead", `document.querySelectorAll('#trail li.ahead').length`) != 2 {
		t.Errorf("back at the start, the path reads %q", got)
	}
	b.screenshot(dir, "value-explorer.png")
	b.do("forward", chromedp.Click(chromedp.ID("trail-forward")))
	waitFor[bool](b, "forward to {2|1}", canonical+` === '{2|1}' && document.querySelectorAll('#trail li.ahead').length === 1`)
	b.do("the browser's Back", chromedp.Evaluate[chromedp.Void](`history.back()`))
	waitFor[bool](b, "back at the start by the browser", canonical+` === '{3||2|1}' && document.querySelectorAll('#trail li.ahead').length === 2`)

	// The partizan page: Domineering.
	const board = "..|..|.#"
	st := partizanState(t, ts.URL, "domineering", board)
	b.do("the partizan page", chromedp.Navigate(ts.URL+"/partizan?game=domineering&position=..%7C..%7C.%23&move=left"))
	waitFor[bool](b, "the options", fmt.Sprintf(`document.querySelectorAll('#options ul[data-side="left"] a.option').length === %d && document.querySelectorAll('#options ul[data-side="right"] a.option').length === %d`, len(st.Left), len(st.Right)))
	if n := eval[int](b, "the boards", `document.querySelectorAll('#options a.option svg.board.mini').length`); n != len(st.Left)+len(st.Right) {
		t.Errorf("%d options drawn as boards, want %d", n, len(st.Left)+len(st.Right))
	}
	i := -1
	for k, m := range st.Right {
		if m.Position == ".." {
			i = k
		}
	}
	if i < 0 {
		t.Fatalf("%s: no option of Right's leaves ..: %+v", board, st.Right)
	}
	after := partizanMoverState(t, ts.URL, "domineering", "..", "left")
	b.do("follow Right's option", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#options a.option[data-side="right"][data-i="%d"]`, i))))
	waitFor[bool](b, "the option shown", fmt.Sprintf(`new URLSearchParams(location.search).get('position') === '..' && document.querySelector('#turn').textContent.startsWith('Left to move') && %s === %q && document.querySelector('#thermograph svg').textContent.includes('mean %s')`, canonical, after.Canonical, after.Thermograph.Mean))
	if got := eval[string](b, "the path", crumbs); got != "..|..|.# (Left) > .. (Left)" {
		t.Errorf("the partizan path reads %q", got)
	}
	b.do("back by the crumb", chromedp.Click(chromedp.CSS(`#trail button[data-crumb="0"]`)))
	waitFor[bool](b, "the start again", fmt.Sprintf(`new URLSearchParams(location.search).get('position') === %q && %s === %q && document.querySelectorAll('#trail li.ahead').length === 1`, board, canonical, st.Canonical))
	b.screenshot(dir, "partizan-explorer.png")
	b.do("forward", chromedp.Click(chromedp.ID("trail-forward")))
	waitFor[bool](b, "the option again", fmt.Sprintf(`new URLSearchParams(location.search).get('position') === '..' && %s === %q`, canonical, after.Canonical))
}
