package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserField opens the value page's nim multiplication: two words
// typed give the product, inverses and square roots that POST /api/field
// gives, 2^32 ⊗ 2^32 is the sesquimultiple 3·2^31 with all its digits,
// the table of 0..15 has Winning Ways' row 2, and a bad word is refused
// with no stale answer. testAccessibility audits the page with axe-core.
func TestBrowserField(t *testing.T) {
	b, ts, dir := newPageTest(t)
	b.do("load /value", chromedp.Navigate(ts.URL+"/value"))
	waitFor[bool](b, "5 ⊗ 7 and the table", `document.querySelector('#field-product') !== null && document.querySelector('#field-grid') !== null`)
	typeWords := func(a, c string) string {
		t.Helper()
		eval[bool](b, "type "+a+" and "+c, `(() => { document.querySelector('#field-facts')?.remove();
			document.querySelector('#field-a').value = '`+a+`'; document.querySelector('#field-b').value = '`+c+`';
			document.querySelector('#field-form').requestSubmit(); return true })()`)
		return waitFor[string](b, "the answer", `(document.querySelector('#field-facts') !== null || document.querySelector('#field-error').textContent !== '') &&
			(document.querySelector('#field-product')?.textContent ?? 'refused: ' + document.querySelector('#field-error').textContent)`)
	}
	type answer struct{ Result string }
	for _, c := range [][2]string{{"5", "7"}, {"0x10", "16"}, {"18446744073709551615", "0xdeadbeefcafe"}} {
		got := typeWords(c[0], c[1])
		want := postAPI[answer](t, ts.URL+"/api/field", "application/json", `{"op": "mul", "args": ["`+c[0]+`", "`+c[1]+`"]}`).Result
		inv := postAPI[answer](t, ts.URL+"/api/field", "application/json", `{"op": "inv", "args": ["`+c[0]+`"]}`).Result
		root := postAPI[answer](t, ts.URL+"/api/field", "application/json", `{"op": "sqrt", "args": ["`+c[1]+`"]}`).Result
		if got != want || eval[string](b, "1/a", `document.querySelector('#field-inv-a').textContent`) != inv ||
			eval[string](b, "√b", `document.querySelector('#field-sqrt-b').textContent`) != root {
			t.Errorf("%s ⊗ %s: the page shows %q, 1/a and √b %q; the API says %s, %s, %s", c[0], c[1], got,
				eval[string](b, "facts", `document.querySelector('#field-facts').textContent`), want, inv, root)
		}
	}
	// A Fermat 2-power's square, 3·2^31, computed here: no digit lost.
	if got := typeWords("4294967296", "0x100000000"); got != "6442450944" {
		t.Errorf("2^32 ⊗ 2^32: the page shows %q, want 6442450944", got)
	}
	if got := typeWords("0", "3"); got != "0" || eval[string](b, "1/0", `document.querySelector('#field-inv-a').textContent`) != "none" {
		t.Errorf("0 ⊗ 3: %q, and 1/0 not none", got)
	}
	if got := typeWords("5", "x"); got != `refused: mul, argument 2: number "x": want an unsigned decimal or 0x hexadecimal word` {
		t.Errorf("a bad word: %q", got)
	}
	row := eval[string](b, "row 2", `[...document.querySelectorAll('#field-grid tbody tr')[2].querySelectorAll('td')].map(c => c.textContent).join(' ')`)
	if row != "0 2 3 1 8 10 11 9 12 14 15 13 4 6 7 5" {
		t.Errorf("the table's row 2: %s, Winning Ways prints 0 2 3 1 8 10 11 9 12 14 15 13 4 6 7 5", row)
	}
	eval[bool](b, "the table of 64", `(() => { document.querySelector('#field-n').value = '64'; document.querySelector('#field-table-form').requestSubmit(); return true })()`)
	if n := waitFor[int](b, "64 rows", `document.querySelectorAll('#field-grid tbody tr').length === 64 && document.querySelectorAll('#field-grid tbody td').length`); n != 64*64 {
		t.Errorf("the table of 64: %d cells", n)
	}
	b.screenshot(dir, "value-field.png")
	if !strings.Contains(eval[string](b, "caption", `document.querySelector('#field-grid caption').textContent`), "< 64") {
		t.Error("the table's caption does not say 64")
	}
}
