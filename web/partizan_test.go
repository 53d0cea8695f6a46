package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"nimber/cgt"
	"nimber/game"
	"nimber/play"
	"nimber/registry"
	"nimber/registry/registrytest"
)

// partizanBody is the JSON body of POST /api/partizan/{game}.
func partizanBody(position string) string {
	b, _ := json.Marshal(partizanRequest{Position: position})
	return string(b)
}

// TestPartizan: for every partizan game of the registry, from its example
// position, POST /api/partizan answers play.AnalyzePartizanWith's analysis
// with thermographs, byte for byte; each move's whole position, analysed
// in turn, has the canonical form and outcome the move lists; and the
// thermographs are cgt's of the canonical forms.
func TestPartizan(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	seen := 0
	for _, e := range registry.Entries() {
		if !e.Supports().Partizan {
			continue
		}
		seen++
		name := e.ExampleName() // a family by its example member
		g := registrytest.Game(t, name)
		path := "/api/partizan/" + url.PathEscape(name)
		rec := answer(t, s, "POST", path, partizanBody(e.ExamplePosition), nil)
		pos, err := g.Parse(e.ExamplePosition)
		if err != nil {
			t.Fatal(err)
		}
		st, err := play.AnalyzePartizanWith(context.Background(), g, pos, cgt.New(0), play.PartizanOptions{Thermographs: true})
		if err != nil {
			t.Fatal(err)
		}
		sameJSON(t, e.Name+" "+e.ExamplePosition, rec, st)
		if g.Info().Repeats {
			// A loopy value: no thermograph.
			if st.Method != play.MethodLoopy || st.Thermograph != nil {
				t.Errorf("%s %q: method %q, thermograph %v; want a loopy value without one", e.Name, e.ExamplePosition, st.Method, st.Thermograph)
			}
		} else {
			checkThermograph(t, e.Name+" "+st.Position, st.Canonical, st.Thermograph)
			for _, p := range st.Parts {
				checkThermograph(t, e.Name+" part "+p.Position, p.Canonical, p.Thermograph)
			}
		}
		moves := append(append([]play.PartizanMove{}, st.Left...), st.Right...)
		if len(moves) == 0 {
			t.Errorf("%s %q: no move listed", e.Name, e.ExamplePosition)
		}
		for _, m := range moves {
			var after play.PartizanState
			answer(t, s, "POST", path, partizanBody(m.Position), &after)
			if after.Canonical != m.Canonical || after.Outcome != m.Outcome {
				t.Errorf("%s %q: a move leaves %q listed as %s (%s), analysed as %s (%s)", e.Name, e.ExamplePosition, m.Position, m.Canonical, m.Outcome, after.Canonical, after.Outcome)
			}
		}
	}
	if seen < 6 {
		t.Errorf("%d partizan games in the registry, want at least 6", seen)
	}
}

// checkThermograph compares a thermograph given with the one POST
// /api/value draws of the canonical form.
func checkThermograph(t *testing.T, what, canonical string, th *cgt.ThermographData) {
	t.Helper()
	if th == nil {
		t.Errorf("%s: no thermograph", what)
		return
	}
	d, err := cgt.New(0).DescribeSum([]string{canonical}, true)
	if err != nil {
		t.Fatalf("%s: %s: %v", what, canonical, err)
	}
	got, _ := json.Marshal(th)
	want, _ := json.Marshal(d.Thermograph)
	if string(got) != string(want) {
		t.Errorf("%s = %s: thermograph\n got %s\nwant %s", what, canonical, got, want)
	}
}

// TestPartizanDomineering is CGSuite's Domineering ..|..|.# = ±1, its
// moves each with the whole position it leaves, and the game played out
// by the positions the answers give.
func TestPartizanDomineering(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	var st play.PartizanState
	answer(t, s, "POST", "/api/partizan/domineering", partizanBody("..|..|.#"), &st)
	if st.Canonical != "+-1" || st.Outcome != "N" || st.Thermograph == nil || st.Thermograph.Mean != "0" || st.Thermograph.Temperature != "1" {
		t.Errorf("..|..|.#: %s (%s), thermograph %+v; want +-1 (N), mean 0, temperature 1", st.Canonical, st.Outcome, st.Thermograph)
	}
	var left, right []string
	for _, m := range st.Left {
		left = append(left, m.Position+"="+m.Canonical)
	}
	for _, m := range st.Right {
		right = append(right, m.Position+"="+m.Canonical)
	}
	if got, want := strings.Join(left, " "), ".|.=1 .|.|.=1 ..|#.=*"; got != want {
		t.Errorf("Left's moves %s, want %s", got, want)
	}
	if got, want := strings.Join(right, " "), "..|.#=* ..=-1"; got != want {
		t.Errorf("Right's moves %s, want %s", got, want)
	}
	// A sum: the moves of one region leave the other as it was.
	answer(t, s, "POST", "/api/partizan/domineering", partizanBody("..|..|.# + .."), &st)
	if st.Canonical != "{0|-2}" || len(st.Parts) != 2 || st.Parts[1].Canonical != "-1" || st.Parts[1].Thermograph == nil {
		t.Errorf("..|..|.# + ..: %s, parts %+v; want {0|-2}, the second -1 with its thermograph", st.Canonical, st.Parts)
	}
	for _, m := range st.Right {
		if m.Part == 1 && m.Position != "..|..|.#" {
			t.Errorf("Right's move in ..: leaves %q, want the first region alone", m.Position)
		}
	}
}

// TestPartizanRefusals: bad positions, unknown and impartial games, and
// bad bodies are refused with a one-line JSON error that says what.
func TestPartizanRefusals(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	for _, tc := range []struct {
		path, body string
		status     int
		want       string
	}{
		{"/api/partizan/domineering", partizanBody("..|.|.#"), 400, `position "..|.|.#": row 2 has 1 cells, row 1 has 2`},
		{"/api/partizan/domineering", partizanBody("..|.x"), 400, `position "..|.x": row 2, column 2: character 'x' is not one of ".#"`},
		{"/api/partizan/clobber", partizanBody(strings.Repeat("xoxoxoxo|oxoxoxox|", 4) + "xoxoxoxo"), 400, `stones, limit`},
		{"/api/partizan/domineering", `{"position": "..", "move": "up"}`, 400, `move "up": want "left" or "right"`},
		{"/api/partizan/toads-frogs", partizanBody("TTX"), 400, `column 3: character 'X'`},
		{"/api/partizan/clobber", partizanBody(""), 400, `position "": empty board`},
		{"/api/partizan/hackenbush", partizanBody("LQ"), 400, `stalk 1, column 2`},
		{"/api/partizan/cutcake", partizanBody("2y3"), 400, `not a rectangle`},
		{"/api/partizan/nim", partizanBody("3 4"), 400, `game "nim" is impartial, not partizan: play it on /play`},
		{"/api/partizan/rules", `{"position": "3", "rules": "def moves(p):\n    return []\n"}`, 400, `not partizan: play it on /play`},
		{"/api/partizan/no-such-game", partizanBody("3"), 404, `unknown game "no-such-game"`},
		{"/api/partizan/domineering", `{"position": "..", "moves": []}`, 400, `unknown field "moves"`},
		{"/api/partizan/domineering", `{"position": 3}`, 400, `position: want`},
	} {
		refused(t, s, "POST", tc.path, tc.body, tc.status, tc.want)
	}
	refused(t, s, "GET", "/api/partizan/domineering", "", http.StatusMethodNotAllowed, "")
}

// TestPartizanLimit: a position whose canonical forms pass the server's
// memory is answered by the search of who wins instead (method "search",
// no canonical form); when the search passes the server's budget of
// positions too, the refusal is 400 naming both limits, the Calc's or
// Check's and the search's.
func TestPartizanLimit(t *testing.T) {
	const board = "......|......|......|......|......|......"
	s, _ := newTestServer(t, Options{MaxMemory: 4 << 20, Timeout: time.Minute})
	var st play.PartizanState
	answer(t, s, "POST", "/api/partizan/domineering", `{"position": "`+board+`", "move": "left"}`, &st)
	if st.Method != game.MethodSearch || st.Canonical != "" || st.Outcome != "N" || st.Nodes == 0 || st.Thermograph != nil {
		t.Errorf("6 x 6 past the Calc's limit: method %q, canonical %q, outcome %s, %d positions; want the search's N", st.Method, st.Canonical, st.Outcome, st.Nodes)
	}
	if len(st.Left) != 30 || len(st.Right) != 30 || !slices.ContainsFunc(st.Left, func(m play.PartizanMove) bool { return m.Wins }) {
		t.Errorf("6 x 6: %d moves of Left's, %d of Right's, Left's %+v; want 30 each, one of Left's winning", len(st.Left), len(st.Right), st.Left)
	}
	for _, m := range st.Right {
		if !m.Undecided {
			t.Errorf("6 x 6, Left to move: Right's move %+v searched", m)
		}
	}

	s, _ = newTestServer(t, Options{MaxMemory: 4 << 20, SearchNodes: 1000})
	rec := do(t, s, "POST", "/api/partizan/domineering", partizanBody(board))
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("status %d, want 400; %s", rec.Code, rec.Body)
	}
	msg := errorOf(t, rec)
	for _, want := range []string{"this server's limit for a value: 1.0 MiB", "the search of who wins: ", "this server's limit for a search: 1000 positions"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not say %q", msg, want)
		}
	}
	// A board Check refuses, past the search's budget too: both said.
	rec = do(t, s, "POST", "/api/partizan/domineering", partizanBody("...................|..................."))
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("2 x 19: status %d, want 400; %s", rec.Code, rec.Body)
	}
	if msg, want := errorOf(t, rec), `position "...................|...................": region 1 (`; !strings.HasPrefix(msg, want) ||
		!strings.Contains(msg, "38 empty cells, limit 36; the search of who wins: the search reached its limit of positions (1000) (this server's limit for a search: 1000 positions)") {
		t.Errorf("2 x 19: error %q", msg)
	}
}

// TestPartizanDeadline: a position that takes longer than the server's
// time limit, both by canonical forms and by the search that follows
// them, is answered 504 at once, and its computation, told by its
// context, stops and gives its slot back.
func TestPartizanDeadline(t *testing.T) {
	s, _ := newTestServer(t, Options{Timeout: 20 * time.Millisecond})
	// Not 6 x 6 twice: a board and its negative (its transpose) cancel.
	rec := do(t, s, "POST", "/api/partizan/domineering", partizanBody("......|......|......|......|......|...... + ......|......|......|......|......"))
	if rec.Code != http.StatusGatewayTimeout {
		t.Fatalf("status %d, want 504; %s", rec.Code, rec.Body)
	}
	if msg := errorOf(t, rec); !strings.Contains(msg, "time limit of 20ms") {
		t.Errorf("error %q", msg)
	}
	for i := 0; len(s.slots) > 0; i++ {
		if i == 3000 {
			t.Fatal("the computation kept its slot for 30 s after its deadline")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestPartizanSearch: a Domineering board that Check refuses (38 empty
// cells, over 36) is answered by the search of who wins: method "search"
// (or "search+values"),
// no canonical form or thermograph, the outcome the game's own search
// gives, and every move of both sides (no side asked for) marked as the
// searches of the positions the moves leave say, each with their outcome;
// a side wins moving first exactly when one of its moves wins. Asked for
// Right, only Right's moves are searched. A move's position, posted back
// (within Check), has the move's outcome by its canonical form.
func TestPartizanSearch(t *testing.T) {
	const board = "...................|..................."
	s, _ := newTestServer(t, Options{Timeout: time.Minute})
	g := registrytest.Game(t, "domineering")
	pg, _ := game.PartizanOf(g)
	if _, err := g.Parse(board); err == nil {
		t.Fatalf("%s: valued by canonical forms; want a board Check refuses", board)
	}
	outcome := func(position string) game.OutcomeResult {
		t.Helper()
		pos, err := pg.ParseSearch(position)
		if err != nil {
			t.Fatal(err)
		}
		res, err := pg.Outcome(context.Background(), pos, game.OutcomeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	class := func(r game.OutcomeResult) string {
		return map[[2]bool]string{{true, true}: "N", {true, false}: "L", {false, true}: "R", {false, false}: "P"}[[2]bool{r.LeftFirst, r.RightFirst}]
	}
	var st play.PartizanState
	answer(t, s, "POST", "/api/partizan/domineering", partizanBody(board), &st)
	root := outcome(board)
	// The moves that split the board are searched with small regions
	// valued: the method may be search+values.
	if (st.Method != game.MethodSearch && st.Method != game.MethodSearchValues) || st.Canonical != "" || st.Thermograph != nil || st.Nodes == 0 || st.Outcome != class(root) || st.Position != board {
		t.Fatalf("%s: method %q, canonical %q, outcome %s, %d positions; want the search's %s", board, st.Method, st.Canonical, st.Outcome, st.Nodes, class(root))
	}
	if len(st.Parts) != 1 || st.Parts[0].Canonical != "" || st.Parts[0].Thermograph != nil {
		t.Errorf("%s: parts %+v", board, st.Parts)
	}
	marks := map[bool]int{}
	for side, moves := range [][]play.PartizanMove{st.Left, st.Right} {
		won := false
		for _, m := range moves {
			after := outcome(m.Position)
			wins := !after.RightFirst
			if side == 1 {
				wins = !after.LeftFirst
			}
			if m.Undecided || m.Wins != wins || m.Outcome != class(after) || m.Canonical != "" {
				t.Errorf("%s: side %d's move %+v; the position it leaves is %s, the move wins: %v", board, side, m, class(after), wins)
			}
			won = won || m.Wins
			marks[m.Wins]++
		}
		if want := [2]bool{root.LeftFirst, root.RightFirst}[side]; won != want {
			t.Errorf("%s: side %d has a winning move: %v, wins moving first: %v", board, side, won, want)
		}
	}
	if marks[true] == 0 || marks[false] == 0 {
		t.Errorf("%s: %d winning moves and %d losing: want both kinds", board, marks[true], marks[false])
	}

	// Right to move: Left's moves are not searched.
	var right play.PartizanState
	answer(t, s, "POST", "/api/partizan/domineering", `{"position": "`+board+`", "move": "right"}`, &right)
	if right.Outcome != st.Outcome || right.Nodes >= st.Nodes || len(right.Right) != len(st.Right) {
		t.Errorf("Right to move: outcome %s, %d positions, %d moves of Right's; want %s, fewer than %d, %d", right.Outcome, right.Nodes, len(right.Right), st.Outcome, st.Nodes, len(st.Right))
	}
	for i, m := range right.Right {
		if m != st.Right[i] {
			t.Errorf("Right to move: Right's move %+v, with both sides %+v", m, st.Right[i])
		}
	}
	for _, m := range right.Left {
		if !m.Undecided || m.Wins {
			t.Errorf("Right to move: Left's move %+v searched", m)
		}
	}

	// A move's position, posted back, has the outcome the move lists: its
	// 36 empty cells are within Check, valued by canonical forms.
	m := st.Left[0]
	var after play.PartizanState
	answer(t, s, "POST", "/api/partizan/domineering", partizanBody(m.Position), &after)
	if after.Outcome != m.Outcome || after.Method != play.MethodCanonical {
		t.Errorf("%s: outcome %s by %s, the move listed %s", m.Position, after.Outcome, after.Method, m.Outcome)
	}
}

// TestPartizanDraws: POST /api/partizan of CGSuite's Backsliding Toads
// and Frogs example, a draw whoever starts, answers its sides and marks
// the moves that keep the draw as drawing, and no move as winning.
func TestPartizanDraws(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	var st play.PartizanState
	answer(t, s, "POST", "/api/partizan/backsliding-toads-frogs", partizanBody("TTT..FFF"), &st)
	if st.Canonical != "{on||0|-1/2} & {1/2|0||off}" || st.Outcome != "D" || st.Method != play.MethodLoopy {
		t.Fatalf("%s (%s) by %q", st.Canonical, st.Outcome, st.Method)
	}
	for _, moves := range [][]play.PartizanMove{st.Left, st.Right} {
		draws := 0
		for _, m := range moves {
			if m.Wins {
				t.Errorf("%s wins in a drawn position", m.Position)
			}
			if m.Draws {
				draws++
			}
		}
		if draws == 0 {
			t.Errorf("no drawing move among %+v", moves)
		}
	}
}
