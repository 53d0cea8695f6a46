package web

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"nimber/game"
	"os"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"
)

// heapObjects returns the bytes of heap objects, live or not yet swept.
func heapObjects() uint64 { return metric("/memory/classes/heap/objects:bytes") }

// metric reads the runtime metric of that name, a count of bytes
// (runtime/metrics).
func metric(name string) uint64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// abuseFigures are what an abuse run measured.
type abuseFigures struct {
	requests, refused   int           // sent, answered with the status wanted
	before, peak, after uint64        // heap objects, bytes
	elapsed, slowest    time.Duration // for all, for one
}

func (f abuseFigures) String() string {
	mib := func(b uint64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }
	return fmt.Sprintf("%d of %d refused in %v (slowest %v); heap %s before, %s at the peak, %s after",
		f.refused, f.requests, f.elapsed.Round(time.Millisecond), f.slowest.Round(time.Millisecond), mib(f.before), mib(f.peak), mib(f.after))
}

// abuse serves n requests made by newRequest at once, in-process, and
// checks that each gets status and a JSON error containing want, with the
// heap back within 64 MiB of its level before and under ceiling at the
// peak (sampled every 2 ms).
func abuse(t *testing.T, s http.Handler, n int, newRequest func() *http.Request, status int, want string, ceiling uint64) abuseFigures {
	t.Helper()
	runtime.GC()
	f := abuseFigures{requests: n, before: heapObjects()}
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			f.peak = max(f.peak, heapObjects())
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	var (
		mu   sync.Mutex
		bad  []string
		wg   sync.WaitGroup
		gate = make(chan struct{})
	)
	start := time.Now()
	for range n {
		wg.Go(func() {
			req := newRequest()
			rec := httptest.NewRecorder()
			<-gate // all at once
			t0 := time.Now()
			s.ServeHTTP(rec, req)
			d := time.Since(t0)
			var e errorBody
			err := json.Unmarshal(rec.Body.Bytes(), &e)
			mu.Lock()
			defer mu.Unlock()
			f.slowest = max(f.slowest, d)
			if rec.Code == status && err == nil && strings.Contains(e.Error, want) && !strings.ContainsAny(e.Error, "\r\n") {
				f.refused++
			} else if len(bad) < 5 {
				bad = append(bad, fmt.Sprintf("status %d, %.200s", rec.Code, rec.Body))
			}
		})
	}
	close(gate)
	wg.Wait()
	f.elapsed = time.Since(start)
	close(stop)
	<-sampled
	runtime.GC()
	f.after = heapObjects()
	t.Log(f)
	for _, b := range bad {
		t.Errorf("want %d with an error containing %q, got %s", status, want, b)
	}
	if f.after > f.before+64<<20 {
		t.Errorf("heap objects grew from %d to %d bytes", f.before, f.after)
	}
	if f.peak > ceiling {
		t.Errorf("heap objects peaked at %d bytes, over the ceiling of %d", f.peak, ceiling)
	}
	return f
}

// oversized returns requests whose body, 2 MiB, is twice the default
// MaxBody. They share the bytes, so that only the server's reading counts,
// and arrive as from a network, 64 KiB a millisecond, so that the server
// reads them all at once.
func oversized(target string) func() *http.Request {
	body := bytes.Repeat([]byte(" "), 2<<20)
	return func() *http.Request {
		return httptest.NewRequest("POST", target, &trickle{r: bytes.NewReader(body)})
	}
}

// trickle reads at most 64 KiB at a time, a millisecond apart.
type trickle struct{ r *bytes.Reader }

func (t *trickle) Read(p []byte) (int, error) {
	time.Sleep(time.Millisecond)
	return t.r.Read(p[:min(len(p), 64<<10)])
}

// hugeSubtraction returns requests of a compound of a subtraction game
// with a set of 10,000 removals (6, 12, ..., 60000) and two heaps near
// 2^20: about 2^20 / 6 positions of 10,000 moves each, beyond any limit of
// positions or moves of the exploration.
func hugeSubtraction() func() *http.Request {
	var set strings.Builder
	for i := 1; i <= 10000; i++ {
		if i > 1 {
			set.WriteByte(',')
		}
		fmt.Fprint(&set, 6*i)
	}
	body := fmt.Sprintf(`{"rule": {"move": "one", "end": "long", "play": "normal"}, "game": {"type": "subtraction", "set": %q, "to": %d}, "components": [%d, %d]}`,
		set.String(), MaxSubtractionTo, MaxSubtractionTo-3, MaxSubtractionTo-7)
	return func() *http.Request {
		return httptest.NewRequest("POST", "/api/compound", strings.NewReader(body))
	}
}

// TestAbuse sends floods of requests that must be refused, and checks that
// the heap stays bounded during them and comes back after: 200 bodies of
// 2 MiB at once (413; read a few at a time, MaxBodies, so that the heap
// stays under 64 MiB where reading all at once took 310 MiB), and 50 compounds of a subtraction game of 10,000
// removals from heaps near 2^20 (400: beyond the limit of positions). The
// compounds run under a MaxMemory of 16 MiB, so that the limit of
// positions, 8192 (and of moves, 128K), is reached in a few milliseconds
// each; TestStressAbuse runs them at the default limits.
func TestAbuse(t *testing.T) {
	if testing.Short() {
		t.Skip("abuse test")
	}
	t.Run("oversized bodies", func(t *testing.T) {
		s, _ := newTestServer(t, Options{})
		abuse(t, s, 200, oversized("/api/play/0.77"), http.StatusRequestEntityTooLarge, "request body over the limit of 1.0 MiB", 64<<20)
	})
	t.Run("huge compounds", func(t *testing.T) {
		s, _ := newTestServer(t, Options{MaxMemory: 16 << 20, QueueWait: time.Minute})
		abuse(t, s, 50, hugeSubtraction(), http.StatusBadRequest, limitMessage(s), 1536<<20)
		// Once idle, the server hands the memory back to the system.
		time.Sleep(idleTrimDelay + 500*time.Millisecond)
		kept := []metrics.Sample{{Name: "/memory/classes/heap/free:bytes"}}
		metrics.Read(kept)
		t.Logf("free heap kept from the system once idle: %.1f MiB", float64(kept[0].Value.Uint64())/(1<<20))
		if kept[0].Value.Uint64() > 16<<20 {
			t.Errorf("%d bytes of free heap kept from the system after the burst", kept[0].Value.Uint64())
		}
	})
}

// TestStressAbuse is TestAbuse with more requests, at the default limits.
// It runs only when asked for by name, not with -short:
//
//	go test ./web -run Stress -v      (or NIMBER_STRESS=1 with any -run)
func TestStressAbuse(t *testing.T) {
	run := flag.Lookup("test.run")
	if testing.Short() || (os.Getenv("NIMBER_STRESS") != "1" && (run == nil || !strings.Contains(run.Value.String(), "Stress"))) {
		t.Skip("stress test: go test ./web -run Stress, or NIMBER_STRESS=1")
	}
	t.Run("oversized bodies", func(t *testing.T) {
		// A minute's wait for a body slot: 1000 bodies read 8 at a time
		// take seconds.
		s, _ := newTestServer(t, Options{QueueWait: time.Minute})
		for _, target := range []string{"/api/compound", "/api/solve/bacterial-tactics"} {
			abuse(t, s, 1000, oversized(target), http.StatusRequestEntityTooLarge, "request body over the limit of 1.0 MiB", 64<<20)
		}
	})
	t.Run("huge compounds", func(t *testing.T) {
		// MaxConcurrent (2 x GOMAXPROCS) at once, each up to the default
		// limit of positions (128K) and moves (2M); the others wait for a
		// slot. Each allocates less than MaxMemory (TestExploreBudget), so
		// the heap, the garbage collector's headroom included, stays under
		// MaxConcurrent x MaxMemory, as docs/api.md says.
		s, _ := newTestServer(t, Options{QueueWait: 10 * time.Minute, Timeout: time.Minute})
		ceiling := uint64(s.opts.MaxConcurrent) * uint64(s.opts.MaxMemory)
		abuse(t, s, 100, hugeSubtraction(), http.StatusBadRequest, limitMessage(s), ceiling)
	})
}

// limitMessage is the error of an exploration of s beyond its limit.
func limitMessage(s *Server) string {
	return (&game.ExploreError{Limit: s.exploreLimit()}).Error()
}
