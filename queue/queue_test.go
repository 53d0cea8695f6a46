package queue

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
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
		c, err := Connect(url, Options{Name: "doomed"})
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

// brokerAndClient starts a broker with the default options and connects a
// client to it with o; both are closed when the test ends.
func brokerAndClient(t testing.TB, o Options) (*Broker, *Client) {
	t.Helper()
	b := broker(t, BrokerOptions{})
	return b, client(t, b, o)
}

// publish publishes jobs as sweep on c, failing t on an error.
func publish(t testing.TB, c *Client, sweep string, jobs []Job) {
	t.Helper()
	if err := c.Publish(context.Background(), sweep, jobs); err != nil {
		t.Fatal(err)
	}
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
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
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

// startWorker runs a worker on c until the test ends; its error, once it
// returns, comes on the channel.
func startWorker(t *testing.T, c *Client, do func(context.Context, Job) ([]byte, error)) <-chan error {
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		errc <- c.Work(ctx, do)
	}()
	t.Cleanup(func() { cancel(); <-done })
	return errc
}

// startWorkers runs n workers named w0, w1, ... until the test ends, when
// each must stop without an error.
func startWorkers(t *testing.T, b *Broker, n int, o Options, do func(context.Context, Job) ([]byte, error)) {
	for i := range n {
		o := o
		o.Name = fmt.Sprintf("w%d", i)
		c := client(t, b, o)
		ctx, cancel := context.WithCancel(context.Background())
		errc := make(chan error, 1)
		go func() { errc <- c.Work(ctx, do) }()
		t.Cleanup(func() {
			cancel()
			if err := <-errc; err != nil {
				t.Errorf("worker %s: %v", o.Name, err)
			}
		})
	}
}

// waitFor polls cond for up to 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("still waiting for %s", what)
		}
	}
}

func pending(t *testing.T, c *Client) int {
	t.Helper()
	n, err := c.Pending(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// stored counts the result messages of a job in the results stream.
func stored(t *testing.T, c *Client, sweep, id string) uint64 {
	t.Helper()
	c.mu.Lock()
	results := c.results
	c.mu.Unlock()
	info, err := results.Info(context.Background(), jetstream.WithSubjectFilter(resultSubject(sweep, id)))
	if err != nil {
		t.Fatal(err)
	}
	return info.State.Msgs
}

// takeByHand takes the next job the way a worker does, and leaves it
// unacknowledged: a worker that dies with it.
func takeByHand(t *testing.T, c *Client) jetstream.Msg {
	t.Helper()
	cons, err := c.js.Consumer(context.Background(), JobsStream, consumerName)
	if err != nil {
		t.Fatal(err)
	}
	msg, err := cons.Next(jetstream.FetchMaxWait(10 * time.Second))
	if err != nil {
		t.Fatal(err)
	}
	return msg
}

// TestSweep runs 50 jobs on 3 workers: every result once and right, and
// the queue empty after.
func TestSweep(t *testing.T) {
	t.Parallel()
	b, c := brokerAndClient(t, Options{})
	publish(t, c, "s1", jobs(50))
	startWorkers(t, b, 3, Options{}, square)
	got := collect(t, c, "s1", 50)
	for i := range 50 {
		r := got[fmt.Sprintf("job-%d", i)]
		if string(r.Payload) != strconv.Itoa(i*i) || r.Err != "" || r.Attempt != 1 || !strings.HasPrefix(r.Worker, "w") {
			t.Errorf("job %d: %+v", i, r)
		}
	}
	waitFor(t, "the queue to empty", func() bool { return pending(t, c) == 0 })
	// A second sweep on the same workers, and the first collected again.
	publish(t, c, "s2", jobs(700))
	if got := collect(t, c, "s2", 700); len(got) != 700 || string(got["job-699"].Payload) != "488601" {
		t.Errorf("sweep s2: %d results, job-699 %+v", len(got), got["job-699"])
	}
	if got := collect(t, c, "s1", 50); len(got) != 50 {
		t.Errorf("sweep s1 collected again: %d results", len(got))
	}
}

// TestFailedJob: an error or a panic of the work is a result, not a retry.
func TestFailedJob(t *testing.T) {
	t.Parallel()
	b, c := brokerAndClient(t, Options{})
	publish(t, c, "s", []Job{{ID: "bad", Payload: []byte("x")}})
	startWorkers(t, b, 1, Options{}, func(ctx context.Context, j Job) ([]byte, error) {
		if string(j.Payload) == "panic" {
			var m map[string]int
			m["x"]++
		}
		return square(ctx, j)
	})
	r := collect(t, c, "s", 1)["bad"]
	if !strings.Contains(r.Err, `parsing "x"`) || r.Attempt != 1 {
		t.Errorf("%+v", r)
	}
	publish(t, c, "p", []Job{{ID: "panic", Payload: []byte("panic")}})
	r = collect(t, c, "p", 1)["panic"]
	if !strings.Contains(r.Err, "panic: assignment to entry in nil map") || !strings.Contains(r.Err, "queue_test.go") || r.Attempt != 1 {
		t.Errorf("%+v", r)
	}
	waitFor(t, "the queue to empty", func() bool { return pending(t, c) == 0 })
}

// TestDuplicates: a job published twice is queued once; a job done twice,
// by a worker that lost it (no heartbeat, no acknowledgement) and by the
// one that took it over, stores one result, the first; a result sent
// twice anyway, past the broker's checks, is collected once.
func TestDuplicates(t *testing.T) {
	t.Parallel()
	o := Options{AckWait: 500 * time.Millisecond}
	b, c := brokerAndClient(t, o)
	ctx := context.Background()
	for range 2 {
		publish(t, c, "d", jobs(1))
	}
	if n := pending(t, c); n != 1 {
		t.Errorf("a job published twice is queued %d times", n)
	}
	// The first worker, by hand, takes the job and goes silent.
	msg := takeByHand(t, c)
	if id := msg.Headers().Get(jobHeader); id != "job-0" {
		t.Fatalf("took %q", id)
	}
	// The second takes it over after the ack wait and runs it.
	var runs atomic.Int32
	release := make(chan struct{})
	startWorkers(t, b, 1, o, func(ctx context.Context, j Job) ([]byte, error) {
		runs.Add(1)
		<-release
		return []byte("second"), nil
	})
	waitFor(t, "the job to run again", func() bool { return runs.Load() == 1 })
	// The first stores its result, as Work does, then the second.
	if err := c.storeResult("d", Result{ID: "job-0", Payload: []byte("first"), Worker: "first", Attempt: 1}); err != nil {
		t.Fatal(err)
	}
	close(release)
	waitFor(t, "the queue to empty", func() bool { return pending(t, c) == 0 })
	if n := stored(t, c, "d", "job-0"); n != 1 {
		t.Errorf("%d results stored for a job done twice", n)
	}
	// Past the dedupe window, the subject's condition refuses a second.
	_, err := c.js.Publish(ctx, resultSubject("d", "job-0"), []byte(`{"id": "job-0"}`),
		jetstream.WithMsgID("another"), jetstream.WithExpectLastSequencePerSubject(0))
	if !alreadyStored(err) {
		t.Errorf("a second result with a new message ID: %v", err)
	}
	// Without either check, a duplicate is stored, and Collect drops it.
	if _, err := c.js.Publish(ctx, resultSubject("d", "job-0"), []byte(`{"id": "job-0", "worker": "third"}`)); err != nil {
		t.Fatal(err)
	}
	if n := stored(t, c, "d", "job-0"); n != 2 {
		t.Errorf("%d results stored, want 2", n)
	}
	got := collect(t, c, "d", 1)
	if r := got["job-0"]; len(got) != 1 || r.Worker != "first" || string(r.Payload) != "first" {
		t.Errorf("collected %+v", got)
	}
	if runs.Load() != 1 {
		t.Errorf("%d runs", runs.Load())
	}
}

// TestStoredBeforeDeath: a worker stores the result and dies before its
// acknowledgement; the job comes back and is acknowledged without running.
func TestStoredBeforeDeath(t *testing.T) {
	t.Parallel()
	o := Options{AckWait: 300 * time.Millisecond}
	b, c := brokerAndClient(t, o)
	publish(t, c, "sd", jobs(1))
	takeByHand(t, c)
	if err := c.storeResult("sd", Result{ID: "job-0", Payload: []byte("0"), Worker: "dead", Attempt: 1}); err != nil {
		t.Fatal(err)
	}
	var runs atomic.Int32
	startWorkers(t, b, 1, o, func(ctx context.Context, j Job) ([]byte, error) {
		runs.Add(1)
		return square(ctx, j)
	})
	waitFor(t, "the queue to empty", func() bool { return pending(t, c) == 0 })
	if r := collect(t, c, "sd", 1)["job-0"]; runs.Load() != 0 || r.Worker != "dead" {
		t.Errorf("%d runs, result %+v", runs.Load(), r)
	}
}

// TestHeartbeats runs a job three times as long as AckWait: the heartbeats
// keep it from being delivered again. The workers leave AckWait zero and
// follow the consumer's, set by the publisher.
func TestHeartbeats(t *testing.T) {
	t.Parallel()
	const ackWait = 600 * time.Millisecond
	b, c := brokerAndClient(t, Options{AckWait: ackWait})
	publish(t, c, "h", jobs(1))
	var runs atomic.Int32
	startWorkers(t, b, 2, Options{}, func(ctx context.Context, j Job) ([]byte, error) {
		runs.Add(1)
		time.Sleep(3 * ackWait)
		return square(ctx, j)
	})
	r := collect(t, c, "h", 1)["job-0"]
	if r.Attempt != 1 || runs.Load() != 1 {
		t.Errorf("attempt %d, %d runs", r.Attempt, runs.Load())
	}
}

// lostWorker runs a worker whose job blocks until its context ends, and
// reports the cause on the channel.
func lostWorker(t *testing.T, c *Client) (started <-chan struct{}, cause <-chan error, errc <-chan error) {
	st, ca := make(chan struct{}), make(chan error, 1)
	errc = startWorker(t, c, func(ctx context.Context, j Job) ([]byte, error) {
		close(st)
		<-ctx.Done()
		ca <- context.Cause(ctx)
		return nil, ctx.Err()
	})
	return st, ca, errc
}

// TestClosedConnection: a worker's connection closes in the middle of a
// job; its job is cancelled with ErrLost and goes to another worker.
func TestClosedConnection(t *testing.T) {
	t.Parallel()
	o := Options{AckWait: 500 * time.Millisecond}
	b, c := brokerAndClient(t, o)
	publish(t, c, "cc", jobs(1))
	doomed := client(t, b, Options{Name: "doomed"})
	started, cause, errc := lostWorker(t, doomed)
	<-started
	doomed.Close()
	select {
	case err := <-cause:
		if !errors.Is(err, ErrLost) {
			t.Errorf("the job's context ended with %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the job of a closed connection runs on")
	}
	if err := <-errc; err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("Work on a closed connection: %v", err)
	}
	startWorkers(t, b, 1, o, square)
	if r := collect(t, c, "cc", 1)["job-0"]; r.Worker != "w0" || r.Attempt != 2 || string(r.Payload) != "0" {
		t.Errorf("%+v", r)
	}
}

// proxy forwards TCP connections to a broker until cut.
type proxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func newProxy(t *testing.T, target string) *proxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{ln: ln}
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", target)
			if err != nil {
				in.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, in, out)
			p.mu.Unlock()
			go io.Copy(in, out)
			go io.Copy(out, in)
		}
	}()
	t.Cleanup(p.cut)
	return p
}

// cut closes the proxy and its connections: the network is gone.
func (p *proxy) cut() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
}

// TestPartition: a worker loses the network in the middle of a job and
// keeps trying to reconnect; when its heartbeats have not reached the
// broker for the ack wait, its job's context ends with ErrLost, and
// another worker does the job.
func TestPartition(t *testing.T) {
	t.Parallel()
	b := broker(t, BrokerOptions{Listen: "127.0.0.1:0"})
	o := Options{AckWait: 600 * time.Millisecond}
	c := client(t, b, o)
	publish(t, c, "p", jobs(1))
	p := newProxy(t, strings.TrimPrefix(b.URL(), "nats://"))
	far, err := Connect("nats://"+p.ln.Addr().String(), Options{Name: "far"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(far.Close)
	started, cause, _ := lostWorker(t, far)
	<-started
	cut := time.Now()
	p.cut()
	startWorkers(t, b, 1, o, square)
	select {
	case err := <-cause:
		if !errors.Is(err, ErrLost) {
			t.Errorf("the job's context ended with %v", err)
		}
		if d := time.Since(cut); d > 3*o.AckWait {
			t.Errorf("the job was dropped %v after the cut", d)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the job of a partitioned worker runs on")
	}
	if r := collect(t, c, "p", 1)["job-0"]; r.Worker != "w0" || r.Attempt != 2 {
		t.Errorf("%+v", r)
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
	publish(t, c, "k", jobs(1))
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
		cmd.Process.Kill()
		cmd.Wait()
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

// TestMaxDeliver: a job whose workers all die is given up after
// MaxDeliver runs, with a result that says so, not left in the queue.
func TestMaxDeliver(t *testing.T) {
	t.Parallel()
	o := Options{AckWait: 300 * time.Millisecond, MaxDeliver: 2}
	b, c := brokerAndClient(t, o)
	publish(t, c, "md", jobs(1))
	for attempt := 1; attempt <= 2; attempt++ {
		msg := takeByHand(t, c)
		if meta, err := msg.Metadata(); err != nil || meta.NumDelivered != uint64(attempt) {
			t.Fatalf("delivery %d: %+v, %v", attempt, meta, err)
		}
	}
	var runs atomic.Int32
	startWorkers(t, b, 1, o, func(ctx context.Context, j Job) ([]byte, error) {
		runs.Add(1)
		return square(ctx, j)
	})
	r := collect(t, c, "md", 1)["job-0"]
	if runs.Load() != 0 || r.Attempt != 3 || !strings.Contains(r.Err, "given up after 2 runs") {
		t.Errorf("%d runs, %+v", runs.Load(), r)
	}
	waitFor(t, "the queue to empty", func() bool { return pending(t, c) == 0 })
}

// TestStop: a worker stopped in the middle of a job hands it back at
// once, well before the ack wait, and an idle worker stops at once.
func TestStop(t *testing.T) {
	t.Parallel()
	b, c := brokerAndClient(t, Options{AckWait: time.Minute})
	publish(t, c, "st", jobs(1))
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	errc := make(chan error, 1)
	go func() {
		errc <- client(t, b, Options{}).Work(ctx, func(ctx context.Context, j Job) ([]byte, error) {
			close(started)
			<-ctx.Done()
			return nil, ctx.Err()
		})
	}()
	<-started
	t0 := time.Now()
	cancel()
	if err := <-errc; err != nil || time.Since(t0) > time.Second {
		t.Errorf("Work stopped after %v: %v", time.Since(t0), err)
	}
	startWorkers(t, b, 1, Options{}, square)
	if r := collect(t, c, "st", 1)["job-0"]; r.Attempt != 2 || r.Err != "" {
		t.Errorf("%+v", r)
	}
	// An idle worker.
	ctx, cancel = context.WithCancel(context.Background())
	go func() { errc <- client(t, b, Options{}).Work(ctx, square) }()
	time.Sleep(100 * time.Millisecond)
	t0 = time.Now()
	cancel()
	if err := <-errc; err != nil || time.Since(t0) > time.Second {
		t.Errorf("an idle Work stopped after %v: %v", time.Since(t0), err)
	}
}

// TestRestart keeps unfinished jobs and stored results across a restart
// of the broker on the same store.
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
	ctx := context.Background()
	publish(t, c, "done", jobs(3))
	ctx1, stop := context.WithCancel(ctx)
	w, err := b.Connect(Options{})
	if err != nil {
		t.Fatal(err)
	}
	go w.Work(ctx1, square)
	if got := collect(t, c, "done", 3); len(got) != 3 {
		t.Fatalf("%d results", len(got))
	}
	stop()
	waitFor(t, "the queue to empty", func() bool { return pending(t, c) == 0 })
	publish(t, c, "r", jobs(5))
	c.Close()
	w.Close()
	b.Close()

	b2 := broker(t, BrokerOptions{StoreDir: dir})
	c2 := client(t, b2, Options{})
	if n := pending(t, c2); n != 5 {
		t.Fatalf("%d jobs after the restart", n)
	}
	startWorkers(t, b2, 2, Options{}, square)
	if got := collect(t, c2, "r", 5); len(got) != 5 || string(got["job-4"].Payload) != "16" {
		t.Errorf("%d results, job-4 %+v", len(got), got["job-4"])
	}
	if got := collect(t, c2, "done", 3); len(got) != 3 || string(got["job-2"].Payload) != "4" {
		t.Errorf("the results stored before the restart: %+v", got)
	}
}

// TestWorkerSurvivesRestart: a worker connected by URL waits out a
// restart of the broker (same port, same store) and takes the jobs
// published after it.
func TestWorkerSurvivesRestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	b, err := StartBroker(BrokerOptions{Listen: "127.0.0.1:0", StoreDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	url := b.URL()
	w, err := Connect(url, Options{Name: "w"})
	if err != nil {
		b.Close()
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	errc := startWorker(t, w, square)
	waitFor(t, "the worker to ask for a job", func() bool {
		cons, err := w.js.Consumer(context.Background(), JobsStream, consumerName)
		return err == nil && cons.CachedInfo().NumWaiting > 0
	})
	b.Close()
	time.Sleep(200 * time.Millisecond) // the worker finds the broker gone
	b2 := broker(t, BrokerOptions{Listen: strings.TrimPrefix(url, "nats://"), StoreDir: dir})
	c := client(t, b2, Options{})
	publish(t, c, "after", jobs(3))
	if got := collect(t, c, "after", 3); len(got) != 3 || got["job-2"].Worker != "w" {
		t.Errorf("after the restart: %+v", got)
	}
	select {
	case err := <-errc:
		t.Errorf("the worker stopped: %v", err)
	default:
	}
}

// TestConsumerSettings: a client that leaves AckWait zero keeps the
// consumer's; one that sets it changes it for all.
func TestConsumerSettings(t *testing.T) {
	t.Parallel()
	b := broker(t, BrokerOptions{})
	ackWait := func(c *Client) time.Duration {
		cons, err := c.js.Consumer(context.Background(), JobsStream, consumerName)
		if err != nil {
			t.Fatal(err)
		}
		cfg := cons.CachedInfo().Config
		if cfg.AckPolicy != jetstream.AckExplicitPolicy || cfg.MaxDeliver != -1 {
			t.Errorf("consumer %+v", cfg)
		}
		return cfg.AckWait
	}
	if d := ackWait(client(t, b, Options{})); d != defaultAckWait {
		t.Errorf("a new consumer's AckWait: %v", d)
	}
	c := client(t, b, Options{AckWait: 2 * time.Second})
	if d := ackWait(client(t, b, Options{})); d != 2*time.Second || c.getAckWait() != 2*time.Second {
		t.Errorf("AckWait %v after a client that sets none", d)
	}
	if d := ackWait(client(t, b, Options{AckWait: 3 * time.Second})); d != 3*time.Second {
		t.Errorf("AckWait %v after a client that sets 3s", d)
	}
}

// TestLargeResult: a result over the broker's message limit is a failure
// that says so, not a job retried for ever.
func TestLargeResult(t *testing.T) {
	t.Parallel()
	b, c := brokerAndClient(t, Options{})
	publish(t, c, "big", jobs(1))
	startWorkers(t, b, 1, Options{}, func(context.Context, Job) ([]byte, error) {
		return make([]byte, 2<<20), nil
	})
	if r := collect(t, c, "big", 1)["job-0"]; !strings.Contains(r.Err, "over the broker's limit") || r.Payload != nil {
		t.Errorf("%+v", r)
	}
}

// TestPurge drops the jobs of an abandoned sweep, and only those.
func TestPurge(t *testing.T) {
	t.Parallel()
	_, c := brokerAndClient(t, Options{})
	ctx := context.Background()
	publish(t, c, "keep", jobs(2))
	publish(t, c, "drop", jobs(10))
	if err := c.Purge(ctx, "drop"); err != nil {
		t.Fatal(err)
	}
	if n := pending(t, c); n != 2 {
		t.Errorf("%d jobs after the purge", n)
	}
}

// TestListen: brokers on port 0 get ports of their own, and clients reach
// them by URL.
func TestListen(t *testing.T) {
	t.Parallel()
	b1 := broker(t, BrokerOptions{Listen: "127.0.0.1:0"})
	b2 := broker(t, BrokerOptions{Listen: "127.0.0.1:0"})
	if b1.URL() == b2.URL() || !strings.HasPrefix(b1.URL(), "nats://127.0.0.1:") {
		t.Fatalf("URLs %q and %q", b1.URL(), b2.URL())
	}
	if u := broker(t, BrokerOptions{}).URL(); u != "" {
		t.Errorf("an in-process broker's URL: %q", u)
	}
	c, err := Connect(b2.URL(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	publish(t, c, "l", jobs(3))
	startWorkers(t, b2, 1, Options{}, square)
	if got := collect(t, c, "l", 3); len(got) != 3 {
		t.Errorf("%d results", len(got))
	}
}

// TestErrors: bad names, bad options and an unreachable broker fail at
// once, with errors that say what is wrong.
func TestErrors(t *testing.T) {
	t.Parallel()
	b, c := brokerAndClient(t, Options{})
	ctx := context.Background()
	for _, sweep := range []string{"a.b", "", "a b", "a>", strings.Repeat("x", 65)} {
		if err := c.Publish(ctx, sweep, jobs(1)); err == nil || !strings.Contains(err.Error(), "sweep name") {
			t.Errorf("Publish to sweep %q: %v", sweep, err)
		}
		if err := c.Collect(ctx, sweep, 1, func(Result) error { return nil }); err == nil || !strings.Contains(err.Error(), "sweep name") {
			t.Errorf("Collect of sweep %q: %v", sweep, err)
		}
		if err := c.Purge(ctx, sweep); err == nil || !strings.Contains(err.Error(), "sweep name") {
			t.Errorf("Purge of sweep %q: %v", sweep, err)
		}
	}
	for _, id := range []string{"", strings.Repeat("x", 257)} {
		if err := c.Publish(ctx, "s", []Job{{ID: id}}); err == nil || !strings.Contains(err.Error(), "job ID") {
			t.Errorf("job ID %q: %v", id, err)
		}
	}
	if err := c.Work(ctx, nil); err == nil {
		t.Error("Work with no function")
	}
	if err := c.Collect(ctx, "s", 1, nil); err == nil {
		t.Error("Collect with no function")
	}
	if _, err := b.Connect(Options{AckWait: -time.Second}); err == nil || !strings.Contains(err.Error(), "negative") {
		t.Errorf("a negative AckWait: %v", err)
	}
	tctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	if err := c.Collect(tctx, "none", 2, func(Result) error { return nil }); err == nil ||
		!strings.Contains(err.Error(), "0 of 2 results") || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Collect of a sweep with no results: %v", err)
	}

	// A closed port.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "nats://" + ln.Addr().String()
	ln.Close()
	start := time.Now()
	if _, err := Connect(url, Options{}); err == nil || !strings.Contains(err.Error(), "connecting to "+url) || time.Since(start) > 10*time.Second {
		t.Errorf("connecting to a closed port: %v after %v", err, time.Since(start))
	}
	// A port that takes connections and says nothing.
	ln, err = net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	start = time.Now()
	if _, err := Connect("nats://"+ln.Addr().String(), Options{}); err == nil || time.Since(start) > 10*time.Second {
		t.Errorf("connecting to a silent port: %v after %v", err, time.Since(start))
	}

	for listen, want := range map[string]string{"nowhere": "HOST:PORT", "127.0.0.1:99999": "0..65535", "127.0.0.1:x": "0..65535"} {
		if _, err := StartBroker(BrokerOptions{Listen: listen}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("--listen %s: %v", listen, err)
		}
	}
	file := t.TempDir() + "/file"
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := StartBroker(BrokerOptions{StoreDir: file}); err == nil || !strings.Contains(err.Error(), "store") {
		t.Errorf("a store that is a file: %v", err)
	}
}

// BenchmarkJobOverhead is the round trip of a job that does nothing, one
// after the other: publish, take, run, store the result, acknowledge,
// collect. It is the broker's cost per job.
func BenchmarkJobOverhead(b *testing.B) {
	br := broker(b, BrokerOptions{})
	c := client(b, br, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go client(b, br, Options{}).Work(ctx, square)
	results := make(chan Result)
	errc := make(chan error, 1)
	go func() {
		errc <- c.Collect(ctx, "bench", b.N, func(r Result) error { results <- r; return nil })
	}()
	b.ResetTimer()
	for i := range b.N {
		job := Job{ID: strconv.Itoa(i), Payload: []byte(strconv.Itoa(i))}
		if err := c.Publish(ctx, "bench", []Job{job}); err != nil {
			b.Fatal(err)
		}
		select {
		case r := <-results:
			if r.ID != job.ID {
				b.Fatalf("result %+v for job %s", r, job.ID)
			}
		case err := <-errc:
			b.Fatal(err)
		}
	}
}

// BenchmarkJobThroughput publishes b.N trivial jobs at once for two
// workers and collects them: the broker's cost per job when jobs queue.
func BenchmarkJobThroughput(b *testing.B) {
	br := broker(b, BrokerOptions{})
	c := client(b, br, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range 2 {
		go client(b, br, Options{}).Work(ctx, square)
	}
	b.ResetTimer()
	if err := c.Publish(ctx, "tp", jobs(b.N)); err != nil {
		b.Fatal(err)
	}
	if err := c.Collect(ctx, "tp", b.N, func(Result) error { return nil }); err != nil {
		b.Fatal(err)
	}
}
