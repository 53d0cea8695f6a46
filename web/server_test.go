package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"nimber/internal/syncbuf"
	"nimber/problems"
	"nimber/registry"
)

// newTestServer returns a server with the options, logging into the
// returned buffer.
func newTestServer(t testing.TB, o Options) (*Server, *syncbuf.Buffer) {
	t.Helper()
	logs := &syncbuf.Buffer{}
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(logs, nil))
	}
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return s, logs
}

// do serves one request in-process and returns the recorded response.
func do(t testing.TB, h http.Handler, method, target, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// decode reads a JSON answer into v, failing on a wrong content type.
func decode(t testing.TB, rec *httptest.ResponseRecorder, v any) {
	t.Helper()
	if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Fatalf("Content-Type %q, want JSON; body %q", ct, rec.Body.String())
	}
	if err := json.Unmarshal(rec.Body.Bytes(), v); err != nil {
		t.Fatalf("answer %q is not the JSON expected: %v", rec.Body.String(), err)
	}
}

// errorOf returns the message of a JSON error answer.
func errorOf(t testing.TB, rec *httptest.ResponseRecorder) string {
	t.Helper()
	var e errorBody
	decode(t, rec, &e)
	if e.Error == "" || strings.ContainsAny(e.Error, "\n\r") {
		t.Fatalf("error %q is not one non-empty line", e.Error)
	}
	return e.Error
}

// answer serves one request like do and fails the test at once unless it
// is answered 200 OK; the JSON answer is decoded into v unless v is nil.
func answer(t testing.TB, h http.Handler, method, target, body string, v any) *httptest.ResponseRecorder {
	t.Helper()
	rec := do(t, h, method, target, body)
	if rec.Code != http.StatusOK {
		t.Fatalf("%s %s %.80s: status %d, want 200; %s", method, target, body, rec.Code, rec.Body)
	}
	if v != nil {
		decode(t, rec, v)
	}
	return rec
}

// refused serves one request like do and fails the test unless it is
// answered with the status code and a one-line JSON error (errorOf)
// whose message contains want.
func refused(t testing.TB, h http.Handler, method, target, body string, code int, want string) {
	t.Helper()
	rec := do(t, h, method, target, body)
	if rec.Code != code {
		t.Errorf("%s %s %.80s: status %d, want %d; %s", method, target, body, rec.Code, code, rec.Body)
		return
	}
	if msg := errorOf(t, rec); !strings.Contains(msg, want) {
		t.Errorf("%s %s %.80s: error %q, want one with %q", method, target, body, msg, want)
	}
}

// sameBody fails the test unless the answer rec is want, byte for byte
// but for the final newline; what names the request in the failure.
func sameBody(t testing.TB, what string, rec *httptest.ResponseRecorder, want string) {
	t.Helper()
	if got := strings.TrimSpace(rec.Body.String()); got != want {
		t.Errorf("%s:\n got %s\nwant %s", what, got, want)
	}
}

// sameJSON is sameBody with want as json.Marshal writes it.
func sameJSON(t testing.TB, what string, rec *httptest.ResponseRecorder, want any) {
	t.Helper()
	w, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	sameBody(t, what, rec, string(w))
}

// testdata returns the path of a file of a problem's official data, which
// the game packages keep: testdata(problem, "sample.in").
func testdata(problem, file string) string {
	dir := map[string]string{
		"bacterial-tactics":   "bacterial/testdata/official",
		"inventor-outlasting": "inventor/testdata/official",
		"caos3":               "caos3/testdata/official",
		"boi2008-game":        "boi2008/testdata/official",
		"knights":             "moveset/testdata",
	}[problem]
	return filepath.Join("..", "games", dir, file)
}

func readFile(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestSolveOfficialData checks POST /api/solve against every official
// answer byte for byte, with every engine on the samples.
func TestSolveOfficialData(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	for _, e := range registry.Problems() {
		p := e.Problem
		inputs, err := filepath.Glob(testdata(p.Name, "*.in"))
		if err != nil || len(inputs) == 0 {
			t.Fatalf("%s: no official inputs in testdata", p.Name)
		}
		for _, in := range inputs {
			want := readFile(t, strings.TrimSuffix(in, ".in")+".ans")
			engines := []problems.Engine{""}
			if strings.HasSuffix(in, "sample.in") {
				engines = p.Engines
			}
			for _, e := range engines {
				target := "/api/solve/" + p.Name
				if e != "" {
					target += "?engine=" + string(e)
				}
				rec := do(t, s, "POST", target, readFile(t, in))
				if rec.Code != http.StatusOK {
					t.Errorf("%s %s: status %d, %s", target, in, rec.Code, rec.Body)
					continue
				}
				var got solveResponse
				decode(t, rec, &got)
				if got.Output != want {
					t.Errorf("%s %s: output differs from the official answer:\n%s\nwant:\n%s", target, in, got.Output, want)
				}
			}
		}
	}
}

// TestAnalyze checks POST /api/analyze against the library's Analyze, the
// answer of "nimber analyze --json".
func TestAnalyze(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	for _, e := range registry.Problems() {
		p := e.Problem
		in := readFile(t, testdata(p.Name, "sample.in"))
		rec := answer(t, s, "POST", "/api/analyze/"+p.Name, in, nil)
		cases, err := p.Parse(strings.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		want, err := p.Analyze(context.Background(), cases, problems.Options{})
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, _ := json.Marshal(analyzeResponse{Cases: want})
		if got := strings.TrimSpace(rec.Body.String()); got != string(wantJSON) {
			t.Errorf("%s: got\n%s\nwant\n%s", p.Name, got, wantJSON)
		}
		var resp analyzeResponse
		decode(t, rec, &resp)
		ans := strings.Split(strings.TrimSpace(readFile(t, testdata(p.Name, "sample.ans"))), "\n")
		for i, a := range resp.Cases {
			if a.Official != ans[i] {
				t.Errorf("%s case %d: official %q, want %q", p.Name, i+1, a.Official, ans[i])
			}
		}
	}
}

// TestProblems checks GET /api/problems: every official problem of the
// registry, with an example that the server solves.
func TestProblems(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	var list []problemInfo
	answer(t, s, "GET", "/api/problems", "", &list)
	var names []string
	for _, p := range list {
		names = append(names, p.Name)
		if p.Title == "" || p.Alphabet == "" || p.Example == "" || len(p.Engines) == 0 || p.MaxSide < 1 || p.MaxCases < 1 {
			t.Errorf("%s: incomplete entry %+v", p.Name, p)
		}
		if rec := do(t, s, "POST", "/api/solve/"+p.Name, p.Example); rec.Code != http.StatusOK {
			t.Errorf("%s: the example does not solve: %d %s", p.Name, rec.Code, rec.Body)
		}
		if p.Square != (p.Name == "boi2008-game") {
			t.Errorf("%s: square %v", p.Name, p.Square)
		}
	}
	want := "bacterial-tactics boi2008-game caos3 inventor-outlasting"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("problems %q, want %q", got, want)
	}
	if rec := do(t, s, "HEAD", "/api/problems", ""); rec.Code != http.StatusOK {
		t.Errorf("HEAD: status %d", rec.Code)
	}
	// The side limit of the server bounds the problems' own.
	s, _ = newTestServer(t, Options{MaxSide: 50})
	decode(t, do(t, s, "GET", "/api/problems", ""), &list)
	if list[0].MaxSide != 50 {
		t.Errorf("max_side %d under MaxSide 50", list[0].MaxSide)
	}
}

// TestBadRequests checks that bad requests of every endpoint get the
// right 4xx status and a clear one-line JSON message.
func TestBadRequests(t *testing.T) {
	s, _ := newTestServer(t, Options{MaxSide: 50, MaxMemory: 1 << 20})
	big := func(rows, cols int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "1\n%d %d\n", rows, cols)
		for range rows {
			b.WriteString(strings.Repeat(".", cols) + "\n")
		}
		return b.String()
	}
	const compoundOK = `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "knights", "size": 8}, "components": [0]}`
	for _, tc := range []struct {
		name, method, target, body string
		status                     int
		want                       string
		allow                      string
	}{
		{"unknown problem", "POST", "/api/solve/chess", "", 404, `unknown problem "chess" (known: bacterial-tactics, boi2008-game, caos3, inventor-outlasting)`, ""},
		{"unknown problem analyze", "POST", "/api/analyze/chess", "", 404, `unknown problem "chess"`, ""},
		{"malformed input", "POST", "/api/solve/bacterial-tactics", "1\n2 2\n..\n.x\n", 400, `case 1, line 4, column 2: row 2: character 'x' is not one of ".#"`, ""},
		{"empty input", "POST", "/api/solve/caos3", "", 400, "line 1: empty input", ""},
		{"spec limit", "POST", "/api/solve/bacterial-tactics", "1\n5000 1\n", 400, "case 1, line 2: R = 5000 out of range 1..1000", ""},
		{"side limit", "POST", "/api/solve/bacterial-tactics", big(60, 3), 400, "case 1: board 60 x 3 is over the server's limit of 50 rows and columns", ""},
		{"memory limit", "POST", "/api/analyze/bacterial-tactics", big(50, 50), 400, "case 1: board 50 x 50 needs about", ""},
		{"bad engine", "POST", "/api/solve/caos3?engine=fast", "", 400, `engine="fast" is not an engine of caos3 (known: dense, generic)`, ""},
		{"unknown parameter", "POST", "/api/solve/caos3?verbose=1", "", 400, `unknown query parameter "verbose" (known: engine)`, ""},
		{"wrong method solve", "GET", "/api/solve/caos3", "", 405, "method GET not allowed on /api/solve/caos3: use POST", "POST"},
		{"wrong method problems", "POST", "/api/problems", "", 405, "use GET", "GET, HEAD"},
		{"wrong method table", "DELETE", "/api/table/knights", "", 405, "use GET", "GET, HEAD"},
		{"wrong method sequence", "PUT", "/api/sequence", "", 405, "use GET", "GET, HEAD"},
		{"wrong method compound", "GET", "/api/compound", "", 405, "use POST", "POST"},
		{"wrong method play", "GET", "/api/play/caos3", "", 405, "use POST", "POST"},
		{"no endpoint", "GET", "/api/nothing", "", 404, "no endpoint /api/nothing", ""},
		{"problems parameter", "GET", "/api/problems?x=1", "", 400, `unknown query parameter "x"`, ""},
		{"table game", "GET", "/api/table/bishops", "", 404, `unknown game "bishops" (known: bacterial-tactics, `, ""},
		{"table of a game without", "GET", "/api/table/wythoff", "", 400, "no table of wythoff: tables are of games with heaps (a row per heap) or of a token on the squares of a board (knights)", ""},
		{"table of a loopy game", "GET", "/api/table/boi2008-game", "", 400, "no table of boi2008-game: its positions can repeat", ""},
		{"table to", "GET", "/api/table/0.77?to=5000", "", 400, `to="5000" is not an integer in 0..4096`, ""},
		{"table size", "GET", "/api/table/knights?size=201", "", 400, `size="201" is not an integer in 1..200`, ""},
		{"table size text", "GET", "/api/table/knights?size=eight", "", 400, `size="eight" is not an integer in 1..200`, ""},
		{"table function", "GET", "/api/table/knights?function=nimber", "", 400, `function="nimber" is not one of grundy, grundy-misere`, ""},
		{"table moves", "GET", "/api/table/knights?moves=1,x", "", 400, "moves: ", ""},
		{"table cyclic moves", "GET", "/api/table/knights?size=8&moves=1,0%3B-1,0", "", 400, "cycle", ""},
		{"table raw semicolon", "GET", "/api/table/knights?size=8&moves=1,-2;-2,1", "", 400, "query: invalid semicolon separator in query (encode ';' as %3B)", ""},
		{"table repeated parameter", "GET", "/api/table/knights?size=8&size=9", "", 400, `query parameter "size" given 2 times`, ""},
		{"sequence code missing", "GET", "/api/sequence?to=10", "", 400, "code is missing", ""},
		{"sequence bad code", "GET", "/api/sequence?code=0.0z", "", 400, `code: code "0.0z": 'z' at position 3`, ""},
		{"sequence unknown game", "GET", "/api/sequence?code=chess", "", 400, `code: unknown game "chess" (known: `, ""},
		{"sequence without heaps", "GET", "/api/sequence?code=wythoff", "", 400, "code: wythoff has no heaps, so no nim-sequence", ""},
		{"sequence to", "GET", "/api/sequence?code=0.07&to=2000000", "", 400, `to="2000000" is not an integer in 1..1048576`, ""},
		{"compound malformed", "POST", "/api/compound", `{"rule": {"move": "one",}}`, 400, "request body, line 1, column 25: malformed JSON: invalid character '}'", ""},
		{"compound malformed line 2", "POST", "/api/compound", "{\n  \"rule\": x}", 400, "request body, line 2, column 11: malformed JSON", ""},
		{"compound truncated", "POST", "/api/compound", `{"rule": {"move": "one"`, 400, "malformed JSON: unexpected end of input", ""},
		{"compound empty", "POST", "/api/compound", "", 400, "empty request body: want a JSON object", ""},
		{"compound unknown field", "POST", "/api/compound", `{"rules": {}}`, 400, `request body, line 1, column 2: unknown field "rules"`, ""},
		{"compound type", "POST", "/api/compound", `{"components": "3"}`, 400, "request body, line 1, column 19: components: want an array, got JSON string", ""},
		{"compound trailing", "POST", "/api/compound", compoundOK + " {}", 400, "unexpected data after the JSON value", ""},
		{"compound rule", "POST", "/api/compound", `{"rule": {"move": "two", "end": "long", "play": "normal"}, "game": {"type": "knights", "size": 8}, "components": [0]}`, 400, "rule: ", ""},
		{"compound no component", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "knights", "size": 8}, "components": []}`, 400, "components: 0 given, want 1..16", ""},
		{"compound game type", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "chess"}, "components": [0]}`, 400, `game: type "chess" is not knights, subtraction or game`, ""},
		{"compound board too large", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "knights", "size": 5000}, "components": [0]}`, 400, "game: size 5000 out of range 1..200", ""},
		{"compound heap too large", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "subtraction", "set": "1,2", "to": 100000000}, "components": [0]}`, 400, "game: to 100000000 out of range 0..1048576", ""},
		{"compound position", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "knights", "size": 8}, "components": [64]}`, 400, "component 0: not a square of the 8 x 8 board (0-based)", ""},
		{"compound square", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "knights", "size": 8}, "components": [{"row": 8, "col": 0}]}`, 400, "component 0: not a square of the 8 x 8 board (0-based)", ""},
		{"compound component", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "knights", "size": 8}, "components": [true]}`, 400, "component true is neither a position", ""},
		{"compound mixed game", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "knights", "size": 8, "set": "1"}, "components": [1]}`, 400, `game: "set", "to" and "name" do not belong to knights games`, ""},
		{"compound set", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "subtraction", "set": "1,,2", "to": 10}, "components": [1]}`, 400, "game: ", ""},
		{"compound square of heap", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "subtraction", "set": "1,2", "to": 10}, "components": [{"row": 1, "col": 1}]}`, 400, "component 0: a subtraction game's component is a heap", ""},
		{"compound search limit", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "misere"}, "game": {"type": "knights", "size": 30}, "components": [{"row": 29, "col": 29}, {"row": 28, "col": 27}, {"row": 26, "col": 29}]}`, 400, "a misère sum of components that are not all tame is decided by exhaustive search, which would exceed 4096 positions here", ""},
		{"compound parameter", "POST", "/api/compound?x=1", compoundOK, 400, `unknown query parameter "x"`, ""},
		{"compound game name", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "game", "name": "chess"}, "components": ["5"]}`, 404, `unknown game "chess" (known: `, ""},
		{"compound game extra", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "game", "name": "nim", "size": 8}, "components": ["5"]}`, 400, `game: a game is given by its "name" alone`, ""},
		{"compound game component", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "game", "name": "nim"}, "components": [5]}`, 400, "component 0: give a position of nim as a string", ""},
		{"compound game position", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "game", "name": "nim"}, "components": ["5", "x"]}`, 400, `component 1: heap 1: "x" is not a heap size`, ""},
		{"compound partizan game", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "game", "name": "domineering"}, "components": [".."]}`, 400, "game: domineering is partizan (Left and Right move differently), and compounds are of impartial games", ""},
		{"table of a partizan game", "GET", "/api/table/clobber", "", 400, "no table of clobber: Left and Right move differently", ""},
		{"compound loopy game", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "game", "name": "boi2008-game"}, "components": ["A.\n.B"]}`, 400, "game: boi2008-game is loopy (its positions can repeat), and compounds are of games that end", ""},
		{"compound too many positions", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "game", "name": "node-kayles"}, "components": ["a-b b-c c-d d-e e-f f-g g-h h-i i-j j-k k-l l-m m-n n-o o-p p-q q-r r-s s-t t-u u-v v-w w-x x-y y-z"]}`, 400, "more than 1024 positions", ""},
		{"play unknown game", "POST", "/api/play/chess", `{"position": "."}`, 404, `unknown game "chess"`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := do(t, s, tc.method, tc.target, tc.body)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d; body %s", rec.Code, tc.status, rec.Body)
			}
			if msg := errorOf(t, rec); !strings.Contains(msg, tc.want) {
				t.Errorf("error %q does not contain %q", msg, tc.want)
			}
			if got := rec.Header().Get("Allow"); got != tc.allow {
				t.Errorf("Allow %q, want %q", got, tc.allow)
			}
		})
	}
}

// TestBodyTooLarge checks that a body over MaxBody gets 413, on every
// endpoint that reads one.
func TestBodyTooLarge(t *testing.T) {
	s, _ := newTestServer(t, Options{MaxBody: 1000})
	body := strings.Repeat(" ", 1001)
	for _, target := range []string{"/api/solve/caos3", "/api/analyze/caos3", "/api/compound", "/api/play/caos3"} {
		rec := do(t, s, "POST", target, body)
		if rec.Code != http.StatusRequestEntityTooLarge {
			t.Errorf("%s: status %d, want 413; %s", target, rec.Code, rec.Body)
			continue
		}
		if msg := errorOf(t, rec); msg != "request body over the limit of 1000 B" {
			t.Errorf("%s: error %q", target, msg)
		}
	}
	// The default limit is 1 MiB.
	s, _ = newTestServer(t, Options{})
	rec := do(t, s, "POST", "/api/solve/caos3", strings.Repeat(".", 1<<20+1))
	if rec.Code != http.StatusRequestEntityTooLarge || errorOf(t, rec) != "request body over the limit of 1.0 MiB" {
		t.Errorf("default limit: status %d, %s", rec.Code, rec.Body)
	}
}

// TestDeadline checks that a computation over Timeout is cancelled and gets
// 504 Gateway Timeout with a message, quickly.
func TestDeadline(t *testing.T) {
	s, logs := newTestServer(t, Options{Timeout: 50 * time.Millisecond})
	start := time.Now()
	rec := do(t, s, "POST", "/api/solve/bacterial-tactics", emptyBoard(100))
	if rec.Code != http.StatusGatewayTimeout {
		t.Fatalf("status %d, want 504; %s", rec.Code, rec.Body)
	}
	if msg := errorOf(t, rec); msg != "the computation exceeded the time limit of 50ms; try a smaller input" {
		t.Errorf("error %q", msg)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the computation took %v to stop after its deadline of 50ms", d)
	}
	if len(s.slots) != 0 {
		t.Errorf("%d slots still taken", len(s.slots))
	}
	if !strings.Contains(logs.String(), "status=504") {
		t.Errorf("504 not logged: %q", logs)
	}
	// The sequence engine honours the deadline too.
	rec = do(t, s, "GET", "/api/sequence?code=grundy&to=1048576", "")
	if rec.Code != http.StatusGatewayTimeout {
		t.Fatalf("sequence: status %d, want 504", rec.Code)
	}
	// So does the search of a misère value's parts (2.0 s in all for
	// this sum of five primes, 0.43 s without its parts), and its slot
	// comes back.
	rec = do(t, s, "POST", "/api/value", `{"exprs": ["*[(2#1)2##]", "*[((2#0)10)2##]", "*[2#1]", "*[2#0]", "*[(2#20)2[#1]1]"], "misere": true, "parts": true}`)
	if rec.Code != http.StatusGatewayTimeout {
		t.Fatalf("misère parts: status %d, want 504", rec.Code)
	}
	for start := time.Now(); len(s.slots) != 0; time.Sleep(10 * time.Millisecond) {
		if time.Since(start) > 10*time.Second {
			t.Fatalf("misère parts: the slot still taken 10 s after the deadline")
		}
	}
}

// emptyBoard is a Bacterial Tactics input of one empty n x n board (about
// 6 s for n = 100).
func emptyBoard(n int) string {
	return "1\n" + fmt.Sprintf("%d %d\n", n, n) + strings.Repeat(strings.Repeat(".", n)+"\n", n)
}

// TestClientGone checks that a computation stops, and frees its slot, when
// the client goes away.
func TestClientGone(t *testing.T) {
	s, _ := newTestServer(t, Options{MaxConcurrent: 1, Timeout: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	req := httptest.NewRequestWithContext(ctx, "POST", "/api/solve/bacterial-tactics", strings.NewReader(emptyBoard(100)))
	done := make(chan struct{})
	go func() {
		s.ServeHTTP(httptest.NewRecorder(), req)
		close(done)
	}()
	time.Sleep(100 * time.Millisecond)
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the computation went on after the client went away")
	}
	if len(s.slots) != 0 {
		t.Errorf("%d slots still taken", len(s.slots))
	}
}

// TestBusy checks the semaphore: with every slot taken, a request waits
// QueueWait, then gets 503 with Retry-After; it gets its answer when a
// slot frees in time.
func TestBusy(t *testing.T) {
	s, _ := newTestServer(t, Options{MaxConcurrent: 1, QueueWait: 20 * time.Millisecond})
	s.slots <- struct{}{} // a computation in progress
	in := readFile(t, testdata("caos3", "sample.in"))
	start := time.Now()
	rec := do(t, s, "POST", "/api/solve/caos3", in)
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("status %d, want 503; %s", rec.Code, rec.Body)
	}
	if d := time.Since(start); d < 20*time.Millisecond {
		t.Errorf("answered after %v, before QueueWait", d)
	}
	if got := rec.Header().Get("Retry-After"); got != "1" {
		t.Errorf("Retry-After %q, want 1", got)
	}
	if msg := errorOf(t, rec); msg != "server busy: all 1 computation slots stayed taken for 20ms; retry later" {
		t.Errorf("error %q", msg)
	}
	// Cheap endpoints do not wait for a slot.
	if rec := do(t, s, "GET", "/api/problems", ""); rec.Code != http.StatusOK {
		t.Errorf("problems while busy: %d", rec.Code)
	}
	// A slot that frees within QueueWait serves the request.
	s, _ = newTestServer(t, Options{MaxConcurrent: 1, QueueWait: 5 * time.Second})
	s.slots <- struct{}{}
	time.AfterFunc(50*time.Millisecond, s.release)
	if rec := do(t, s, "POST", "/api/solve/caos3", in); rec.Code != http.StatusOK {
		t.Errorf("after the slot freed: status %d, %s", rec.Code, rec.Body)
	}
}

// TestPanicRecovery checks that a panic becomes 500 {"error": "internal
// error"}, is logged with its stack, and frees the computation slot.
func TestPanicRecovery(t *testing.T) {
	s, logs := newTestServer(t, Options{MaxConcurrent: 1})
	s.mux.HandleFunc("GET /api/test-panic", func(w http.ResponseWriter, r *http.Request) {
		panic("boom")
	})
	s.mux.HandleFunc("GET /api/test-panic-computing", func(w http.ResponseWriter, r *http.Request) {
		s.compute(w, r, func(context.Context) (any, error) {
			var xs []int
			return xs[len(xs)], nil // an index out of range: a bug
		})
	})
	for _, target := range []string{"/api/test-panic", "/api/test-panic-computing"} {
		rec := do(t, s, "GET", target, "")
		if rec.Code != http.StatusInternalServerError {
			t.Fatalf("%s: status %d, want 500", target, rec.Code)
		}
		if msg := errorOf(t, rec); msg != "internal error" {
			t.Errorf("%s: error %q", target, msg)
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: security headers missing", target)
		}
	}
	if len(s.slots) != 0 {
		t.Errorf("%d slots still taken after a panic", len(s.slots))
	}
	for _, want := range []string{"panic serving request", "boom", "index out of range", "stack="} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q: %s", want, logs)
		}
	}
	// The server still serves.
	if rec := do(t, s, "GET", "/api/problems", ""); rec.Code != http.StatusOK {
		t.Errorf("after the panics: %d", rec.Code)
	}
}

// TestPagesAndAssets checks the pages, the assets, their content types,
// caching headers and validators, and the security headers.
func TestPagesAndAssets(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	for _, tc := range []struct{ path, file string }{
		{"/", "index.html"}, {"/play", "play.html"}, {"/tables", "tables.html"}, {"/compound", "compound.html"},
		{"/value", "value.html"},
	} {
		rec := do(t, s, "GET", tc.path, "")
		a, exists := s.files[tc.file]
		if !exists {
			if rec.Code != http.StatusNotFound {
				t.Errorf("%s: %s not embedded, status %d, want 404", tc.path, tc.file, rec.Code)
			}
			continue
		}
		if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), a.data) {
			t.Errorf("%s: status %d, or not the content of %s", tc.path, rec.Code, tc.file)
		}
		h := rec.Header()
		if h.Get("Content-Type") != "text/html; charset=utf-8" || h.Get("Cache-Control") != "no-cache" || h.Get("ETag") == "" {
			t.Errorf("%s: headers %v", tc.path, h)
		}
	}
	if _, ok := s.files["index.html"]; !ok {
		t.Fatal("index.html is not embedded")
	}
	types := map[string]string{".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
	for name, a := range s.files {
		rec := do(t, s, "GET", "/assets/"+name, "")
		if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), a.data) {
			t.Errorf("/assets/%s: status %d", name, rec.Code)
			continue
		}
		h := rec.Header()
		if want, ok := types[filepath.Ext(name)]; ok && h.Get("Content-Type") != want {
			t.Errorf("/assets/%s: Content-Type %q, want %q", name, h.Get("Content-Type"), want)
		}
		if h.Get("Cache-Control") != "public, max-age=300" || h.Get("ETag") != a.etag {
			t.Errorf("/assets/%s: caching headers %q, %q", name, h.Get("Cache-Control"), h.Get("ETag"))
		}
		if h.Get("Content-Security-Policy") != contentSecurityPolicy || h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("/assets/%s: security headers %v", name, h)
		}
		// A revalidation with the ETag gets 304 and no body.
		req := httptest.NewRequest("GET", "/assets/"+name, nil)
		req.Header.Set("If-None-Match", a.etag)
		rec = httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
			t.Errorf("/assets/%s revalidated: status %d, %d bytes", name, rec.Code, rec.Body.Len())
		}
	}
	for _, path := range []string{"/assets/nothing.js", "/assets/", "/assets/../server.go", "/nothing", "/index.html"} {
		if rec := do(t, s, "GET", path, ""); rec.Code != http.StatusNotFound && rec.Code != http.StatusMovedPermanently && rec.Code != http.StatusTemporaryRedirect {
			t.Errorf("%s: status %d, want 404", path, rec.Code)
		}
	}
	if rec := do(t, s, "POST", "/", ""); rec.Code != http.StatusMethodNotAllowed || !strings.Contains(rec.Header().Get("Allow"), "GET") {
		t.Errorf("POST /: status %d, Allow %q", rec.Code, rec.Header().Get("Allow"))
	}
	if rec := do(t, s, "HEAD", "/", ""); rec.Code != http.StatusOK || rec.Body.Len() != 0 {
		t.Errorf("HEAD /: status %d, %d bytes", rec.Code, rec.Body.Len())
	}
}

// TestLoad sends 200 concurrent solve requests of the official sample
// through a real HTTP server: all must be answered correctly, and the heap
// in use afterwards must stay bounded.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("load test")
	}
	s, _ := newTestServer(t, Options{})
	srv := httptest.NewServer(s)
	defer srv.Close()
	in := readFile(t, testdata("bacterial-tactics", "sample.in"))
	want := readFile(t, testdata("bacterial-tactics", "sample.ans"))
	before := heapInUse()
	var peak uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() { // the peak of heap in use during the load, every millisecond
		defer close(sampled)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	const n = 200
	var wg sync.WaitGroup
	errs := make(chan error, n)
	start := time.Now()
	for range n {
		wg.Go(func() {
			resp, err := srv.Client().Post(srv.URL+"/api/solve/bacterial-tactics", "text/plain", strings.NewReader(in))
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			if err != nil {
				errs <- err
				return
			}
			var got solveResponse
			if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &got) != nil || got.Output != want {
				errs <- fmt.Errorf("status %d, answer %q", resp.StatusCode, body)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(stop)
	<-sampled
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	srv.CloseClientConnections()
	after := heapInUse()
	t.Logf("%d concurrent solves in %v; heap in use %.1f MiB before, %.1f MiB at the peak, %.1f MiB after", n, elapsed,
		float64(before)/(1<<20), float64(peak)/(1<<20), float64(after)/(1<<20))
	if after > before+64<<20 || peak > before+256<<20 {
		t.Errorf("heap in use grew from %d to %d bytes (peak %d)", before, after, peak)
	}
}
