package web

import (
	"encoding/json"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestStrictJSON checks that the JSON bodies of the POST endpoints that
// take one (play and compound; solve and analyze take official inputs)
// refuse duplicate keys, keys that differ from a field's in case only,
// unknown keys and data after the value, at any depth, with 400 and a
// one-line error that says where.
func TestStrictJSON(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	const (
		rule = `"rule": {"move": "one", "end": "long", "play": "normal"}`
		game = `"game": {"type": "knights", "size": 8}`
	)
	for _, tc := range []struct {
		name, target, body, want string
	}{
		// POST /api/play/{game}: playRequest, play.Choice.
		{"play duplicate", "/api/play/0.77", `{"position": "5 7", "position": "3"}`,
			`request body, line 1, column 21: duplicate key "position"`},
		{"play duplicate reply", "/api/play/0.77", `{"reply": true, "position": "5 7", "reply": false}`,
			`request body, line 1, column 36: duplicate key "reply"`},
		{"play duplicate moves", "/api/play/0.77", `{"position": "5 7", "moves": [], "moves": [{"part": 0, "move": "take 1, leaving heap 4"}]}`,
			`request body, line 1, column 34: duplicate key "moves"`},
		{"play duplicate in a move", "/api/play/0.77", "{\"position\": \"5 7\",\n \"moves\": [{\"part\": 0, \"part\": 1, \"move\": \"take 1, leaving heap 4\"}]}",
			`request body, line 2, column 24: duplicate key "part"`},
		{"play case", "/api/play/0.77", `{"Position": "5 7"}`,
			`request body, line 1, column 2: unknown field "Position" (keys are case-sensitive: did you mean "position"?)`},
		{"play case beside", "/api/play/0.77", `{"position": "5 7", "POSITION": "3"}`,
			`request body, line 1, column 21: unknown field "POSITION" (keys are case-sensitive: did you mean "position"?)`},
		{"play case reply", "/api/play/0.77", "{\n  \"position\": \"5 7\",\n  \"Reply\": true\n}",
			`request body, line 3, column 3: unknown field "Reply" (keys are case-sensitive: did you mean "reply"?)`},
		{"play case in a move", "/api/play/0.77", `{"position": "5 7", "moves": [{"part": 0, "Move": "take 1, leaving heap 4"}]}`,
			`request body, line 1, column 43: unknown field "Move" (keys are case-sensitive: did you mean "move"?)`},
		{"play unknown", "/api/play/0.77", `{"position": "5 7", "undo": true}`,
			`request body, line 1, column 21: unknown field "undo"`},
		{"play unknown in a move", "/api/play/0.77", `{"position": "5 7", "moves": [{"part": 0, "text": "x"}]}`,
			`request body, line 1, column 43: unknown field "text"`},
		{"play trailing", "/api/play/0.77", `{"position": "5 7"} {"position": "3"}`,
			`request body, line 1, column 21: unexpected data after the JSON value`},
		{"play trailing duplicate", "/api/play/0.77", `{"position": "5 7"} {"position": "3", "position": "4"}`,
			`request body, line 1, column 21: unexpected data after the JSON value`},
		{"play trailing on line 2", "/api/play/0.77", "{\"position\": \"5 7\"}\n]",
			`request body, line 2, column 1: unexpected data after the JSON value`},
		{"play invalid UTF-8", "/api/play/0.77", "{\"position\": \"5 7\xff\"}",
			`request body, line 1, column 18: malformed JSON: invalid UTF-8`},

		// POST /api/compound: compoundRequest and its components.
		{"compound duplicate rule", "/api/compound", `{` + rule + `, ` + game + `, "components": [0], "rule": {}}`,
			`request body, line 1, column 119: duplicate key "rule"`},
		{"compound duplicate in rule", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal", "move": "all"}, ` + game + `, "components": [0]}`,
			`request body, line 1, column 59: duplicate key "move"`},
		{"compound duplicate in game", "/api/compound", `{` + rule + `, "game": {"type": "knights", "size": 8, "size": 200}, "components": [0]}`,
			`request body, line 1, column 99: duplicate key "size"`},
		{"compound duplicate components", "/api/compound", `{` + rule + `, ` + game + `, "components": [0], "components": [1]}`,
			`request body, line 1, column 119: duplicate key "components"`},
		{"compound duplicate in a square", "/api/compound", `{` + rule + `, ` + game + `, "components": [{"row": 1, "col": 2, "row": 3}]}`,
			`request body, line 1, column 136: duplicate key "row"`},
		{"compound case", "/api/compound", `{"Rule": {"move": "one", "end": "long", "play": "normal"}, ` + game + `, "components": [0]}`,
			`request body, line 1, column 2: unknown field "Rule" (keys are case-sensitive: did you mean "rule"?)`},
		{"compound case in rule", "/api/compound", `{"rule": {"move": "one", "END": "long", "play": "normal"}, ` + game + `, "components": [0]}`,
			`request body, line 1, column 26: unknown field "END" (keys are case-sensitive: did you mean "end"?)`},
		{"compound case in game", "/api/compound", `{` + rule + `, "game": {"Type": "knights", "size": 8}, "components": [0]}`,
			`request body, line 1, column 69: unknown field "Type" (keys are case-sensitive: did you mean "type"?)`},
		{"compound case components", "/api/compound", `{` + rule + `, ` + game + `, "Components": [0]}`,
			`request body, line 1, column 100: unknown field "Components" (keys are case-sensitive: did you mean "components"?)`},
		{"compound case in a square", "/api/compound", `{` + rule + `, ` + game + `, "components": [{"Row": 1, "col": 2}]}`,
			`request body, line 1, column 116: unknown field "Row" (keys are case-sensitive: did you mean "row"?)`},
		{"compound unknown", "/api/compound", `{` + rule + `, ` + game + `, "components": [0], "verbose": true}`,
			`request body, line 1, column 119: unknown field "verbose"`},
		{"compound unknown in game", "/api/compound", `{` + rule + `, "game": {"type": "knights", "size": 8, "colour": "red"}, "components": [0]}`,
			`request body, line 1, column 99: unknown field "colour"`},
		{"compound trailing", "/api/compound", `{` + rule + `, ` + game + `, "components": [0]}x`,
			`request body, line 1, column 118: unexpected data after the JSON value`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := do(t, s, "POST", tc.target, tc.body)
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("status %d, want 400; %s", rec.Code, rec.Body)
			}
			if msg := errorOf(t, rec); msg != tc.want {
				t.Errorf("error %q,\nwant %q", msg, tc.want)
			}
		})
	}

	// The same bodies with the keys as the fields spell them are answered.
	for _, tc := range []struct{ target, body string }{
		{"/api/play/0.77", `{"position": "5 7", "moves": [{"part": 0, "move": "take 1, leaving heap 4"}], "reply": true}`},
		{"/api/compound", `{` + rule + `, ` + game + `, "components": [{"row": 1, "col": 2}, 0]}`},
		{"/api/compound", `{` + rule + `, "game": {"type": "game", "name": "0.77"}, "components": ["5", "7 9"]}`},
	} {
		answer(t, s, "POST", tc.target, tc.body, nil)
	}
}

// fuzzTargets are the POST endpoints FuzzRequestBodies posts every body to.
var fuzzTargets = []string{
	"/api/solve/bacterial-tactics",
	"/api/analyze/inventor-outlasting",
	"/api/solve/boi2008-game",
	"/api/play/bacterial-tactics",
	"/api/play/0.77",
	"/api/play/boi2008-game",
	"/api/play/knights",
	"/api/compound",
	"/api/value",
	"/api/field",
	"/api/partizan/domineering",
	"/api/partizan/hackenbush",
	"/api/partizan/toads-frogs",
}

// FuzzRequestBodies posts arbitrary bodies to each POST endpoint: no
// panic, a status the API documents, and an error object with every status
// other than 200. The seeds are the bodies of docs/api.md's examples.
func FuzzRequestBodies(f *testing.F) {
	for _, body := range []string{
		`{"position": "...\n.#.\n...", "moves": [{"part": 0, "move": "H colony on row 1, columns 1-3"}], "reply": true}`,
		`{"position": "5 7"}`,
		`{"exprs": ["{2|-1}", "^"]}`,
		`{"position": "..|..|.#"}`,
		`{"op": "mul", "args": [5, "0x7"]}`,
		`{"op": "table", "args": [16]}`,
		`{"position": "LRR GG"}`,
		`{"position": "{\"edges\": [[0, 1, \"L\"], [1, 2, \"G\"]], \"ground\": [0]}"}`,
		`{"position": "TT..F"}`,
		`{"position": "A..\n...\n..B", "reply": true}`,
		`{"position": "3x3 3,3", "reply": true}`,
		`{"rule": {"move": "one", "end": "short", "play": "normal"}, "game": {"type": "knights", "size": 8}, "components": [{"row": 2, "col": 2}, {"row": 4, "col": 5}]}`,
		`{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "subtraction", "set": "1,3,4", "to": 20}, "components": [7, 5, 3]}`,
		`{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "game", "name": "0.77"}, "components": ["5", "7 9"]}`,
		`{"position": "5 7", "position": "3"}`,
		`{"Position": "5 7"}`,
		"1\n2 5\nX.X.X\n.X.X.\n",
		"1\n4\nA...\n.#..\n....\n...B\n",
		"",
	} {
		f.Add([]byte(body))
	}
	for _, name := range []string{"bacterial-tactics.in", "boi2008-game.in", "inventor-outlasting.in"} {
		if data, err := os.ReadFile("../examples/" + name); err == nil {
			f.Add(data)
		}
	}
	s, logs := newTestServer(f, Options{Timeout: time.Second, QueueWait: 10 * time.Second, MaxBody: 64 << 10})
	statuses := []int{200, 400, 404, 413, 422, 503, 504}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, target := range fuzzTargets {
			rec := do(t, s, "POST", target, string(body))
			if !slices.Contains(statuses, rec.Code) {
				t.Fatalf("%s %q: status %d; %s\nlogs: %s", target, body, rec.Code, rec.Body, logs)
			}
			if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
				t.Fatalf("%s %q: Content-Type %q", target, body, ct)
			}
			if rec.Code == http.StatusOK {
				if !json.Valid(rec.Body.Bytes()) {
					t.Fatalf("%s %q: 200 with %q, not JSON", target, body, rec.Body)
				}
				continue
			}
			var e map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
				t.Fatalf("%s %q: status %d with %q, not a JSON object: %v", target, body, rec.Code, rec.Body, err)
			}
			msg, ok := e["error"].(string)
			if !ok || msg == "" || strings.ContainsAny(msg, "\r\n") || len(e) != 1 {
				t.Fatalf("%s %q: status %d with %q, not {\"error\": \"one line\"}", target, body, rec.Code, rec.Body)
			}
		}
	})
}
