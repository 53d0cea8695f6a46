package web

import (
	"context"
	"net/http"
	"testing"

	"nimber/store"
	"nimber/store/storetest"
)

// TestCensusEndpoint checks GET /api/census: the stored runs sorted, and
// its errors.
func TestCensusEndpoint(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	refused(t, s, "GET", "/api/census", "", http.StatusNotFound, "no census database")
	st := storetest.Open(t)
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
	answer(t, s, "GET", "/api/census?sort=period&desc=1", "", &runs)
	if len(runs) != 3 || runs[0].Canonical != "0.07" || runs[2].Canonical != "0.6" {
		t.Errorf("sorted by period: %+v", runs)
	}
	for _, q := range []string{"?sort=x", "?desc=2", "?limit=1"} {
		refused(t, s, "GET", "/api/census"+q, "", http.StatusBadRequest, "")
	}
}
