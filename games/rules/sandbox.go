package rules

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Error is a failure of a rules file, on one line: where it is (the file,
// and the line and column where known) and what is wrong.
type Error struct {
	File      string
	Line, Col int
	// Msg says what is wrong, on one line.
	Msg string
	// Err is the cause when there is one to test with errors.Is: the
	// context's error of a cancelled work.
	Err error
}

// Error writes the failure on one line: "kayles.star:7:12: what".
func (e *Error) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return e.File + ": " + e.Msg
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// errorAt returns the Error of msg at pos.
func errorAt(pos syntax.Position, msg string, cause error) *Error {
	return &Error{File: pos.Filename(), Line: int(pos.Line), Col: int(pos.Col), Msg: oneLine(msg), Err: cause}
}

// oneLine makes msg one line of at most a few hundred bytes.
func oneLine(msg string) string {
	msg = strings.Join(strings.Fields(msg), " ")
	if len(msg) > 300 {
		msg = msg[:300] + "..."
	}
	return msg
}

// clip shortens the text of a value for a message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// cancelPrefix starts the message of a Starlark thread that was cancelled.
const cancelPrefix = "Starlark computation cancelled: "

// errStopped is what a work returns once it has failed.
var errStopped = errors.New("stopped after an earlier failure")

// work is one piece of work on a rules file: a bound use of the rules, a
// sequence, the loading of the file, a call of parse or show. It holds the
// context and the budgets of the work, its Starlark threads and its first
// failure. It is safe for concurrent use by its threads.
type work struct {
	r     *Rules
	ctx   context.Context
	stop  func() bool // stops the cancellation on ctx
	steps atomic.Uint64
	bad   atomic.Bool // a failure is recorded

	mu      sync.Mutex
	err     error
	dead    chan struct{} // closed at the first failure
	threads []*starlark.Thread
	cause   error // why the threads were interrupted
}

// newWork starts a work under ctx: when ctx is done, its Starlark stops.
func (r *Rules) newWork(ctx context.Context) *work {
	w := &work{r: r, ctx: ctx, dead: make(chan struct{})}
	w.stop = context.AfterFunc(ctx, func() {
		w.interrupt(fmt.Errorf("cancelled: %w", context.Cause(ctx)))
	})
	return w
}

// done ends the work: its context no longer concerns it.
func (w *work) done() { w.stop() }

// failure returns the first failure of the work, or the context's error
// when it is done, or nil.
func (w *work) failure() error {
	if w.bad.Load() {
		w.mu.Lock()
		defer w.mu.Unlock()
		return w.err
	}
	if err := w.ctx.Err(); err != nil {
		return w.fail(&Error{File: w.r.file, Msg: "cancelled: " + context.Cause(w.ctx).Error(), Err: err})
	}
	return nil
}

// fail records err unless a failure is recorded, stops the work's other
// threads, and returns the first failure.
func (w *work) fail(err error) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == nil {
		w.err = err
		w.bad.Store(true)
		close(w.dead)
		for _, t := range w.threads {
			t.Cancel("stopped")
		}
	}
	return w.err
}

// interrupt stops the Starlark of every thread of the work because of
// cause, which their errors then report.
func (w *work) interrupt(cause error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cause == nil {
		w.cause = cause
	}
	for _, t := range w.threads {
		t.Cancel(cause.Error())
	}
}

// runner runs Starlark for a work on one thread, with scratch space for
// the conversion of its results. A runner is used by one goroutine.
type runner struct {
	w    *work
	t    *starlark.Thread
	key  []byte
	enc  []byte
	left []byte // Left's options of a partizan file, encoded, while right runs
	// over is the failure of the call in progress when it reaches its
	// step limit max: the budget per call, or what is left of the work's.
	over *StepError
	max  uint64
	// hit reports that the call in progress reached max.
	hit bool
	// held reports a runner registered with the watchdog for all its
	// calls rather than call by call.
	held bool
}

// runner returns a new runner of the work, on a thread of its own.
func (w *work) runner() *runner {
	rn := &runner{w: w}
	rn.t = &starlark.Thread{
		Name:  w.r.name,
		Print: w.r.print(w),
	}
	rn.t.OnMaxSteps = func(t *starlark.Thread) {
		rn.hit = true
		if rn.over.Work {
			w.interrupt(rn.over) // the whole work is over its budget
			return
		}
		// This call alone is over its budget: the work's other calls go
		// on until the failure of this one is recorded, under its name.
		t.Cancel(rn.over.Error())
	}
	rn.t.SetLocal(runnerKey, rn)
	w.mu.Lock()
	w.threads = append(w.threads, rn.t)
	switch {
	case w.err != nil:
		rn.t.Cancel("stopped")
	case w.cause != nil:
		rn.t.Cancel(w.cause.Error())
	}
	w.mu.Unlock()
	return rn
}

// hold registers the runner with the watchdog until release.
func (rn *runner) hold() {
	rn.w.r.watch.enter(rn)
	rn.held = true
}

// release undoes hold.
func (rn *runner) release() {
	rn.w.r.watch.leave(rn)
	rn.held = false
}

// StepError is the failure of Starlark that reached a step budget: the
// budget of one call (Options.StepBudget), or of a whole work
// (Options.WorkSteps). It is the cause (Error.Err) of the Error that
// reports it.
type StepError struct {
	// Budget is the budget reached, in steps.
	Budget uint64
	// Work reports the budget of a whole work rather than of one call.
	Work bool
}

// Error says which budget was reached.
func (e *StepError) Error() string {
	if e.Work {
		return fmt.Sprintf("exceeded the step budget of %d steps for the whole computation", e.Budget)
	}
	return fmt.Sprintf("exceeded the step budget of %d steps per call", e.Budget)
}

// limit sets the step limit of the next call on the runner's thread, whose
// step count is now steps, and returns false when the work has no steps
// left. This is the one place where every call into the file's code (the
// top level, moves, parse, show, and any later entry point) gets its
// budget.
func (rn *runner) limit(steps uint64) bool {
	o := rn.w.r.opts
	rn.over = &StepError{Budget: o.StepBudget}
	allowed := o.StepBudget
	if o.WorkSteps > 0 {
		used := rn.w.steps.Load()
		if used >= o.WorkSteps {
			rn.over = &StepError{Budget: o.WorkSteps, Work: true}
			return false
		}
		if left := o.WorkSteps - used; left < allowed {
			allowed = left
			rn.over = &StepError{Budget: o.WorkSteps, Work: true}
		}
	}
	rn.max, rn.hit = steps+allowed, false
	rn.t.SetMaxExecutionSteps(rn.max)
	return true
}

// call calls fn(arg) on the runner's thread within the budgets of one call
// and of the work; what names the call in an error, e.g. "moves(5)". A
// failure is recorded in the work and returned as one line.
func (rn *runner) call(fn starlark.Value, arg starlark.Value, what func() string) (starlark.Value, error) {
	w := rn.w
	if err := w.failure(); err != nil {
		return nil, err
	}
	before := rn.t.Steps
	if !rn.limit(before) {
		return nil, w.fail(&Error{File: w.r.file, Msg: what() + ": " + rn.over.Error(), Err: rn.over})
	}
	if !rn.held {
		w.r.watch.enter(rn)
	}
	v, err := starlark.Call(rn.t, fn, starlark.Tuple{arg}, nil)
	if !rn.held {
		w.r.watch.leave(rn)
	}
	w.steps.Add(rn.t.Steps - before)
	if err != nil {
		return nil, w.fail(w.scriptError(err, what(), rn.reached()))
	}
	return v, nil
}

// reached returns the step budget that the runner's last call reached, or
// nil when it reached none.
func (rn *runner) reached() error {
	if !rn.hit {
		return nil
	}
	return rn.over
}

// scriptError makes the error of a Starlark call one line at the
// innermost frame of the script: "kayles.star:7:12: moves(5): ...". own
// is the budget the call itself reached, when its thread was cancelled
// for that (runner.reached), not by the work.
func (w *work) scriptError(err error, what string, own error) error {
	msg, cause := err.Error(), error(nil)
	pos := syntax.MakePosition(&w.r.file, 0, 0)
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		msg = ee.Msg
		for i := len(ee.CallStack) - 1; i >= 0; i-- {
			if p := ee.CallStack[i].Pos; p.Filename() != "<builtin>" {
				pos = p
				break
			}
		}
	}
	if se, ok := errors.AsType[*StepError](err); ok {
		cause = se // reached in a builtin
	}
	if strings.HasPrefix(msg, cancelPrefix) {
		w.mu.Lock()
		cause = w.cause
		w.mu.Unlock()
		if own != nil {
			cause = own
		}
		if cause == nil {
			cause = errStopped
		}
		msg = cause.Error()
	}
	if what != "" {
		msg = what + ": " + msg
	}
	return errorAt(pos, msg, cause)
}

// print returns the print function of the threads of work w: a line to
// the Print writer of the options, whose failure fails the work.
func (r *Rules) print(w *work) func(*starlark.Thread, string) {
	return func(t *starlark.Thread, msg string) {
		r.printMu.Lock()
		_, err := io.WriteString(r.opts.Print, msg+"\n")
		r.printMu.Unlock()
		if err != nil {
			w.interrupt(fmt.Errorf("print: %w", err))
		}
	}
}

// The watchdog samples the heap every watchEvery while Starlark of its
// rules runs, and interrupts that Starlark when the heap has grown past
// the memory budget; it stops after watchIdle without Starlark to watch.
const (
	watchEvery = 5 * time.Millisecond
	watchIdle  = 200 * time.Millisecond
)

// heapMetric is the runtime metric the watchdog samples: the bytes of the
// heap's objects, live or not yet swept.
const heapMetric = "/memory/classes/heap/objects:bytes"

// watchdog bounds the memory that the Starlark of a rules file makes the
// process use: starlark-go does not meter memory.
type watchdog struct {
	budget  int64
	mu      sync.Mutex
	running map[*runner]struct{}
	on      bool // the watching goroutine runs
}

// enter registers a runner about to run Starlark.
func (d *watchdog) enter(rn *runner) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.running == nil {
		d.running = make(map[*runner]struct{})
	}
	d.running[rn] = struct{}{}
	if !d.on {
		d.on = true
		go d.watch()
	}
}

// leave unregisters a runner.
func (d *watchdog) leave(rn *runner) {
	d.mu.Lock()
	delete(d.running, rn)
	d.mu.Unlock()
}

// watch samples the heap while runners are registered.
func (d *watchdog) watch() {
	tick := time.NewTicker(watchEvery)
	defer tick.Stop()
	sample := []metrics.Sample{{Name: heapMetric}}
	heap := func() int64 {
		metrics.Read(sample)
		if sample[0].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return int64(sample[0].Value.Uint64())
	}
	idle := time.Duration(0)
	for range tick.C {
		d.mu.Lock()
		n := len(d.running)
		if n == 0 {
			if idle += watchEvery; idle >= watchIdle {
				d.on = false
				d.mu.Unlock()
				return
			}
		} else {
			idle = 0
		}
		d.mu.Unlock()
		if n == 0 || heap() <= d.budget {
			continue
		}
		// The heap may hold garbage: collect it before judging.
		runtime.GC()
		if heap() <= d.budget {
			continue
		}
		err := fmt.Errorf("the process heap passed the memory budget of %s", bytesText(d.budget))
		d.mu.Lock()
		for rn := range d.running {
			rn.w.interrupt(err)
		}
		d.mu.Unlock()
	}
}

// bytesText writes a number of bytes: "1073741824 bytes (1 GiB)".
func bytesText(n int64) string {
	s := strconv.FormatInt(n, 10) + " bytes"
	for _, u := range []struct {
		unit string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return s + " (" + strconv.FormatInt(n/u.size, 10) + " " + u.unit + ")"
		}
	}
	return s
}
