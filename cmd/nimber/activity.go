package main

// The progress lines of long commands on a terminal: the activity line of
// any long work, the census's bar of codes and the sequence's bar of heaps.

import (
	"io"
	"os"
	"sync/atomic"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"
)

// activityDelay is how long work runs before its activity line appears:
// quick commands print nothing but their answer.
const activityDelay = time.Second

// activity shows that long work is under way, on standard error when it is
// a terminal, once the work has run for activityDelay: a bar of the items
// done when their number is known, else a spinner; both with the time
// elapsed. A nil *activity does nothing.
type activity struct {
	p     *mpb.Progress
	bar   *mpb.Bar
	timer *time.Timer
	text  atomic.Pointer[string] // what tell last said
}

// startActivity starts the activity line of work named label over total
// items (0: unknown).
func startActivity(stderr io.Writer, label string, total int) *activity {
	f := terminal(stderr)
	if f == nil {
		return nil
	}
	show := make(chan struct{})
	a := &activity{timer: time.AfterFunc(activityDelay, func() { close(show) })}
	a.p = mpb.New(mpb.WithOutput(f), mpb.WithWidth(30), mpb.WithRenderDelay(show), mpb.WithRefreshRate(200*time.Millisecond))
	name := decor.Name(label+" ", decor.WCSyncSpaceR)
	elapsed := decor.Elapsed(decor.ET_STYLE_GO, decor.WCSyncSpace)
	told := decor.Any(func(decor.Statistics) string {
		if s := a.text.Load(); s != nil {
			return *s
		}
		return ""
	}, decor.WCSyncSpace)
	if total > 0 {
		a.bar = a.p.AddBar(int64(total), mpb.BarRemoveOnComplete(),
			mpb.PrependDecorators(name, decor.CountersNoUnit("%d / %d", decor.WCSyncSpace)),
			mpb.AppendDecorators(elapsed, told))
	} else {
		a.bar = a.p.New(0, mpb.SpinnerStyle(), mpb.PrependDecorators(name), mpb.AppendDecorators(elapsed, told))
	}
	return a
}

// set records that done items are finished.
func (a *activity) set(done int) {
	if a != nil {
		a.bar.SetCurrent(int64(done))
	}
}

// tell shows text after the time elapsed, e.g. "order 40".
func (a *activity) tell(text string) {
	if a != nil {
		a.text.Store(&text)
	}
}

// stop removes the activity line, whether the work succeeded or not.
func (a *activity) stop() {
	if a == nil {
		return
	}
	a.timer.Stop()
	a.bar.Abort(true)
	a.p.Wait()
}

// terminal returns w as a file when it is a terminal, else nil: the
// progress lines of this file are drawn only there.
func terminal(w io.Writer) *os.File {
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return f
	}
	return nil
}

// censusBar is a progress bar of codes on a terminal; nil shows nothing.
type censusBar struct {
	p   *mpb.Progress
	bar *mpb.Bar
}

func newCensusBar(stderr io.Writer, total int) *censusBar {
	f := terminal(stderr)
	if f == nil {
		return nil
	}
	p := mpb.New(mpb.WithOutput(f), mpb.WithWidth(40), mpb.WithRefreshRate(200*time.Millisecond))
	bar := p.AddBar(int64(total),
		mpb.PrependDecorators(decor.Name("census ", decor.WCSyncSpaceR), decor.CountersNoUnit("%d / %d codes", decor.WCSyncSpace)),
		mpb.AppendDecorators(decor.Percentage(decor.WCSyncSpace), decor.OnComplete(decor.AverageETA(decor.ET_STYLE_GO, decor.WCSyncSpace), "done")),
	)
	return &censusBar{p: p, bar: bar}
}

func (b *censusBar) update(done, total int) {
	if b != nil {
		b.bar.SetCurrent(int64(done))
	}
}

func (b *censusBar) finish() {
	if b != nil {
		b.bar.Abort(false)
		b.p.Wait()
	}
}

// progress is a progress bar on a terminal; a nil *progress shows nothing.
type progress struct {
	p   *mpb.Progress
	bar *mpb.Bar
}

// newProgress returns a bar for heaps done..total on stderr, or nil when
// stderr is not a terminal.
func newProgress(stderr io.Writer, name string, done, total int) *progress {
	f := terminal(stderr)
	if f == nil || done >= total {
		return nil
	}
	p := mpb.New(mpb.WithOutput(f), mpb.WithWidth(40), mpb.WithRefreshRate(200*time.Millisecond))
	bar := p.AddBar(int64(total),
		mpb.PrependDecorators(
			decor.Name(name+" ", decor.WCSyncSpaceR),
			decor.CountersNoUnit("%d / %d heaps", decor.WCSyncSpace),
		),
		mpb.AppendDecorators(
			decor.Percentage(decor.WCSyncSpace),
			decor.MovingAverageSpeed(0, "%.0f heaps/s", decor.NewThreadSafeMovingAverage(&recentAverage{}), decor.WCSyncSpace),
			decor.OnComplete(decor.MovingAverageETA(decor.ET_STYLE_GO, decor.NewThreadSafeMovingAverage(&recentAverage{}), nil, decor.WCSyncSpace), "done"),
		),
	)
	bar.SetCurrent(int64(done))
	return &progress{p: p, bar: bar}
}

// recentAverage is an exponentially weighted moving average of the time a
// heap takes, over the last few chunks, with no warm-up: the engines slow
// down as heaps grow, and the first chunks are tiny.
type recentAverage struct{ v float64 }

func (a *recentAverage) Add(x float64) {
	if a.v == 0 {
		a.v = x
	} else {
		a.v = 0.3*x + 0.7*a.v
	}
}

func (a *recentAverage) Value() float64 { return a.v }
func (a *recentAverage) Set(x float64)  { a.v = x }

func (pr *progress) update(done int, d time.Duration) {
	if pr != nil {
		pr.bar.EwmaSetCurrent(int64(done), d)
	}
}

// finish completes the bar, or leaves it where it stopped, and waits for
// its last rendering.
func (pr *progress) finish(ok bool) {
	if pr == nil {
		return
	}
	if !ok {
		pr.bar.Abort(false)
	}
	pr.p.Wait()
}
