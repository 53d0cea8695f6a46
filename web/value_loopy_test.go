package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/cgt/loopy"
)

// TestValueLoopy: POST /api/value answers a loopy game as nimber value
// --json does (package loopy), and refuses one that is not a stopper, or
// past the server's limit, with 400 and a line that says why.
func TestValueLoopy(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	for _, exprs := range [][]string{{"over"}, {"upon", "*"}, {"a{0||||0|||a|*||*}"}, {"{pass|3/2}", "1/2"}} {
		body, _ := json.Marshal(valueRequest{Exprs: exprs})
		rec := do(t, s, "POST", "/api/value", string(body))
		if rec.Code != http.StatusOK {
			t.Fatalf("%q: status %d; %s", exprs, rec.Code, rec.Body)
		}
		d, err := loopy.DescribeSum(cgt.New(0), exprs, 0)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(d)
		if got := strings.TrimSpace(rec.Body.String()); got != string(want) {
			t.Errorf("%q:\n got %s\nwant %s", exprs, got, want)
		}
	}
	small, _ := newTestServer(t, Options{MaxMemory: 4 << 20})
	for _, tc := range []struct{ body, want string }{
		{`{"exprs": ["dud"]}`, "not a stopper"},
		{`{"exprs": ["{1|0+pass}"]}`, `column 6: pass stands alone`},
		{`{"exprs": ["upon", "upon", "upon", "upon"]}`, "this server's limit for a loopy value"},
	} {
		srv := s
		if strings.Contains(tc.body, "upon") {
			srv = small
		}
		rec := do(t, srv, "POST", "/api/value", tc.body)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), tc.want) {
			t.Errorf("%s: status %d, %s; want 400 and %q", tc.body, rec.Code, rec.Body, tc.want)
		}
	}
}
