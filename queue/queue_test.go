package queue

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// TestMain runs the test binary as a worker when asked: the worker that
// TestKilledWorker kills with SIGKILL in the middle of a job.
func TestMain(m *testing.M) {
	if url := os.Getenv("NIMBER_QUEUE_WORKER"); url != "" {
		c, err := Connect(url, Options{Name: "doomed", AckWait: time.Second})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		// Take a job and never finish it.
		c.Work(context.Background(), func(ctx context.Context, j Job) ([]byte, error) {
			fmt.Println("working on", j.ID)
			<-ctx.Done()
			return nil, ctx.Err()
		})
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func broker(t testing.TB, o BrokerOptions) *Broker {
	t.Helper()
	b, err := StartBroker(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

func client(t testing.TB, b *Broker, o Options) *Client {
	t.Helper()
	c, err := b.Connect(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

func jobs(n int) []Job {
	out := make([]Job, n)
	for i := range out {
		out[i] = Job{ID: fmt.Sprintf("job-%d", i), Payload: []byte(strconv.Itoa(i))}
	}
	return out
}

// square is a worker's work: the square of the number of the payload.
func square(_ context.Context, j Job) ([]byte, error) {
	n, err := strconv.Atoi(string(j.Payload))
	if err != nil {
		return nil, err
	}
	return []byte(strconv.Itoa(n * n)), nil
}

// collect gathers the results of a sweep by job ID.
func collect(t *testing.T, c *Client, sweep string, want int) map[string]Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out := map[string]Result{}
	err := c.Collect(ctx, sweep, want, func(r Result) error {
		if _, dup := out[r.ID]; dup {
			t.Errorf("result %s twice", r.ID)
		}
		out[r.ID] = r
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// startWorkers runs n workers until the test ends.
func startWorkers(t *testing.T, b *Broker, n int, o Options, do func(context.Context, Job) ([]byte, error)) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	t.Cleanup(func() { cancel(); wg.Wait() })
	for i := range n {
		o := o
		o.Name = fmt.Sprintf("w%d", i)
		c := client(t, b, o)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := c.Work(ctx, do); err != nil {
				t.Error(err)
			}
		}()
	}
}

// TestSweep runs 50 jobs on 3 workers: every result once and right, and
// the queue empty after.
func TestSweep(t *testing.T) {
	t.Parallel()
	b := broker(t, BrokerOptions{})
	c := client(t, b, Options{})
	if err := c.Publish(context.Background(), "s1", jobs(50)); err != nil {
		t.Fatal(err)
	}
	startWorkers(t, b, 3, Options{}, square)
	got := collect(t, c, "s1", 50)
	for i := range 50 {
		r := got[fmt.Sprintf("job-%d", i)]
		if string(r.Payload) != strconv.Itoa(i*i) || r.Err != "" || r.Attempt != 1 {
			t.Errorf("job %d: %+v", i, r)
		}
	}
	if n, err := c.Pending(context.Background()); err != nil || n != 0 {
		t.Errorf("%d jobs left, %v", n, err)
	}
}

// TestFailedJob: an error of the work is a result, not a retry.
func TestFailedJob(t *testing.T) {
	t.Parallel()
	b := broker(t, BrokerOptions{})
	c := client(t, b, Options{})
	c.Publish(context.Background(), "s", []Job{{ID: "bad", Payload: []byte("x")}})
	startWorkers(t, b, 1, Options{}, square)
	r := collect(t, c, "s", 1)["bad"]
	if !strings.Contains(r.Err, `parsing "x"`) || r.Attempt != 1 {
		t.Errorf("%+v", r)
	}
}

// TestDuplicates publishes a job twice, and runs one twice: its first
// worker publishes the result and dies before the acknowledgement, so the
// job comes back and is done again. One job is queued, one result stored
// (JetStream drops the second by its message ID), and a duplicate that
// gets through anyway (sent without an ID) is dropped by Collect.
func TestDuplicates(t *testing.T) {
	t.Parallel()
	b := broker(t, BrokerOptions{})
	o := Options{AckWait: 500 * time.Millisecond}
	c := client(t, b, o)
	ctx := context.Background()
	c.Publish(ctx, "d", jobs(1))
	c.Publish(ctx, "d", jobs(1))
	if n, _ := c.Pending(ctx); n != 1 {
		t.Errorf("a job published twice is queued %d times", n)
	}
	// The first worker, by hand: takes the job, sends its result the way
	// Work does, and never acknowledges it (no heartbeat either).
	cons, err := c.js.Consumer(ctx, JobsStream, workers)
	if err != nil {
		t.Fatal(err)
	}
	msg, err := cons.Next()
	if err != nil {
		t.Fatal(err)
	}
	first := `{"id": "job-0", "payload": "MA==", "worker": "first", "attempt": 1}`
	if _, err := c.js.Publish(ctx, resultSubject+"d", []byte(first), jetstream.WithMsgID("d/job-0")); err != nil {
		t.Fatal(err)
	}
	_ = msg
	var runs atomic.Int32
	startWorkers(t, b, 1, o, func(ctx context.Context, j Job) ([]byte, error) {
		runs.Add(1)
		return square(ctx, j)
	})
	deadline := time.Now().Add(10 * time.Second)
	for runs.Load() < 1 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond)                                             // its result sent
	if _, err := c.js.Publish(ctx, resultSubject+"d", []byte(first)); err != nil { // no ID: stored again
		t.Fatal(err)
	}
	s, err := c.js.Stream(ctx, ResultsStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(ctx, jetstream.WithSubjectFilter(resultSubject+"d"))
	if err != nil {
		t.Fatal(err)
	}
	got := collect(t, c, "d", 1)
	if runs.Load() != 1 || info.State.Msgs != 2 || len(got) != 1 || got["job-0"].Worker != "first" {
		t.Errorf("%d runs after the first worker died, %d results stored (want 2: one dropped by its ID), collected %+v",
			runs.Load(), info.State.Msgs, got)
	}
}

// TestHeartbeats runs a job three times as long as AckWait: the heartbeats
// keep it from being delivered again.
func TestHeartbeats(t *testing.T) {
	t.Parallel()
	b := broker(t, BrokerOptions{})
	o := Options{AckWait: 600 * time.Millisecond}
	c := client(t, b, o)
	c.Publish(context.Background(), "h", jobs(1))
	var runs atomic.Int32
	startWorkers(t, b, 2, o, func(ctx context.Context, j Job) ([]byte, error) {
		runs.Add(1)
		time.Sleep(3 * o.AckWait)
		return square(ctx, j)
	})
	r := collect(t, c, "h", 1)["job-0"]
	if r.Attempt != 1 || runs.Load() != 1 {
		t.Errorf("attempt %d, %d runs", r.Attempt, runs.Load())
	}
}

// TestKilledWorker kills a worker process with SIGKILL in the middle of a
// job: the job goes to another worker, and its result comes.
func TestKilledWorker(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts a process")
	}
	b := broker(t, BrokerOptions{Listen: "127.0.0.1:0"})
	o := Options{AckWait: time.Second}
	c := client(t, b, o)
	c.Publish(context.Background(), "k", jobs(1))
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "NIMBER_QUEUE_WORKER="+b.URL())
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	n, _ := out.Read(buf) // "working on job-0"
	if !strings.Contains(string(buf[:n]), "working on job-0") {
		t.Fatalf("the worker says %q", buf[:n])
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	startWorkers(t, b, 1, o, square)
	r := collect(t, c, "k", 1)["job-0"]
	if string(r.Payload) != "0" || r.Attempt != 2 || r.Worker != "w0" {
		t.Errorf("after the kill: %+v", r)
	}
}

// TestRestart keeps unfinished jobs across a restart of the broker on the
// same store.
func TestRestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	b, err := StartBroker(BrokerOptions{StoreDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	c, err := b.Connect(Options{})
	if err != nil {
		t.Fatal(err)
	}
	c.Publish(context.Background(), "r", jobs(5))
	c.Close()
	b.Close()
	b2 := broker(t, BrokerOptions{StoreDir: dir})
	c2 := client(t, b2, Options{})
	if n, err := c2.Pending(context.Background()); err != nil || n != 5 {
		t.Fatalf("%d jobs after the restart, %v", n, err)
	}
	startWorkers(t, b2, 2, Options{}, square)
	if got := collect(t, c2, "r", 5); len(got) != 5 {
		t.Errorf("%d results", len(got))
	}
}

// TestErrors: bad names and an unreachable broker fail at once.
func TestErrors(t *testing.T) {
	t.Parallel()
	b := broker(t, BrokerOptions{})
	c := client(t, b, Options{})
	if err := c.Publish(context.Background(), "a.b", jobs(1)); err == nil || !strings.Contains(err.Error(), "sweep name") {
		t.Errorf("sweep a.b: %v", err)
	}
	start := time.Now()
	if _, err := Connect("nats://127.0.0.1:1", Options{}); err == nil || time.Since(start) > 10*time.Second {
		t.Errorf("connecting to a closed port: %v after %v", err, time.Since(start))
	}
	if _, err := StartBroker(BrokerOptions{Listen: "nowhere"}); err == nil || !strings.Contains(err.Error(), "HOST:PORT") {
		t.Errorf("--listen nowhere: %v", err)
	}
}

// BenchmarkJobOverhead is the round trip of a job that does nothing:
// publish, take, result, acknowledgement, collect.
func BenchmarkJobOverhead(b *testing.B) {
	br := broker(b, BrokerOptions{})
	c := client(b, br, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := client(b, br, Options{})
	go w.Work(ctx, square)
	i := 0
	for b.Loop() {
		i++
		sweep := fmt.Sprintf("b%d", i)
		if err := c.Publish(ctx, sweep, jobs(1)); err != nil {
			b.Fatal(err)
		}
		if err := c.Collect(ctx, sweep, 1, func(Result) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}
