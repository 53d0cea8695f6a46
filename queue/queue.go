// Package queue spreads independent jobs over workers with NATS JetStream:
// an embedded broker (a NATS server with JetStream and a file store), a
// work-queue stream of jobs taken by any number of workers with explicit
// acknowledgements, in-progress heartbeats on long jobs and redelivery
// when a worker dies, and a stream of results collected once per job. It
// knows nothing of what the jobs compute: a job is an ID and bytes.
package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"regexp"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The streams and the consumer every worker shares.
const (
	JobsStream    = "NIMBER_JOBS"
	ResultsStream = "NIMBER_RESULTS"
	jobsSubject   = "nimber.jobs."
	resultSubject = "nimber.results."
	workers       = "workers"
	jobHeader     = "Nimber-Job"
	// dedupeWindow is how long JetStream remembers a message ID: a job
	// published twice, or a result sent twice, within it is kept once.
	dedupeWindow = 30 * time.Minute
)

// BrokerOptions configure StartBroker.
type BrokerOptions struct {
	// Listen is the HOST:PORT the broker accepts clients on; empty for a
	// broker reached only in process (Broker.Connect).
	Listen string
	// StoreDir is JetStream's file store, where unfinished jobs survive a
	// restart; empty for a temporary directory removed by Close.
	StoreDir string
}

// Broker is an embedded NATS server with JetStream.
type Broker struct {
	srv *server.Server
	tmp string
}

// StartBroker starts a broker and waits until it takes connections.
func StartBroker(o BrokerOptions) (*Broker, error) {
	b := &Broker{}
	dir := o.StoreDir
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "nimber-broker-"); err != nil {
			return nil, err
		}
		b.tmp = dir
	}
	opts := &server.Options{JetStream: true, StoreDir: dir, NoSigs: true, NoLog: true, ServerName: "nimber"}
	if o.Listen == "" {
		opts.DontListen = true
	} else {
		host, port, err := net.SplitHostPort(o.Listen)
		if err != nil {
			b.removeTmp()
			return nil, fmt.Errorf("--listen %q: want HOST:PORT: %v", o.Listen, err)
		}
		if opts.Port, err = strconv.Atoi(port); err != nil || opts.Port < 0 || opts.Port > 65535 {
			b.removeTmp()
			return nil, fmt.Errorf("--listen %q: port %q is not 0..65535", o.Listen, port)
		}
		opts.Host = host
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		b.removeTmp()
		return nil, fmt.Errorf("starting the broker: %w", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		b.removeTmp()
		return nil, fmt.Errorf("the broker did not start within 10 s (is %s free?)", o.Listen)
	}
	b.srv = srv
	return b, nil
}

func (b *Broker) removeTmp() {
	if b.tmp != "" {
		os.RemoveAll(b.tmp)
	}
}

// URL returns the broker's client URL, "" for a broker in process only.
func (b *Broker) URL() string {
	if b.srv.ClientURL() == "" || b.srv.Addr() == nil {
		return ""
	}
	return b.srv.ClientURL()
}

// Connect returns a client of the broker, in process.
func (b *Broker) Connect(o Options) (*Client, error) {
	return connect(o, "in-process broker", nats.InProcessServer(b.srv))
}

// Close stops the broker and waits for it.
func (b *Broker) Close() error {
	b.srv.Shutdown()
	b.srv.WaitForShutdown()
	b.removeTmp()
	return nil
}

// Options configure a client.
type Options struct {
	// Name names the client (a worker: its host and process) in results.
	Name string
	// AckWait is how long a job may go without an acknowledgement or a
	// heartbeat before JetStream gives it to another worker (30 s when
	// zero). Workers send a heartbeat every AckWait/3.
	AckWait time.Duration
	// MaxDeliver bounds the deliveries of one job (5 when zero).
	MaxDeliver int
}

// Client is a connection to a broker.
type Client struct {
	nc *nats.Conn
	js jetstream.JetStream
	o  Options
}

// Connect connects to the broker at url (nats://HOST:PORT), failing
// within seconds when none answers.
func Connect(url string, o Options) (*Client, error) {
	return connect(o, url, func(opts *nats.Options) error {
		opts.Url = url
		return nil
	})
}

func connect(o Options, where string, opt nats.Option) (*Client, error) {
	if o.AckWait <= 0 {
		o.AckWait = 30 * time.Second
	}
	if o.MaxDeliver <= 0 {
		o.MaxDeliver = 5
	}
	if o.Name == "" {
		host, _ := os.Hostname()
		o.Name = fmt.Sprintf("%s/%d", host, os.Getpid())
	}
	nc, err := nats.Connect("", opt, nats.Name(o.Name), nats.Timeout(5*time.Second), nats.MaxReconnects(-1))
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", where, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, err
	}
	c := &Client{nc: nc, js: js, o: o}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.ensure(ctx); err != nil {
		nc.Close()
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	return c, nil
}

// Close closes the connection.
func (c *Client) Close() { c.nc.Close() }

// ensure creates the streams and the workers' consumer, or brings their
// settings up to date.
func (c *Client) ensure(ctx context.Context) error {
	if _, err := c.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: JobsStream, Subjects: []string{jobsSubject + ">"}, Retention: jetstream.WorkQueuePolicy,
		Storage: jetstream.FileStorage, Duplicates: dedupeWindow,
	}); err != nil {
		return fmt.Errorf("the jobs stream: %w", err)
	}
	if _, err := c.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: ResultsStream, Subjects: []string{resultSubject + ">"}, Retention: jetstream.LimitsPolicy,
		Storage: jetstream.FileStorage, Duplicates: dedupeWindow, MaxAge: 7 * 24 * time.Hour,
	}); err != nil {
		return fmt.Errorf("the results stream: %w", err)
	}
	if _, err := c.js.CreateOrUpdateConsumer(ctx, JobsStream, jetstream.ConsumerConfig{
		Durable: workers, AckPolicy: jetstream.AckExplicitPolicy, AckWait: c.o.AckWait,
		MaxDeliver: c.o.MaxDeliver, MaxAckPending: 4096, FilterSubject: jobsSubject + ">",
	}); err != nil {
		return fmt.Errorf("the workers' consumer: %w", err)
	}
	return nil
}

// Job is a piece of work: an ID unique in its sweep and its bytes.
type Job struct {
	ID      string `json:"id"`
	Payload []byte `json:"payload"`
}

// Result is what a worker made of a job: its Payload, or Err when the job
// failed; Worker names the worker and Attempt counts the job's deliveries.
type Result struct {
	ID      string `json:"id"`
	Payload []byte `json:"payload,omitempty"`
	Err     string `json:"error,omitempty"`
	Worker  string `json:"worker"`
	Attempt int    `json:"attempt"`
}

var sweepName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func checkSweep(sweep string) error {
	if !sweepName.MatchString(sweep) {
		return fmt.Errorf("sweep name %q: want 1 to 64 letters, digits, '-' or '_'", sweep)
	}
	return nil
}

// Publish puts the jobs of a sweep on the work queue. A job ID published
// twice in a sweep within half an hour is queued once.
func (c *Client) Publish(ctx context.Context, sweep string, jobs []Job) error {
	if err := checkSweep(sweep); err != nil {
		return err
	}
	for _, j := range jobs {
		m := nats.NewMsg(jobsSubject + sweep)
		m.Header.Set(jobHeader, j.ID)
		m.Data = j.Payload
		if _, err := c.js.PublishMsg(ctx, m, jetstream.WithMsgID(sweep+"/"+j.ID)); err != nil {
			return fmt.Errorf("publishing job %s: %w", j.ID, err)
		}
	}
	return nil
}

// Work takes jobs of every sweep, one at a time, until ctx ends. For each
// it calls do, sending JetStream a heartbeat (an in-progress
// acknowledgement) every AckWait/3 while do runs; then it publishes the
// Result, whose message ID is the job's, so that a job done twice adds
// one result, and acknowledges the job. An error of do is a Result with
// Err, acknowledged too: a failing job is not retried. A job whose worker
// dies before the acknowledgement goes to another worker after AckWait.
// When ctx ends during a job, the job is handed back at once (a negative
// acknowledgement) and Work returns nil.
func (c *Client) Work(ctx context.Context, do func(ctx context.Context, j Job) ([]byte, error)) error {
	cons, err := c.js.Consumer(ctx, JobsStream, workers)
	if err != nil {
		return fmt.Errorf("the workers' consumer: %w", err)
	}
	for ctx.Err() == nil {
		msg, err := cons.Next(jetstream.FetchMaxWait(time.Second))
		if errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrNoMessages) {
			continue
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			if c.nc.IsClosed() {
				return fmt.Errorf("taking a job: %w", err)
			}
			// A broker restarting: wait and ask again.
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
			continue
		}
		if err := c.run(ctx, msg, do); err != nil {
			return err
		}
	}
	return nil
}

// run does the job of msg.
func (c *Client) run(ctx context.Context, msg jetstream.Msg, do func(context.Context, Job) ([]byte, error)) error {
	meta, err := msg.Metadata()
	if err != nil {
		return err
	}
	sweep := msg.Subject()[len(jobsSubject):]
	job := Job{ID: msg.Headers().Get(jobHeader), Payload: msg.Data()}
	res := Result{ID: job.ID, Worker: c.o.Name, Attempt: int(meta.NumDelivered)}

	done := make(chan struct{})
	var out []byte
	var doErr error
	jobCtx, cancel := context.WithCancel(ctx)
	go func() {
		defer close(done)
		out, doErr = do(jobCtx, job)
	}()
	beat := time.NewTicker(c.o.AckWait / 3)
	for waiting := true; waiting; {
		select {
		case <-done:
			waiting = false
		case <-beat.C:
			msg.InProgress()
		}
	}
	beat.Stop()
	cancel()
	if ctx.Err() != nil {
		msg.Nak() // stopped: another worker takes it now
		return nil
	}
	res.Payload = out
	if doErr != nil {
		res.Err = doErr.Error()
	}
	data, err := json.Marshal(res)
	if err != nil {
		return err
	}
	pctx, pcancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer pcancel()
	if _, err := c.js.Publish(pctx, resultSubject+sweep, data, jetstream.WithMsgID(sweep+"/"+job.ID)); err != nil {
		msg.Nak()
		return fmt.Errorf("publishing the result of %s: %w", job.ID, err)
	}
	if err := msg.DoubleAck(pctx); err != nil {
		// The result is out; a redelivery will add nothing new.
		return nil
	}
	return nil
}

// Collect reads the results of a sweep, from the first, calling got once
// per job ID (a job done twice has one result), until want distinct jobs
// have reported or ctx ends. An error of got stops it.
func (c *Client) Collect(ctx context.Context, sweep string, want int, got func(Result) error) error {
	if err := checkSweep(sweep); err != nil {
		return err
	}
	cons, err := c.js.OrderedConsumer(ctx, ResultsStream, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{resultSubject + sweep},
	})
	if err != nil {
		return fmt.Errorf("reading the results: %w", err)
	}
	seen := map[string]bool{}
	for len(seen) < want {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("%d of %d results: %w", len(seen), want, err)
		}
		msg, err := cons.Next(jetstream.FetchMaxWait(time.Second))
		if errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrNoMessages) {
			continue
		}
		if err != nil {
			if ctx.Err() != nil {
				continue
			}
			return fmt.Errorf("reading the results: %w", err)
		}
		var r Result
		if err := json.Unmarshal(msg.Data(), &r); err != nil {
			return fmt.Errorf("a result that is not JSON: %w", err)
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

// Pending returns the jobs queued and not yet acknowledged.
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
