package main

import (
	"bufio"
	"os/exec"
	"path/filepath"
	"testing"
)

// buildNimber builds the nimber binary into a temporary folder for tests
// that spawn it, skipping the test where there is no go tool.
func buildNimber(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to build nimber")
	}
	bin := filepath.Join(t.TempDir(), "nimber")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startWorker starts "nimber worker" of binary bin on the broker at url,
// one job at a time, redelivered after 2 s, its sequence files in
// dir/name; it is killed when the test ends. It returns the process and
// a scanner of its standard error.
func startWorker(t *testing.T, bin, url, dir, name string) (*exec.Cmd, *bufio.Scanner) {
	t.Helper()
	cmd := exec.Command(bin, "worker", "--nats", url, "--jobs", "1", "--ack-wait", "2s", "--seq-dir", filepath.Join(dir, name))
	errs, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd, bufio.NewScanner(errs)
}
