package web

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"nimber/store"
)

// TestCensusEndpoint checks GET /api/census: the stored runs sorted, and
// its errors.
func TestCensusEndpoint(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	if rec := do(t, s, "GET", "/api/census", ""); rec.Code != http.StatusNotFound || !strings.Contains(errorOf(t, rec), "no census database") {
		t.Errorf("without a database: %d %s", rec.Code, rec.Body)
	}
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for i, code := range []string{"0.07", "0.77", "0.6"} {
		r := store.Run{Code: code, Canonical: code, Heaps: 100, Status: store.StatusProven, Period: []int{34, 12, 0}[i], LastRare: -1, LastExceptional: -1}
		if i == 2 {
			r.Status = store.StatusOpen
		}
		if _, err := st.Put(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	s, _ = newTestServer(t, Options{Census: st})
	var runs []store.Run
	rec := do(t, s, "GET", "/api/census?sort=period&desc=1", "")
	decode(t, rec, &runs)
	if rec.Code != http.StatusOK || len(runs) != 3 || runs[0].Canonical != "0.07" || runs[2].Canonical != "0.6" {
		t.Errorf("sorted by period: %d %+v", rec.Code, runs)
	}
	for _, q := range []string{"?sort=x", "?desc=2", "?limit=1"} {
		if rec := do(t, s, "GET", "/api/census"+q, ""); rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", q, rec.Code, rec.Body)
		}
	}
}
