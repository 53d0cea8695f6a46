package web_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"nimber/play"
)

// partizanState asks the server for the analysis of a partizan position.
func partizanState(t *testing.T, base, game, position string) play.PartizanState {
	t.Helper()
	return partizanMoverState(t, base, game, position, "")
}

// partizanMoverState asks the server for the analysis of a partizan
// position with move ("left", "right" or "") to move.
func partizanMoverState(t *testing.T, base, game, position, move string) play.PartizanState {
	t.Helper()
	return postPartizan[play.PartizanState](t, base, game, map[string]any{"position": position, "move": move})
}

// partizanMoves is what the page lists: each move's class and text.
const partizanMoves = `[...document.querySelectorAll('#moves button.move')].map(b => b.className + '|' + b.textContent)`

// TestBrowserPartizan opens the partizan play page in a real browser:
// Domineering 2x3 with Left's moves listed and marked as the API says,
// a move played (the turn passes to Right, the value changes, the URL
// follows) and taken back, the computer answering for Right, the
// thermograph with its mean and temperature and its download, another
// game's board drawn and a refusal shown; a board past Check's limit
// answered by the search (the computer's winning move by its marks, the
// marks and the method shown). testAccessibility audits the page with
// axe-core, a search's answer too.
func TestBrowserPartizan(t *testing.T) {
	b, ts, dir := newPageTest(t)
	start := time.Now()

	const board = "...|..."
	st := partizanState(t, ts.URL, "domineering", board)
	b.do("load Domineering 2x3", chromedp.Navigate(ts.URL+"/partizan?game=domineering&position=...%7C..."))
	waitFor[bool](b, "Left's moves", fmt.Sprintf(`document.querySelectorAll('#moves button.move').length === %d && document.querySelector('#canonical')?.textContent === %q`, len(st.Left), st.Canonical))
	moves := eval[[]string](b, "the moves", partizanMoves)
	win := -1
	for i, m := range st.Left {
		class, text, _ := strings.Cut(moves[i], "|")
		mark, want := "✗ loses", "mv-lose"
		if m.Wins {
			mark, want = "✓ wins", "mv-win"
			win = i
		}
		if !strings.Contains(class, want) || !strings.HasPrefix(text, mark) || !strings.Contains(text, "value "+m.Canonical) {
			t.Errorf("move %d: %q, want class %s, marker %q and value %s", i, moves[i], want, mark, m.Canonical)
		}
	}
	if win < 0 {
		t.Fatalf("%s: no winning move for Left in %+v", board, st.Left)
	}
	colours := eval[[]string](b, "the colours", `['.mv-win', '.mv-lose'].map(c => getComputedStyle(document.querySelector('#moves ' + c)).borderLeftColor)`)
	if colours[0] == colours[1] {
		t.Errorf("winning and losing moves drawn alike: %q", colours)
	}
	if turn := eval[string](b, "the turn", `document.querySelector('#turn').textContent`); !strings.HasPrefix(turn, "Left to move. Left wins") {
		t.Errorf("the turn says %q", turn)
	}
	if n := eval[int](b, "the cells", `document.querySelectorAll('#board svg rect.cell').length`); n != 6 {
		t.Errorf("the board has %d cells, want 6", n)
	}
	labels := eval[string](b, "the thermograph", `document.querySelector('#thermograph svg').textContent`)
	for _, want := range []string{"mean " + st.Thermograph.Mean, "temperature " + st.Thermograph.Temperature} {
		if !strings.Contains(labels, want) {
			t.Errorf("the thermograph's text %q lacks %q", labels, want)
		}
	}
	if text := download(b, "export-svg", "image/svg+xml"); !strings.HasPrefix(text, "<?xml") || !strings.Contains(text, `class="wall-left"`) {
		t.Errorf("the SVG file starts %.300q", text)
	}
	if href := eval[string](b, "the value link", `document.querySelector('#value-link').getAttribute('href')`); href != "/value?expr="+strings.NewReplacer("{", "%7B", "|", "%7C", "}", "%7D", "/", "%2F").Replace(st.Canonical) {
		t.Errorf("the link to the value page is %q", href)
	}
	b.screenshot(dir, "partizan.png")

	// Left plays her winning move: Right is to move, in the position the
	// move leaves, whose value the page shows.
	played := st.Left[win]
	b.do("play Left's winning move", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#moves button[data-i="%d"]`, win))))
	after := partizanState(t, ts.URL, "domineering", played.Position)
	waitFor[bool](b, "Right's turn", fmt.Sprintf(`document.querySelector('#turn').textContent.startsWith('Right to move') && document.querySelector('#canonical')?.textContent === %q && document.querySelectorAll('#moves button.move').length === %d`, after.Canonical, len(after.Right)))
	if after.Canonical == st.Canonical {
		t.Errorf("the value did not change: %s", after.Canonical)
	}
	if q := eval[string](b, "the URL", `location.search`); !strings.Contains(q, "move=right") {
		t.Errorf("the URL after the move is %q", q)
	}
	b.do("take it back", chromedp.Click(chromedp.ID("back")))
	waitFor[bool](b, "Left's turn again", fmt.Sprintf(`document.querySelector('#turn').textContent.startsWith('Left to move') && document.querySelector('#canonical')?.textContent === %q`, st.Canonical))

	// The computer plays Right: after a move of Left's that leaves Right a
	// move, it answers at once with one of its moves (a winning one when
	// it has one), so that Left is to move again.
	pick, answers := -1, []play.PartizanMove(nil)
	for i, m := range st.Left {
		if r := partizanState(t, ts.URL, "domineering", m.Position).Right; len(r) > 0 {
			pick, answers = i, r
			break
		}
	}
	if pick < 0 {
		t.Fatalf("%s: no move of Left's leaves Right a move", board)
	}
	b.do("Right by the computer", chromedp.Navigate(ts.URL+"/partizan?game=domineering&position=...%7C...&move=left&computer=right"))
	waitFor[bool](b, "Left's moves", `document.querySelectorAll('#moves button.move').length > 0`)
	b.do("play a move of Left's", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#moves button[data-i="%d"]`, pick))))
	reply := waitFor[string](b, "the computer's answer", `document.querySelector('#turn').textContent.startsWith('Left to move') && history.state.depth === 2 && new URLSearchParams(location.search).get('position')`)
	if turn := eval[string](b, "the turn", `document.querySelector('#turn').textContent`); !strings.Contains(turn, "(Right, the computer, played, leaving ") {
		t.Errorf("the turn after the computer's move says %q", turn)
	}
	var chosen *play.PartizanMove
	for i, m := range answers {
		if m.Position == reply && chosen == nil {
			chosen = &answers[i]
		}
	}
	switch {
	case chosen == nil:
		t.Errorf("the computer left %q, not a position of Right's moves from %q", reply, st.Left[pick].Position)
	case !chosen.Wins && slices.ContainsFunc(answers, func(m play.PartizanMove) bool { return m.Wins }):
		t.Errorf("the computer played %+v, a losing move, where it had a winning one in %+v", *chosen, answers)
	}

	// Taking back undoes the computer's answer and Left's move with it.
	b.do("take back", chromedp.Click(chromedp.ID("back")))
	waitFor[bool](b, "the start again", fmt.Sprintf(`document.querySelector('#turn').textContent.startsWith('Left to move') && history.state.depth === 0 && document.querySelector('#canonical')?.textContent === %q`, st.Canonical))

	// A board past Check's limit (3 x 13, 39 empty cells): the search
	// answers. The computer, playing Right and to move, plays a move that
	// the search marks as winning; then Left's moves are marked as the API
	// marks them, the page says that a search answered, and that the
	// canonical form and the thermograph are out of reach.
	const big = ".............|.............|............."
	sb := partizanMoverState(t, ts.URL, "domineering", big, "right")
	if sb.Method == play.MethodCanonical || !slices.ContainsFunc(sb.Right, func(m play.PartizanMove) bool { return m.Wins }) {
		t.Fatalf("%s: method %q, Right's moves %+v; want a search with a winning move of Right's", big, sb.Method, sb.Right)
	}
	b.do("3 x 13, the computer Right to move", chromedp.Navigate(ts.URL+"/partizan?game=domineering&position="+url.QueryEscape(big)+"&move=right&computer=right"))
	reply = waitFor[string](b, "the computer's move by the search", `document.querySelector('#turn').textContent.startsWith('Left to move') && document.querySelectorAll('#moves button.move').length > 0 && new URLSearchParams(location.search).get('position')`)
	i := slices.IndexFunc(sb.Right, func(m play.PartizanMove) bool { return m.Position == reply })
	if i < 0 || !sb.Right[i].Wins {
		t.Errorf("the computer left %q: not one of Right's winning moves %+v", reply, sb.Right)
	}
	sl := partizanMoverState(t, ts.URL, "domineering", reply, "left")
	if sl.Method == play.MethodCanonical {
		t.Fatalf("%s: valued by canonical forms, want a search", reply)
	}
	moves = eval[[]string](b, "the searched moves", partizanMoves)
	if len(moves) != len(sl.Left) {
		t.Fatalf("%d moves listed, the API lists %d", len(moves), len(sl.Left))
	}
	for i, m := range sl.Left {
		class, text, _ := strings.Cut(moves[i], "|")
		mark, want := "✗ loses", "mv-lose"
		switch {
		case m.Undecided:
			mark, want = "? not decided", "mv-open"
		case m.Wins:
			mark, want = "✓ wins", "mv-win"
		}
		if !strings.Contains(class, want) || !strings.HasPrefix(text, mark) || strings.Contains(text, "value") {
			t.Errorf("searched move %d: %q, want class %s and marker %q, no value", i, moves[i], want, mark)
		}
	}
	facts := eval[[]string](b, "the method", `[document.querySelector('#method').textContent, document.querySelector('#canonical').textContent, document.querySelector('#thermograph').textContent, String(document.querySelector('#value-link').parentElement.hidden), document.querySelector('#turn').textContent]`)
	if !strings.HasPrefix(facts[0], "Answered by: "+sl.Method+" (") || !strings.Contains(facts[0], " positions)") || facts[1] != "out of reach" ||
		!strings.Contains(facts[2], "No thermograph") || facts[3] != "true" || !strings.Contains(facts[4], "outcome "+sl.Outcome+", by a search of who wins") {
		t.Errorf("the page after a search says %q", facts)
	}
	b.screenshot(dir, "partizan-search.png")

	// Every partizan game opens at its example: its board drawn (a picture
	// when the page knows how, else text), Left's moves as the API lists
	// them.
	games := getAPI[[]struct {
		Name     string `json:"name"`
		Member   string `json:"example"` // a family's example member
		Example  string `json:"example_position"`
		Supports struct{ Partizan bool }
	}](t, ts.URL+"/api/games")
	for _, g := range games {
		if !g.Supports.Partizan {
			continue
		}
		name := g.Name
		if g.Member != "" {
			name = g.Member
		}
		ex := partizanState(t, ts.URL, name, g.Example)
		b.do("open "+name, chromedp.Navigate(ts.URL+"/partizan?game="+url.QueryEscape(name)))
		waitFor[bool](b, name+"'s example", fmt.Sprintf(`document.querySelector('#canonical')?.textContent === %q && document.querySelectorAll('#moves button.move').length === %d && document.querySelector('#board svg, #board pre') !== null`, ex.Canonical, len(ex.Left)))
		b.screenshot(dir, "partizan-"+strings.NewReplacer(":", "_", ",", "_").Replace(name)+".png")
	}

	// A drawn position of Backsliding Toads and Frogs (CGSuite's
	// example): the turn says a draw, the moves are marked as drawing, and
	// the computer, to move, plays a drawing move.
	b.do("backsliding", chromedp.Navigate(ts.URL+"/partizan?game=backsliding-toads-frogs&position=TTT..FFF"))
	waitFor[bool](b, "the draw", `(document.querySelector('#turn')?.textContent || '').includes('goes on for ever: a draw') && [...document.querySelectorAll('#moves button.move')].some(m => m.textContent.startsWith('= draws'))`)
	b.screenshot(dir, "partizan-backsliding-draw.png")
	b.do("backsliding, the computer to move", chromedp.Navigate(ts.URL+"/partizan?game=backsliding-toads-frogs&position=TTT..FFF&computer=left"))
	waitFor[bool](b, "the computer's drawing move", `new URLSearchParams(location.search).get('position') === 'TT.T.FFF'`)

	// Hackenbush's stalks are drawn; a bad position is refused with its
	// column and leaves no stale board.
	b.do("hackenbush", chromedp.Navigate(ts.URL+"/partizan?game=hackenbush&position=LRR+GG"))
	waitFor[bool](b, "the stalks", `document.querySelectorAll('#board svg line').length === 7 && document.querySelectorAll('#moves button.move').length > 0`)
	if m := eval[string](b, "the method", `document.querySelector('#method').textContent`); m != "Answered by: canonical form." {
		t.Errorf("Hackenbush's method: %q", m)
	}
	b.do("a bad board", chromedp.Navigate(ts.URL+"/partizan?game=domineering&position=..%7C."))
	msg := waitFor[string](b, "the refusal", `document.querySelector('#error').textContent`)
	if msg != `position "..|.": row 2 has 1 cells, row 1 has 2` || eval[bool](b, "stale", `document.querySelector('#board svg') !== null`) {
		t.Errorf("a bad board: %q, or a board still shown", msg)
	}

	t.Logf("partizan page test took %v", time.Since(start).Round(time.Millisecond))
}
