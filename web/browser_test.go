package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"nimber/census"
	"nimber/game"
	"nimber/play"
	"nimber/store/storetest"
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

// apiRefusal is the browser's report of a 4xx answer of the API.
var apiRefusal = regexp.MustCompile(`^Failed to load resource: the server responded with a status of 4\d\d `)

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

// newPageTest starts a server with the default options and a browser on
// it, for one page's browser test (skipped with -short), and the folder
// for its screenshots; the server stops when the test ends.
func newPageTest(t *testing.T) (*browser, *httptest.Server, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a browser; skipped with -short")
	}
	h, err := web.New(web.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return newBrowser(t, ts.URL), ts, artifactDir(t)
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
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
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
			if m.Type == chromedp.ConsoleError && strings.Contains(m.URL, "/api/") && apiRefusal.MatchString(m.Text) {
				continue // an answer the page shows as an error, which the test looks for
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

// do runs steps in the browser, failing the test on an error. A single
// step is tried again when Chromium answers that the node it
// found is gone: the page drew that part again between the query and the
// action (seen on the partizan page under load, as a late answer redrew
// the board). The action never ran, so trying again is safe.
func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	for try := 1; ; try++ {
		err := chromedp.Do(b.ctx, steps...)
		if err != nil && len(steps) == 1 && try < 3 && strings.Contains(err.Error(), "Could not find node with given id") {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		if err != nil {
			b.t.Fatalf("%s: %v", what, err)
		}
		return
	}
}

// eval runs a JavaScript expression and decodes its value.
func eval[T any](b *browser, what, expr string) T {
	b.t.Helper()
	v, err := runAgain(b, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
	return v
}

// waitFor waits until a JavaScript expression is truthy and returns it.
func waitFor[T any](b *browser, what, expr string) T {
	b.t.Helper()
	v, err := runAgain(b, chromedp.Poll[T](expr, chromedp.WithPollingTimeout(15*time.Second)))
	if err != nil {
		b.t.Fatalf("waiting for %s (%s): %v", what, expr, err)
	}
	return v
}

// runAgain runs a step that evaluates JavaScript, again when Chromium
// answers that the page's execution context is gone: a step sent just as
// a navigation replaces the page's context (seen on a loaded machine)
// names the old one, and the next try finds the new page.
func runAgain[T any](b *browser, step chromedp.Action[T]) (T, error) {
	for try := 1; ; try++ {
		v, err := chromedp.Run(b.ctx, step)
		if err == nil || try == 3 || !strings.Contains(err.Error(), "Cannot find context with specified id") {
			return v, err
		}
		time.Sleep(100 * time.Millisecond)
	}
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

// postAPI posts body of type contentType to url, fails the test unless
// the server answers 200 OK, and decodes its JSON answer as a T.
func postAPI[T any](t *testing.T, url, contentType, body string) T {
	t.Helper()
	resp, err := http.Post(url, contentType, strings.NewReader(body))
	return apiAnswer[T](t, "POST "+url, resp, err)
}

// postPartizan posts req as the JSON body of POST /api/partizan/{game}
// and decodes the answer as a T (postAPI).
func postPartizan[T any](t *testing.T, base, game string, req map[string]any) T {
	t.Helper()
	body, _ := json.Marshal(req)
	return postAPI[T](t, base+"/api/partizan/"+game, "application/json", string(body))
}

// getAPI gets url, fails the test unless the server answers 200 OK, and
// decodes its JSON answer as a T.
func getAPI[T any](t *testing.T, url string) T {
	t.Helper()
	resp, err := http.Get(url)
	return apiAnswer[T](t, "GET "+url, resp, err)
}

// apiAnswer fails the test unless the request (what) was answered, with
// resp, 200 OK, and decodes resp's JSON body as a T.
func apiAnswer[T any](t *testing.T, what string, resp *http.Response, err error) T {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: status %d", what, resp.StatusCode)
	}
	var v T
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// apiState asks the server the state after moves from a start position,
// with the engine's reply when reply is set.
func apiState(t *testing.T, base, game, position string, moves []play.Choice, reply bool) play.State {
	t.Helper()
	if moves == nil {
		moves = []play.Choice{}
	}
	body, _ := json.Marshal(map[string]any{"position": position, "moves": moves, "reply": reply})
	return postAPI[struct{ State play.State }](t, base+"/api/play/"+game, "application/json", string(body)).State
}

// winning returns the winning moves of a state.
func winning(st play.State) []play.Option {
	var out []play.Option
	for _, m := range st.Legal {
		if m.Winning {
			out = append(out, m)
		}
	}
	return out
}

// setInput sets a form field and fires the events a person's edit fires.
func setInput(sel, value string) string {
	return fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q;
		e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true})); return true })()`, sel, value)
}

// timingReset forgets the play page's last analysis time: a new data-ms on
// #timing then says that the answer of a later request has been drawn.
const timingReset = `(() => { const e = document.querySelector('#timing'); delete e.dataset.ms; e.textContent = ''; return true })()`

// shown is the condition that the play page shows a position of game: its
// board or its text.
func shown(game string) string {
	return fmt.Sprintf(`document.querySelector('#timing').dataset.ms && document.querySelector('#board [data-game=%q]') !== null`, game)
}

// openPlay loads the play page and selects a game by the name it is played
// by, whose example is then analysed and drawn.
func openPlay(b *browser, game string) {
	b.t.Helper()
	b.do("load /play", chromedp.Navigate(b.url+"/play"))
	waitFor[bool](b, "the game list", fmt.Sprintf(`document.querySelector('#game option[value=%q]') !== null`, game))
	// One script, so that no earlier answer can land between the two.
	eval[bool](b, "select "+game, timingReset+" && "+setInput("#game", game))
	waitPlay(b, "the example of "+game, shown(game))
}

// loadPosition pastes a position's text and loads it, and waits until the
// page has drawn its analysis: a board of cells cells, or a text.
func loadPosition(b *browser, field, text string, cells int) {
	b.t.Helper()
	eval[bool](b, "the position", timingReset+" && "+setInput(field, text))
	b.do("load the position", chromedp.Click(chromedp.ID("load-position")))
	cond := `document.querySelector('#timing').dataset.ms`
	if cells > 0 {
		cond += fmt.Sprintf(` && document.querySelectorAll('#board rect.cell').length === %d`, cells)
	}
	waitPlay(b, "the position loaded", cond)
}

// waitPlay waits until the JavaScript condition cond holds on the play page,
// and fails at once when the page shows an error instead.
func waitPlay(b *browser, what, cond string) {
	b.t.Helper()
	got, err := runAgain(b, chromedp.Poll[string](fmt.Sprintf(`(() => {
		const e = document.querySelector('#error').textContent || document.querySelector('#input-error').textContent;
		if (e) return 'the page shows the error: ' + e;
		return (%s) ? 'ok' : '';
	})()`, cond), chromedp.WithPollingTimeout(15*time.Second)))
	if err != nil {
		// Say what the page shows instead.
		b.t.Fatalf("waiting for %s (%s): %v; the page shows %+v", what, cond, err, readPlay(b))
	}
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
	Turn    string   `json:"turn"`
	Marks   int      `json:"marks"` // winning moves highlighted on the board
	Legal   int      `json:"legal"` // moves listed
	Wins    int      `json:"wins"`  // moves listed as winning
	Moves   []string `json:"moves"` // the moves played
	Engine  int      `json:"engine"`
	Undo    bool     `json:"undo"` // Undo is enabled
}

func readPlay(b *browser) playPage {
	b.t.Helper()
	return eval[playPage](b, "the play page", `(() => {
		const badge = document.querySelector('#verdict .badge');
		return {
			outcome: badge ? badge.textContent : '',
			turn: document.querySelector('#turn').textContent,
			marks: document.querySelectorAll('#board .win-mark').length,
			legal: document.querySelectorAll('#legal button[data-i]').length,
			wins: document.querySelectorAll('#legal button.win, #legal button.mv-win').length,
			moves: [...document.querySelectorAll('#moves li')].map(li => li.textContent),
			engine: document.querySelectorAll('#moves li.engine').length,
			undo: !document.querySelector('#undo').disabled,
		};
	})()`)
}

// pageView says how the page names a game's players and parts.
type pageView struct {
	board bool   // moves drawn on a board, so listed without their part
	noun  string // what a part is called
}

// want is what the play page should show of st: the human playing side
// human ("" before the first move), the engine's moves those of engine.
func (v pageView) want(st play.State, human string, engine map[int]bool) playPage {
	name := func(s string) string {
		base := s
		if s == "first" || s == "second" {
			base = "the " + s + " player"
		}
		switch {
		case human == "":
			return base
		case s == human:
			return base + " (you)"
		}
		return base + " (the engine)"
	}
	plural := func(n int, word string) string {
		if n == 1 {
			return fmt.Sprintf("%d %s", n, word)
		}
		return fmt.Sprintf("%d %ss", n, word)
	}
	wins := len(winning(st))
	w := playPage{Outcome: st.Outcome, Legal: len(st.Legal), Wins: wins, Moves: []string{}, Undo: len(st.Moves) > 0}
	if v.board {
		for _, m := range winning(st) {
			if len(m.Cells) > 0 {
				w.Marks++
			}
		}
	}
	if st.Over {
		w.Turn = "Game over: " + name(st.ToMove) + " has no move left, so " + name(st.Winner) + " wins."
		w.Legal, w.Wins = 0, 0
	} else {
		w.Turn = fmt.Sprintf("To move: %s. %s.", name(st.ToMove), plural(len(st.Legal), "legal move"))
	}
	for i, m := range st.Moves {
		who := "you"
		if engine[i] {
			who = "engine"
			w.Engine++
		}
		text := m.Text
		if !v.board {
			text = fmt.Sprintf("%s %d: %s", v.noun, m.Part+1, m.Text)
		}
		w.Moves = append(w.Moves, text+" ("+who+")")
	}
	return w
}

// checkPlay compares what the page shows with what it should show.
func checkPlay(b *browser, when string, want playPage) {
	b.t.Helper()
	got := readPlay(b)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		b.t.Errorf("%s: the page shows\n\t%+v\nwant (from the API)\n\t%+v", when, got, want)
	}
}

// checkAnswered waits until the page shows the engine's answer, the moves
// and the turn of want, and compares the whole page with want.
func checkAnswered(b *browser, what, when string, want playPage) {
	b.t.Helper()
	waitPlay(b, what, fmt.Sprintf(`document.querySelectorAll('#moves li').length === %d &&
		document.querySelector('#turn').textContent === %q`, len(want.Moves), want.Turn))
	checkPlay(b, when, want)
}

// checkUndo clicks Undo and checks that the page is back at start, the
// position before the human's first move.
func checkUndo(b *browser, view pageView, start play.State) {
	b.t.Helper()
	b.do("undo", chromedp.Click(chromedp.ID("undo")))
	waitPlay(b, "the undone position", `document.querySelectorAll('#moves li').length === 0 && document.querySelector('#undo').disabled`)
	checkPlay(b, "after Undo", view.want(start, "", nil))
}

// engineMoves marks the moves from..len(st.Moves)-1 as the engine's.
func engineMoves(st play.State, from int) map[int]bool {
	m := map[int]bool{}
	for i := from; i < len(st.Moves); i++ {
		m[i] = true
	}
	return m
}

// replyUntil asks the API for the engine's replies after moves until side
// is to move or the game is over, as the page does.
func replyUntil(t *testing.T, base, game, start string, moves []play.Choice, side string) play.State {
	t.Helper()
	st := apiState(t, base, game, start, moves, true)
	for k := 0; k < 16 && !st.Over && st.ToMove != side; k++ {
		st = apiState(t, base, game, start, st.Moves, true)
	}
	return st
}

// holds reports whether a move's cells hold every cell of cells.
func holds(m play.Option, cells ...game.Cell) bool {
	for _, c := range cells {
		if !slices.Contains(m.Cells, c) {
			return false
		}
	}
	return true
}

// candidates returns the legal moves of st whose cells hold every cell of
// cells, and the other cells of theirs, which the page marks as targets.
func candidates(st play.State, cells ...game.Cell) (moves []play.Option, targets int) {
	seen := map[game.Cell]bool{}
	for _, c := range cells {
		seen[c] = true
	}
	for _, m := range st.Legal {
		if !holds(m, cells...) {
			continue
		}
		moves = append(moves, m)
		for _, c := range m.Cells {
			if !seen[c] {
				seen[c] = true
				targets++
			}
		}
	}
	return moves, targets
}

// testBacterial plays Bacterial Tactics on the page: the official example's
// second case and its official analysis, a 15 x 15 board built with the
// editor, its winning moves, a move by two clicks and the engine's answer,
// then Undo.
func testBacterial(b *browser, dir string) {
	t := b.t
	openPlay(b, "bacterial-tactics")
	if l := eval[string](b, "the label", `document.querySelector('#game option[value="bacterial-tactics"]').textContent`); l != "Bacterial Tactics" {
		t.Errorf("the game is listed as %q, want its human name", l)
	}
	view := pageView{board: true, noun: "rectangle"}

	// The official example, its second case.
	eval[bool](b, "reset", timingReset)
	b.do("the official example", chromedp.Click(chromedp.ID("load-official")))
	waitFor[bool](b, "the case selector", `document.querySelector('#case').options.length === 2 && !document.querySelector('#case-row').hidden`)
	eval[bool](b, "select case 2", timingReset+" && "+setInput("#case", "1"))
	board := "#.##\n....\n#.##\n"
	waitPlay(b, "the 3 x 4 case", `document.querySelector('#timing').dataset.ms && document.querySelectorAll('#board rect.cell').length === 12`)
	p0 := apiState(t, b.url, "bacterial-tactics", board, nil, false)
	if len(winning(p0)) == 0 {
		t.Fatal("the API finds no winning move on the example's second case")
	}
	checkPlay(b, "the example's second case", view.want(p0, "", nil))
	race := waitFor[string](b, "the official analysis", `!document.querySelector('#race-box').hidden && document.querySelector('#race').textContent`)
	if !strings.Contains(race, "official: Case #1: 7\n") || !strings.Contains(race, "winning moves: (1,2) V (2,1) H (2,2) H (2,2) V (2,3) H (2,4) H (3,2) V\n") {
		t.Errorf("the official analysis of the 3 x 4 case reads %q", race)
	}

	// A 15 x 15 board: resized, cleared, analysed and drawn; #timing says
	// how long it took.
	eval[bool](b, "rows", timingReset+" && "+setInput("#rows", "15"))
	eval[bool](b, "cols", setInput("#cols", "15"))
	waitPlay(b, "the 15 x 15 board", `document.querySelectorAll('#board rect.cell').length === 225`)
	b.do("clear the board", chromedp.Click(chromedp.ID("clear")))
	waitPlay(b, "the empty 15 x 15 board", `[...document.querySelectorAll('#board rect.cell')].every(r => r.dataset.ch === '.') &&
		document.querySelectorAll('#board .win-mark').length > 0 && document.querySelector('#position-text').value.startsWith('...............\n')`)
	var timings []string
	for range 3 {
		eval[bool](b, "reset the timing", timingReset)
		b.do("new game", chromedp.Click(chromedp.ID("new-game")))
		ms := waitFor[string](b, "#timing", `document.querySelector('#timing').dataset.ms`)
		timings = append(timings, ms+" ms")
		if v, err := strconv.ParseFloat(ms, 64); err != nil || v <= 0 {
			t.Errorf("#timing data-ms = %q, want a positive number of milliseconds", ms)
		}
	}
	t.Logf("15 x 15 Bacterial Tactics, analysis (fetch + draw) per #timing: %s", strings.Join(timings, ", "))
	empty := strings.Repeat(strings.Repeat(".", 15)+"\n", 15)
	e0 := apiState(t, b.url, "bacterial-tactics", empty, nil, false)
	checkPlay(b, "the empty 15 x 15 board", view.want(e0, "", nil))

	// Play by clicks: row 8, column 8 is in two moves (H and V); a click on
	// row 8, column 9 leaves the H colony, which is played.
	center := game.Cell{Row: 7, Col: 7}
	cands, targets := candidates(e0, center)
	if len(cands) != 2 {
		t.Fatalf("the API lists %d moves through row 8, column 8, want 2", len(cands))
	}
	b.do("click a cell", chromedp.Click(cell(7, 7)))
	waitPlay(b, "the candidates", fmt.Sprintf(`document.querySelectorAll('#board rect.sel').length === 1 &&
		document.querySelectorAll('#board rect.target').length === %d && document.querySelectorAll('#candidates button.cand').length === 2`, targets))
	right := game.Cell{Row: 7, Col: 8}
	h, _ := candidates(e0, center, right)
	if len(h) != 1 {
		t.Fatalf("the API lists %d moves through both cells, want 1", len(h))
	}
	b.do("click a second cell", chromedp.Click(cell(7, 8)))
	p1 := replyUntil(t, b.url, "bacterial-tactics", empty, []play.Choice{h[0].Choice}, e0.ToMove)
	want := view.want(p1, "first", engineMoves(p1, 1))
	checkAnswered(b, "the engine's answer", "after a move", want)
	if got := eval[string](b, "the row played", `[...document.querySelectorAll('#board rect.cell[data-r="7"]')].map(r => r.dataset.ch).join('')`); got != p1.Board[7] {
		t.Errorf("row 8 shows %q, want %q", got, p1.Board[7])
	}
	b.screenshot(dir, "play-bacterial-15x15.png")

	// Undo takes back the pair.
	checkUndo(b, view, e0)

	// The editor: in edit mode a click cycles the cell through the start
	// characters ('.', then '#').
	b.do("edit mode", chromedp.Click(chromedp.ID("mode-edit")))
	eval[bool](b, "reset", timingReset)
	b.do("edit a cell", chromedp.Click(cell(0, 0)))
	waitPlay(b, "the edited board", `document.querySelector('#timing').dataset.ms && document.querySelector('#position-text').value.startsWith('#..............\n')`)
	edited := "#" + empty[1:]
	b.do("play mode", chromedp.Click(chromedp.ID("mode-play")))
	checkPlay(b, "the edited board", view.want(apiState(t, b.url, "bacterial-tactics", edited, nil, false), "", nil))
	t.Logf("bacterial-tactics: %d winning moves of 15 x 15 highlighted; %s played by two clicks, %d moves listed, undone",
		len(winning(e0)), h[0].Text, len(want.Moves))
}

// testKnights plays the knights game on the page: a 4 x 4 board of two
// tokens pasted as text, its winning moves, a move by two clicks and the
// engine's answer, then Undo.
func testKnights(b *browser, dir string) {
	t := b.t
	start := time.Now()
	openPlay(b, "knights")
	view := pageView{board: true, noun: "knight"}
	board := "....\n....\n..K.\n...K\n"
	loadPosition(b, "#position-text", board, 16)
	p0 := apiState(t, b.url, "knights", board, nil, false)
	checkPlay(b, "the 4 x 4 board", view.want(p0, "", nil))

	// A move whose first cell is in several moves (a winning one when
	// there is one): a click on the token, then on its destination.
	var m play.Option
	targets := 0
	for _, wins := range []bool{true, false} {
		for _, l := range p0.Legal {
			if cands, n := candidates(p0, l.Cells[0]); l.Winning == wins && len(cands) > 1 && m.Text == "" {
				m, targets = l, n
			}
		}
	}
	if m.Text == "" || len(m.Cells) != 2 {
		t.Fatalf("no move of %q to play by two clicks: %+v", board, p0.Legal)
	}
	b.do("select the token", chromedp.Click(cell(m.Cells[0].Row, m.Cells[0].Col)))
	waitPlay(b, "the token's destinations", fmt.Sprintf(`document.querySelector('#board rect.sel') !== null &&
		document.querySelectorAll('#board rect.target').length === %d`, targets))
	b.do("click the destination", chromedp.Click(cell(m.Cells[1].Row, m.Cells[1].Col)))
	p1 := replyUntil(t, b.url, "knights", board, []play.Choice{m.Choice}, p0.ToMove)
	want := view.want(p1, "first", engineMoves(p1, 1))
	checkAnswered(b, "the engine's answer", "after a move", want)
	b.screenshot(dir, "play-knights.png")

	checkUndo(b, view, p0)
	t.Logf("knights 4 x 4: %d winning moves highlighted, %s played by two clicks, %d moves listed, undone; %v",
		len(winning(p0)), m.Text, len(want.Moves), time.Since(start).Round(time.Millisecond))
}

// testBOI plays BOI 2008 on the page: a 5 x 5 board loaded as an official
// input, its outcome and official race analysis, one step of A by a click
// and B's answer by the engine.
func testBOI(b *browser, dir string) {
	t := b.t
	start := time.Now()
	openPlay(b, "boi2008-game")
	view := pageView{board: true, noun: "part"}
	rows := []string{"A.#..", ".....", "..#..", ".....", "..#.B"}
	input := "1\n5\n" + strings.Join(rows, "\n") + "\n"
	eval[bool](b, "the input", timingReset+" && "+setInput("#input", input))
	b.do("load input", chromedp.Click(chromedp.ID("load-input")))
	waitPlay(b, "the 5 x 5 board", `document.querySelector('#timing').dataset.ms && document.querySelectorAll('#board rect.cell').length === 25`)
	board := strings.Join(rows, "\n") + "\n"
	p0 := apiState(t, b.url, "boi2008-game", board, nil, false)
	checkPlay(b, "the 5 x 5 start board", view.want(p0, "", nil))
	if p0.Value != nil || p0.Remoteness == nil {
		t.Errorf("a loopy game with a value %v, remoteness %v", p0.Value, p0.Remoteness)
	}
	// The race analysis of the board, as /api/analyze gives it, agrees.
	ana := postAPI[struct {
		Cases []struct {
			Race struct{ Winner, Distance any }
		}
	}](t, b.url+"/api/analyze/boi2008-game", "text/plain", input)
	if len(ana.Cases) != 1 {
		t.Fatalf("POST /api/analyze/boi2008-game: %d cases", len(ana.Cases))
	}
	race := ana.Cases[0].Race
	if w := map[string]any{"N": "A", "P": "B"}[p0.Outcome]; w != race.Winner {
		t.Errorf("/api/play says %s to A, /api/analyze that %v wins", p0.Outcome, race.Winner)
	}
	waitPlay(b, "the race analysis", fmt.Sprintf(`!document.querySelector('#race-box').hidden && document.querySelector('#race').textContent.includes(%q)`,
		fmt.Sprintf("race:\n  winner: %v\n  distance: %v\n", race.Winner, race.Distance)))
	if n := eval[int](b, "the dots", `document.querySelectorAll('#board circle.dot').length`); n != len(p0.Legal) {
		t.Errorf("%d one-cell moves dotted, want %d", n, len(p0.Legal))
	}

	// A steps to its first winning square, else its first legal one: one
	// click; the page lets the engine answer until it is A's turn again.
	m := p0.Legal[0]
	if w := winning(p0); len(w) > 0 {
		m = w[0]
	}
	if cands, _ := candidates(p0, m.Cells[0]); len(cands) != 1 {
		t.Fatalf("%d moves through the first cell of %q", len(cands), m.Text)
	}
	b.do("step", chromedp.Click(cell(m.Cells[0].Row, m.Cells[0].Col)))
	p := replyUntil(t, b.url, "boi2008-game", board, []play.Choice{m.Choice}, "A")
	if !p.Over && (len(p.Moves) < 2 || p.ToMove != "A") {
		t.Fatalf("the API answers %d moves, %s to move, after A's step and B's answer", len(p.Moves), p.ToMove)
	}
	want := view.want(p, "A", engineMoves(p, 1))
	checkAnswered(b, "B's answer", "after A's step", want)
	b.screenshot(dir, "play-boi2008.png")

	checkUndo(b, view, p0)
	t.Logf("boi2008-game 5 x 5: verdict %s as the API, A played %s, %d moves listed, undone; %v",
		p0.Outcome, m.Text, len(want.Moves), time.Since(start).Round(time.Millisecond))
}

// openHeaps opens the play page of a heap game on its example, the
// position start, and checks what the page shows of it.
func openHeaps(b *browser, game, start string) (pageView, play.State) {
	b.t.Helper()
	openPlay(b, game)
	view := pageView{board: false, noun: "heap"}
	p0 := apiState(b.t, b.url, game, start, nil, false)
	checkPlay(b, game+" on "+start, view.want(p0, "", nil))
	return view, p0
}

// testHeaps plays a heap game on the page: Kayles (0.77) on "5 7 9" by a
// click on a listed winning move, the engine's answer, Undo, the engine
// playing first, and other games of the family typed by name.
func testHeaps(b *browser, dir string) {
	t := b.t
	view, p0 := openHeaps(b, "0.77", "5 7 9")
	if got := eval[string](b, "the position shown", `document.querySelector('#board pre').textContent`); got != "5 7 9" {
		t.Errorf("the page shows the position %q", got)
	}
	// The parts come with the explanation, after the position.
	if parts := waitFor[[]string](b, "the parts", `document.querySelectorAll('#parts li').length === 3 && [...document.querySelectorAll('#parts li')].map(li => li.textContent)`); len(parts) != 3 || parts[1] != "heap 2 (7): value 2" {
		t.Errorf("the parts listed: %q", parts)
	}
	w := winning(p0)
	if len(w) == 0 {
		t.Fatal("no winning move of 0.77 on 5 7 9")
	}
	i := slices.IndexFunc(p0.Legal, func(o play.Option) bool { return o.Choice == w[0].Choice })
	b.do("click a listed move", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#legal button[data-i="%d"]`, i))))
	p1 := replyUntil(t, b.url, "0.77", "5 7 9", []play.Choice{w[0].Choice}, p0.ToMove)
	want := view.want(p1, "first", engineMoves(p1, 1))
	checkAnswered(b, "the engine's answer", "after a listed move", want)
	b.screenshot(dir, "play-heaps.png")
	checkUndo(b, view, p0)

	// The engine plays first: the human then plays the second player.
	b.do("engine move", chromedp.Click(chromedp.ID("engine-move")))
	e1 := apiState(t, b.url, "0.77", "5 7 9", nil, true)
	want = view.want(e1, "second", engineMoves(e1, 0))
	waitPlay(b, "the engine's move", fmt.Sprintf(`document.querySelector('#turn').textContent === %q`, want.Turn))
	checkPlay(b, "after the engine's move", want)

	// Another game of the family, typed: Dawson's Kayles on the same heaps.
	eval[bool](b, "the member", timingReset+" && "+setInput("#member", "0.07"))
	b.do("open the member", chromedp.Click(chromedp.ID("open-member")))
	waitPlay(b, "0.07", shown("0.07"))
	checkPlay(b, "0.07 on 5 7 9", view.want(apiState(t, b.url, "0.07", "5 7 9", nil, false), "", nil))
	// A heap position typed, and a name the server does not know.
	loadPosition(b, "#position-line", "4 4 6", 0)
	checkPlay(b, "0.07 on 4 4 6", view.want(apiState(t, b.url, "0.07", "4 4 6", nil, false), "", nil))
	eval[bool](b, "a bad member", setInput("#member", "0.0z"))
	b.do("open it", chromedp.Click(chromedp.ID("open-member")))
	msg := waitFor[string](b, "the error", `document.querySelector('#error').textContent`)
	if !strings.Contains(msg, `"0.0z"`) || strings.HasPrefix(msg, "404") {
		t.Errorf("a bad name shows %q", msg)
	}
	t.Logf("0.77 on 5 7 9: %d moves listed, %d winning; %s played by a click", len(p0.Legal), len(w), w[0].Text)
}

// testLoopyHeaps plays Square-But-One, whose positions repeat: the page
// shows ∞ values (the verdict, the parts, the sum by Smith's theorem),
// colours the moves that keep a draw as draws, and the engine, unable to
// win from a heap of 2, keeps the draw (add 1, to 3) rather than lose.
func testLoopyHeaps(b *browser, dir string) {
	t := b.t
	view, p0 := openHeaps(b, "square-but-one", "5 9")
	if got := eval[string](b, "the verdict", `document.querySelector('#verdict').textContent`); !strings.HasPrefix(got, "Value ∞(0) · N") {
		t.Errorf("the verdict %q, want the value ∞(0) and N", got)
	}
	if parts := waitFor[[]string](b, "the parts", `document.querySelectorAll('#parts li').length === 2 && [...document.querySelectorAll('#parts li')].map(li => li.textContent)`); len(parts) != 2 || parts[1] != "heap 2 (9): value ∞(0)" {
		t.Errorf("the parts listed: %q", parts)
	}
	if sum := waitFor[string](b, "the sum", `document.querySelector('#nimsum tfoot td') && document.querySelector('#nimsum tfoot td').textContent`); sum != "∞(0)" {
		t.Errorf("the sum shown %q, want ∞(0)", sum)
	}
	draws := 0
	for _, m := range p0.Legal {
		if m.Outcome == "D" {
			draws++
		}
	}
	if got := waitFor[int](b, "the draws coloured", fmt.Sprintf(`document.querySelectorAll('#legal button.mv-draw').length === %d && %d`, draws, draws)); got == 0 {
		t.Errorf("no move of 5 9 coloured as a draw")
	}
	b.screenshot(dir, "play-loopy.png")
	loadPosition(b, "#position-line", "2", 0)
	b.do("engine move", chromedp.Click(chromedp.ID("engine-move")))
	e1 := apiState(t, b.url, "square-but-one", "2", nil, true)
	if len(e1.Moves) != 1 || e1.Moves[0].Text != "add 1, making 3" || e1.Outcome != "D" {
		t.Fatalf("the engine's move from 2: %+v, want add 1 keeping the draw", e1.Moves)
	}
	want := view.want(e1, "second", engineMoves(e1, 0))
	waitPlay(b, "the engine's move", fmt.Sprintf(`document.querySelector('#turn').textContent === %q`, want.Turn))
	checkPlay(b, "after the engine's drawing move", want)
}

// testStaleRace checks that the official analysis of a BOI 2008 board that
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
	waitPlay(b, "the knights example", shown("knights"))
	waitFor[bool](b, "the late race analysis", `performance.getEntriesByType('resource').some(e => e.name.includes('/api/analyze/boi2008-game') && e.responseEnd > 0)`)
	// The page reads the answer's body in a task of its own: give it time.
	hidden, err := runAgain(b, chromedp.Evaluate[bool](`new Promise(ok => setTimeout(() => ok(document.querySelector('#race-box').hidden), 100))`, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatal(err)
	}
	if !hidden {
		b.t.Errorf("the knights game shows the race analysis of the BOI 2008 example: %q", eval[string](b, "race", `document.querySelector('#race').textContent`))
	}
}

// TestBrowser drives the pages in headless Chromium: the play page
// analyses, highlights the winning moves, plays against the engine by
// clicks on the board or on listed moves, and undoes, in Bacterial Tactics,
// knights, BOI 2008 and Kayles (subtests, with one for a late official
// analysis); the tables page draws a heatmap and a plot; the compound page
// decides as the API does.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser; skipped with -short")
	}
	// A census of the one-digit codes for the census page.
	st := storetest.Open(t)
	codes, _ := census.Codes(1, false)
	if _, err := census.Run(context.Background(), census.Options{Codes: codes, To: 3000, Store: st, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	h, err := web.New(web.Options{Census: st})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	defer ts.Close()
	b := newBrowser(t, ts.URL)
	dir := artifactDir(t)
	start := time.Now()

	for _, st := range []struct {
		name string
		run  func(*browser)
	}{
		{"bacterial-tactics", func(b *browser) { testBacterial(b, dir) }},
		{"knights", func(b *browser) { testKnights(b, dir) }},
		{"boi2008-game", func(b *browser) { testBOI(b, dir) }},
		{"heaps", func(b *browser) { testHeaps(b, dir) }},
		{"loopy-heaps", func(b *browser) { testLoopyHeaps(b, dir) }},
		{"stale-race-analysis", func(b *browser) { testStaleRace(b, h) }},
		{"teach", func(b *browser) { testTeach(b, dir) }},
		{"pasted-rules", func(b *browser) { testPasted(b, dir) }},
		{"exports", testExports},
		{"tables-and-stale", testTablesAndStale},
		{"census", func(b *browser) { testCensus(b, ts.URL) }},
		{"misere", func(b *browser) { testMisere(b, dir) }},
		{"accessibility", func(b *browser) { testAccessibility(b, dir) }},
	} {
		t.Run(st.name, func(t *testing.T) {
			s := time.Now()
			st.run(b.sub(t))
			t.Logf("%s: %v", st.name, time.Since(s).Round(time.Millisecond))
		})
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
	table := getAPI[struct{ Labels [][]string }](t, ts.URL+"/api/table/knights?size=12&function=grundy")
	if want := "row 5, column 7: " + table.Labels[4][6]; title != want {
		t.Errorf("cell title %q, want %q", title, want)
	}
	waitFor[bool](b, "the sequence plot", `document.querySelector('#plot svg path') !== null && document.querySelector('#seq-summary').textContent.includes('Period')`)
	// A game with heaps by name: Nim's arithmetic period.
	eval[bool](b, "code", `(() => { document.querySelector('#code').value = 'nim'; document.querySelector('#to').value = '50'; document.querySelector('#seq-form').requestSubmit(); return true })()`)
	summary := waitFor[string](b, "the plot of nim", `document.querySelector('#seq-summary').textContent.startsWith('nim:') && document.querySelector('#seq-summary').textContent`)
	if !strings.Contains(summary, "Arithmetic period 1 with saltus 1") || !strings.Contains(summary, "largest value 49") {
		t.Errorf("nim's summary: %q", summary)
	}
	b.screenshot(dir, "tables.png")

	// The compound page decides its default compound as the API does.
	b.do("load /compound", chromedp.Navigate(ts.URL+"/compound"))
	outcome := waitFor[string](b, "the compound's outcome", `document.querySelectorAll('#invariants tbody tr').length === 2 && document.querySelector('#outcome .badge').textContent`)
	body := `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "knights", "size": 8}, "components": [{"row": 2, "col": 2}, {"row": 4, "col": 5}]}`
	dec := postAPI[struct{ Outcome string }](t, ts.URL+"/api/compound", "application/json", body)
	if outcome != dec.Outcome {
		t.Errorf("the compound page says %q, the API %q", outcome, dec.Outcome)
	}
	if rows := eval[[]string](b, "the components", `[...document.querySelectorAll('#invariants tbody tr')].map(tr => tr.cells[0].textContent + ' ' + tr.cells[1].textContent)`); strings.Join(rows, ", ") != "1 (3,3), 2 (5,6)" {
		t.Errorf("the components listed: %q", rows)
	}
	b.do("misère, short", chromedp.Click(chromedp.CSS(`input[name="play"][value="misere"]`)), chromedp.Click(chromedp.CSS(`input[name="end"][value="short"]`)))
	waitFor[bool](b, "the misère diminished disjunctive compound", `document.querySelector('#result').textContent.includes('(one/short/misere)')`)
	// Any game by name: Kayles, a heap and a sum of two heaps.
	b.do("any game", chromedp.Click(chromedp.CSS(`input[name="game"][value="game"]`)), chromedp.Click(chromedp.CSS(`input[name="play"][value="normal"]`)),
		chromedp.Click(chromedp.CSS(`input[name="end"][value="long"]`)))
	eval[bool](b, "the game", setInput("#game-name", "0.77"))
	eval[bool](b, "the components", `(() => { document.querySelector('#components').value = '5; 7 9'; document.querySelector('#form').requestSubmit(); return true })()`)
	got := waitFor[string](b, "the compound of 0.77", `document.querySelector('#result').textContent.includes('(one/long/normal)') &&
		document.querySelectorAll('#invariants tbody tr').length === 2 && document.querySelector('#invariants tbody tr:nth-child(2) td:nth-child(2)').textContent === '7+9' &&
		document.querySelector('#result').textContent`)
	body = `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "game", "name": "0.77"}, "components": ["5", "7 9"]}`
	rep := postAPI[struct {
		Outcome, Combined string
	}](t, ts.URL+"/api/compound", "application/json", body)
	if !strings.Contains(got, rep.Combined) || eval[string](b, "the badge", `document.querySelector('#outcome .badge').textContent`) != rep.Outcome {
		t.Errorf("the compound page on 0.77 shows %q; the API says %s, %s", got, rep.Outcome, rep.Combined)
	}
	b.screenshot(dir, "compound.png")
	t.Logf("browser test took %v", time.Since(start).Round(time.Millisecond))
}
