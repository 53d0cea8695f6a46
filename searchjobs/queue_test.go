package searchjobs

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"nimber/grid"
	"nimber/queue"
)

// broker starts a broker listening on a free port of the loopback.
func broker(t *testing.T) *queue.Broker {
	t.Helper()
	b, err := queue.StartBroker(queue.BrokerOptions{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// worker starts a worker of b named name doing work until the test ends;
// the returned client's Close kills it.
func worker(t *testing.T, b *queue.Broker, name string, ackWait time.Duration, work func(context.Context, queue.Job) ([]byte, error)) *queue.Client {
	t.Helper()
	c, err := b.Connect(queue.Options{Name: name, AckWait: ackWait})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	go c.Work(t.Context(), work)
	return c
}

// TestDistributed decides the 6 x 8 board blocked over the
// queue, with a checkpoint: a worker takes the first job and dies in the
// middle of it (its connection closed), the other worker does the rest and,
// after the ack wait, the dead worker's job. The answer is SolveOutcome's,
// every subtree of Left (who loses) is in the checkpoint once, the dead
// worker's by the other on its second delivery, and of Right's subtrees
// after his winning one only those published ahead (the window) may be
// decided, their results ignored (split depth 1; depth_test.go has depth
// 2's).
func TestDistributed(t *testing.T) {
	const ackWait = time.Second
	b := broker(t)
	path := filepath.Join(t.TempDir(), "d.jsonl")
	res, _ := killedWorkerRun(t, b, board(t, blocked), Options{Threads: 1, Out: path, NATS: b.URL(), AckWait: ackWait, TableMiB: 16, Depth: 1},
		Route(func(context.Context, queue.Job) ([]byte, error) {
			return nil, errors.New("not an outcome job")
		}, WorkerOptions{Threads: 1}))
	lf, rf := solve(t, board(t, blocked))
	if res.LeftFirst != lf || res.RightFirst != rf || len(res.Workers) != 1 || res.Workers[0] != "survivor" {
		t.Fatalf("%+v; want Left first %v, Right first %v, by the survivor", res, lf, rf)
	}
	left, right, again := 0, 0, 0
	seen := map[string]bool{}
	for _, l := range lines(t, path) {
		var s subtreeLine
		if !strings.HasPrefix(l, `{"type":"subtree"`) || json.Unmarshal([]byte(l), &s) != nil {
			continue
		}
		if seen[s.First+s.Child] || s.Worker != "survivor" {
			t.Errorf("%s again, or by %s", s.Child, s.Worker)
		}
		seen[s.First+s.Child] = true
		if s.First == "Left" {
			left++
		} else {
			right++
		}
		if s.Attempt > 1 {
			again++
		}
	}
	if left != 37 || right < 1 || right > 10 || again != 1 {
		t.Errorf("%d subtrees of Left (want 37), %d of Right (want 1, a few at most), %d delivered again (want 1)", left, right, again)
	}
	t.Logf("%d subtrees of Right decided, %.2f s", right, res.Seconds)
}

// killedWorkerRun runs Run(g, o) over broker b with a worker that takes
// the first job and dies in the middle of it (its connection closed),
// then a survivor worker doing survive; it returns the run's result and
// the dead worker's job.
func killedWorkerRun(t *testing.T, b *queue.Broker, g grid.Grid, o Options, survive func(context.Context, queue.Job) ([]byte, error)) (Result, queue.Job) {
	t.Helper()
	started := make(chan queue.Job, 1)
	doomed := worker(t, b, "doomed", o.AckWait, func(ctx context.Context, j queue.Job) ([]byte, error) {
		started <- j
		<-ctx.Done()
		return nil, context.Cause(ctx)
	})
	type answer struct {
		res Result
		err error
	}
	done := make(chan answer, 1)
	go func() {
		res, err := Run(context.Background(), g, o)
		done <- answer{res, err}
	}()
	var lost queue.Job
	select {
	case lost = <-started:
	case <-time.After(30 * time.Second):
		t.Fatal("the doomed worker took no job")
	}
	doomed.Close()
	worker(t, b, "survivor", o.AckWait, survive)
	select {
	case a := <-done:
		if a.err != nil {
			t.Fatal(a.err)
		}
		return a.res, lost
	case <-time.After(2 * time.Minute):
		t.Fatal("the run did not finish")
	}
	return Result{}, lost
}

// TestDistributedResume resumes over the queue a checkpoint begun in
// process: the subtrees done are not published again (split depth 1).
func TestDistributedResume(t *testing.T) {
	b := broker(t)
	path := filepath.Join(t.TempDir(), "r.jsonl")
	g := board(t, blocked)
	ctx, cancel := context.WithCancel(context.Background())
	saved := progressEvery
	progressEvery = 10 * time.Millisecond
	defer func() { progressEvery = saved }()
	Run(ctx, g, Options{Threads: 1, Out: path, Depth: 1, Progress: func(p Progress) {
		if p.Done >= 5 {
			cancel()
		}
	}})
	kept := strings.Count(strings.Join(lines(t, path), ""), `"type":"subtree"`)
	var jobs atomic.Int32
	worker(t, b, "w", 0, func(ctx context.Context, j queue.Job) ([]byte, error) {
		jobs.Add(1)
		return Worker(WorkerOptions{Threads: 1})(ctx, j)
	})
	res, err := Run(context.Background(), g, Options{Threads: 1, Out: path, Resume: true, NATS: b.URL(), Depth: 1})
	if err != nil || res.LeftFirst || !res.RightFirst || res.FromCheckpoint != kept || kept < 5 {
		t.Fatalf("%+v, %v; want R with %d from the checkpoint", res, err, kept)
	}
	if n := int(jobs.Load()); n > 38-kept+5 {
		t.Errorf("%d jobs run after %d subtrees kept", n, kept)
	}
}

// TestWorkerErrors: a job an older worker fails, or answers without the
// kind, fails the run with a line naming the subtree and the worker; a
// job of another kind goes to the other work; a job that is not right is
// refused.
func TestWorkerErrors(t *testing.T) {
	g := board(t, "....|....|....")
	for _, tc := range []struct {
		work func(context.Context, queue.Job) ([]byte, error)
		want string
	}{
		{func(context.Context, queue.Job) ([]byte, error) { return nil, errors.New(`unknown kind "outcome"`) }, `worker old: unknown kind "outcome"`},
		{func(context.Context, queue.Job) ([]byte, error) { return []byte(`{"period":2}`), nil }, "worker old answered with no outcome"},
	} {
		b := broker(t)
		worker(t, b, "old", 0, tc.work)
		_, err := Run(context.Background(), g, Options{Threads: 1, NATS: b.URL(), Depth: 1}) // at depth 2 the children's splits settle it
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "moving first") {
			t.Errorf("%v; want %q", err, tc.want)
		}
	}
	other := Route(func(context.Context, queue.Job) ([]byte, error) { return []byte("census"), nil }, WorkerOptions{Threads: 1})
	if out, err := other(context.Background(), queue.Job{ID: "0.07@10", Payload: []byte(`{"code":"0.07","to":10}`)}); err != nil || string(out) != "census" {
		t.Errorf("a census job: %s, %v", out, err)
	}
	job := func(j Job) queue.Job {
		b, _ := json.Marshal(j)
		return queue.Job{ID: "1", Payload: b}
	}
	out, err := other(context.Background(), job(Job{Kind: Kind, Game: Game, Board: "..|..", ToMove: "Right"}))
	var r JobResult
	if err != nil || json.Unmarshal(out, &r) != nil || !r.Win || r.Kind != Kind {
		t.Errorf("an outcome job: %s, %v", out, err)
	}
	for _, bad := range []Job{{Kind: Kind, Game: "clobber", Board: "..", ToMove: "Left"}, {Kind: Kind, Game: Game, Board: "..x", ToMove: "Left"},
		{Kind: Kind, Game: Game, Board: "..", ToMove: "left"}} {
		if _, err := other(context.Background(), job(bad)); err == nil || !strings.HasPrefix(err.Error(), "job 1: ") {
			t.Errorf("%+v: %v", bad, err)
		}
	}
}
