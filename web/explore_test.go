package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
)

// allocated returns the bytes the program has allocated on the heap so far
// (runtime/metrics).
func allocated() uint64 { return metric("/gc/heap/allocs:bytes") }

// subtractionCompound is the body of a compound of the subtraction game
// of the set (one/long/normal unless rule says otherwise) from the heaps.
func subtractionCompound(rule, set string, heaps ...int) string {
	if rule == "" {
		rule = `"move": "one", "end": "long", "play": "normal"`
	}
	var hs []string
	for _, h := range heaps {
		hs = append(hs, fmt.Sprint(h))
	}
	return fmt.Sprintf(`{"rule": {%s}, "game": {"type": "subtraction", "set": %q, "to": %d}, "components": [%s]}`,
		rule, set, MaxSubtractionTo, strings.Join(hs, ", "))
}

// TestExploreBudget checks that the requests that spend the whole budget
// of an exploration allocate less than MaxMemory, counting every byte
// allocated (runtime/metrics, while nothing else runs), so that none can
// make the heap grow beyond MaxMemory however late the garbage collector
// runs: a subtraction game of 8 moves explored to just under its limits of
// positions and moves and then decided (under three rules, and with more
// components), the same with 2 moves, one of 10,000 moves that runs out of
// moves, and Nim sums and a table of 0.77 beyond the limit of positions.
func TestExploreBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("explores to the limits")
	}
	for _, maxMemory := range []int64{16 << 20, DefaultMaxMemory} {
		s, _ := newTestServer(t, Options{MaxMemory: maxMemory})
		limit := s.exploreLimit()
		eight := "1,2,3,4,5,6,7,8"
		cases := []struct {
			name, method, target, body string
			status                     int
		}{
			// Heap n has n+1 positions and 16 moves each, counting the
			// part's and the position's.
			{"8 moves", "POST", "/api/compound", subtractionCompound("", eight, limit-2), http.StatusOK},
			{"8 moves, conjunctive misère", "POST", "/api/compound", subtractionCompound(`"move": "all", "end": "short", "play": "misere"`, eight, limit-2), http.StatusOK},
			{"8 moves, 3 components", "POST", "/api/compound", subtractionCompound("", eight, 100, 200, limit-2), http.StatusOK},
			{"2 moves", "POST", "/api/compound", subtractionCompound("", "1,2", limit-2), http.StatusOK},
			{"8 moves, over", "POST", "/api/compound", subtractionCompound("", eight, limit), http.StatusBadRequest},
			{"10,000 moves", "", "", "", http.StatusBadRequest},
			{"Nim", "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "game", "name": "nim"}, "components": ["40 41 42 43"]}`, http.StatusBadRequest},
			{"table of 0.77", "GET", "/api/table/0.77?to=4096", "", http.StatusBadRequest},
		}
		for _, c := range cases {
			var req *http.Request
			if c.method == "" {
				req = hugeSubtraction()()
			} else {
				req = httptest.NewRequest(c.method, c.target, strings.NewReader(c.body))
			}
			rec := httptest.NewRecorder()
			runtime.GC()
			before := allocated()
			s.ServeHTTP(rec, req)
			used := allocated() - before
			t.Logf("MaxMemory %d MiB, limit %d positions: %s: status %d, allocated %.1f MiB (%.0f%% of MaxMemory, %.0f bytes a position of the limit)",
				maxMemory>>20, limit, c.name, rec.Code, float64(used)/(1<<20), 100*float64(used)/float64(maxMemory), float64(used)/float64(limit))
			if rec.Code != c.status {
				t.Errorf("%s: status %d, want %d; %.200s", c.name, rec.Code, c.status, rec.Body)
			}
			if int64(used) > maxMemory {
				t.Errorf("%s: allocated %d bytes, over MaxMemory %d", c.name, used, maxMemory)
			}
		}
	}
}
