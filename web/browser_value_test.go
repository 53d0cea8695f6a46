package web_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserValue opens the value page in a real browser: the default
// game's facts as the API gives them, the thermograph drawn with Left's
// side on the left and the mast at the mean, a refusal shown with its
// column and no stale answer, a sum by its link and the picture's
// downloads. testAccessibility audits the page with axe-core.
func TestBrowserValue(t *testing.T) {
	b, ts, dir := newPageTest(t)
	start := time.Now()

	b.do("load /value", chromedp.Navigate(ts.URL+"/value"))
	waitFor[bool](b, "the value of {2|-1}", `document.querySelector('#canonical')?.textContent === '{2|-1}' && document.querySelector('#thermograph svg') !== null`)
	d := postAPI[struct {
		Outcome, Mean, Temperature string
	}](t, ts.URL+"/api/value", "application/json", `{"exprs": ["{2|-1}"]}`)
	table := eval[string](b, "the facts", `document.querySelector('#facts').textContent`)
	for _, want := range []string{"outcome" + d.Outcome + " the first player wins", "stopsleft 2, right -1", "mean" + d.Mean, "temperature" + d.Temperature, "birthday3", "not atomic", "Left options2", "Right options-1"} {
		if !strings.Contains(table, want) {
			t.Errorf("the facts %q lack %q", table, want)
		}
	}
	// {2|-1}: at t = 0 the left wall is at 2, the right at -1, the mast at
	// 1/2 from t = 3/2. Positive values are drawn on the left.
	geo := eval[[]float64](b, "the picture", `(() => { const s = document.querySelector('#thermograph svg');
		const first = c => { const m = /^M([-\d.]+),([-\d.]+)/.exec(s.querySelector(c).getAttribute('d')); return [+m[1], +m[2]]; };
		const last = c => { const m = /L([-\d.]+),([-\d.]+)$/.exec(s.querySelector(c).getAttribute('d')); return [+m[1], +m[2]]; };
		const mast = s.querySelector('.mast');
		return [...first('.wall-left'), ...first('.wall-right'), ...last('.wall-left'), ...last('.wall-right'),
			+mast.getAttribute('x1'), +mast.getAttribute('y1'), +mast.getAttribute('y2')]; })()`)
	lx, ly, rx, ry, lex, ley, rex, rey, mx, my1, my2 := geo[0], geo[1], geo[2], geo[3], geo[4], geo[5], geo[6], geo[7], geo[8], geo[9], geo[10]
	unit := (rx - lx) / 3 // from 2 to -1
	switch {
	case !(lx < rx):
		t.Errorf("the left wall starts at x=%v, right of the right wall's %v: positive values must be on the left", lx, rx)
	case ly != ry || lex != rex || ley != rey || mx != lex:
		t.Errorf("the walls do not meet at the mast: left ends (%v,%v), right (%v,%v), mast at x=%v", lex, ley, rex, rey, mx)
	case abs(mx-(lx+1.5*unit)) > 0.2 || abs(ly-ley-1.5*unit) > 0.2 || my1 != ley || !(my2 < my1):
		t.Errorf("the mast at x=%v from y=%v up to %v, want x=%v from y=%v (the mean 1/2 at t=3/2, slopes of 45 degrees)", mx, my1, my2, lx+1.5*unit, ly-1.5*unit)
	}
	labels := eval[string](b, "the labels", `document.querySelector('#thermograph svg').textContent`)
	for _, want := range []string{"mean 1/2", "temperature 3/2", "temperature t", "Left, positive"} {
		if !strings.Contains(labels, want) {
			t.Errorf("the picture's text %q lacks %q", labels, want)
		}
	}
	text := download(b, "export-svg", "image/svg+xml")
	if !strings.HasPrefix(text, "<?xml") || !strings.Contains(text, `class="wall-left"`) || !strings.Contains(text, `stroke="rgb(31, 95, 168)"`) {
		t.Errorf("the SVG file starts %.300q", text)
	}
	if n, _ := strconv.Atoi(download(b, "export-png", "image/png")); n < 1000 {
		t.Errorf("the PNG file has %d bytes", n)
	}
	b.screenshot(dir, "value.png")

	// A refusal names the expression and the column, and leaves no stale
	// answer; a sum comes back by its link.
	eval[bool](b, "a bad sum", `(() => { document.querySelector('#exprs').value = '1\n{1|'; document.querySelector('#form').requestSubmit(); return true })()`)
	msg := waitFor[string](b, "the refusal", `document.querySelector('#error').textContent`)
	if msg != `expression 2 "{1|": column 1: unbalanced {: no } closes it` || eval[bool](b, "stale", `document.querySelector('#facts') !== null || document.querySelector('#thermograph svg') !== null`) {
		t.Errorf("a bad sum: %q, and the last answer still shown or not", msg)
	}
	b.do("a link", chromedp.Navigate(ts.URL+"/value?expr=%2B-1&expr=%2B-%7B2%7C1%7D"))
	got := waitFor[string](b, "the sum's value", `document.querySelector('#exprs').value === '+-1\n+-{2|1}' && document.querySelector('#canonical')?.textContent`)
	sum := postAPI[struct{ Canonical string }](t, ts.URL+"/api/value", "application/json", `{"exprs": ["+-1", "+-{2|1}"]}`)
	if got != sum.Canonical {
		t.Errorf("+-1 + +-{2|1} by its link: the page shows %q, the API says %q", got, sum.Canonical)
	}

	// A loopy game: its simplest form, its sides in words and no
	// thermograph (the export buttons off).
	b.do("a loopy link", chromedp.Navigate(ts.URL+"/value?expr=%7B-1%2F4%2B*%7Cpass%7D"))
	loopyForm := waitFor[string](b, "the loopy value", `document.querySelector('#sides') !== null && document.querySelector('#canonical').textContent`)
	if loopyForm != "-1/4v[on]" || !eval[bool](b, "no thermograph", `document.querySelector('#thermograph svg') === null && document.querySelector('#export-svg').disabled`) {
		t.Errorf("{-1/4+*|pass}: the page shows %q (want CGSuite's -1/4v[on]), or a thermograph", loopyForm)
	}

	// Misère mode: the example *[[2],0] as CGSuite writes it, its facts,
	// and an option followed with the box still ticked.
	b.do("load /value", chromedp.Navigate(ts.URL+"/value"))
	waitFor[bool](b, "the first value", `document.querySelector('#canonical') !== null`)
	eval[bool](b, "the misère example", `(() => { document.querySelector('#examples button[data-misere]').click(); return true })()`)
	misereForm := waitFor[string](b, "the misère value", `document.querySelector('#genus') !== null && document.querySelector('#canonical').textContent`)
	facts := eval[string](b, "the misère facts", `document.querySelector('#facts').textContent`)
	if misereForm != "*[2#0]" || !strings.Contains(facts, "genus1^20") || !strings.Contains(facts, "misère outcomeN") ||
		!eval[bool](b, "the box", `document.querySelector('#misere').checked && location.search.includes('misere=1')`) {
		t.Errorf("*[[2],0]: the page shows %q, facts %q", misereForm, facts)
	}
	eval[bool](b, "an option", `(() => { document.querySelector('#facts a[data-expr="*[2#]"]').click(); return true })()`)
	option := waitFor[string](b, "the option's value", `document.querySelector('#canonical')?.textContent === '*[2#]' && document.querySelector('#facts').textContent`)
	if !strings.Contains(option, "misère outcomeP") {
		t.Errorf("the option *[2#]: %q", option)
	}
	// Its parts, asked for by the button: *[2#] = *[2] + *[2[#-2]].
	eval[bool](b, "the parts button", `(() => { document.querySelector('#find-parts').click(); return true })()`)
	parts := waitFor[string](b, "the parts", `document.querySelector('#partitions') !== null && document.querySelector('#facts').textContent`)
	if !strings.Contains(parts, "prime, extraverted, introvertedno, yes, no") || !strings.Contains(parts, "*[2] + *[2[#-2]]") {
		t.Errorf("the parts of *[2#]: %q", parts)
	}

	t.Logf("value page test took %v", time.Since(start).Round(time.Millisecond))
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
