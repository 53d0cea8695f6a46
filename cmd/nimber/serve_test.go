package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"nimber/internal/syncbuf"
)

// startServe runs "nimber serve" with args on a free loopback port until
// ctx is cancelled, and returns its URL, its standard output and error,
// and the channel of its end.
func startServe(t *testing.T, ctx context.Context, args ...string) (url string, stdout *bytes.Buffer, stderr *syncbuf.Buffer, done chan error) {
	t.Helper()
	stdout, stderr = &bytes.Buffer{}, &syncbuf.Buffer{}
	root, release := newRootCmd(strings.NewReader(""), stdout)
	t.Cleanup(release)
	root.SetArgs(append([]string{"serve", "--addr", "127.0.0.1:0"}, args...))
	root.SetErr(stderr)
	done = make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()

	serving := regexp.MustCompile(`nimber: serving on (http://127\.0\.0\.1:\d+/)\n`)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if m := serving.FindStringSubmatch(stderr.String()); m != nil {
			return m[1], stdout, stderr, done
		}
		select {
		case err := <-done:
			t.Fatalf("serve stopped: %v; stderr %q", err, stderr)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no serving line on stderr: %q", stderr)
		}
	}
}

// TestServe starts "nimber serve" on a free loopback port, solves the
// sample through it, checks that it refuses what is not its own, then
// cancels its context (as SIGINT does) and checks that it shuts down
// cleanly.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url, stdout, stderr, done := startServe(t, ctx)
	if strings.Contains(stderr.String(), "warning") {
		t.Errorf("a warning for a loopback address: %q", stderr)
	}

	resp, err := http.Post(url+"api/solve/caos3", "text/plain", strings.NewReader("1\n7 7\n^#^#^^^\n^#^^^#^\n^#^^^^^\n^^^#^^^\n^^^^^^^\n^^^^^^^\n^^^^^^^\n"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var got struct{ Output string }
	if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &got) != nil || got.Output != "Asuna\n" {
		t.Errorf("solve: status %d, %s", resp.StatusCode, body)
	}
	resp, err = http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("GET /: status %d, %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}

	// What is not its own: another Host (a DNS-rebinding page), and an
	// API call from another site's page.
	req, _ := http.NewRequest("GET", url+"api/games", nil)
	req.Host = "rebind.example:80"
	if resp, err = http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("Host rebind.example: status %d, want 421", resp.StatusCode)
	}
	req, _ = http.NewRequest("POST", url+"api/play/nim", strings.NewReader(`{"position": "3 4"}`))
	req.Header.Set("Origin", "https://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if resp, err = http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("cross-site POST: status %d, want 403", resp.StatusCode)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve returned %v after the shutdown", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not shut down within 10 s")
	}
	if !strings.Contains(stderr.String(), "nimber: shutting down\n") {
		t.Errorf("stderr %q", stderr)
	}
	if _, err := http.Get(url); err == nil {
		t.Error("the server still answers after the shutdown")
	}
	if stdout.Len() != 0 {
		t.Errorf("serve wrote on stdout: %q", stdout.String())
	}
}

func TestServeBadAddress(t *testing.T) {
	code, out, errOut := nimber(t, "", "serve", "--addr", "127.0.0.1:notaport")
	if code != exitError || out != "" || !strings.HasPrefix(errOut, "nimber: listen tcp") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, _, errOut = nimber(t, "", "serve", "extra")
	if code != exitError || !strings.Contains(errOut, "unknown command") && !strings.Contains(errOut, "accepts 0 arg") {
		t.Errorf("an argument: exit %d, stderr %q", code, errOut)
	}
}

// TestServeNegativeLimits checks that serve refuses negative limits in one
// line before it listens.
func TestServeNegativeLimits(t *testing.T) {
	for _, flag := range []string{"--timeout=-1s", "--max-concurrent=-1", "--max-bodies=-1", "--body-timeout=-1s"} {
		refused(t, "must not be negative", "serve", "--addr", "127.0.0.1:0", flag)
	}
}

func TestIsLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8080": true, "localhost:80": true, "[::1]:8080": true, "127.1.2.3:0": true,
		":8080": false, "0.0.0.0:8080": false, "[::]:8080": false, "192.168.1.2:8080": false, "example.com:80": false, "bad": false,
	} {
		if got := isLoopback(addr); got != want {
			t.Errorf("isLoopback(%q) = %v, want %v", addr, got, want)
		}
	}
}

// TestStressSlowBody sends a request whose Content-Length promises more
// than its body, as a slowloris client does, and checks that the server
// drops it within its read timeout instead of holding the connection. It
// takes 10 s, so it runs only when asked for: go test -run Stress, or
// NIMBER_STRESS=1.
func TestStressSlowBody(t *testing.T) {
	if testing.Short() || (os.Getenv("NIMBER_STRESS") != "1" && !strings.Contains(flag.Lookup("test.run").Value.String(), "Stress")) {
		t.Skip("takes the server's read timeout; run with -run Stress or NIMBER_STRESS=1")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url, _, _, _ := startServe(t, ctx)
	conn, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	fmt.Fprintf(conn, "POST /api/play/nim HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"pos")
	conn.SetReadDeadline(time.Now().Add(time.Minute))
	reply, err := io.ReadAll(conn)
	took := time.Since(start)
	status, _, _ := strings.Cut(string(reply), "\r\n")
	t.Logf("dropped after %.1f s: %q (%v)", took.Seconds(), status, err)
	if took > 15*time.Second {
		t.Errorf("the connection was held %.1f s", took.Seconds())
	}
}
