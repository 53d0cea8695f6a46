package web

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"nimber/heap"
	"nimber/misere"
)

// TestMisereEndpoint compares POST /api/misere with package misere: the
// outcome and winning move with an exact search, the quotient's elements
// with the quotient computed here; and checks its errors.
func TestMisereEndpoint(t *testing.T) {
	s, _ := newTestServer(t, Options{Timeout: 2 * time.Minute, MisereBudget: 20_000})
	ctx := context.Background()
	for _, tc := range []struct {
		code   string
		heaps  []int
		method string
	}{
		{"0.77", []int{5, 7, 9}, misere.ByQuotient},
		{"0.77", []int{2, 3}, misere.ByQuotient}, // from the cache of 0.77's heaps 1..9
		{"0.77", []int{1, 1, 1}, misere.ByQuotient},
		{"0.77", []int{4, 8, 9, 10}, misere.ByQuotient},
		{"0.07", []int{20, 21, 24}, misere.ByQuotient},
		{"0.3", []int{0}, misere.ByQuotient},         // the empty quotient decides
		{"0.3", []int{7, 8, 9}, misere.ByQuotient},   // proved periodic at heap 3
		{"0.3", []int{30, 40, 5}, misere.ByQuotient}, // the cached quotient of heaps 1..9, beyond its heaps
	} {
		g, _ := heap.Parse(tc.code)
		body, _ := json.Marshal(misereRequest{Heaps: tc.heaps})
		rec := do(t, s, "POST", "/api/misere/"+tc.code, string(body))
		var resp misereResponse
		decode(t, rec, &resp)
		want, err := misere.New(g, 0).Outcome(ctx, tc.heaps) // no quotient: the rule or a search
		if err != nil {
			t.Fatal(err)
		}
		wantOutcome := map[bool]string{true: "N", false: "P"}[want.Wins]
		if rec.Code != http.StatusOK || resp.Outcome != wantOutcome || resp.Method != tc.method || len(resp.Heaps) != len(tc.heaps) ||
			(want.Move == nil) != (resp.Move == nil) || (resp.Move != nil && !slices.Equal(resp.Move.Heaps, want.Move)) {
			t.Errorf("%s %v: %d %s; want %+v", tc.code, tc.heaps, rec.Code, rec.Body, want)
			continue
		}
		rq := resp.Quotient
		if rq == nil || rq.Heaps < slices.Max(tc.heaps) && rq.Periodic == nil { // it must cover the heaps
			t.Errorf("%s %v: quotient %+v", tc.code, tc.heaps, rq)
			continue
		}
		if (rq.Periodic != nil) != (tc.code == "0.3" && tc.heaps[0] >= 7) {
			t.Errorf("%s %v: periodic %+v", tc.code, tc.heaps, rq.Periodic)
		}
		q, err := misere.New(g, 0).Quotient(ctx, rq.Heaps) // names depend on the heaps
		if err != nil {
			t.Fatal(err)
		}
		x, _ := q.Element(tc.heaps)
		if rq.Element != q.Elements[x] || rq.Order != q.Order ||
			!slices.Equal(rq.PPortion, q.PPortion()) || slices.Contains(rq.PPortion, rq.Element) != (resp.Outcome == "P") {
			t.Errorf("%s %v: quotient %+v; want element %s of order %d", tc.code, tc.heaps, resp.Quotient, q.Elements[x], q.Order)
		}
		sv := misere.New(g, 0)
		for i, h := range resp.Heaps {
			hx, _ := q.Element([]int{h.Heap})
			gen, _ := sv.Genus(ctx, h.Heap)
			ph, _ := sv.Phylum(ctx, h.Heap)
			if h.Heap != tc.heaps[i] || h.Element != q.Elements[hx] || h.Genus != gen.String() || h.Phylum != ph ||
				h.Tame != (ph == misere.Tame) || h.NimGenus != gen.Tame() || h.Value != gen.G {
				t.Errorf("%s %v: heap %+v; want element %s, genus %s, %s", tc.code, tc.heaps, h, q.Elements[hx], gen, ph)
			}
		}
	}
	for _, tc := range []struct{ code, body, want string }{
		{"0.9x", `{"heaps": [1]}`, "0.9x"},
		{"0.77", `{"heaps": []}`, "give 1 to 64 heap sizes"},
		{"0.77", `{"heaps": [300]}`, "heap 1: 300 tokens out of range"},
		{"4.7", `{"heaps": [40, 41, 42, 43]}`, "the budget"},
	} {
		rec := do(t, s, "POST", "/api/misere/"+tc.code, tc.body)
		if rec.Code < 400 || !strings.Contains(errorOf(t, rec), tc.want) {
			t.Errorf("%s %s: %d %s", tc.code, tc.body, rec.Code, rec.Body)
		}
	}
}

// TestMisereEndpointSearch: when no quotient comes within the request's
// bounds, the answer says why and a search decides.
func TestMisereEndpointSearch(t *testing.T) {
	s, _ := newTestServer(t, Options{Timeout: 2 * time.Minute})
	// Grundy's game's quotient of heaps 1..29 outgrows the server's
	// limits (its candidates outgrow even 1 GiB).
	rec := do(t, s, "POST", "/api/misere/grundy", `{"heaps": [29, 3]}`)
	var resp misereResponse
	decode(t, rec, &resp)
	g, _ := heap.Parse("grundy")
	want, err := misere.New(g, 0).Outcome(context.Background(), []int{29, 3})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Code != http.StatusOK || resp.Method != misere.BySearch || resp.Quotient != nil || resp.QuotientError == "" ||
		resp.Outcome != map[bool]string{true: "N", false: "P"}[want.Wins] {
		t.Errorf("got %d %s; want %+v by search, and why no quotient", rec.Code, rec.Body, want)
	}
}

// TestMisereQuotientResumes: the server keeps the checkpoint of each
// code's furthest quotient computation, finished or stopped, and a later
// request goes on from it; what it answers is what a fresh computation
// and the twin say.
func TestMisereQuotientResumes(t *testing.T) {
	s, _ := newTestServer(t, Options{Timeout: 2 * time.Minute})
	g, _ := heap.Parse("0.07")
	for _, tc := range []struct {
		heaps []int
		at    int // the heap of the kept checkpoint after the request
	}{{[]int{20, 3}, 20}, {[]int{26, 5, 9}, 26}, {[]int{12, 4}, 26}} {
		body, _ := json.Marshal(map[string][]int{"heaps": tc.heaps})
		rec := do(t, s, "POST", "/api/misere/0.07", string(body))
		var resp misereResponse
		decode(t, rec, &resp)
		want, err := misere.New(g, 0).Outcome(context.Background(), tc.heaps)
		if err != nil {
			t.Fatal(err)
		}
		s.quotients.mu.Lock()
		e := s.quotients.m[g.String()]
		s.quotients.mu.Unlock()
		if rec.Code != http.StatusOK || resp.Method != misere.ByQuotient || resp.Outcome != map[bool]string{true: "N", false: "P"}[want.Wins] ||
			e.ck == nil || e.ck.Heap != tc.at || e.q == nil || e.q.Heaps < slices.Max(tc.heaps) {
			t.Fatalf("heaps %v: %d %s; want %+v by the quotient, a checkpoint at heap %d", tc.heaps, rec.Code, rec.Body, want, tc.at)
		}
	}
	// A computation stopped by the server's bounds keeps its checkpoint:
	// Grundy's game's quotient of heaps 1..28 (order 48).
	do(t, s, "POST", "/api/misere/grundy", `{"heaps": [29, 3]}`)
	gg, _ := heap.Parse("grundy")
	s.quotients.mu.Lock()
	e := s.quotients.m[gg.String()]
	s.quotients.mu.Unlock()
	if e.q != nil || e.ck == nil || e.ck.Heap != 28 || e.ck.Order != 48 {
		t.Errorf("grundy after a stop: quotient %v, checkpoint %+v", e.q != nil, e.ck)
	}
}
