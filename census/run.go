package census

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"time"

	"nimber/heap"
	"nimber/queue"
	"nimber/store"
)

// Options configure a census.
type Options struct {
	// Codes are the codes to survey, each to To heaps.
	Codes []string
	To    int
	// Store keeps the results: a code stored to at least To heaps is
	// answered from it, a shorter stored run is extended.
	Store *store.Store
	// NATS is the URL of a broker whose workers (nimber worker) do the
	// jobs; empty for a broker in this process with Workers workers.
	NATS string
	// Workers is the number of workers in process (GOMAXPROCS when zero).
	Workers int
	// SeqDir is where workers in process keep sequence files ("" for
	// none: nothing to extend later).
	SeqDir string
	// AckWait is the queue's redelivery delay (queue.Options).
	AckWait time.Duration
	// Limits bound each code of a census of misère quotients
	// (RunQuotients).
	Limits QuotientLimits
	// Progress, when set, is called after each code with the codes done
	// so far and the total.
	Progress func(done, total int)
}

// MaxHeaps bounds the heaps of a census, which keeps every sequence in
// memory while it runs: 2^26 heaps cost about 80 MB a worker.
const MaxHeaps = 1 << 26

// Run surveys the codes: those stored to at least To heaps at once from the
// store, the others as jobs on the work queue, whose results it stores as
// they come. It returns a result per code, in the order of the codes, with
// notes on codes whose values equal an earlier code's. A job that failed
// has no result and is reported in the error, after the other results are
// stored.
func Run(ctx context.Context, o Options) ([]Result, error) {
	b, err := newBatch[Result](o, MaxHeaps)
	if err != nil {
		return nil, err
	}
	for i, code := range o.Codes {
		g, err := heap.Parse(code)
		if err != nil {
			return nil, err
		}
		canon := g.String()
		if r, ok, err := o.Store.Best(ctx, canon, o.To); err != nil {
			return nil, err
		} else if ok {
			r.Code, r.Cached = code, true
			b.answer(i, r)
			continue
		}
		job := Job{Code: code, To: o.To}
		if r, ok, err := o.Store.Longest(ctx, canon); err != nil {
			return nil, err
		} else if ok && r.SeqPath != "" {
			job.SeqPath, job.SeqSHA256 = r.SeqPath, r.SeqSHA256
		}
		if err := b.add(i, canon, job); err != nil {
			return nil, err
		}
	}
	out, err := b.run(ctx, func(res *Result, worker string) error {
		res.Worker = worker
		if res.ComputedAt.IsZero() {
			// A worker of an earlier version does not say when: the
			// time its result arrived is the nearest we know.
			res.ComputedAt = time.Now().UTC()
		}
		_, err := o.Store.Put(ctx, *res)
		return err
	})
	noteEquals(out)
	return out, err
}

// batch is the bookkeeping of a census whose results are of type R: a
// result per code in the order of the codes, the jobs of the codes the
// store does not answer, the codes that failed, and the progress.
type batch[R any] struct {
	o      Options
	out    []R
	got    []bool         // whether out[i] is a result
	at     map[string]int // job ID -> index in out
	jobs   []queue.Job
	failed []error
	done   int
}

// newBatch starts a census of o.Codes to o.To heaps, at most maxTo, with
// GOMAXPROCS workers in process when o.Workers is not set.
func newBatch[R any](o Options, maxTo int) (*batch[R], error) {
	if o.To < 1 || o.To > maxTo {
		return nil, fmt.Errorf("--to %d out of range 1..%d", o.To, maxTo)
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	return &batch[R]{o: o, out: make([]R, len(o.Codes)), got: make([]bool, len(o.Codes)), at: map[string]int{}}, nil
}

// answer sets r as the result of code i and reports the progress.
func (b *batch[R]) answer(i int, r R) {
	b.out[i], b.got[i] = r, true
	b.done++
	if b.o.Progress != nil {
		b.o.Progress(b.done, len(b.o.Codes))
	}
}

// add queues job, that of code i, whose canonical form is canon; a code
// whose job is an earlier code's again is an error.
func (b *batch[R]) add(i int, canon string, job Job) error {
	id, _ := job.ID()
	if _, dup := b.at[id]; dup {
		return fmt.Errorf("code %s is %s again", b.o.Codes[i], canon)
	}
	b.at[id] = i
	payload, err := json.Marshal(job)
	if err != nil {
		return err
	}
	b.jobs = append(b.jobs, queue.Job{ID: id, Payload: payload})
	return nil
}

// refusal is an error of keep (batch.run) that fails the code whose
// result it refuses, not the census.
type refusal struct{ error }

// run does the queued jobs and decodes each result, which keep completes
// (worker is the worker that computed it) and stores before it becomes
// the code's answer. It returns the results of the codes answered, in
// their order, and the failures of the others (a job's error or keep's
// refusal) joined; on any other error, that error alone.
func (b *batch[R]) run(ctx context.Context, keep func(res *R, worker string) error) ([]R, error) {
	if len(b.jobs) > 0 {
		err := runJobs(ctx, b.o, b.jobs, func(r queue.Result) error {
			i := b.at[r.ID]
			if r.Err != "" {
				b.failed = append(b.failed, fmt.Errorf("%s: %s", b.o.Codes[i], r.Err))
				return nil
			}
			var res R
			if err := json.Unmarshal(r.Payload, &res); err != nil {
				return fmt.Errorf("the result of %s: %w", r.ID, err)
			}
			if err := keep(&res, r.Worker); err != nil {
				if ref, ok := errors.AsType[refusal](err); ok {
					b.failed = append(b.failed, fmt.Errorf("%s: %w", b.o.Codes[i], ref.error))
					return nil
				}
				return err
			}
			b.answer(i, res)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	out := b.out
	if len(b.failed) > 0 { // the codes that failed have no result
		out = out[:0]
		for i, r := range b.out {
			if b.got[i] {
				out = append(out, r)
			}
		}
	}
	return out, errors.Join(b.failed...)
}

// runJobs publishes the jobs as a new sweep and collects their results,
// with workers in this process unless o.NATS names a broker.
func runJobs(ctx context.Context, o Options, jobs []queue.Job, got func(queue.Result) error) error {
	qo := queue.Options{AckWait: o.AckWait}
	var c *queue.Client
	var wg sync.WaitGroup
	ctx, cancel := context.WithCancel(ctx)
	defer func() { cancel(); wg.Wait() }()
	if o.NATS != "" {
		var err error
		if c, err = queue.Connect(o.NATS, qo); err != nil {
			return err
		}
		defer c.Close()
	} else {
		b, err := queue.StartBroker(queue.BrokerOptions{})
		if err != nil {
			return err
		}
		defer b.Close()
		if c, err = b.Connect(qo); err != nil {
			return err
		}
		defer c.Close()
		host, _ := os.Hostname()
		for k := range o.Workers {
			wo := qo
			wo.Name = fmt.Sprintf("%s/%d/%d", host, os.Getpid(), k+1)
			w, err := b.Connect(wo)
			if err != nil {
				return err
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer w.Close()
				threads := max(1, runtime.GOMAXPROCS(0)/o.Workers)
				w.Work(ctx, Worker(SurveyOptions{Workers: threads, SeqDir: o.SeqDir, Worker: wo.Name}))
			}()
		}
	}
	sweep, err := newSweep()
	if err != nil {
		return err
	}
	if err := c.Publish(ctx, sweep, jobs); err != nil {
		return err
	}
	return c.Collect(ctx, sweep, len(jobs), got)
}

// Worker returns the work of a census worker: a Job in, its Result (or
// QuotientResult, by the job's Kind) out.
func Worker(o SurveyOptions) func(context.Context, queue.Job) ([]byte, error) {
	return func(ctx context.Context, j queue.Job) ([]byte, error) {
		var job Job
		if err := json.Unmarshal(j.Payload, &job); err != nil {
			return nil, fmt.Errorf("job %s: %w", j.ID, err)
		}
		var r any
		var err error
		switch job.Kind {
		case "":
			r, err = Survey(ctx, job, o)
		case KindMisere:
			r, err = SurveyQuotient(ctx, job, o)
		default:
			err = fmt.Errorf("job %s: unknown kind %q (a newer nimber's job?)", j.ID, job.Kind)
		}
		if err != nil {
			return nil, err
		}
		return json.Marshal(r)
	}
}

// newSweep names a sweep: the time and random letters.
func newSweep() (string, error) {
	b := make([]byte, 4)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "census-" + time.Now().UTC().Format("20060102T150405") + "-" + hex.EncodeToString(b), nil
}

// noteEquals notes on each result whose values equal those of an earlier
// result with as many heaps that they are the same game as far as
// computed, and on each whose values are another's one heap on (G(n) =
// G'(n+1): the other game with heaps one token larger, as when a move that
// takes a whole heap of one token is all that differs).
func noteEquals(rs []Result) {
	first := map[string]string{} // values@heaps -> the first code with them
	tails := map[string]string{} // tail@heaps -> the first code with it
	for _, r := range rs {
		if r.TailSHA256 != "" {
			k := fmt.Sprintf("%s@%d", r.TailSHA256, r.Heaps)
			if _, ok := tails[k]; !ok {
				tails[k] = r.Canonical
			}
		}
	}
	for i := range rs {
		r := &rs[i]
		if r.ValuesSHA256 == "" {
			continue
		}
		key := fmt.Sprintf("%s@%d", r.ValuesSHA256, r.Heaps)
		if c, ok := first[key]; ok {
			r.Note = fmt.Sprintf("same values as %s to %d heaps", c, r.Heaps)
			continue
		}
		first[key] = r.Canonical
		if c, ok := tails[fmt.Sprintf("%s@%d", r.HeadSHA256, r.Heaps)]; ok && r.HeadSHA256 != "" && c != r.Canonical {
			r.Note = fmt.Sprintf("the values of %s one heap on (G(n) is its G(n+1)) to %d heaps", c, r.Heaps-1)
		}
	}
}
