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

	"nimber/play"
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
	t       *testing.T
	ctx     context.Context
	url     string
	console *consoleLog
}

// consoleLog collects the errors the pages log, for every subtest.
type consoleLog struct {
	mu     sync.Mutex
	errors []string
}

// sub returns the browser for a subtest: the same tab, failing t.
func (b *browser) sub(t *testing.T) *browser {
	return &browser{t: t, ctx: b.ctx, url: b.url, console: b.console}
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
	b := &browser{t: t, ctx: bctx, url: serverURL, console: &consoleLog{}}
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
				b.console.mu.Lock()
				b.console.errors = append(b.console.errors, fmt.Sprintf("%s: %s (%s:%d)", m.Type, m.Text, m.URL, m.Line+1))
				b.console.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		b.console.mu.Lock()
		defer b.console.mu.Unlock()
		for _, e := range b.console.errors {
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

// apiPosition asks the server the position after moves on a start board,
// with the engine's reply when reply is set.
func apiPosition(t *testing.T, base, game string, board []string, moves []play.Move, reply bool) play.Position {
	t.Helper()
	if moves == nil {
		moves = []play.Move{}
	}
	body, _ := json.Marshal(map[string]any{"board": board, "moves": moves, "reply": reply})
	resp, err := http.Post(base+"/api/play/"+game, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST /api/play/%s: status %d", game, resp.StatusCode)
	}
	var ans struct{ Position play.Position }
	if err := json.NewDecoder(resp.Body).Decode(&ans); err != nil {
		t.Fatal(err)
	}
	return ans.Position
}

// apiPlay asks the server the position of a start board.
func apiPlay(t *testing.T, base, game string, board []string) (winning, legal int) {
	t.Helper()
	p := apiPosition(t, base, game, board, nil, false)
	return len(p.Winning), len(p.Legal)
}

// setInput sets a form field and fires the events a person's edit fires.
func setInput(sel, value string) string {
	return fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q;
		e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true})); return true })()`, sel, value)
}

// timingReset forgets the play page's last analysis time: a new data-ms on
// #timing then says that the answer of a later request has been drawn.
const timingReset = `(() => { const e = document.querySelector('#timing'); delete e.dataset.ms; e.textContent = ''; return true })()`

// openPlay loads the play page and selects a game, whose example board is
// then analysed and drawn.
func openPlay(b *browser, game string) {
	b.t.Helper()
	b.do("load /play", chromedp.Navigate(b.url+"/play"))
	waitFor[bool](b, "the game list", fmt.Sprintf(`document.querySelector('#game option[value=%q]') !== null`, game))
	// One script, so that no earlier answer can land between the two.
	eval[bool](b, "select "+game, timingReset+" && "+setInput("#game", game))
	waitPlay(b, "the example of "+game, fmt.Sprintf(`document.querySelector('#timing').dataset.ms &&
		document.querySelector('#board svg').getAttribute('aria-label').startsWith(%q)`, game+" board,"))
}

// loadBoard loads a one-case official input with "Load input" and waits
// until the page has drawn the analysis of its rows x cols board.
func loadBoard(b *browser, input string, rows, cols int) {
	b.t.Helper()
	eval[bool](b, "the input", timingReset+" && "+setInput("#input", input))
	b.do("load input", chromedp.Click(chromedp.ID("load-input")))
	waitPlay(b, fmt.Sprintf("the %d x %d board", rows, cols), fmt.Sprintf(`document.querySelector('#timing').dataset.ms &&
		document.querySelectorAll('#board rect.cell').length === %d`, rows*cols))
}

// waitPlay waits until the JavaScript condition cond holds on the play page,
// and fails at once when the page shows an error instead.
func waitPlay(b *browser, what, cond string) {
	b.t.Helper()
	got := waitFor[string](b, what, fmt.Sprintf(`(() => {
		const e = document.querySelector('#error').textContent || document.querySelector('#input-error').textContent;
		if (e) return 'the page shows the error: ' + e;
		return (%s) ? 'ok' : '';
	})()`, cond))
	if got != "ok" {
		b.t.Fatalf("waiting for %s: %s", what, got)
	}
}

// cell is the selector of a board cell, 0-based.
func cell(r, c int) chromedp.CSS {
	return chromedp.CSS(fmt.Sprintf(`#board rect.cell[data-r="%d"][data-c="%d"]`, r, c))
}

// playPage is what the play page shows of a position.
type playPage struct {
	Outcome string   `json:"outcome"` // the verdict's badge
	Verdict string   `json:"verdict"`
	Turn    string   `json:"turn"`
	Wins    int      `json:"wins"` // highlighted winning moves
	Moves   []string `json:"moves"`
	Undo    bool     `json:"undo"` // Undo is enabled
}

func readPlay(b *browser) playPage {
	b.t.Helper()
	return eval[playPage](b, "the play page", `(() => {
		const badge = document.querySelector('#verdict .badge');
		return {
			outcome: badge ? badge.textContent : '',
			verdict: document.querySelector('#verdict').textContent,
			turn: document.querySelector('#turn').textContent,
			wins: document.querySelectorAll('#board .win-mark').length,
			moves: [...document.querySelectorAll('#moves li')].map(li => li.textContent),
			undo: !document.querySelector('#undo').disabled,
		};
	})()`)
}

// wantPlay is what the play page should show of the position p, the human
// playing side human ("" before the first move) and the first move of the
// list the human's, the others the engine's.
func wantPlay(p play.Position, human string) playPage {
	name := func(s string) string {
		base := map[string]string{"first": "the first player", "second": "the second player"}[s]
		if base == "" {
			base = s
		}
		switch {
		case human == "":
			return base
		case s == human:
			return base + " (you)"
		}
		return base + " (the engine)"
	}
	w := playPage{Outcome: p.Outcome, Wins: len(p.Winning), Moves: []string{}, Undo: len(p.Moves) > 0}
	switch {
	case p.Over && p.Winner != "":
		w.Turn = "Game over. Winner: " + name(p.Winner) + "."
	case p.Over:
		w.Turn = "Game over."
	default:
		w.Turn = fmt.Sprintf("To move: %s. %d legal move(s).", name(p.ToMove), len(p.Legal))
	}
	for i, m := range p.Moves {
		s := fmt.Sprintf("row %d, column %d", m.Row+1, m.Col+1)
		if m.To != nil {
			s = fmt.Sprintf("(%d,%d) to (%d,%d)", m.Row+1, m.Col+1, m.To.Row+1, m.To.Col+1)
		}
		who := "engine"
		if i == 0 {
			who = "you"
		}
		w.Moves = append(w.Moves, s+" ("+who+")")
	}
	return w
}

// checkPlay compares what the page shows with what it should show, the
// verdict's text aside.
func checkPlay(b *browser, when string, want playPage) {
	b.t.Helper()
	got := readPlay(b)
	got.Verdict = ""
	if fmt.Sprint(got) != fmt.Sprint(want) {
		b.t.Errorf("%s: the page shows\n\t%+v\nwant (from the API)\n\t%+v", when, got, want)
	}
}

// testKnights plays the knights game on the page: a 4 x 4 board of two
// tokens loaded as an input, its winning moves, a move by two clicks and the
// engine's answer, then Undo.
func testKnights(b *browser, dir string) {
	t := b.t
	start := time.Now()
	openPlay(b, "knights")
	board := []string{"....", "....", "..K.", "...K"}
	loadBoard(b, "1\n4 4\n"+strings.Join(board, "\n")+"\n", 4, 4)
	p0 := apiPosition(t, b.url, "knights", board, nil, false)
	if len(p0.Winning) == 0 {
		t.Fatalf("the API finds no winning move on %q", board)
	}
	waitPlay(b, "the winning arrows", fmt.Sprintf(`document.querySelectorAll('#board .win-mark').length === %d`, len(p0.Winning)))
	checkPlay(b, "the 4 x 4 start board", wantPlay(p0, ""))

	// The first winning move: a click on the token, then on its destination.
	m := p0.Winning[0]
	targets := 0
	for _, l := range p0.Legal {
		if l.Row == m.Row && l.Col == m.Col {
			targets++
		}
	}
	b.do("select the token", chromedp.Click(cell(m.Row, m.Col)))
	waitPlay(b, "the token's destinations", fmt.Sprintf(`document.querySelector('#board rect.sel') !== null &&
		document.querySelectorAll('#board rect.target').length === %d`, targets))
	b.do("click the destination", chromedp.Click(cell(m.To.Row, m.To.Col)))
	p1 := apiPosition(t, b.url, "knights", board, []play.Move{m}, true)
	want := wantPlay(p1, "first")
	if !p1.Over && len(p1.Moves) != 2 {
		t.Fatalf("the API answers %d moves after a move and the engine's reply, want 2", len(p1.Moves))
	}
	waitPlay(b, "the engine's answer", fmt.Sprintf(`document.querySelectorAll('#moves li').length === %d &&
		document.querySelector('#turn').textContent === %q`, len(want.Moves), want.Turn))
	checkPlay(b, "after a move", want)
	if n := eval[int](b, "engine moves", `document.querySelectorAll('#moves li.engine').length`); n != len(p1.Moves)-1 {
		t.Errorf("%d moves marked as the engine's, want %d", n, len(p1.Moves)-1)
	}
	b.screenshot(dir, "play-knights.png")

	b.do("undo", chromedp.Click(chromedp.ID("undo")))
	waitPlay(b, "the undone position", `document.querySelectorAll('#moves li').length === 0 && document.querySelector('#undo').disabled`)
	checkPlay(b, "after Undo", wantPlay(p0, ""))
	t.Logf("knights 4 x 4: %d winning moves highlighted, %s played, %d moves listed, undone; %v",
		len(p0.Winning), want.Moves[0], len(want.Moves), time.Since(start).Round(time.Millisecond))
}

// testBOI plays BOI 2008 on the page: a 5 x 5 board loaded as an input, its
// verdict, one step of A by a click and B's answer by the engine.
func testBOI(b *browser, dir string) {
	t := b.t
	start := time.Now()
	openPlay(b, "boi2008-game")
	board := []string{"A.#..", ".....", "..#..", ".....", "..#.B"}
	loadBoard(b, "1\n5\n"+strings.Join(board, "\n")+"\n", 5, 5)
	p0 := apiPosition(t, b.url, "boi2008-game", board, nil, false)
	checkPlay(b, "the 5 x 5 start board", wantPlay(p0, ""))
	// The race analysis of the board, as /api/analyze gives it, agrees.
	resp, err := http.Post(b.url+"/api/analyze/boi2008-game", "text/plain", strings.NewReader("1\n5\n"+strings.Join(board, "\n")+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	var ana struct {
		Cases []struct {
			Race struct{ Winner, Distance any }
		}
	}
	err = json.NewDecoder(resp.Body).Decode(&ana)
	resp.Body.Close()
	if err != nil || len(ana.Cases) != 1 {
		t.Fatalf("POST /api/analyze/boi2008-game: %v, %d cases", err, len(ana.Cases))
	}
	race := ana.Cases[0].Race
	if w := map[string]any{"N": "A", "P": "B"}[p0.Outcome]; w != race.Winner {
		t.Errorf("/api/play says %s to A, /api/analyze that %v wins", p0.Outcome, race.Winner)
	}
	waitPlay(b, "the race analysis", fmt.Sprintf(`document.querySelector('#race').textContent.startsWith(%q)`,
		fmt.Sprintf("winner: %v\ndistance D = %v\n", race.Winner, race.Distance)))

	// A steps to its first winning square, else its first legal one.
	m := p0.Legal[0]
	if len(p0.Winning) > 0 {
		m = p0.Winning[0]
	}
	b.do("step", chromedp.Click(cell(m.Row, m.Col)))
	// The page lets the engine answer until it is A's turn again.
	p := apiPosition(t, b.url, "boi2008-game", board, []play.Move{m}, false)
	for k := 0; k < 4 && !p.Over && p.ToMove != "A"; k++ {
		p = apiPosition(t, b.url, "boi2008-game", board, p.Moves, true)
	}
	if !p.Over && (len(p.Moves) < 2 || p.ToMove != "A") {
		t.Fatalf("the API answers %d moves, %s to move, after A's step and B's answer", len(p.Moves), p.ToMove)
	}
	want := wantPlay(p, "A")
	waitPlay(b, "B's answer", fmt.Sprintf(`document.querySelectorAll('#moves li').length === %d &&
		document.querySelector('#turn').textContent === %q`, len(want.Moves), want.Turn))
	checkPlay(b, "after A's step", want)
	if n := eval[int](b, "legal steps", `document.querySelectorAll('#board circle.target').length`); !p.Over && n != len(p.Legal) {
		t.Errorf("%d legal steps marked with a dot, want %d", n, len(p.Legal))
	}
	if n := eval[int](b, "engine moves", `document.querySelectorAll('#moves li.engine').length`); n != len(p.Moves)-1 {
		t.Errorf("%d moves marked as the engine's, want %d", n, len(p.Moves)-1)
	}
	b.screenshot(dir, "play-boi2008.png")

	b.do("undo", chromedp.Click(chromedp.ID("undo")))
	waitPlay(b, "the undone position", `document.querySelectorAll('#moves li').length === 0 && document.querySelector('#undo').disabled`)
	checkPlay(b, "after Undo", wantPlay(p0, ""))
	t.Logf("boi2008-game 5 x 5: verdict %s as the API, A played %s, %d moves listed, undone; %v",
		p0.Outcome, want.Moves[0], len(want.Moves), time.Since(start).Round(time.Millisecond))
}

// testStaleRace checks that the race analysis of a BOI 2008 board that
// arrives after the page has moved on to another game is not shown: the
// page's server, h, answers /api/analyze late.
func testStaleRace(b *browser, h http.Handler) {
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/analyze/") {
			time.Sleep(300 * time.Millisecond)
		}
		h.ServeHTTP(w, r)
	}))
	defer slow.Close()
	b.url = slow.URL
	openPlay(b, "boi2008-game") // the race analysis of its example is on its way
	eval[bool](b, "select knights", timingReset+" && "+setInput("#game", "knights"))
	waitPlay(b, "the knights example", `document.querySelector('#timing').dataset.ms &&
		document.querySelector('#board svg').getAttribute('aria-label').startsWith('knights board,')`)
	waitFor[bool](b, "the late race analysis", `performance.getEntriesByType('resource').some(e => e.name.includes('/api/analyze/boi2008-game') && e.responseEnd > 0)`)
	// The page reads the answer's body in a task of its own: give it time.
	hidden, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`new Promise(ok => setTimeout(() => ok(document.querySelector('#race-box').hidden), 100))`, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatal(err)
	}
	if !hidden {
		b.t.Errorf("the knights game shows the race analysis of the BOI 2008 example: %q", eval[string](b, "race", `document.querySelector('#race').textContent`))
	}
}

// TestBrowser drives the pages in headless Chromium: the play
// page analyses, highlights the winning moves, plays against the engine and
// undoes, in Bacterial Tactics, then in knights and BOI 2008 (subtests, with
// one for a late BOI 2008 race analysis); the tables page draws a heatmap and a plot; the compound page
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
	openPlay(b, "bacterial-tactics")
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

	// Knights and BOI 2008, each loaded as an input and played by clicks.
	t.Run("knights", func(t *testing.T) { testKnights(b.sub(t), dir) })
	t.Run("boi2008-game", func(t *testing.T) { testBOI(b.sub(t), dir) })
	t.Run("stale-race-analysis", func(t *testing.T) { testStaleRace(b.sub(t), h) })

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
