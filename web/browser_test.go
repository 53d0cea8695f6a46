package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"nimber/web"
)

// findChrome returns the path of a Chromium or Chrome binary, or skips the
// test when the machine has none.
func findChrome(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("NIMBER_CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium or Chrome found (looked for /usr/bin/chromium, chromium, chromium-browser, google-chrome; " +
		"set NIMBER_CHROME to a browser binary, or install one, e.g. apt-get install chromium)")
	return ""
}

// artifactDir is where the test writes its screenshots: $NIMBER_ARTIFACTS
// when set, else a temporary directory of the test.
func artifactDir(t *testing.T) string {
	t.Helper()
	if d := os.Getenv("NIMBER_ARTIFACTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// browser is a headless browser on a page of the test server, which fails
// the test on any error the page logs.
type browser struct {
	t   *testing.T
	ctx context.Context
	url string

	mu     sync.Mutex
	errors []string
}

func newBrowser(t *testing.T, serverURL string) *browser {
	t.Helper()
	chrome := findChrome(t)
	profile := t.TempDir()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(profile),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 1100),
	)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	t.Cleanup(cancel)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	t.Cleanup(cancelBrowser)
	b := &browser{t: t, ctx: bctx, url: serverURL}
	// Start the browser, then listen to the console before any page loads.
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting %s: %v", chrome, err)
	}
	msgs := chromedp.Console(bctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException {
				b.mu.Lock()
				b.errors = append(b.errors, fmt.Sprintf("%s: %s (%s:%d)", m.Type, m.Text, m.URL, m.Line+1))
				b.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		for _, e := range b.errors {
			t.Errorf("browser console: %s", e)
		}
	})
	return b
}

func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// eval runs a JavaScript expression and decodes its value.
func eval[T any](b *browser, what, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
	return v
}

// waitFor waits until a JavaScript expression is truthy and returns it.
func waitFor[T any](b *browser, what, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Poll[T](expr, chromedp.WithPollingTimeout(15*time.Second)))
	if err != nil {
		b.t.Fatalf("waiting for %s (%s): %v", what, expr, err)
	}
	return v
}

func (b *browser) screenshot(dir, name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatalf("screenshot: %v", err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: %s", path)
}

// apiPlay asks the server the position of a start board.
func apiPlay(t *testing.T, base, game string, board []string) (winning, legal int) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"board": board, "moves": []any{}, "reply": false})
	resp, err := http.Post(base+"/api/play/"+game, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var ans struct {
		Position struct {
			Winning []json.RawMessage `json:"winning_moves"`
			Legal   []json.RawMessage `json:"legal_moves"`
		} `json:"position"`
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST /api/play/%s: status %d", game, resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(&ans); err != nil {
		t.Fatal(err)
	}
	return len(ans.Position.Winning), len(ans.Position.Legal)
}

// setInput sets a form field and fires the events a person's edit fires.
func setInput(sel, value string) string {
	return fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q;
		e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true})); return true })()`, sel, value)
}

// TestBrowser drives the pages in headless Chromium: the play
// page analyses, highlights the winning moves, plays against the engine and
// undoes; the tables page draws a heatmap and a plot; the compound page
// decides as the API does.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser; skipped with -short")
	}
	h, err := web.New(web.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	defer ts.Close()
	b := newBrowser(t, ts.URL)
	dir := artifactDir(t)
	start := time.Now()

	// The play page, Bacterial Tactics, the example's second case.
	b.do("load /play", chromedp.Navigate(ts.URL+"/play"))
	waitFor[bool](b, "the game list", `document.querySelector('#game option[value="bacterial-tactics"]') !== null`)
	eval[bool](b, "select the game", setInput("#game", "bacterial-tactics"))
	b.do("load the example", chromedp.Click(chromedp.ID("load-example")))
	waitFor[bool](b, "the case selector", `document.querySelector('#case').options.length === 2`)
	eval[bool](b, "select case 2", setInput("#case", "1"))
	board := []string{"#.##", "....", "#.##"}
	wantWins, _ := apiPlay(t, ts.URL, "bacterial-tactics", board)
	if wantWins == 0 {
		t.Fatal("the API finds no winning move on the example's second case")
	}
	got := waitFor[int](b, "the winning moves of the 3 x 4 board",
		`document.querySelectorAll('#board rect.cell').length === 12 && document.querySelectorAll('#board .win-mark').length`)
	if got != wantWins {
		t.Errorf("the page highlights %d winning moves, the API answers %d", got, wantWins)
	}
	t.Logf("3 x 4 example: %d winning moves highlighted, as the API says", got)

	// A 15 x 15 board: analysed and drawn; #timing says how long it took.
	eval[bool](b, "rows", setInput("#rows", "15"))
	eval[bool](b, "cols", setInput("#cols", "15"))
	waitFor[bool](b, "the 15 x 15 board", `document.querySelectorAll('#board rect.cell').length === 225`)
	b.do("clear the board", chromedp.Click(chromedp.ID("clear")))
	waitFor[bool](b, "the empty 15 x 15 board", `[...document.querySelectorAll('#board rect.cell')].every(r => r.getAttribute('fill') === '#ffffff') && document.querySelectorAll('#board .win-mark').length > 0`)
	var timings []string
	for i := 0; i < 3; i++ {
		eval[bool](b, "reset the timing", `(() => { const e = document.querySelector('#timing'); delete e.dataset.ms; e.textContent = ''; return true })()`)
		b.do("new game", chromedp.Click(chromedp.ID("new-game")))
		ms := waitFor[string](b, "#timing", `document.querySelector('#timing').dataset.ms`)
		timings = append(timings, ms+" ms")
		if v, err := strconv.ParseFloat(ms, 64); err != nil || v <= 0 {
			t.Errorf("#timing data-ms = %q, want a positive number of milliseconds", ms)
		}
	}
	t.Logf("15 x 15 Bacterial Tactics, analysis (fetch + draw) per #timing: %s", strings.Join(timings, ", "))
	empty := make([]string, 15)
	for i := range empty {
		empty[i] = strings.Repeat(".", 15)
	}
	emptyWins, _ := apiPlay(t, ts.URL, "bacterial-tactics", empty)
	if got := eval[int](b, "winning marks", `document.querySelectorAll('#board .win-mark').length`); got != emptyWins {
		t.Errorf("15 x 15: the page highlights %d winning moves, the API answers %d", got, emptyWins)
	}

	// Play: an H colony on row 8, column 8, by a real click; the engine answers.
	b.do("click a cell", chromedp.Click(chromedp.CSS(`#board rect.cell[data-r="7"][data-c="7"]`)))
	waitFor[bool](b, "the engine's answer", `document.querySelectorAll('#moves li').length === 2`)
	if n := eval[int](b, "engine moves", `document.querySelectorAll('#moves li.engine').length`); n != 1 {
		t.Errorf("%d moves marked as the engine's, want 1", n)
	}
	if c := eval[string](b, "the played cell", `document.querySelector('#board rect.cell[data-r="7"][data-c="7"]').nextElementSibling.textContent`); c != "H" {
		t.Errorf("the played cell shows %q, want the H colony", c)
	}
	if undo := eval[bool](b, "undo enabled", `!document.querySelector('#undo').disabled`); !undo {
		t.Error("Undo is disabled after a move")
	}
	b.screenshot(dir, "play-bacterial-15x15.png")

	// Undo takes back the pair.
	b.do("undo", chromedp.Click(chromedp.ID("undo")))
	waitFor[bool](b, "the undone position", `document.querySelectorAll('#moves li').length === 0 && document.querySelector('#undo').disabled`)
	if got := eval[int](b, "winning marks after undo", `document.querySelectorAll('#board .win-mark').length`); got != emptyWins {
		t.Errorf("after Undo: %d winning moves highlighted, want %d", got, emptyWins)
	}

	// The tables page: a 12 x 12 heatmap of Grundy values.
	b.do("load /tables", chromedp.Navigate(ts.URL+"/tables"))
	waitFor[bool](b, "the 8 x 8 heatmap", `document.querySelectorAll('#heatmap svg rect.cell').length === 64`)
	eval[bool](b, "size", `(() => { document.querySelector('#size').value = '12'; document.querySelector('#knights-form').requestSubmit(); return true })()`)
	cells := waitFor[int](b, "the 12 x 12 heatmap", `document.querySelector('#heatmap svg').dataset.size === '12' && document.querySelectorAll('#heatmap svg rect.cell').length`)
	if cells != 144 {
		t.Errorf("the heatmap has %d cells, want 144", cells)
	}
	if n := eval[int](b, "titles", `document.querySelectorAll('#heatmap svg rect.cell > title').length`); n != 144 {
		t.Errorf("%d cells have a <title>, want 144", n)
	}
	title := eval[string](b, "a title", `document.querySelector('#heatmap rect.cell[data-r="4"][data-c="6"] > title').textContent`)
	resp, err := http.Get(ts.URL + "/api/table/knights?size=12&function=grundy")
	if err != nil {
		t.Fatal(err)
	}
	var table struct{ Labels [][]string }
	if err := json.NewDecoder(resp.Body).Decode(&table); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if want := "row 5, column 7: " + table.Labels[4][6]; title != want {
		t.Errorf("cell title %q, want %q", title, want)
	}
	waitFor[bool](b, "the sequence plot", `document.querySelector('#plot svg path') !== null && document.querySelector('#seq-summary').textContent.includes('Period')`)
	b.screenshot(dir, "tables.png")

	// The compound page decides its default compound as the API does.
	b.do("load /compound", chromedp.Navigate(ts.URL+"/compound"))
	outcome := waitFor[string](b, "the compound's outcome", `document.querySelectorAll('#invariants tbody tr').length === 2 && document.querySelector('#outcome .badge').textContent`)
	body := `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "knights", "size": 8}, "components": [{"row": 2, "col": 2}, {"row": 4, "col": 5}]}`
	resp, err = http.Post(ts.URL+"/api/compound", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var dec struct{ Outcome string }
	if err := json.NewDecoder(resp.Body).Decode(&dec); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if outcome != dec.Outcome {
		t.Errorf("the compound page says %q, the API %q", outcome, dec.Outcome)
	}
	b.do("misère, short", chromedp.Click(chromedp.CSS(`input[name="play"][value="misere"]`)), chromedp.Click(chromedp.CSS(`input[name="end"][value="short"]`)))
	waitFor[bool](b, "the misère diminished disjunctive compound", `document.querySelector('#result').textContent.includes('(one/short/misere)')`)
	b.screenshot(dir, "compound.png")
	t.Logf("browser test took %v", time.Since(start).Round(time.Millisecond))
}
