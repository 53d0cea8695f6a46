package web_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"nimber/game"
	"nimber/play"
)

// familyRows is what the tables page shows of a family: each row's cells
// joined by " | ".
const familyRows = `[...document.querySelectorAll('#family-table tbody tr')].map(tr => [...tr.cells].map(c => c.textContent).join(' | '))`

// TestBrowserFamilies opens the tables page's partizan families in a real
// browser: Domineering's 2 x n boards to 6 with the canonical forms of
// the literature, as GET /api/table answers them, the state in the URL, a
// position's link to the partizan play page and a canonical form's to the
// values page, the CSV and JSON downloads, Toads and Frogs' pattern typed
// in the text box, and a refusal shown without a stale table.
// testAccessibility audits the page with axe-core.
func TestBrowserFamilies(t *testing.T) {
	b, ts, dir := newPageTest(t)

	b.do("load /tables", chromedp.Navigate(ts.URL+"/tables"))
	waitFor[bool](b, "the default table", `document.querySelectorAll('#family-table tbody tr').length === 8`)
	if games := eval[[]string](b, "the games", `[...document.querySelectorAll('#family-game option')].map(o => o.value)`); strings.Join(games, ",") != "domineering,toads-frogs" {
		t.Errorf("games with families offered: %q, want domineering and toads-frogs", games)
	}
	eval[bool](b, "n up to 6", `(() => { document.querySelector('#family-to').value = '6'; document.querySelector('#family-form').requestSubmit(); return true })()`)
	rows := waitFor[[]string](b, "2xN to 6", `document.querySelectorAll('#family-table tbody tr').length === 6 && `+familyRows)
	canon := []string{"1", "+-1", "{2|-1/2}", "Miny(2)", "1/2", "{1Miny(2)|-1}"}
	api := familyAPI(t, ts.URL, "domineering", "2xN", 6)
	for i, r := range rows {
		a := api[i]
		if want := strings.Join([]string{a.Position, a.Canonical, a.Outcome}, " | "); r != strconv.Itoa(i+1)+" | "+want || a.Canonical != canon[i] {
			t.Errorf("row %d: %q, the API says %q, the literature %s", i+1, r, want, canon[i])
		}
	}
	if q := eval[string](b, "the URL", `location.search`); !strings.Contains(q, "family-game=domineering") || !strings.Contains(q, "family=2xN") || !strings.Contains(q, "family-to=6") {
		t.Errorf("the URL %q does not keep the table", q)
	}
	value := eval[string](b, "the value link", `document.querySelector('#family-table tbody tr:nth-child(3) td:nth-child(3) a').getAttribute('href')`)
	if u, err := url.Parse(value); err != nil || u.Path != "/value" || u.Query().Get("expr") != "{2|-1/2}" {
		t.Errorf("the value link %q, want /value?expr={2|-1/2}", value)
	}

	// Downloads: the CSV's rows and the JSON answer.
	csvText, jsonText := download(b, "family-csv", "text/csv"), download(b, "family-json", "application/json")
	if want := "n,position,canonical,outcome\r\n1,.|.,1,L\r\n2,..|..,+-1,N\r\n3,...|...,{2|-1/2},N\r\n"; !strings.HasPrefix(csvText, want) || strings.Count(csvText, "\r\n") != 7 {
		t.Errorf("CSV %q, want 7 lines from %q", csvText, want)
	}
	var got struct {
		Game, Family string
		Rows         []play.FamilyRow
	}
	if err := json.Unmarshal([]byte(jsonText), &got); err != nil || got.Game != "domineering" || got.Family != "2xN" || len(got.Rows) != 6 || got.Rows[5].Canonical != canon[5] {
		t.Errorf("JSON %s (%v)", jsonText, err)
	}
	b.screenshot(dir, "tables-families.png")

	// A position's link opens the partizan play page at that position.
	b.do("follow 2x3", chromedp.Click(chromedp.CSS(`#family-table tbody tr:nth-child(3) td:nth-child(2) a`)), chromedp.WaitVisible(chromedp.CSS(`#canonical`)))
	waitFor[bool](b, "the partizan page", `location.pathname === '/partizan' && document.querySelector('#canonical')?.textContent === '{2|-1/2}'`)
	if q := eval[string](b, "its URL", `location.search`); !strings.Contains(q, "game=domineering") || !strings.Contains(q, "position=...%7C...") {
		t.Errorf("the partizan page's URL %q, want Domineering at ...|...", q)
	}

	// Toads and Frogs: a pattern typed in the text box; then a refusal.
	b.do("back to /tables", chromedp.Navigate(ts.URL+"/tables?family-game=toads-frogs&family=T%5EN.%5E2F%5EN&family-to=3"))
	rows = waitFor[[]string](b, "T^N.^2F^N to 3", `document.querySelectorAll('#family-table tbody tr').length === 3 && `+familyRows)
	api = familyAPI(t, ts.URL, "toads-frogs", "T^N.^2F^N", 3)
	for i, r := range rows {
		if want := strconv.Itoa(i+1) + " | " + strings.Join([]string{api[i].Position, api[i].Canonical, api[i].Outcome}, " | "); r != want {
			t.Errorf("toads-frogs row %d: %q, want %q", i+1, r, want)
		}
	}
	if pick := eval[string](b, "the family picked", `document.querySelector('#family-pick').value`); pick != "T^N.^2F^N" {
		t.Errorf("the families' select shows %q, want T^N.^2F^N", pick)
	}
	eval[bool](b, "a pattern", setInput("#family", "T^N.^N"))
	eval[bool](b, "to 21", `(() => { document.querySelector('#family-to').value = '21'; document.querySelector('#family-form').requestSubmit(); return true })()`)
	msg := waitFor[string](b, "the refusal", `document.querySelector('#family-error').textContent`)
	if !strings.Contains(msg, "family=T^N.^N to=21: member 11:") || eval[bool](b, "no stale table", `!document.querySelector('#family-table').hidden`) {
		t.Errorf("refusal %q, or the earlier table still shown", msg)
	}

	// Choosing a game asks for its first family, K as 2; choosing a family
	// puts its name in the box.
	eval[bool](b, "to 3", setInput("#family-to", "3"))
	eval[bool](b, "domineering", `(() => { const s = document.querySelector('#family-game'); s.value = 'domineering'; s.dispatchEvent(new Event('change')); return true })()`)
	rows = waitFor[[]string](b, "2xN to 3", `document.querySelector('#family-table caption').textContent.includes('family 2xN') && `+familyRows)
	if len(rows) != 3 || rows[2] != "3 | ...|... | {2|-1/2} | N" || eval[string](b, "the box", `document.querySelector('#family').value`) != "2xN" {
		t.Errorf("domineering chosen: %q", rows)
	}
	eval[bool](b, "NxK", `(() => { const s = document.querySelector('#family-pick'); s.value = 'NxK'; s.dispatchEvent(new Event('change')); return true })()`)
	rows = waitFor[[]string](b, "Nx2 to 3", `document.querySelector('#family-table caption').textContent.includes('family Nx2') && `+familyRows)
	if len(rows) != 3 || rows[0] != "1 | .. | -1 | R" || !strings.Contains(eval[string](b, "the about", `document.querySelector('#family-about').textContent`), "n rows and K columns") {
		t.Errorf("NxK chosen: %q", rows)
	}
}

// familyAPI asks GET /api/table for a family's rows.
func familyAPI(t *testing.T, base, game, family string, to int) []play.FamilyRow {
	t.Helper()
	rows := getAPI[struct{ Rows []play.FamilyRow }](t, base+"/api/table/"+game+"?function=canonical&family="+url.QueryEscape(family)+"&to="+strconv.Itoa(to)).Rows
	if len(rows) != to {
		t.Fatalf("%s %s: %d rows", game, family, len(rows))
	}
	return rows
}

// recordRows is what the tables page shows of Domineering's records: each
// row's cells joined by " | ".
const recordRows = `[...document.querySelectorAll('#records-table tbody tr')].map(tr => [...tr.cells].map(c => c.textContent).join(' | '))`

// TestBrowserRecords opens the tables page's Domineering records in a real
// browser: a row for every record of GET /api/records/domineering, in its
// order, with the class, who wins each way, the source and what of it was
// read; the boards not verified marked; the sources listed; the CSV
// download. testAccessibility audits the page with axe-core.
func TestBrowserRecords(t *testing.T) {
	b, ts, dir := newPageTest(t)
	api := getAPI[struct {
		Records []game.Record
		Sources []game.Source
	}](t, ts.URL+"/api/records/domineering")
	if len(api.Records) < 130 {
		t.Fatalf("%d records", len(api.Records))
	}

	b.do("load /tables", chromedp.Navigate(ts.URL+"/tables"))
	rows := waitFor[[]string](b, "the records", `document.querySelectorAll('#records-table tbody tr').length === `+strconv.Itoa(len(api.Records))+` && `+recordRows)
	dash := func(s string) string {
		if s == "" {
			return "—"
		}
		return s
	}
	read := map[string]string{"check": "check", "abstract": "abstract", "unread": "unread: not verified"}
	for i, r := range api.Records {
		want := strings.Join([]string{fmt.Sprintf("%d × %d", r.Rows, r.Cols), r.Outcome, dash(r.LeftFirst), dash(r.RightFirst), r.Source, read[r.Evidence], "—", "—", "—"}, " | ")
		if r.Positions != nil {
			continue // measured: the figures are formatted by the page
		}
		if rows[i] != want {
			t.Errorf("row %d: %q, want %q (the API's)", i+1, rows[i], want)
		}
	}
	if unread := eval[[]string](b, "the boards not verified", `[...document.querySelectorAll('#records-table tbody tr.unread')].map(tr => tr.cells[0].textContent)`); strings.Join(unread, ", ") != "9 × 9, 10 × 10" {
		t.Errorf("rows marked unread: %q, want 9 × 9 and 10 × 10", unread)
	}
	cite := eval[string](b, "8 x 8's source", `[...document.querySelectorAll('#records-table tbody tr')].find(tr => tr.cells[0].textContent === '8 × 8').cells[4].querySelector('abbr').title`)
	if !strings.Contains(cite, "Solving 8 x 8 Domineering") {
		t.Errorf("8 x 8's source title %q", cite)
	}
	if n := eval[int](b, "the sources", `document.querySelectorAll('#records-sources li').length`); n != len(api.Sources) {
		t.Errorf("%d sources listed, the API has %d", n, len(api.Sources))
	}
	csvText := download(b, "records-csv", "text/csv")
	if want := "rows,cols,left_first,right_first,class,source,evidence,positions,seconds,machine\r\n1,1,Right,Left,P,bullock2002,check,"; !strings.HasPrefix(csvText, want) || strings.Count(csvText, "\r\n") != len(api.Records)+1 {
		t.Errorf("CSV %.200q, want %d lines from %q", csvText, len(api.Records)+1, want)
	}
	b.screenshot(dir, "tables-records.png")
}
