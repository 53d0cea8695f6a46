package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer safe for concurrent use.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestServe starts "nimber serve" on a free loopback port, solves the
// sample through it, then cancels its context (as SIGINT does) and checks
// that it shuts down cleanly.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout bytes.Buffer
	stderr := &lockedBuffer{}
	root, release := newRootCmd(strings.NewReader(""), &stdout)
	defer release()
	root.SetArgs([]string{"serve", "--addr", "127.0.0.1:0"})
	root.SetErr(stderr)
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()

	serving := regexp.MustCompile(`nimber: serving on (http://127\.0\.0\.1:\d+/)\n`)
	var url string
	for deadline := time.Now().Add(10 * time.Second); url == ""; {
		if m := serving.FindStringSubmatch(stderr.String()); m != nil {
			url = m[1]
			break
		}
		select {
		case err := <-done:
			t.Fatalf("serve stopped: %v; stderr %q", err, stderr)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no serving line on stderr: %q", stderr)
		}
		time.Sleep(10 * time.Millisecond)
	}
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
