package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"nimber/game"
	"nimber/play"
	"nimber/registry"
	"nimber/registry/registrytest"
)

// playBody is the JSON of a play request.
func playBody(t testing.TB, position string, moves []play.Choice, reply bool) string {
	t.Helper()
	if moves == nil {
		moves = []play.Choice{}
	}
	data, err := json.Marshal(playRequest{Position: position, Moves: moves, Reply: reply})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// playable lists the name to play and the example position of every
// registry entry that can be played: a family by its example member.
func playable(t testing.TB) (names, starts []string) {
	t.Helper()
	for _, e := range registry.Entries() {
		if !e.Supports().Play {
			continue
		}
		name := e.Name
		if e.Family() {
			name = e.Example
		}
		names = append(names, name)
		starts = append(starts, e.ExamplePosition)
	}
	if len(names) == 0 {
		t.Fatal("no playable game in the registry")
	}
	return names, starts
}

// TestPlayEngineGames plays every playable game's example to the end, the
// engine replying to the engine through POST /api/play, and checks each
// answer against the library (play.Replay) and the winner against the
// start's outcome.
func TestPlayEngineGames(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	names, starts := playable(t)
	opts := game.Options{MaxMemory: s.opts.MaxMemory, Limit: s.exploreLimit()}
	for k, name := range names {
		t.Run(name, func(t *testing.T) {
			g := registrytest.Game(t, name)
			ctx := context.Background()
			startText := starts[k]
			start, err := play.Replay(ctx, g, startText, nil, opts)
			if err != nil {
				t.Fatal(err)
			}
			// A drawn start never ends under perfect play: a few replies.
			most := 1000
			if start.Outcome == "D" {
				most = 40
			}
			var moves []play.Choice
			var last playResponse
			for step := 0; ; step++ {
				if step > most {
					if start.Outcome == "D" {
						break
					}
					t.Fatalf("no end after %d replies", most)
				}
				var resp playResponse
				rec := answer(t, s, "POST", "/api/play/"+name, playBody(t, startText, moves, true), &resp)
				last = resp
				want, err := play.Replay(ctx, g, startText, moves, opts)
				if err != nil {
					t.Fatal(err)
				}
				if want.Over {
					if resp.Reply != nil || !resp.State.Over || !strings.Contains(rec.Body.String(), `"reply":null`) {
						t.Fatalf("a reply in a finished game: %s", rec.Body)
					}
					break
				}
				_, wantReply, err := play.ReplayAndReply(ctx, g, startText, moves, opts)
				if err != nil || wantReply == nil {
					t.Fatalf("ReplayAndReply: %v, %v", wantReply, err)
				}
				engine := *wantReply
				if resp.Reply == nil || *resp.Reply != engine {
					t.Fatalf("reply %v, want the engine's move %v", resp.Reply, engine)
				}
				moves = append(moves, engine)
				after, err := play.Replay(ctx, g, startText, moves, opts)
				if err != nil {
					t.Fatal(err)
				}
				wantJSON, _ := json.Marshal(after)
				gotJSON, _ := json.Marshal(resp.State)
				if string(gotJSON) != string(wantJSON) {
					t.Fatalf("state\n%s\nwant\n%s", gotJSON, wantJSON)
				}
			}
			winner := last.State.Winner
			switch start.Outcome {
			case "N":
				if winner != start.ToMove {
					t.Errorf("the start is N for %s, but %s won under perfect play", start.ToMove, winner)
				}
			case "P":
				if winner == start.ToMove || winner == "" {
					t.Errorf("the start is P for %s, who won (%q) under perfect play", start.ToMove, winner)
				}
			case "D":
				if last.State.Over {
					t.Errorf("the start is a draw, but %s won under perfect play", winner)
				}
			}
			t.Logf("%d moves, winner %q (start %s for %s)", len(moves), winner, start.Outcome, start.ToMove)
		})
	}
}

// TestPlayNoReply checks that without "reply" the state is the one the
// moves reach and "reply" is null, and a reply with other knight steps.
func TestPlayNoReply(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	var resp playResponse
	rec := answer(t, s, "POST", "/api/play/bacterial-tactics", `{"position": "...\n.#.\n...", "moves": [{"part": 0, "move": "H colony on row 1, columns 1-3"}]}`, &resp)
	st := resp.State
	if resp.Reply != nil || strings.Join(st.Board, "/") != "xxx/.#./..." || st.Position != "xxx\n.#.\n...\n" || st.ToMove != "second" ||
		st.Value == nil || !st.Value.Equal(game.Nimber(1)) || st.Outcome != "N" || len(st.Parts) != 1 || len(st.Legal) != 3 || st.Over {
		t.Errorf("answer %s", rec.Body)
	}
	if !strings.Contains(rec.Body.String(), `"reply":null`) {
		t.Errorf("reply not null: %s", rec.Body)
	}
	for _, m := range st.Legal {
		if len(m.Cells) == 0 || m.Value == nil || m.Remoteness != nil || m.Winning != m.Value.Equal(game.Nimber(0)) {
			t.Errorf("legal move %+v", m)
		}
	}
	// Knights with other steps: a token moving up or left one square, from
	// (2,2) of a 2 x 2 board (a P-position, value 0): the engine replies
	// with the first legal move, which leaves one move.
	rec = do(t, s, "POST", "/api/play/knights:-1,0%3B0,-1", `{"position": "..\n.K", "reply": true}`)
	resp = playResponse{}
	decode(t, rec, &resp)
	if rec.Code != http.StatusOK || resp.Reply == nil || resp.Reply.Text != "(2,2) to (1,2)" || strings.Join(resp.State.Board, "/") != ".K/.." ||
		resp.State.Outcome != "N" || resp.State.ToMove != "second" || len(resp.State.Legal) != 1 {
		t.Errorf("rook steps: status %d, %s", rec.Code, rec.Body)
	}
	// A loopy game: outcome and remoteness, no value.
	rec = do(t, s, "POST", "/api/play/boi2008-game", `{"position": "A...\n.#..\n....\n...B"}`)
	body := rec.Body.String()
	resp = playResponse{}
	decode(t, rec, &resp)
	if rec.Code != http.StatusOK || resp.State.Value != nil || resp.State.Remoteness == nil || resp.State.ToMove != "A" ||
		!strings.HasSuffix(resp.State.Position, "\n\nA to move\n") || len(resp.State.Legal) != 2 || resp.State.Outcome != "P" {
		t.Errorf("loopy game: status %d, %s", rec.Code, body)
	}
	for _, m := range resp.State.Legal {
		if m.Remoteness == nil || m.Value != nil || len(m.Cells) != 1 {
			t.Errorf("loopy move %+v", m)
		}
	}
	// A heap game: no board, the parts with their values.
	rec = do(t, s, "POST", "/api/play/0.77", `{"position": "5+7+9"}`)
	resp = playResponse{}
	decode(t, rec, &resp)
	if rec.Code != http.StatusOK || resp.State.Position != "5 7 9" || resp.State.Board != nil || len(resp.State.Parts) != 3 ||
		resp.State.Parts[1].Position != "7" || !resp.State.Parts[1].Value.Equal(game.Nimber(2)) || !resp.State.Value.Equal(game.Nimber(2)) || strings.Contains(rec.Body.String(), `"cells"`) {
		t.Errorf("heap game: status %d, %s", rec.Code, rec.Body)
	}
}

// take12 is a rules file: take one or two tokens, G(n) = n mod 3.
const take12 = "name = \"Take one or two\"\n\ndef moves(n):\n    return [[n - t] for t in (1, 2) if t <= n]\n"

// take12Server is a test server with take12 served as take12.star.
func take12Server(t *testing.T) *Server {
	t.Helper()
	_, e, err := registry.CompileRules("take12.star", []byte(take12), 0)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := newTestServer(t, Options{Rules: []*registry.Entry{e}})
	return s
}

// TestPlayRules checks a user's rules file served by name (Options.Rules):
// listed by GET /api/games and played like any game.
func TestPlayRules(t *testing.T) {
	s := take12Server(t)
	var list []registry.Info
	decode(t, do(t, s, "GET", "/api/games", ""), &list)
	if last := list[len(list)-1]; last.Name != "take12" || !strings.Contains(last.Summary, "Take one or two") || !last.Supports.Play {
		t.Errorf("the rules file in /api/games: %+v", last)
	}
	rec := do(t, s, "POST", "/api/play/take12", `{"position": "4", "reply": true}`)
	var resp playResponse
	decode(t, rec, &resp)
	// G(n) = n mod 3: 4 is N, the winning move takes 1 to leave 3.
	if rec.Code != http.StatusOK || resp.Reply == nil || resp.State.Position != "3" || !resp.State.Value.Equal(game.Nimber(0)) || resp.State.Outcome != "P" {
		t.Errorf("status %d, %s", rec.Code, rec.Body)
	}
	rec = do(t, s, "POST", "/api/play/take12", `{"position": "4", "moves": [{"part": 0, "move": "take all"}]}`)
	if msg := errorOf(t, rec); rec.Code != http.StatusBadRequest || !strings.Contains(msg, "move 1 (take all)") {
		t.Errorf("illegal move: status %d, %q", rec.Code, msg)
	}
}

// TestPastedRules checks the game "rules": the rules file's text sent with
// each request, played and explained as the same file served by name, and
// its errors.
func TestPastedRules(t *testing.T) {
	s := take12Server(t)
	text, err := json.Marshal(take12)
	if err != nil {
		t.Fatal(err)
	}
	for _, api := range []string{"play", "moves"} {
		body := `{"position": "4\n5", "rules": ` + string(text) + `}`
		got := do(t, s, "POST", "/api/"+api+"/rules", body)
		want := do(t, s, "POST", "/api/"+api+"/take12", `{"position": "4\n5"}`)
		if got.Code != http.StatusOK || got.Body.String() != want.Body.String() {
			t.Errorf("%s: pasted rules answer %d %s; the file served answers %s", api, got.Code, got.Body, want.Body)
		}
	}
	for _, tc := range []struct{ name, body, want string }{
		{"no rules", `{"position": "4"}`, "rules is missing"},
		{"syntax", `{"position": "4", "rules": "def moves(n):\n  return [[n"}`, "rules.star:2:13: got newline"},
		{"no moves", `{"position": "4", "rules": "x = 1\n"}`, "rules.star"},
		{"runaway", `{"position": "4", "rules": "def moves(n):\n  while True:\n    n += 1\n"}`, "step budget of 100000000 steps"},
		{"bad position", `{"position": "4 5", "rules": ` + string(text) + `}`, `"4 5" is not a position`},
	} {
		rec := do(t, s, "POST", "/api/moves/rules", tc.body)
		if msg := errorOf(t, rec); rec.Code != http.StatusBadRequest || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: status %d, %q, want 400 and %q", tc.name, rec.Code, msg, tc.want)
		}
	}
}

// TestPlayBadRequests checks the errors of POST /api/play.
func TestPlayBadRequests(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	wide := strings.Repeat(strings.Repeat("^", 1001)+`\n`, 3)
	many := `{"position": "5", "moves": [` + strings.Repeat(`{"part": 0, "move": "x"}, `, play.MaxMoves) + `{"part": 0, "move": "x"}]}`
	for _, tc := range []struct {
		name, game, body string
		status           int
		want             string
	}{
		{"unknown game", "chess", `{"position": "."}`, 404, `unknown game "chess" (known: bacterial-tactics, inventor-outlasting, caos3, boi2008-game, knights:STEPS, CODE`},
		{"bad member", "sub:1,x", `{"position": "5"}`, 404, `"x"`},
		{"no position", "caos3", `{"moves": []}`, 400, "position is missing: give one, e.g."},
		{"bad character", "bacterial-tactics", `{"position": "..\n.z"}`, 400, `row 2, column 2: character 'z'`},
		{"ragged board", "bacterial-tactics", `{"position": "..\n..."}`, 400, "row 2"},
		{"board too large", "caos3", `{"position": "` + wide + `"}`, 400, "1001 columns, limit 1000"},
		{"bad heap", "0.77", `{"position": "5 x"}`, 400, `heap 2: "x" is not a heap size`},
		{"bad caption", "boi2008-game", `{"position": "A.\n.B\n\nC to move"}`, 400, `last line "C to move"`},
		{"cyclic steps", "knights:1,0%3B-1,0", `{"position": "3x3 2,2"}`, 400, "cycle"},
		{"illegal move", "bacterial-tactics", `{"position": "...\n.#.\n...", "moves": [{"part": 0, "move": "H colony on row 1, columns 1-3"}, {"part": 0, "move": "H colony on row 1, columns 1-3"}]}`, 400,
			`move 2 (H colony on row 1, columns 1-3): "H colony on row 1, columns 1-3" is not one of the 3 moves of rectangle 1`},
		{"no such part", "0.77", `{"position": "5 7", "moves": [{"part": 2, "move": "take 1, leaving heap 4"}]}`, 400, "move 1 (take 1, leaving heap 4): no heap 3: the position has 2"},
		{"too many moves", "0.77", many, 400, "10001 moves, limit 10000"},
		{"malformed", "caos3", `{"position": "^",}`, 400, "request body, line 1, column 18: malformed JSON"},
		{"wrong type", "caos3", `{"position": ["^"]}`, 400, "request body, line 1, column 15: position: want a string, got JSON array"},
		{"unknown field", "caos3", `{"position": "^", "undo": 1}`, 400, `line 1, column 19: unknown field "undo"`},
		{"old board field", "caos3", `{"board": ["^"]}`, 400, `unknown field "board"`},
		{"move type", "caos3", `{"position": "^", "moves": [{"part": "1"}]}`, 400, "moves.part: want an integer, got JSON string"},
		{"query", "caos3?x=1", `{"position": "^"}`, 400, `unknown query parameter "x"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := do(t, s, "POST", "/api/play/"+tc.game, tc.body)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d; %s", rec.Code, tc.status, rec.Body)
			}
			if msg := errorOf(t, rec); !strings.Contains(msg, tc.want) {
				t.Errorf("error %q does not contain %q", msg, tc.want)
			}
		})
	}
}

// BenchmarkPlay15 answers a request of a 15 x 15 Bacterial Tactics game
// after three moves, with the engine's reply.
func BenchmarkPlay15(b *testing.B) {
	s, _ := newTestServer(b, Options{})
	rows := make([]string, 15)
	for i := range rows {
		rows[i] = strings.Repeat(".", 15)
	}
	rows[3] = "...#......#...."
	rows[9] = "......#........"
	start := strings.Join(rows, "\n")
	moves := []play.Choice{{Part: 0, Text: "H colony on row 1, columns 1-15"}, {Part: 0, Text: "V colony on column 6, rows 2-15"}, {Part: 1, Text: "V colony on column 15, rows 2-15"}}
	body := playBody(b, start, moves, true)
	if rec := do(b, s, "POST", "/api/play/bacterial-tactics", body); rec.Code != http.StatusOK {
		b.Fatalf("status %d, %s", rec.Code, rec.Body)
	}
	b.ReportAllocs()
	for b.Loop() {
		do(b, s, "POST", "/api/play/bacterial-tactics", body)
	}
}

// BenchmarkSolveSample answers POST /api/solve/bacterial-tactics of the
// official sample.
func BenchmarkSolveSample(b *testing.B) {
	s, _ := newTestServer(b, Options{})
	in := readFile(b, testdata("bacterial-tactics", "sample.in"))
	b.ReportAllocs()
	for b.Loop() {
		if rec := do(b, s, "POST", "/api/solve/bacterial-tactics", in); rec.Code != http.StatusOK {
			b.Fatal(rec.Body)
		}
	}
}

// BenchmarkMovesPasted answers POST /api/moves/rules for a rules file sent
// with the request (compiled each time) on a sum of two piles, against the
// same file served by name.
func BenchmarkMovesPasted(b *testing.B) {
	src := "def moves(n):\n    options = [[n - t] if n > t else [] for t in (1, 2) if t <= n]\n" +
		"    return options + [[a, n - a] for a in range(1, (n + 1) // 2) if a != n - a]\n"
	_, e, err := registry.CompileRules("split.star", []byte(src), 0)
	if err != nil {
		b.Fatal(err)
	}
	s, _ := newTestServer(b, Options{Rules: []*registry.Entry{e}})
	text, _ := json.Marshal(src)
	for _, bc := range []struct{ name, game, body string }{
		{"pasted", "rules", `{"position": "9\n12", "rules": ` + string(text) + `}`},
		{"served", "split", `{"position": "9\n12"}`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if rec := do(b, s, "POST", "/api/moves/"+bc.game, bc.body); rec.Code != http.StatusOK {
					b.Fatal(rec.Body)
				}
			}
		})
	}
}
