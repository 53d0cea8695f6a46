package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/chromedp/chromedp"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/heap"
	"nimber/misere"
	"nimber/play"
	"nimber/registry"
)

// explainTwin is the library's explanation of a position, which the page
// must show: play.Explain on the game from the registry (or rules text).
func explainTwin(b *browser, name, rulesText, position string) *play.Explanation {
	b.t.Helper()
	var (
		g   game.Game
		err error
	)
	if rulesText != "" {
		g, _, err = registry.CompileRules("rules.star", []byte(rulesText), 0)
	} else {
		g, _, err = registry.Lookup(name)
	}
	if err != nil {
		b.t.Fatal(err)
	}
	pos, err := g.Parse(position)
	if err != nil {
		b.t.Fatal(err)
	}
	ex, err := play.Explain(context.Background(), g, pos, game.Options{}, 0)
	if err != nil {
		b.t.Fatal(err)
	}
	return ex
}

// whyView is what the page's "why" panel and move list show.
type whyView struct {
	Position string     `json:"position"` // the position drawn
	Rows     [][]string `json:"rows"`     // the nim-sum table: label, value, bits; the last row the nim-sum
	Odd      []bool     `json:"odd"`      // the nim-sum row's columns marked odd
	Moves    []moveView `json:"moves"`
}

type moveView struct {
	Outcome    string `json:"outcome"`
	Value      string `json:"value"`
	Remoteness string `json:"remoteness"`
	Hue        int    `json:"hue"` // of the button's background, within 3 degrees; -1 without one
	Star       bool   `json:"star"`
}

// readWhy waits until the page has drawn the explanation of the position
// it shows, and reads it.
func readWhy(b *browser) whyView {
	b.t.Helper()
	waitFor[bool](b, "the coloured moves", `document.querySelector('#legal li') !== null &&
		(document.querySelector('#legal button[data-outcome]') !== null || document.querySelector('#legal li.muted') !== null)`)
	return eval[whyView](b, "the why panel", `(() => {
		// hue is the hue in degrees of an rgb() colour, rounded; -1 for none.
		const hue = c => {
			const m = /rgb\((\d+), (\d+), (\d+)\)/.exec(c);
			if (!m) return -1;
			const [r, g, b] = m.slice(1).map(Number), hi = Math.max(r, g, b), d = hi - Math.min(r, g, b);
			if (d === 0) return 0;
			const h = hi === r ? ((g - b) / d + 6) % 6 : hi === g ? (b - r) / d + 2 : (r - g) / d + 4;
			return Math.round(h * 60);
		};
		const rows = [...document.querySelectorAll('#nimsum tr')].slice(1).map(tr => [...tr.cells].map(c => c.textContent));
		const foot = document.querySelector('#nimsum tfoot tr');
		return {
			position: document.querySelector('#board pre') ? document.querySelector('#board pre').textContent : '',
			rows,
			odd: foot ? [...foot.querySelectorAll('td.bit')].map(td => td.classList.contains('odd')) : [],
			moves: [...document.querySelectorAll('#legal button[data-i]')].map(b => {
				return {outcome: b.dataset.outcome || '', value: b.dataset.value || '', remoteness: b.dataset.remoteness || '',
					hue: hue(b.style.backgroundColor), star: b.textContent.startsWith('★')};
			}),
		};
	})()`)
}

// checkWhy compares the panel with the library's explanation: the nim-sum
// table (every part's value and bits, the nim-sum and its odd columns) and
// every move's outcome, value, remoteness, colour and star.
func checkWhy(b *browser, when, noun string, v whyView, ex *play.Explanation) {
	b.t.Helper()
	t := b.t
	if len(ex.Parts) > 0 {
		width := len(*ex.NimSumBinary)
		for _, p := range ex.Parts {
			width = max(width, len(strconv.FormatInt(int64(gametest.Nimber(t, p.Value)), 2)))
		}
		bits := func(x int) []string {
			return strings.Split(fmt.Sprintf("%0*b", width, x), "")
		}
		var want [][]string
		for i, p := range ex.Parts {
			pv := gametest.Nimber(t, p.Value)
			want = append(want, append([]string{fmt.Sprintf("%s %d (%s)", noun, i+1, p.Position), strconv.Itoa(pv)}, bits(pv)...))
		}
		sum := gametest.Nimber(t, ex.Value)
		want = append(want, append([]string{"nim-sum", strconv.Itoa(sum)}, bits(sum)...))
		if fmt.Sprint(v.Rows) != fmt.Sprint(want) {
			t.Errorf("%s: the nim-sum table\n\t%q\nwant\n\t%q", when, v.Rows, want)
		}
		for k, c := range bits(sum) {
			if k < len(v.Odd) && v.Odd[k] != (c == "1") {
				t.Errorf("%s: column %d of the nim-sum marked odd %v, the digit is %s", when, k+1, v.Odd[k], c)
			}
		}
	}
	if len(v.Moves) != len(ex.Moves) {
		t.Fatalf("%s: %d moves listed, the library lists %d", when, len(v.Moves), len(ex.Moves))
	}
	hue := map[string]int{"P": 135, "N": 2, "D": 48}
	for i, m := range ex.Moves {
		got := v.Moves[i]
		want := moveView{Outcome: m.Outcome, Hue: hue[m.Outcome], Star: m.Winning}
		if m.Value.Known() {
			want.Value = m.Value.String()
		}
		if m.Remoteness != nil {
			want.Remoteness = strconv.Itoa(*m.Remoteness)
		}
		if d := got.Hue - want.Hue; d >= -3 && d <= 3 { // rgb() rounds the hue
			got.Hue = want.Hue
		}
		if got != want {
			t.Errorf("%s: move %d (%s) shows %+v, the library says %+v", when, i+1, m.Text, got, want)
		}
	}
}

// playToEnd plays the listed moves on the page, the first winning one when
// there is one, else the one of largest remoteness, the engine answering,
// until the game is over; it returns the moves played by the human.
func playToEnd(b *browser) int {
	b.t.Helper()
	for n := 0; n < 60; n++ {
		if eval[bool](b, "over", `document.querySelector('#turn').textContent.startsWith('Game over')`) {
			return n
		}
		readWhy(b)
		before := eval[int](b, "moves played", `document.querySelectorAll('#moves li').length`)
		i := eval[int](b, "the move to play", `(() => {
			const bs = [...document.querySelectorAll('#legal button[data-i]')];
			const w = bs.find(b => b.dataset.outcome === 'P');
			if (w) return Number(w.dataset.i);
			bs.sort((a, b) => Number(b.dataset.remoteness || 0) - Number(a.dataset.remoteness || 0));
			return Number(bs[0].dataset.i);
		})()`)
		b.do("play a listed move", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#legal button[data-i="%d"]`, i))))
		waitPlay(b, "the engine's answer", fmt.Sprintf(`document.querySelectorAll('#moves li').length > %d &&
			(document.querySelector('#turn').textContent.includes('(you)') || document.querySelector('#turn').textContent.startsWith('Game over'))`, before))
	}
	b.t.Fatal("the game did not end in 60 moves")
	return 0
}

// testTeach opens Kayles on "3 4 6" by a link, checks the explanation
// against the library's, the mex of a part, plays to the end (the side
// that starts wins: the engine loses as late as it can), goes back in the
// history, and opens the link of a position in a fresh tab.
func testTeach(b *browser, dir string) {
	t := b.t
	q := url.Values{"game": {"0.77"}, "position": {"3 4 6"}}
	b.do("open a link", chromedp.Navigate(b.url+"/play?"+q.Encode()))
	waitPlay(b, "the linked position", shown("0.77"))
	ex := explainTwin(b, "0.77", "", "3 4 6")
	v := readWhy(b)
	if v.Position != "3 4 6" {
		t.Fatalf("the link shows %q", v.Position)
	}
	checkWhy(b, "0.77 on 3 4 6", "heap", v, ex)

	// The mex of heap 3 (6): its options' values, and the value missing.
	b.do("show the mex", chromedp.Click(chromedp.CSS(`#parts button[data-part="2"]`)))
	mex := waitFor[[]string](b, "the mex", `document.querySelectorAll('#mex li').length > 0 && [...document.querySelectorAll('#mex li')].map(li => li.className + ' ' + li.textContent)`)
	p := ex.Parts[2]
	var want []string
	pv := gametest.Nimber(t, p.Value)
	for k := 0; k <= max(pv, slicesMax(p.Options))+1; k++ {
		cls := "mex-other"
		switch {
		case k == pv:
			cls = "mex-missing"
		case contains(p.Options, k):
			cls = "mex-have"
		}
		want = append(want, fmt.Sprintf("%s %d", cls, k))
	}
	if fmt.Sprint(mex) != fmt.Sprint(want) {
		t.Errorf("the mex of heap 3 (6): %q, want %q", mex, want)
	}
	b.screenshot(dir, "teach-heaps.png")

	n := playToEnd(b)
	st := readPlay(b)
	if !strings.HasSuffix(st.Turn, "so the first player (you) wins.") {
		t.Errorf("after %d moves of perfect play from a won position the page says %q", n, st.Turn)
	}
	link := eval[string](b, "the URL", `location.href`)
	played := len(st.Moves)
	if got := strings.Count(link, "&m="); got != played {
		t.Errorf("the URL holds %d moves, %d were played: %s", got, played, link)
	}
	b.screenshot(dir, "teach-over.png")

	// Back: the position before the last human move and the engine's.
	b.do("back", chromedp.NavigateBack())
	waitPlay(b, "the position before", fmt.Sprintf(`document.querySelectorAll('#moves li').length < %d && !document.querySelector('#turn').textContent.startsWith('Game over')`, played))

	// The link of a position in the middle of the game, in a fresh tab:
	// the same position, moves and explanation.
	mid := eval[string](b, "the URL", `location.href`)
	wantMoves := eval[[]string](b, "the moves", `[...document.querySelectorAll('#moves li')].map(li => li.textContent)`)
	wantPos := eval[string](b, "the position", `document.querySelector('#board pre').textContent`)
	tab, cancel := chromedp.NewContext(b.ctx)
	defer cancel()
	fresh := &browser{t: t, ctx: tab, url: b.url, console: b.console}
	fresh.do("open the link in a new tab", chromedp.Navigate(mid))
	waitPlay(fresh, "the shared position", shown("0.77")+fmt.Sprintf(` && document.querySelectorAll('#moves li').length === %d`, len(wantMoves)))
	gotMoves := eval[[]string](fresh, "the moves", `[...document.querySelectorAll('#moves li')].map(li => li.textContent)`)
	gotPos := eval[string](fresh, "the position", `document.querySelector('#board pre').textContent`)
	if gotPos != wantPos || fmt.Sprint(gotMoves) != fmt.Sprint(wantMoves) {
		t.Errorf("the link %s opens %q after %q, the page showed %q after %q", mid, gotPos, gotMoves, wantPos, wantMoves)
	}
	checkWhy(fresh, "the shared position", "heap", readWhy(fresh), explainTwin(b, "0.77", "", gotPos))
	// Undo works on a restored game.
	if !eval[bool](fresh, "undo", `!document.querySelector('#undo').disabled`) {
		t.Error("Undo is disabled in the game opened by its link")
	}
	t.Logf("0.77 on 3 4 6: explained as the library does, won in %d moves of the human's, back and the link of the position before in a fresh tab", n)
}

func slicesMax(s []int) int {
	m := 0
	for _, v := range s {
		m = max(m, v)
	}
	return m
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// testPasted pastes the page's example rules file (piles of coins: take
// one or two, or split), checks the explanation against the library's on
// the same text, and plays it to the end; the link carries the rules.
func testPasted(b *browser, dir string) {
	t := b.t
	openPlay(b, "rules")
	src := eval[string](b, "the rules text", `document.querySelector('#rules-text').value`)
	if !strings.Contains(src, "def moves(n):") {
		t.Fatalf("the page's example rules: %q", src)
	}
	eval[bool](b, "the position", timingReset+" && "+setInput("#position-text", "5\n8"))
	b.do("use the rules", chromedp.Click(chromedp.ID("use-rules")))
	waitPlay(b, "the pasted game", shown("rules")+` && document.querySelector('#board pre').textContent === '5\n8'`)
	ex := explainTwin(b, "", src, "5\n8")
	v := readWhy(b)
	checkWhy(b, "pasted rules on 5 + 8", "pile", v, ex)
	b.screenshot(dir, "teach-rules.png")
	if ex.Value.Equal(game.Nimber(0)) {
		t.Fatalf("5 + 8 is a loss in the example rules: choose a won start")
	}
	n := playToEnd(b)
	if turn := readPlay(b).Turn; !strings.HasSuffix(turn, "so the first player (you) wins.") {
		t.Errorf("the pasted game ends with %q", turn)
	}
	link := eval[string](b, "the URL", `location.href`)
	u, err := url.Parse(link)
	if err != nil || u.Query().Get("rules") != src {
		t.Errorf("the link does not carry the rules: %s", link)
	}
	t.Logf("pasted rules on 5 + 8: explained as the library does, won in %d moves", n)
}

// axeFile is axe-core's script: $NIMBER_AXE, else the copy .ci/run
// installs.
func axeFile(b *browser) string {
	if p := os.Getenv("NIMBER_AXE"); p != "" {
		return p
	}
	p, _ := filepath.Abs("../.ci/node/node_modules/axe-core/axe.min.js")
	if _, err := os.Stat(p); err != nil {
		b.t.Skipf("no axe-core (looked for $NIMBER_AXE and %s; .ci/run installs it with npm)", p)
	}
	return p
}

// axeViolation is a violation axe-core reports.
type axeViolation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

// testAccessibility runs axe-core on every page at 1280 and 360 pixels
// wide, failing on serious or critical violations, and checks that no
// page scrolls sideways on a 360 pixel screen.
func testAccessibility(b *browser, dir string) {
	t := b.t
	axe, err := os.ReadFile(axeFile(b))
	if err != nil {
		t.Fatal(err)
	}
	// shot names the screenshot taken at 360 px, if any.
	pages := []struct{ path, ready, shot string }{
		{"/", `document.querySelector('main') !== null`, ""},
		{"/play?game=0.77&position=3+4+6", `document.querySelector('#legal button[data-outcome]') !== null`, "teach-360.png"},
		{"/play?game=bacterial-tactics", `document.querySelector('#board svg') !== null && document.querySelector('#legal button[data-outcome]') !== null`, ""},
		{"/tables", `document.querySelector('#heatmap svg') !== null && document.querySelector('#plot svg') !== null &&
			document.querySelectorAll('#records-table tbody tr').length > 0`, ""},
		{"/tables?family-game=toads-frogs&family=T%5EN.%5E2F%5EN&family-to=4",
			`document.querySelector('#plot svg') !== null && document.querySelectorAll('#family-table tbody tr').length === 4`, "tables-families-360.png"},
		{"/compound", `document.querySelectorAll('#invariants tbody tr').length > 0`, ""},
		{"/census", `document.querySelectorAll('#census tbody tr').length > 0`, ""},
		{"/value?expr=%7B3%7C%7C2%2B*%7C1%2B*%7D", `document.querySelector('#thermograph svg') !== null`, "value-360.png"},
		{"/partizan?game=domineering&position=..%7C..%7C.%23+%2B+..&move=right",
			`document.querySelector('#thermograph svg') !== null && document.querySelectorAll('#moves button.move').length > 0`, "partizan-360.png"},
		{"/partizan?game=domineering&position=" + url.QueryEscape("..........|..........|..........|..........") + "&move=left",
			`document.querySelector('#method').textContent.startsWith('Answered by: search') && document.querySelectorAll('#moves button.move').length > 0`, "partizan-search-360.png"},
		{"/partizan?game=clobber&position=xox%7Cox.", `document.querySelectorAll('#board .hit.live').length > 0`, ""},
		{"/partizan?game=cutcake&position=3x4", `document.querySelectorAll('#board line.cut.live').length > 0`, ""},
		{"/partizan?game=hackenbush&position=LRR+GG+LG", `document.querySelectorAll('#board line.edge.live').length > 0`, ""},
		{"/partizan?game=fox-and-geese&position=" + url.QueryEscape("geese 3,3 3,5 fox 1,1"), `document.querySelectorAll('#board rect.hit.live').length > 0`, ""},
		{"/partizan?game=amazons&position=" + url.QueryEscape("x..|.#.|..o"), `document.querySelectorAll('#board rect.hit.live').length > 0`, ""},
		{"/value", `document.querySelector('#field-product') !== null && document.querySelector('#field-grid') !== null`, "value-field-360.png"},
		{"/value?expr=2&trail=%7B2%7C-1%7D&ahead=1", `document.querySelectorAll('#trail button.crumb').length === 2 && document.querySelector('#thermograph svg') !== null`, ""},
		{"/partizan?game=domineering&position=..&move=left&trail=left%3A..%7C..%7C.%23", `document.querySelectorAll('#trail button.crumb').length === 1 && document.querySelectorAll('#options a.option').length > 0`, ""},
	}
	defer b.do("the window's size back", chromedp.EmulateViewport(1280, 1100))
	counts := map[string]int{}
	for _, width := range []int64{1280, 360} {
		b.do("viewport", chromedp.EmulateViewport(width, 900))
		for _, p := range pages {
			b.do("load "+p.path, chromedp.Navigate(b.url+p.path))
			waitFor[bool](b, p.path+" drawn", p.ready)
			raw, err := runAgain(b, chromedp.Evaluate[string](string(axe)+`;
				axe.run(document, {resultTypes: ['violations']}).then(r => JSON.stringify(r.violations.map(v => ({
					id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')) }))))`,
				chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatalf("axe on %s: %v", p.path, err)
			}
			var vs []axeViolation
			if err := json.Unmarshal([]byte(raw), &vs); err != nil {
				t.Fatal(err)
			}
			for _, v := range vs {
				counts[v.Impact]++
				if v.Impact == "serious" || v.Impact == "critical" {
					t.Errorf("%s at %d px: %s (%s): %s, e.g. %q", p.path, width, v.ID, v.Impact, v.Help, v.Nodes)
				}
			}
			if width == 360 {
				sw := eval[int](b, "scroll width", `document.documentElement.scrollWidth`)
				if sw > 360 {
					t.Errorf("%s at 360 px: the page is %d px wide", p.path, sw)
				}
				if p.shot != "" {
					b.screenshot(dir, p.shot)
				}
			}
		}
	}
	t.Logf("axe-core on %d pages at 1280 and 360 px: violations by impact %v", len(pages), counts)
}

// captureDownloads makes the page keep every Blob it offers for download,
// in window.blobs.
const captureDownloads = `(() => { window.blobs = []; const make = URL.createObjectURL;
	URL.createObjectURL = b => { window.blobs.push(b); return make.call(URL, b); }; return true })()`

// download clicks the button with the given id and returns the text of
// the file of type typ the page offers (for images: its size).
func download(b *browser, id, typ string) string {
	b.t.Helper()
	eval[bool](b, "capture", captureDownloads)
	b.do("click "+id, chromedp.Click(chromedp.ID(id)))
	find := fmt.Sprintf(`window.blobs.find(f => f.type === %q)`, typ)
	waitFor[bool](b, "the file of "+id, find+` !== undefined`)
	v, err := runAgain(b, chromedp.Evaluate[string](`(async () => { const f = `+find+`;
		return f.type === 'image/png' ? String(f.size) : await f.text(); })()`, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("reading the file of %s: %v", id, err)
	}
	return v
}

// testExports downloads the analysis of 0.77 on "3 4 6" as JSON and CSV
// and compares them with the library's explanation, then a board as SVG
// and PNG, and checks that a board the game refuses leaves the editor on
// the previous one.
func testExports(b *browser) {
	t := b.t
	b.do("open a link", chromedp.Navigate(b.url+"/play?game=0.77&position=3+4+6"))
	waitPlay(b, "the linked position", shown("0.77"))
	readWhy(b)
	ex := explainTwin(b, "0.77", "", "3 4 6")
	text := download(b, "export-json", "application/json")
	var doc struct {
		Game        string
		Explanation play.Explanation
	}
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatalf("the JSON file: %v", err)
	}
	want, _ := json.Marshal(ex)
	got, _ := json.Marshal(doc.Explanation)
	if doc.Game != "0.77" || string(got) != string(want) {
		t.Errorf("the JSON file holds %s of %q, the library says %s", got, doc.Game, want)
	}
	text = download(b, "export-csv", "text/csv")
	lines := strings.Split(strings.TrimSpace(text), "\r\n")
	if len(lines) != 1+len(ex.Moves) || lines[0] != "part,move,position after,value,outcome,remoteness,winning" {
		t.Fatalf("the CSV file: %q", lines)
	}
	m := ex.Moves[0]
	if w := fmt.Sprintf("%d,\"%s\",%s,%v,%s,%d,%v", m.Part+1, m.Text, m.Position, m.Value, m.Outcome, *m.Remoteness, m.Winning); lines[1] != w {
		t.Errorf("CSV row 1 %q, want %q", lines[1], w)
	}

	openPlay(b, "boi2008-game")
	text = download(b, "export-svg", "image/svg+xml")
	if !strings.HasPrefix(text, "<?xml") || !strings.Contains(text, "<rect") || !strings.Contains(text, `fill="rgb(`) {
		t.Errorf("the SVG file starts %.200q", text)
	}
	if n, _ := strconv.Atoi(download(b, "export-png", "image/png")); n < 1000 {
		t.Errorf("the PNG file has %d bytes", n)
	}
	// 70 x 70 is over BOI 2008's 4096 squares: refused, and the editor
	// keeps the board it had.
	rows := eval[string](b, "rows", `document.querySelector('#rows').value`)
	eval[bool](b, "70 rows", setInput("#rows", "70"))
	msg := waitFor[string](b, "the refusal", `document.querySelector('#error').textContent`)
	if !strings.Contains(msg, "limit 4096") {
		t.Errorf("a 70 x 70 BOI board: %q", msg)
	}
	if got := eval[string](b, "rows", `document.querySelector('#rows').value`); got != rows || eval[int](b, "cells", `document.querySelectorAll('#board rect.cell').length`) == 0 {
		t.Errorf("after the refusal the editor has %s rows (had %s) and the board is not drawn", got, rows)
	}
}

// testTablesAndStale opens a sequence plot by its link, downloads its
// values and the knight table as CSV and the plot as SVG, and checks that
// a failed request leaves no stale result on the tables and compound pages.
func testTablesAndStale(b *browser) {
	t := b.t
	b.do("open a plot by its link", chromedp.Navigate(b.url+"/tables?code=0.137&to=300"))
	waitFor[bool](b, "the plot of 0.137", `document.querySelector('#seq-summary').textContent.startsWith('0.137') && document.querySelector('#heatmap svg') !== null`)
	text := download(b, "seq-csv", "text/csv")
	lines := strings.Split(strings.TrimSpace(text), "\r\n")
	api := getAPI[struct{ Values []int }](t, b.url+"/api/sequence?code=0.137&to=300")
	if len(lines) != 301 || lines[0] != "n,G(n)" || lines[300] != fmt.Sprintf("299,%d", api.Values[299]) {
		t.Errorf("the values' CSV has %d lines, the last %q", len(lines), lines[len(lines)-1])
	}
	if svgText := download(b, "seq-svg", "image/svg+xml"); !strings.Contains(svgText, "<path") {
		t.Errorf("the plot's SVG: %.200q", svgText)
	}
	if rows := strings.Split(strings.TrimSpace(download(b, "table-csv", "text/csv")), "\r\n"); len(rows) != 9 || rows[0] != "row,1,2,3,4,5,6,7,8" {
		t.Errorf("the 8 x 8 table's CSV: %q", rows)
	}
	eval[bool](b, "a bad code", setInput("#code", "0.0z")+` && (document.querySelector('#seq-form').requestSubmit(), true)`)
	waitFor[bool](b, "the error", `document.querySelector('#seq-error').textContent !== ''`)
	if n := eval[int](b, "the plot", `document.querySelectorAll('#plot svg').length`); n != 0 {
		t.Error("the plot of 0.137 stays next to the error of 0.0z")
	}

	b.do("load /compound", chromedp.Navigate(b.url+"/compound"))
	waitFor[bool](b, "the default compound", `document.querySelector('#outcome .badge') !== null`)
	eval[bool](b, "bad components", setInput("#components", "3,3 x")+` && (document.querySelector('#form').requestSubmit(), true)`)
	msg := waitFor[string](b, "the error", `document.querySelector('#error').textContent`)
	if !strings.Contains(msg, `component 2: "x"`) || eval[bool](b, "stale", `document.querySelector('#outcome') !== null`) {
		t.Errorf("after %q the compound page still shows a result", msg)
	}
}

// testCensus opens the census page of a small census and sorts it.
func testCensus(b *browser, base string) {
	t := b.t
	b.do("load /census", chromedp.Navigate(base+"/census"))
	got := waitFor[string](b, "the census table", `document.querySelectorAll('#census tbody tr').length === 7 && document.querySelector('#summary').textContent`)
	if got != "7 codes: 6 proven, 0 apparent, 1 open." {
		t.Errorf("the census summary: %q", got)
	}
	b.do("sort by period", chromedp.Click(chromedp.CSS(`#census button[data-field="period"]`)), chromedp.Click(chromedp.CSS(`#census button[data-field="period"]`)))
	first := waitFor[string](b, "sorted by period, decreasing", `location.search.includes('desc=1') && document.querySelector('#census tbody th').textContent`)
	if first != "0.4" {
		t.Errorf("the code of the longest period: %q, want 0.4 (period 34)", first)
	}
	href := eval[string](b, "the link", `document.querySelector('#census tbody th a').getAttribute('href')`)
	if href != "/tables?code=0.4&to=3000" {
		t.Errorf("the link of 0.4: %q", href)
	}
}

// testMisere turns the misère switch on for Kayles on 5 7 9 and compares
// the verdict, the winning move, the quotient's elements and the genera
// with package misere.
func testMisere(b *browser, dir string) {
	t := b.t
	b.do("open a link", chromedp.Navigate(b.url+"/play?game=0.77&position=5+7+9"))
	waitPlay(b, "the linked position", shown("0.77"))
	b.do("misère", chromedp.Click(chromedp.ID("misere")))
	verdict := waitFor[string](b, "the misère verdict", `document.querySelectorAll('#misere-heaps tbody tr').length === 3 && document.querySelector('#misere-verdict').textContent`)
	g, _ := heap.Parse("0.77")
	heaps := []int{5, 7, 9}
	want, err := misere.New(g, 0).Outcome(context.Background(), heaps) // by search: no quotient yet
	if err != nil {
		t.Fatal(err)
	}
	s := misere.New(g, 0)
	q, err := s.Quotient(context.Background(), 9)
	if err != nil {
		t.Fatal(err)
	}
	x, _ := q.Element(heaps)
	if !strings.HasPrefix(verdict, map[bool]string{true: "N", false: "P"}[want.Wins]) ||
		(want.Move != nil && !strings.Contains(verdict, "by moving to "+strings.Trim(fmt.Sprint(want.Move), "[]"))) ||
		!strings.Contains(verdict, fmt.Sprintf("multiply to %s, which is ", q.Elements[x])) {
		t.Errorf("the misère verdict %q; the library says %+v, element %s", verdict, want, q.Elements[x])
	}
	cells := eval[[][]string](b, "the heaps", `[...document.querySelectorAll('#misere-heaps tbody tr')].map(tr => [...tr.cells].map(c => c.textContent))`)
	for i, h := range heaps {
		gen, _ := s.Genus(context.Background(), h)
		ph, _ := s.Phylum(context.Background(), h)
		if got := cells[i]; len(got) != 5 || got[2] != q.Elements[q.Map[h]] || got[3] != gen.String() || got[4] != ph {
			t.Errorf("heap %d: %q on the page; the library says element %s, genus %s, %s", h, got, q.Elements[q.Map[h]], gen, ph)
		}
	}
	b.screenshot(dir, "teach-misere.png")
}
