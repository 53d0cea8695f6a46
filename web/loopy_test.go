package web

import (
	"net/http"
	"strings"
	"testing"
)

// TestPlayLoopyJSON: the JSON the play page reads for a game whose
// positions repeat (Square-But-One): ∞ values and D outcomes for the
// position and every move, and the engine keeping the draw when it cannot
// win (a heap of 2: taking 1 leaves 1, a win for the opponent; adding 1
// leaves 3, a draw).
func TestPlayLoopyJSON(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	rec := answer(t, s, "POST", "/api/play/square-but-one", playBody(t, "2", nil, false), nil)
	body := compactJSON(rec.Body.String())
	for _, want := range []string{
		`"value":{"inf":[1]},"outcome":"D"`,
		`"parts":[{"position":"2","value":{"inf":[1]}}]`,
		`{"part":0,"move":"take 1, leaving 1","position":"1","value":1,"outcome":"N","winning":false}`,
		`{"part":0,"move":"add 1, making 3","position":"3","value":{"inf":[]},"outcome":"D","winning":false}`,
		`"cyclic":true`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("no %s in %s", want, body)
		}
	}
	rec = do(t, s, "POST", "/api/play/square-but-one", playBody(t, "2", nil, true))
	var resp playResponse
	decode(t, rec, &resp)
	if resp.Reply == nil || resp.Reply.Text != "add 1, making 3" || resp.State.Outcome != "D" {
		t.Fatalf("reply %v, state %+v: want the drawing move add 1", resp.Reply, resp.State)
	}
	// A lost position of a game whose positions repeat: the engine still
	// answers (no remoteness to prolong by).
	rec = do(t, s, "POST", "/api/play/square-but-one", playBody(t, "5", nil, true))
	decode(t, rec, &resp)
	if rec.Code != http.StatusOK || resp.Reply == nil || resp.State.Outcome != "N" {
		t.Fatalf("heap 5 with a reply: status %d, %s", rec.Code, rec.Body)
	}
	rec = answer(t, s, "POST", "/api/moves/square-but-one", `{"position": "2 9"}`, nil)
	body = compactJSON(rec.Body.String())
	for _, want := range []string{
		`"value":{"inf":[1]},"outcome":"D","remoteness":null`, // ∞(1) + ∞(0) is ∞: 2 + 9 has two infinite parts
		`"nim_sum_binary":null`,
		`{"position":"9","value":{"inf":[0]},"options":[0]}`,
	} {
		if !strings.Contains(body, want) && !strings.Contains(body, strings.Replace(want, `{"inf":[1]}`, `{"inf":[]}`, 1)) {
			t.Errorf("no %s in %s", want, body)
		}
	}
}

// compactJSON removes the white space of indented JSON (none of the
// strings compared holds two spaces in a row).
func compactJSON(s string) string {
	s = strings.ReplaceAll(s, "\n", "")
	for strings.Contains(s, "  ") {
		s = strings.ReplaceAll(s, "  ", "")
	}
	return strings.ReplaceAll(s, `": `, `":`)
}
