package main

import (
	"io"
	"os"
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
}

// startActivity starts the activity line of work named label over total
// items (0: unknown).
func startActivity(stderr io.Writer, label string, total int) *activity {
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	show := make(chan struct{})
	a := &activity{timer: time.AfterFunc(activityDelay, func() { close(show) })}
	a.p = mpb.New(mpb.WithOutput(f), mpb.WithWidth(30), mpb.WithRenderDelay(show), mpb.WithRefreshRate(200*time.Millisecond))
	name := decor.Name(label+" ", decor.WCSyncSpaceR)
	elapsed := decor.Elapsed(decor.ET_STYLE_GO, decor.WCSyncSpace)
	if total > 0 {
		a.bar = a.p.AddBar(int64(total), mpb.BarRemoveOnComplete(),
			mpb.PrependDecorators(name, decor.CountersNoUnit("%d / %d", decor.WCSyncSpace)),
			mpb.AppendDecorators(elapsed))
	} else {
		a.bar = a.p.New(0, mpb.SpinnerStyle(), mpb.PrependDecorators(name), mpb.AppendDecorators(elapsed))
	}
	return a
}

// set records that done items are finished.
func (a *activity) set(done int) {
	if a != nil {
		a.bar.SetCurrent(int64(done))
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
