// Package queue spreads independent jobs over workers with NATS JetStream:
// an embedded broker (a NATS server with JetStream and a file store), a
// work-queue stream of jobs taken by any number of workers with explicit
// acknowledgements, in-progress heartbeats on long jobs and redelivery
// when a worker dies, and a stream of results kept once per job. It knows
// nothing of what the jobs compute: a job is an ID and bytes.
//
// The jobs of sweep S go to the subject nimber.jobs.S of the stream
// NIMBER_JOBS (work-queue retention: a job leaves it when acknowledged),
// taken through one durable pull consumer, "workers", that every worker
// shares. The result of job ID goes to nimber.results.S.<ID in base64url>
// of the stream NIMBER_RESULTS with the message ID S/ID and the condition
// that the subject holds no message yet, so that a job done twice, by two
// workers or by one that died before its acknowledgement, stores one
// result: the first.
package queue

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The streams.
const (
	// JobsStream holds the queued jobs of every sweep.
	JobsStream = "NIMBER_JOBS"
	// ResultsStream holds the results of every sweep, one per job.
	ResultsStream = "NIMBER_RESULTS"
)

const (
	jobsPrefix    = "nimber.jobs."
	resultsPrefix = "nimber.results."
	consumerName  = "workers"
	jobHeader     = "Nimber-Job"
	// dedupeWindow is how long JetStream remembers a message ID: a job
	// published twice within it is queued once.
	dedupeWindow = 30 * time.Minute
	// resultsAge is how long the broker keeps results.
	resultsAge = 7 * 24 * time.Hour
	// maxAckPending bounds the jobs running at once over all workers.
	maxAckPending = 4096
	// publishWindow is the number of jobs published before waiting for
	// the broker's acknowledgements.
	publishWindow = 256
	// maxIDLen bounds a job ID, which becomes part of a subject.
	maxIDLen = 256
	// pollWait is how long one request for a job or a result waits.
	pollWait = 5 * time.Second
	// infoAge is how long a worker trusts the consumer's AckWait it read.
	infoAge = 10 * time.Second
	// opTimeout bounds a broker call made outside the caller's context:
	// connecting, publishing a result, acknowledging.
	opTimeout = 10 * time.Second
	// lookupTimeout bounds a worker's questions to the broker, asked
	// again when they fail: a request lost with its connection waits
	// this long.
	lookupTimeout = 3 * time.Second
)

// ErrLost is the cause (context.Cause) of the cancellation of a job's
// context when the worker can no longer keep the job: its heartbeats have
// not reached the broker for the consumer's AckWait, so the broker gives
// the job to another worker, or the worker's connection was closed.
var ErrLost = errors.New("the job was lost: the broker heard no heartbeat within the ack wait, it goes to another worker")

// Options configure a client.
type Options struct {
	// Name names the client (a worker: its host and process) in results;
	// HOST/PID when empty.
	Name string
	// AckWait is how long a job may go without an acknowledgement or a
	// heartbeat before the broker gives it to another worker; workers
	// send a heartbeat every AckWait/3. It is a setting of the consumer
	// all workers share: a client that sets it (non-zero) sets it for all
	// when it connects; one that leaves it zero uses the consumer's
	// current setting, 30 s for a new one.
	AckWait time.Duration
	// MaxDeliver bounds the runs of one job (5 when zero): a worker given
	// a job delivered more often, because every worker that took it died
	// or lost the broker before finishing, does not run it but stores a
	// Result with Err saying so.
	MaxDeliver int
}

// Client is a connection to a broker. Publish and Collect may be called
// concurrently; Work runs one job at a time, so a worker that runs k jobs
// at once uses k clients.
type Client struct {
	nc *nats.Conn
	js jetstream.JetStream
	o  Options

	mu      sync.Mutex // guards ackWait and results
	ackWait time.Duration
	results jetstream.Stream
}

const (
	defaultAckWait    = 30 * time.Second
	defaultMaxDeliver = 5
)

// Connect connects to the broker at url (nats://HOST:PORT), failing
// within seconds when none answers, and creates the streams and the
// workers' consumer if they are missing.
func Connect(url string, o Options) (*Client, error) {
	return connect(o, url, func(opts *nats.Options) error {
		opts.Url = url
		return nil
	})
}

func connect(o Options, where string, opt nats.Option) (*Client, error) {
	if o.AckWait < 0 || o.MaxDeliver < 0 {
		return nil, fmt.Errorf("queue options: AckWait %v and MaxDeliver %d must not be negative", o.AckWait, o.MaxDeliver)
	}
	if o.MaxDeliver == 0 {
		o.MaxDeliver = defaultMaxDeliver
	}
	if o.Name == "" {
		host, _ := os.Hostname()
		o.Name = fmt.Sprintf("%s/%d", host, os.Getpid())
	}
	nc, err := nats.Connect("", opt, nats.Name(o.Name), nats.Timeout(5*time.Second),
		nats.MaxReconnects(-1), nats.ReconnectWait(time.Second))
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", where, err)
	}
	js, err := jetstream.New(nc, jetstream.WithDefaultTimeout(opTimeout))
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	c := &Client{nc: nc, js: js, o: o}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	if err := c.ensure(ctx); err != nil {
		nc.Close()
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	return c, nil
}

// Close closes the connection. A job running in Work is then lost: its
// context is cancelled with ErrLost, and the broker gives it to another
// worker after the AckWait.
func (c *Client) Close() { c.nc.Close() }

// ensure creates the streams and the workers' consumer, or brings their
// settings up to date.
func (c *Client) ensure(ctx context.Context) error {
	if _, err := c.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        JobsStream,
		Description: "nimber: queued jobs, removed when done",
		Subjects:    []string{jobsPrefix + ">"},
		Retention:   jetstream.WorkQueuePolicy,
		Storage:     jetstream.FileStorage,
		Duplicates:  dedupeWindow,
	}); err != nil {
		return fmt.Errorf("the jobs stream: %w", err)
	}
	results, err := c.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        ResultsStream,
		Description: "nimber: the first result of each job",
		Subjects:    []string{resultsPrefix + ">"},
		Retention:   jetstream.LimitsPolicy,
		Storage:     jetstream.FileStorage,
		Duplicates:  dedupeWindow,
		MaxAge:      resultsAge,
		AllowDirect: true,
	})
	if err != nil {
		return fmt.Errorf("the results stream: %w", err)
	}
	c.mu.Lock()
	c.results = results
	c.mu.Unlock()
	want := jetstream.ConsumerConfig{
		Durable:       consumerName,
		Description:   "nimber: the workers, one job at a time each",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       c.o.AckWait,
		MaxDeliver:    -1, // bounded by the workers, who store a failure (Options.MaxDeliver)
		MaxAckPending: maxAckPending,
		FilterSubject: jobsPrefix + ">",
	}
	if want.AckWait == 0 {
		want.AckWait = defaultAckWait
	}
	cons, err := c.js.CreateConsumer(ctx, JobsStream, want)
	if errors.Is(err, jetstream.ErrConsumerExists) {
		// Another setting: keep its AckWait unless this client sets one.
		if cons, err = c.js.Consumer(ctx, JobsStream, consumerName); err == nil {
			have := cons.CachedInfo().Config
			if c.o.AckWait == 0 {
				want.AckWait = have.AckWait
			}
			if have.AckWait != want.AckWait || have.MaxDeliver != want.MaxDeliver ||
				have.MaxAckPending != want.MaxAckPending || have.AckPolicy != want.AckPolicy ||
				have.FilterSubject != want.FilterSubject {
				cons, err = c.js.UpdateConsumer(ctx, JobsStream, want)
			}
		}
	}
	if err != nil {
		return fmt.Errorf("the workers' consumer: %w", err)
	}
	c.setAckWait(cons.CachedInfo().Config.AckWait)
	return nil
}

func (c *Client) setAckWait(d time.Duration) {
	c.mu.Lock()
	c.ackWait = d
	c.mu.Unlock()
}

func (c *Client) getAckWait() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ackWait
}

// Job is a piece of work: an ID unique in its sweep and its bytes.
type Job struct {
	// ID names the job in its sweep, e.g. "0.137@100000": at most 256
	// bytes, any but empty.
	ID string `json:"id"`
	// Payload is what the worker is given.
	Payload []byte `json:"payload"`
}

// Result is what a worker made of a job.
type Result struct {
	// ID is the job's.
	ID string `json:"id"`
	// Payload is what the work returned.
	Payload []byte `json:"payload,omitempty"`
	// Err, when not empty, says why the job failed: the work's error, a
	// result too large for the broker, or a job given up after
	// Options.MaxDeliver runs that did not finish.
	Err string `json:"error,omitempty"`
	// Worker names the worker (Options.Name).
	Worker string `json:"worker"`
	// Attempt counts the job's deliveries, 1 for the first.
	Attempt int `json:"attempt"`
}

var sweepName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func checkSweep(sweep string) error {
	if !sweepName.MatchString(sweep) {
		return fmt.Errorf("sweep name %q: want 1 to 64 letters, digits, '-' or '_'", sweep)
	}
	return nil
}

// resultSubject is where the result of job id of a sweep goes.
func resultSubject(sweep, id string) string {
	return resultsPrefix + sweep + "." + base64.RawURLEncoding.EncodeToString([]byte(id))
}

// msgID is the message ID of job id of a sweep and of its result.
func msgID(sweep, id string) string { return sweep + "/" + id }

// Publish puts the jobs of a sweep on the work queue. A job ID published
// twice in a sweep within half an hour is queued once. The jobs are
// queued when it returns nil; on an error some may be.
func (c *Client) Publish(ctx context.Context, sweep string, jobs []Job) error {
	if err := checkSweep(sweep); err != nil {
		return err
	}
	for _, j := range jobs {
		if j.ID == "" || len(j.ID) > maxIDLen {
			return fmt.Errorf("job ID %q: want 1 to %d bytes", j.ID, maxIDLen)
		}
	}
	for len(jobs) > 0 {
		batch := jobs[:min(len(jobs), publishWindow)]
		jobs = jobs[len(batch):]
		acks := make([]jetstream.PubAckFuture, len(batch))
		for i, j := range batch {
			m := nats.NewMsg(jobsPrefix + sweep)
			m.Header.Set(jobHeader, j.ID)
			m.Data = j.Payload
			var err error
			if acks[i], err = c.js.PublishMsgAsync(m, jetstream.WithMsgID(msgID(sweep, j.ID))); err != nil {
				return fmt.Errorf("publishing job %s: %w", j.ID, err)
			}
		}
		for i, a := range acks {
			select {
			case <-a.Ok():
			case err := <-a.Err():
				return fmt.Errorf("publishing job %s: %w", batch[i].ID, err)
			case <-ctx.Done():
				return fmt.Errorf("publishing job %s: %w", batch[i].ID, ctx.Err())
			}
		}
	}
	return nil
}

// Work takes jobs of every sweep, one at a time, until ctx ends; then it
// returns nil. For each job it calls do, sending the broker a heartbeat
// (an in-progress acknowledgement, confirmed) every AckWait/3 while do
// runs; then it stores the Result and acknowledges the job. An error of do
// is a Result with Err, acknowledged too: a failing job is not retried;
// so is a panic of do, with its stack.
//
// do's context is cancelled when ctx ends or when the job is lost, with
// the cause ErrLost: no heartbeat reached the broker for AckWait, so the
// broker gives the job to another worker. A lost job's error is not
// stored; a result that do returns anyway is, unless the other worker's
// came first. When ctx ends during a job that then fails, the job is
// handed back at once (a negative acknowledgement) for another worker.
//
// A job whose worker dies (kill -9, a machine gone) goes to another
// worker after AckWait. A job delivered again whose result is already
// stored, because its worker died between the two, is acknowledged
// without running. Work returns an error only when the connection is
// closed or do is nil; it waits out a broker that restarts.
func (c *Client) Work(ctx context.Context, do func(ctx context.Context, j Job) ([]byte, error)) error {
	if do == nil {
		return errors.New("queue: Work needs a function to run the jobs")
	}
	var cons jetstream.Consumer
	var infoAt time.Time
	for ctx.Err() == nil {
		if c.nc.IsClosed() {
			return fmt.Errorf("taking a job: %w", nats.ErrConnectionClosed)
		}
		if cons == nil {
			lctx, cancel := context.WithTimeout(ctx, lookupTimeout)
			var err error
			cons, err = c.js.Consumer(lctx, JobsStream, consumerName)
			cancel()
			if err != nil {
				if errors.Is(err, jetstream.ErrConsumerNotFound) || errors.Is(err, jetstream.ErrStreamNotFound) {
					// A broker restarted with a new store: create them again.
					ectx, cancel := context.WithTimeout(ctx, opTimeout)
					c.ensure(ectx)
					cancel()
				}
				cons = nil
				pause(ctx, time.Second)
				continue
			}
			c.setAckWait(cons.CachedInfo().Config.AckWait)
			infoAt = time.Now()
		}
		if time.Since(infoAt) > infoAge {
			lctx, cancel := context.WithTimeout(ctx, lookupTimeout)
			info, err := cons.Info(lctx)
			cancel()
			if err == nil {
				c.setAckWait(info.Config.AckWait)
				infoAt = time.Now()
			}
		}
		fctx, cancel := context.WithTimeout(ctx, pollWait)
		msg, err := cons.Next(jetstream.FetchContext(fctx))
		cancel()
		switch {
		case err == nil:
			c.run(ctx, msg, do)
		case ctx.Err() != nil:
		case errors.Is(err, nats.ErrTimeout), errors.Is(err, jetstream.ErrNoMessages),
			errors.Is(err, context.DeadlineExceeded):
		default:
			// A broker restarting, the consumer deleted: ask again.
			cons = nil
			pause(ctx, time.Second)
		}
	}
	return nil
}

// pause waits d or until ctx ends.
func pause(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// run does the job of msg.
func (c *Client) run(ctx context.Context, msg jetstream.Msg, do func(context.Context, Job) ([]byte, error)) {
	received := time.Now()
	meta, err := msg.Metadata()
	id := msg.Headers().Get(jobHeader)
	sweep, ok := strings.CutPrefix(msg.Subject(), jobsPrefix)
	if err != nil || !ok || checkSweep(sweep) != nil || id == "" {
		// Not a job of this package: no result can be stored for it.
		msg.TermWithReason("not a nimber job")
		return
	}
	res := Result{ID: id, Worker: c.o.Name, Attempt: int(meta.NumDelivered)}
	if res.Attempt > 1 {
		// Its worker may have died between storing the result and
		// acknowledging the job.
		c.mu.Lock()
		results := c.results
		c.mu.Unlock()
		rctx, cancel := context.WithTimeout(ctx, lookupTimeout)
		_, err := results.GetLastMsgForSubject(rctx, resultSubject(sweep, id))
		cancel()
		if err == nil {
			c.ack(msg)
			return
		}
	}
	if res.Attempt > c.o.MaxDeliver {
		res.Err = fmt.Sprintf("given up after %d runs that did not finish: each worker that took the job died, lost the broker or was stopped", res.Attempt-1)
		if c.storeResult(sweep, res) == nil {
			c.ack(msg)
		}
		return
	}

	ackWait := c.getAckWait()
	if ackWait <= 0 {
		ackWait = defaultAckWait
	}
	if c.o.AckWait > 0 {
		ackWait = min(ackWait, c.o.AckWait)
	}
	every := max(ackWait/3, 10*time.Millisecond)
	jobCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	done := make(chan struct{})
	var out []byte
	var doErr error
	go func() {
		defer close(done)
		defer func() {
			if r := recover(); r != nil {
				out, doErr = nil, fmt.Errorf("panic: %v\n%s", r, debug.Stack())
			}
		}()
		out, doErr = do(jobCtx, Job{ID: id, Payload: msg.Data()})
	}()
	beat := time.NewTicker(every)
	heard := received // the broker's clock for the job runs from about here
	for running := true; running; {
		select {
		case <-done:
			running = false
		case <-beat.C:
			sent := time.Now()
			if c.heartbeat(msg, every) == nil {
				heard = sent
			} else if c.nc.IsClosed() || time.Since(heard) >= ackWait {
				cancel(ErrLost)
			}
		}
	}
	beat.Stop()
	lost := errors.Is(context.Cause(jobCtx), ErrLost)
	if doErr != nil {
		switch {
		case lost:
			return // another worker has it
		case ctx.Err() != nil:
			msg.Nak() // stopped: another worker takes it now
			return
		}
		res.Err = doErr.Error()
	}
	res.Payload = out
	if err := c.storeResult(sweep, res); err != nil {
		if !lost {
			msg.NakWithDelay(time.Second)
		}
		return
	}
	c.ack(msg)
}

// heartbeat tells the broker that the job of msg is in progress and waits
// up to timeout for the broker to confirm it.
func (c *Client) heartbeat(msg jetstream.Msg, timeout time.Duration) error {
	_, err := c.nc.Request(msg.Reply(), []byte("+WPI"), timeout)
	return err
}

// ack acknowledges a job and waits for the broker to confirm it. A job
// whose acknowledgement is lost comes back after AckWait, and is then
// acknowledged without running since its result is stored.
func (c *Client) ack(msg jetstream.Msg) {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	msg.DoubleAck(ctx)
}

// storeResult publishes the result of a job of a sweep, unless the job
// already has one: a result stored already is success.
func (c *Client) storeResult(sweep string, res Result) error {
	data, err := json.Marshal(res)
	if err != nil {
		return err
	}
	// The JSON, the subject and the headers must fit the broker's limit.
	if limit := c.nc.MaxPayload() - 1024; int64(len(data)) > limit {
		n := len(res.Payload)
		res.Payload = nil
		res.Err = fmt.Sprintf("the result, %d bytes, is over the broker's limit of about %d bytes", n, limit)
		if data, err = json.Marshal(res); err != nil {
			return err
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	_, err = c.js.Publish(ctx, resultSubject(sweep, res.ID), data,
		jetstream.WithMsgID(msgID(sweep, res.ID)), jetstream.WithExpectLastSequencePerSubject(0))
	if alreadyStored(err) {
		return nil // the job's first result is stored
	}
	if err != nil {
		return fmt.Errorf("storing the result of %s: %w", res.ID, err)
	}
	return nil
}

// alreadyStored reports whether err refuses a result because its subject
// holds one already.
func alreadyStored(err error) bool {
	var apiErr *jetstream.APIError
	return errors.As(err, &apiErr) && (apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
		apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant)
}

// Collect reads the results of a sweep, from the first, calling got once
// per job ID, until want distinct jobs have reported or ctx ends (an
// error that says how many came). An error of got stops it and is
// returned. Results come in the order they were stored.
func (c *Client) Collect(ctx context.Context, sweep string, want int, got func(Result) error) error {
	if err := checkSweep(sweep); err != nil {
		return err
	}
	if got == nil {
		return errors.New("queue: Collect needs a function to take the results")
	}
	if want <= 0 {
		return nil
	}
	cons, err := c.js.OrderedConsumer(ctx, ResultsStream, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{resultsPrefix + sweep + ".>"},
	})
	if err != nil {
		return fmt.Errorf("reading the results of %s: %w", sweep, err)
	}
	it, err := cons.Messages()
	if err != nil {
		return fmt.Errorf("reading the results of %s: %w", sweep, err)
	}
	defer it.Stop()
	stop := context.AfterFunc(ctx, it.Stop)
	defer stop()
	seen := make(map[string]bool, want)
	for len(seen) < want {
		msg, err := it.Next()
		if ctx.Err() != nil {
			return fmt.Errorf("%d of %d results of %s: %w", len(seen), want, sweep, ctx.Err())
		}
		if err != nil {
			return fmt.Errorf("reading the results of %s: %w", sweep, err)
		}
		var r Result
		if err := json.Unmarshal(msg.Data(), &r); err != nil {
			return fmt.Errorf("a result of %s that is not JSON: %w", sweep, err)
		}
		if seen[r.ID] {
			continue
		}
		seen[r.ID] = true
		if err := got(r); err != nil {
			return err
		}
	}
	return nil
}

// Pending returns the number of jobs of every sweep queued and not yet
// done (acknowledged), running ones included.
func (c *Client) Pending(ctx context.Context) (int, error) {
	s, err := c.js.Stream(ctx, JobsStream)
	if err != nil {
		return 0, err
	}
	info, err := s.Info(ctx)
	if err != nil {
		return 0, err
	}
	return int(info.State.Msgs), nil
}

// Purge removes the jobs of a sweep not yet done from the queue, for a
// sweep abandoned; a job running is finished, its result stored.
// Beware: with nats-server 2.15.2, a filtered purge of one sweep was seen
// to leave another sweep's redelivered job (its worker dead) in the stream
// but never delivered again; searchjobs therefore publishes a window of
// jobs instead of purging.
func (c *Client) Purge(ctx context.Context, sweep string) error {
	if err := checkSweep(sweep); err != nil {
		return err
	}
	s, err := c.js.Stream(ctx, JobsStream)
	if err == nil {
		err = s.Purge(ctx, jetstream.WithPurgeSubject(jobsPrefix+sweep))
	}
	if err != nil {
		return fmt.Errorf("purging the jobs of %s: %w", sweep, err)
	}
	return nil
}
