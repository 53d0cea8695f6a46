package web

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// maxBodyBytes is the most that the buffers of one body of s allocate.
func maxBodyBytes(s *Server) int64 { return 2*s.opts.MaxBody + 1 }

// TestBodyPool sends 100 bodies of 2 MiB of unknown length at once to a
// server of 3 body slots: each is refused with 413 after MaxBody bytes,
// and the bytes that the bodies' buffers hold at once stay within 3 bodies'
// worth, where reading all before taking a slot would hold 100.
func TestBodyPool(t *testing.T) {
	s, _ := newTestServer(t, Options{MaxBodies: 3, QueueWait: time.Minute})
	newRequest := oversized("/api/play/0.77")
	var (
		wg      sync.WaitGroup
		refused atomic.Int32
	)
	gate := make(chan struct{})
	for range 100 {
		wg.Go(func() {
			req := newRequest()
			rec := httptest.NewRecorder()
			<-gate
			s.ServeHTTP(rec, req)
			if rec.Code == http.StatusRequestEntityTooLarge && strings.Contains(rec.Body.String(), "request body over the limit of 1.0 MiB") {
				refused.Add(1)
			} else {
				t.Errorf("status %d, %.200s", rec.Code, rec.Body)
			}
		})
	}
	close(gate)
	wg.Wait()
	peak, bound := s.bodyPeak.Load(), 3*maxBodyBytes(s)
	t.Logf("%d of 100 refused; the bodies' buffers held at most %.1f MiB at once (bound %.1f MiB)", refused.Load(), float64(peak)/(1<<20), float64(bound)/(1<<20))
	if peak > bound {
		t.Errorf("bodies held %d bytes at once, over 3 slots of %d", peak, maxBodyBytes(s))
	}
	if peak < s.opts.MaxBody {
		t.Errorf("bodies held at most %d bytes: the buffers are not counted", peak)
	}
	if n, held := len(s.bodies), s.bodyBytes.Load(); n != 0 || held != 0 {
		t.Errorf("after the requests: %d body slots taken, %d bytes held", n, held)
	}
}

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// TestBodyAnnouncedTooLarge checks that a body whose Content-Length is over
// MaxBody is refused before a byte of it is read or a slot is taken.
func TestBodyAnnouncedTooLarge(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	body := &countingReader{r: bytes.NewReader(make([]byte, 2<<20))}
	req := httptest.NewRequest("POST", "/api/compound", body)
	req.ContentLength = 2 << 20
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge || errorOf(t, rec) != "request body over the limit of 1.0 MiB" {
		t.Errorf("status %d, %s", rec.Code, rec.Body)
	}
	if n, peak := body.n.Load(), s.bodyPeak.Load(); n != 0 || peak != 0 {
		t.Errorf("%d bytes read, %d bytes of buffers, before refusing", n, peak)
	}
}

// blockedBody is a body that blocks its first read until release closes,
// after saying on started that it was asked for.
type blockedBody struct {
	started chan<- struct{}
	release <-chan struct{}
	once    sync.Once
	r       io.Reader
}

func (b *blockedBody) Read(p []byte) (int, error) {
	b.once.Do(func() {
		b.started <- struct{}{}
		<-b.release
	})
	return b.r.Read(p)
}

// TestBodySlotsBusy takes both body slots of a server with requests whose
// bodies do not come: another request with a body waits QueueWait and gets
// 503 with Retry-After, while a request refused before its body and a GET
// are answered at once; once the bodies come, everything is answered.
func TestBodySlotsBusy(t *testing.T) {
	s, _ := newTestServer(t, Options{MaxBodies: 2, QueueWait: 50 * time.Millisecond})
	const play = `{"position": "5 7 9"}`
	started, release := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			req := httptest.NewRequest("POST", "/api/play/0.77", &blockedBody{started: started, release: release, r: strings.NewReader(play)})
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				t.Errorf("a blocked body, once sent: status %d, %s", rec.Code, rec.Body)
			}
		})
	}
	<-started
	<-started // both slots are taken, their bodies not sent

	rec := do(t, s, "POST", "/api/play/0.77", play)
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("a third body: status %d, want 503; %s", rec.Code, rec.Body)
	}
	if got := rec.Header().Get("Retry-After"); got != "1" {
		t.Errorf("Retry-After %q, want 1", got)
	}
	if msg := errorOf(t, rec); msg != "server busy: all 2 request-body slots stayed taken for 50ms; retry later" {
		t.Errorf("error %q", msg)
	}
	if rec := do(t, s, "POST", "/api/play/chess", play); rec.Code != http.StatusNotFound {
		t.Errorf("an unknown game while the body slots are taken: status %d, want 404 at once", rec.Code)
	}
	if rec := do(t, s, "GET", "/api/table/0.77?to=10", ""); rec.Code != http.StatusOK {
		t.Errorf("a GET while the body slots are taken: status %d, %s", rec.Code, rec.Body)
	}

	close(release)
	wg.Wait()
	if rec := do(t, s, "POST", "/api/play/0.77", play); rec.Code != http.StatusOK {
		t.Errorf("after the bodies came: status %d, %s", rec.Code, rec.Body)
	}
	if n, held := len(s.bodies), s.bodyBytes.Load(); n != 0 || held != 0 {
		t.Errorf("after the requests: %d body slots taken, %d bytes held", n, held)
	}
}

// TestSlowBody sends, over a real connection, a body that stops after 10
// of its 100 bytes, to a server of one body slot: it gets 408 once
// BodyTimeout passes, and the slot serves the next request.
func TestSlowBody(t *testing.T) {
	s, _ := newTestServer(t, Options{MaxBodies: 1, BodyTimeout: 200 * time.Millisecond, QueueWait: time.Minute})
	srv := httptest.NewServer(s)
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// Not a time limit of the test: a guard against hanging if the server
	// never answers.
	conn.SetDeadline(time.Now().Add(time.Minute))
	fmt.Fprintf(conn, "POST /api/play/0.77 HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"position", srv.Listener.Addr())
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	msg, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(msg), "request body not received within 200ms") {
		t.Errorf("a body that stops: status %d, %s", resp.StatusCode, msg)
	}
	resp, err = http.Post(srv.URL+"/api/play/0.77", "application/json", strings.NewReader(`{"position": "5 7 9"}`))
	if err != nil {
		t.Fatal(err)
	}
	msg, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("the next request: status %d, %s", resp.StatusCode, msg)
	}
}
