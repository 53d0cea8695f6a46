package main

import (
	"bufio"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"nimber/queue"
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

// workerBroker is a broker on a free local port for the spawned workers
// of binary bin, whose sequence files go under dir.
type workerBroker struct {
	*queue.Broker
	t        *testing.T
	bin, dir string
}

// startBroker starts a workerBroker; it closes when the test ends.
func startBroker(t *testing.T, bin, dir string) *workerBroker {
	t.Helper()
	b, err := queue.StartBroker(queue.BrokerOptions{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return &workerBroker{Broker: b, t: t, bin: bin, dir: dir}
}

// worker starts "nimber worker" on b, one job at a time, redelivered
// after 2 s, its sequence files in dir/name; it is killed when the test
// ends. It returns the process and a scanner of its standard error.
func (b *workerBroker) worker(name string) (*exec.Cmd, *bufio.Scanner) {
	t := b.t
	t.Helper()
	cmd := exec.Command(b.bin, "worker", "--nats", b.URL(), "--jobs", "1", "--ack-wait", "2s", "--seq-dir", filepath.Join(b.dir, name))
	errs, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd, bufio.NewScanner(errs)
}

// killAtFirstJob reads the trace of the worker cmd until it says it
// started a job ("job ID started by NAME"), kills it with SIGKILL and
// waits for its end. It returns what followed "job ", and fails the test
// when the worker took no job.
func killAtFirstJob(t *testing.T, cmd *exec.Cmd, trace *bufio.Scanner) string {
	t.Helper()
	started := ""
	for trace.Scan() {
		if s, ok := strings.CutPrefix(trace.Text(), "job "); ok {
			started = s
			break
		}
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if started == "" {
		t.Fatal("the doomed worker took no job")
	}
	return started
}

// nimberRun is what a run of nimber in process answered.
type nimberRun struct {
	code      int
	out, errs string
}

// goNimber runs nimber with args in the background; its answer comes on
// the channel.
func goNimber(t *testing.T, args ...string) <-chan nimberRun {
	done := make(chan nimberRun, 1)
	go func() {
		code, out, errOut := nimber(t, "", args...)
		done <- nimberRun{code, out, errOut}
	}()
	return done
}
