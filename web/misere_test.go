package web

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"nimber/heap"
	"nimber/misere"
)

// TestMisereEndpoint compares POST /api/misere with package misere, and
// checks its errors.
func TestMisereEndpoint(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	g, _ := heap.Parse("0.77")
	for _, heaps := range [][]int{{5, 7, 9}, {2, 3}, {1, 1, 1}, {4, 8, 9, 10}} {
		body, _ := json.Marshal(misereRequest{Heaps: heaps})
		rec := do(t, s, "POST", "/api/misere/0.77", string(body))
		var resp misereResponse
		decode(t, rec, &resp)
		want, err := misere.New(g, 0).Outcome(context.Background(), heaps)
		if err != nil {
			t.Fatal(err)
		}
		wantOutcome := map[bool]string{true: "N", false: "P"}[want.Wins]
		if rec.Code != http.StatusOK || resp.Outcome != wantOutcome || resp.Method != want.Method || len(resp.Heaps) != len(heaps) ||
			(want.Move == nil) != (resp.Move == nil) || (resp.Move != nil && !slices.Equal(resp.Move.Heaps, want.Move)) {
			t.Errorf("%v: %d %s; want %+v", heaps, rec.Code, rec.Body, want)
		}
	}
	for _, tc := range []struct{ code, body, want string }{
		{"0.9x", `{"heaps": [1]}`, "0.9x"},
		{"0.77", `{"heaps": []}`, "give 1 to 64 heap sizes"},
		{"0.77", `{"heaps": [300]}`, "heap 1: 300 tokens out of range"},
		{"0.77", `{"heaps": [40, 41, 42, 43]}`, "the budget"},
	} {
		rec := do(t, s, "POST", "/api/misere/"+tc.code, tc.body)
		if rec.Code < 400 || !strings.Contains(errorOf(t, rec), tc.want) {
			t.Errorf("%s %s: %d %s", tc.code, tc.body, rec.Code, rec.Body)
		}
	}
}
