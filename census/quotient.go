package census

// The census of misère quotients: a job per code computes the misère
// quotient of the sums of heaps 1..N (misere.Solver.Quotient) within
// limits, and the results are kept in the store, finished quotients in
// quotients and stopped computations in quotient_stops.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"nimber/heap"
	"nimber/misere"
	"nimber/store"
)

// KindMisere is the Kind of a job that computes a misère quotient.
const KindMisere = "misere"

// QuotientLimits bound the computation of one code's misère quotient.
type QuotientLimits struct {
	// Memory bounds one check of a candidate quotient, in bytes by the
	// engine's estimate (misere.Solver.SetQuotientMemory; 0: its default).
	Memory int64 `json:"memory,omitempty"`
	// Checks bounds the sums one walk of a candidate may reach (0: the
	// default).
	Checks int `json:"checks,omitempty"`
	// Timeout bounds the time of the code (0: none).
	Timeout time.Duration `json:"timeout,omitempty"`
}

// Resolved returns l with the engine's defaults in place of zero memory
// and checks: the limits a computation runs under, as the store keeps
// them.
func (l QuotientLimits) Resolved() QuotientLimits {
	if l.Memory <= 0 {
		l.Memory = misere.DefaultQuotientMemory
	}
	if l.Checks <= 0 {
		l.Checks = misere.DefaultQuotientChecks
	}
	return l
}

// Solver returns a misère solver of g whose quotient computations keep to
// l's memory and checks (the timeout is the caller's context).
func (l QuotientLimits) Solver(g *heap.Code) *misere.Solver {
	l = l.Resolved()
	s := misere.New(g, 0)
	s.SetQuotientChecks(l.Checks)
	s.SetQuotientMemory(l.Memory)
	return s
}

// QuotientRun returns the stored form of q, the misère quotient of code
// (the game g) computed in d: what quotient --db and the census store.
func QuotientRun(code string, g *heap.Code, q *misere.Quotient, d time.Duration) (store.QuotientRun, error) {
	presentation, err := json.Marshal(struct {
		Generators []misere.Generator `json:"generators"`
		Relations  []misere.Relation  `json:"relations"`
	}{q.Generators, q.Relations})
	if err != nil {
		return store.QuotientRun{}, err
	}
	names := make([]string, len(q.Map))
	for n, x := range q.Map {
		names[n] = q.Elements[x]
	}
	heaps, err := json.Marshal(names)
	if err != nil {
		return store.QuotientRun{}, err
	}
	p := q.PPortion()
	pNames, err := json.Marshal(p)
	if err != nil {
		return store.QuotientRun{}, err
	}
	run := store.QuotientRun{Code: code, Canonical: g.String(), Heaps: q.Heaps, Order: q.Order, PPortion: len(p),
		Presentation: string(presentation), StableFrom: q.StableFrom(), Map: string(heaps), PElements: string(pNames),
		Seconds: d.Seconds(), ComputedAt: time.Now().UTC()}
	if per := q.Periodic; per != nil {
		run.Periodic, run.Preperiod, run.Period, run.ProvedAt = true, per.Preperiod, per.Period, per.ProvedAt
	}
	return run, nil
}

// QuotientResult is what a census of misère quotients reports of one
// code: a finished quotient, or where its computation stopped.
type QuotientResult struct {
	// Kind is KindMisere: a census refuses a result without it, the
	// answer of a worker that does not know misère jobs.
	Kind string `json:"kind"`
	// Code is the code as given; Canonical its canonical form.
	Code      string `json:"code"`
	Canonical string `json:"canonical"`
	// Heaps is the heaps asked for (the census's --to); Reached the
	// heaps of the quotient reported: Heaps, more when the store had a
	// longer one, or the heap before the one the computation stopped at.
	Heaps   int `json:"heaps"`
	Reached int `json:"heaps_reached"`
	// Order is the quotient's order (when stopped, that of heaps
	// 1..Reached); PPortion the size of its P-portion.
	Order    int `json:"order"`
	PPortion int `json:"p_portion_size"`
	// StableFrom is the heap from which the order stays the same up to
	// Reached (0 when stopped).
	StableFrom int `json:"stable_from"`
	// Presentation ({"generators", "relations"}), Map (each heap's
	// element, heaps 0..Reached) and PElements (the P-portion's elements)
	// are those of a finished quotient; absent when stopped, and Map and
	// PElements in quotients stored before they were kept.
	Presentation json.RawMessage `json:"presentation,omitempty"`
	Map          json.RawMessage `json:"map,omitempty"`
	PElements    json.RawMessage `json:"p_portion,omitempty"`
	// Periodic, when set, proves the quotient for every heap.
	Periodic *misere.Periodicity `json:"periodic,omitempty"`
	// Stopped, when set, says where a limit stopped the computation.
	Stopped *QuotientStop `json:"stopped,omitempty"`
	// Seconds is the time the computation took; Worker and ComputedAt say
	// who computed it and when.
	Seconds    float64   `json:"seconds"`
	Worker     string    `json:"worker,omitempty"`
	ComputedAt time.Time `json:"computed_at"`
	// Cached reports a result read from the store, not computed now.
	Cached bool `json:"cached,omitempty"`
	// Note says what the census notices, such as another code with the
	// same quotient.
	Note string `json:"note,omitempty"`
}

// QuotientStop says where and why a quotient computation stopped.
type QuotientStop struct {
	// Heap is the heap being added when it stopped.
	Heap int `json:"heap"`
	// Reason is what stopped it: the engine's limit, or the timeout.
	Reason string `json:"reason"`
	// Limits are those it ran under (the engine's defaults filled in).
	Limits QuotientLimits `json:"limits"`
}

// StoredQuotient returns the result of q, a stored quotient of code,
// for a census asked for heaps 1..asked.
func StoredQuotient(code string, asked int, q store.QuotientRun) QuotientResult {
	r := QuotientResult{Kind: KindMisere, Code: code, Canonical: q.Canonical, Heaps: asked, Reached: q.Heaps, Order: q.Order,
		PPortion: q.PPortion, StableFrom: q.StableFrom, Presentation: raw(q.Presentation), Map: raw(q.Map),
		PElements: raw(q.PElements), Seconds: q.Seconds, Worker: q.Worker, ComputedAt: q.ComputedAt}
	if q.Periodic {
		r.Periodic = &misere.Periodicity{Preperiod: q.Preperiod, Period: q.Period, ProvedAt: q.ProvedAt}
	}
	return r
}

// StoredStop returns the result of s, a stored stop of code, for a
// census asked for heaps 1..asked.
func StoredStop(code string, asked int, s store.QuotientStop) QuotientResult {
	return QuotientResult{Kind: KindMisere, Code: code, Canonical: s.Canonical, Heaps: asked, Reached: s.StoppedAt - 1,
		Order: s.Order, Stopped: &QuotientStop{Heap: s.StoppedAt, Reason: s.Reason,
			Limits: QuotientLimits{Memory: s.Memory, Checks: s.Checks, Timeout: s.Timeout}},
		Seconds: s.Seconds, Worker: s.Worker, ComputedAt: s.ComputedAt}
}

// raw returns stored JSON text as a raw message, nil when empty.
func raw(s string) json.RawMessage {
	if s == "" {
		return nil
	}
	return json.RawMessage(s)
}

// storeRun returns the stored form of a finished result.
func (r QuotientResult) storeRun() store.QuotientRun {
	q := store.QuotientRun{Code: r.Code, Canonical: r.Canonical, Heaps: r.Reached, Order: r.Order, PPortion: r.PPortion,
		Presentation: string(r.Presentation), StableFrom: r.StableFrom, Map: string(r.Map), PElements: string(r.PElements),
		Seconds: r.Seconds, Worker: r.Worker, ComputedAt: r.ComputedAt}
	if p := r.Periodic; p != nil {
		q.Periodic, q.Preperiod, q.Period, q.ProvedAt = true, p.Preperiod, p.Period, p.ProvedAt
	}
	return q
}

// storeStop returns the stored form of a stopped result.
func (r QuotientResult) storeStop() store.QuotientStop {
	s := r.Stopped
	return store.QuotientStop{Code: r.Code, Canonical: r.Canonical, Heaps: r.Heaps, StoppedAt: s.Heap, Order: r.Order,
		Reason: s.Reason, Memory: s.Limits.Memory, Checks: s.Limits.Checks, Timeout: s.Limits.Timeout, Seconds: r.Seconds,
		Worker: r.Worker, ComputedAt: r.ComputedAt}
}

// SurveyQuotient computes the misère quotient of job's code, heaps
// 1..job.To, within job.Limits. A computation stopped by a limit or the
// timeout is a result with Stopped set, not an error; an error is a bad
// job or the end of ctx.
func SurveyQuotient(ctx context.Context, job Job, o SurveyOptions) (QuotientResult, error) {
	g, err := job.game(misere.MaxQuotientHeaps)
	if err != nil {
		return QuotientResult{}, err
	}
	lim := job.Limits.Resolved()
	s := lim.Solver(g)
	reached, order := 0, 1 // the last heap added and the order then
	s.SetQuotientProgress(func(h, n int) { reached, order = h, n })
	qctx := ctx
	if lim.Timeout > 0 {
		var cancel context.CancelFunc
		qctx, cancel = context.WithTimeout(ctx, lim.Timeout)
		defer cancel()
	}
	start := time.Now()
	q, err := s.Quotient(qctx, job.To)
	d := time.Since(start)
	stopped := func(h, n int, reason string) QuotientResult {
		return QuotientResult{Kind: KindMisere, Code: job.Code, Canonical: g.String(), Heaps: job.To, Reached: h - 1, Order: n,
			Stopped: &QuotientStop{Heap: h, Reason: reason, Limits: lim}, Seconds: d.Seconds(), Worker: o.Worker,
			ComputedAt: time.Now().UTC()}
	}
	if limit, ok := errors.AsType[*misere.QuotientLimitError](err); ok {
		return stopped(limit.Heap, limit.Done, limit.Err.Error()), nil
	}
	if err != nil && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
		// The timeout may strike after the last heap was added (while the
		// quotient is checked): the stop is then at that heap, not past
		// the heaps asked for, which the store would refuse.
		return stopped(min(reached+1, job.To), order, fmt.Sprintf("the timeout of %v", lim.Timeout)), nil
	}
	if err != nil {
		return QuotientResult{}, fmt.Errorf("%s: %w", job.Code, err)
	}
	run, err := QuotientRun(job.Code, g, q, d)
	if err != nil {
		return QuotientResult{}, err
	}
	run.Worker = o.Worker
	return StoredQuotient(job.Code, job.To, run), nil
}

// RunQuotients surveys the misère quotients of the codes, heaps 1..o.To,
// each within o.Limits: those the store answers (a quotient of at least
// To heaps or proved periodic; a stop at a heap up to To under limits as
// high) at once, the others as jobs on the work queue, whose results it
// stores as they come. It returns a result per code, in the order of the
// codes, with notes on codes whose quotient equals an earlier code's. A
// job that failed has no result and is reported in the error, after the
// other results are stored.
func RunQuotients(ctx context.Context, o Options) ([]QuotientResult, error) {
	b, err := newBatch[QuotientResult](o, misere.MaxQuotientHeaps)
	if err != nil {
		return nil, err
	}
	lim := o.Limits.Resolved()
	for i, code := range o.Codes {
		g, err := heap.Parse(code)
		if err != nil {
			return nil, err
		}
		canon := g.String()
		if r, ok, err := storedAnswer(ctx, o.Store, code, canon, o.To, lim); err != nil {
			return nil, err
		} else if ok {
			r.Cached = true
			b.answer(i, r)
			continue
		}
		if err := b.add(i, canon, Job{Kind: KindMisere, Code: code, To: o.To, Limits: lim}); err != nil {
			return nil, err
		}
	}
	out, err := b.run(ctx, func(res *QuotientResult, worker string) error {
		if res.Kind != KindMisere {
			return refusal{fmt.Errorf("worker %s answered with no misère quotient: a nimber worker that does not know misère jobs (update it)", worker)}
		}
		res.Worker = worker
		var err error
		if res.Stopped != nil {
			_, err = o.Store.PutQuotientStop(ctx, res.storeStop())
		} else {
			_, err = o.Store.PutQuotient(ctx, res.storeRun())
		}
		return err
	})
	NoteEqualQuotients(out)
	return out, err
}

// storedAnswer returns the store's answer to the quotient of code, whose
// canonical form is canon, to heaps 1..to under the limits lim: a
// quotient of at least to heaps or proved periodic, else a stop at a heap
// up to to under limits as high. ok is false when the store has neither,
// and r is an answer only when ok.
func storedAnswer(ctx context.Context, st *store.Store, code, canon string, to int, lim QuotientLimits) (r QuotientResult, ok bool, err error) {
	if q, ok, err := st.BestQuotient(ctx, canon, to); err != nil || ok {
		return StoredQuotient(code, to, q), ok, err
	}
	s, ok, err := st.QuotientStopped(ctx, canon, to, lim.Memory, lim.Checks, lim.Timeout)
	return StoredStop(code, to, s), ok, err
}

// NoteEqualQuotients notes on each finished result whose quotient equals
// an earlier result's (the same order, presentation, P-portion and
// element of every heap, to as many heaps) that it is the same quotient
// as far as computed. Results without a map (stored before maps were
// kept) are not compared.
func NoteEqualQuotients(rs []QuotientResult) {
	first := map[string]string{} // the quotient -> the first code with it
	for i := range rs {
		r := &rs[i]
		if r.Stopped != nil || len(r.Map) == 0 {
			continue
		}
		key := fmt.Sprintf("%d|%s|%s|%s", r.Order, r.Presentation, r.PElements, r.Map)
		if c, ok := first[key]; ok {
			r.Note = fmt.Sprintf("same quotient as %s to %d heaps", c, r.Reached)
			continue
		}
		first[key] = r.Canonical
	}
}
