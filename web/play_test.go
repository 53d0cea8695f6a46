package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"nimber/play"
	"nimber/problems"
)

// exampleBoard returns the rows of the first case of a game's example in
// GET /api/problems.
func exampleBoard(t testing.TB, s *Server, game string) []string {
	t.Helper()
	for _, p := range s.problems {
		if p.Name != game {
			continue
		}
		if pr, err := problems.Lookup(game); err == nil {
			cases, err := pr.Parse(strings.NewReader(p.Example))
			if err != nil {
				t.Fatal(err)
			}
			return strings.Fields(cases[0].String())
		}
		lines := strings.Fields(p.Example) // knights: "1", "R", "C", rows
		return lines[3:]
	}
	t.Fatalf("no example of %s", game)
	return nil
}

func playBody(t testing.TB, board []string, moves []play.Move, reply bool) string {
	t.Helper()
	data, err := json.Marshal(playRequest{Board: board, Moves: moves, Reply: reply})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestPlayEngineGames plays every game's example to the end, the engine
// replying to the engine through POST /api/play, and checks each answer
// against the library and the winner against the start's outcome.
func TestPlayEngineGames(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	for _, game := range play.Games() {
		board := exampleBoard(t, s, game)
		start, err := play.Replay(context.Background(), game, board, nil)
		if err != nil {
			t.Fatal(err)
		}
		var moves []play.Move
		var last playResponse
		for step := 0; ; step++ {
			if step > 500 {
				t.Fatalf("%s: no end after 500 replies", game)
			}
			rec := do(t, s, "POST", "/api/play/"+game, playBody(t, board, moves, true))
			if rec.Code != http.StatusOK {
				t.Fatalf("%s after %v: status %d, %s", game, moves, rec.Code, rec.Body)
			}
			var resp playResponse
			decode(t, rec, &resp)
			want, err := play.Replay(context.Background(), game, board, moves)
			if err != nil {
				t.Fatal(err)
			}
			if want.Over {
				if resp.Reply != nil || !resp.Position.Over {
					t.Fatalf("%s: a reply in a finished game: %s", game, rec.Body)
				}
				last = resp
				break
			}
			engine, _ := want.EngineMove()
			if resp.Reply == nil || !movesEqual(*resp.Reply, engine) {
				t.Fatalf("%s: reply %v, want the engine's move %v", game, resp.Reply, engine)
			}
			moves = append(moves, engine)
			after, err := play.Replay(context.Background(), game, board, moves)
			if err != nil {
				t.Fatal(err)
			}
			wantJSON, _ := json.Marshal(after)
			gotJSON, _ := json.Marshal(resp.Position)
			if string(gotJSON) != string(wantJSON) {
				t.Fatalf("%s: position\n%s\nwant\n%s", game, gotJSON, wantJSON)
			}
		}
		winner := last.Position.Winner
		switch start.Outcome {
		case play.OutcomeN:
			if winner != start.ToMove {
				t.Errorf("%s: the start is N for %s, but %s won under perfect play", game, start.ToMove, winner)
			}
		case play.OutcomeP:
			if winner == start.ToMove {
				t.Errorf("%s: the start is P for %s, who won under perfect play", game, start.ToMove)
			}
		}
		t.Logf("%s: %d moves, %s wins (start %s for %s)", game, len(moves), winner, start.Outcome, start.ToMove)
	}
}

func movesEqual(a, b play.Move) bool {
	if a.Row != b.Row || a.Col != b.Col || a.Colony != b.Colony || (a.To == nil) != (b.To == nil) {
		return false
	}
	return a.To == nil || *a.To == *b.To
}

// TestPlayNoReply checks that without "reply" the position is the one the
// moves reach and "reply" is null.
func TestPlayNoReply(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	rec := do(t, s, "POST", "/api/play/bacterial-tactics", `{"board": ["...", ".#.", "..."], "moves": [{"row": 0, "col": 1, "colony": "H"}]}`)
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d, %s", rec.Code, rec.Body)
	}
	var resp playResponse
	decode(t, rec, &resp)
	if resp.Reply != nil || strings.Join(resp.Position.Board, "/") != "-H-/.#./..." || resp.Position.ToMove != "second" ||
		*resp.Position.Grundy != 1 || resp.Position.Outcome != "N" || len(resp.Position.Legal) != 7 {
		t.Errorf("answer %s", rec.Body)
	}
	if !strings.Contains(rec.Body.String(), `"reply":null`) {
		t.Errorf("reply not null: %s", rec.Body)
	}
	// Knights with other steps: a token moving up or left one square, from
	// the corner (1,1) (a P-position, value 0): the engine replies with the
	// first legal move, to (0,1), which leaves one move.
	rec = do(t, s, "POST", "/api/play/knights", `{"board": ["..", ".K"], "steps": "-1,0;0,-1", "reply": true}`)
	decode(t, rec, &resp)
	if rec.Code != http.StatusOK || resp.Reply == nil || resp.Reply.To == nil || *resp.Reply.To != (play.Cell{Row: 0, Col: 1}) ||
		resp.Position.Outcome != "N" || resp.Position.ToMove != "second" || len(resp.Position.Legal) != 1 {
		t.Errorf("rook steps: status %d, %s", rec.Code, rec.Body)
	}
}

// TestPlayBadRequests checks the errors of POST /api/play.
func TestPlayBadRequests(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	huge := `["` + strings.Repeat(".", 41) + `"` + strings.Repeat(`, "`+strings.Repeat(".", 41)+`"`, 40) + `]`
	for _, tc := range []struct {
		name, game, body string
		status           int
		want             string
	}{
		{"unknown game", "chess", `{"board": ["."]}`, 404, `unknown game "chess" (one of bacterial-tactics, boi2008-game, caos3, inventor-outlasting, knights)`},
		{"no board", "caos3", `{"moves": []}`, 400, "board is missing"},
		{"bad character", "bacterial-tactics", `{"board": ["..", ".x"]}`, 400, `row 2, column 2: character 'x'`},
		{"board too large", "caos3", `{"board": ` + huge + `}`, 400, "40"},
		{"illegal move", "bacterial-tactics", `{"board": ["...", ".#.", "..."], "moves": [{"row": 0, "col": 1, "colony": "H"}, {"row": 0, "col": 2, "colony": "V"}]}`, 400, "move 2 (row 1, column 3): cell already infected"},
		{"move off the board", "caos3", `{"board": ["^^", "^^"], "moves": [{"row": 5, "col": 0}]}`, 400, "move 1 (row 6, column 1)"},
		{"steps elsewhere", "caos3", `{"board": ["^"], "steps": "1,-2"}`, 400, "steps belong to the knights game"},
		{"bad steps", "knights", `{"board": ["K"], "steps": "1,x"}`, 400, "steps: "},
		{"malformed", "caos3", `{"board": ["^"],}`, 400, "request body, line 1, column 17: malformed JSON"},
		{"wrong type", "caos3", `{"board": "^"}`, 400, "board: want an array of strings, got JSON string"},
		{"unknown field", "caos3", `{"board": ["^"], "undo": 1}`, 400, `line 1, column 18: unknown field "undo"`},
		{"move type", "caos3", `{"board": ["^"], "moves": [{"row": "1"}]}`, 400, "moves.row: want an integer, got JSON string"},
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
	board := make([]string, 15)
	for i := range board {
		board[i] = strings.Repeat(".", 15)
	}
	board[3] = "...#......#...."
	board[9] = "......#........"
	body := playBody(b, board, []play.Move{{Row: 0, Col: 0, Colony: "H"}, {Row: 5, Col: 5, Colony: "V"}, {Row: 14, Col: 14, Colony: "V"}}, true)
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
