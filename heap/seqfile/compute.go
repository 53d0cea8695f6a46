package seqfile

import (
	"context"
	"fmt"
	"time"

	"nimber/heap"
)

// Compute extends vals to heaps 0..to-1 with ext (an Extender of vals) in
// chunks of about a quarter of every (at most half a second each; in one
// call when there is neither file nor step to report to). After each
// chunk it appends the new values to w (if not nil), commits them with a
// checkpoint when every has passed since the last, and calls step (if not
// nil) with the heaps done and the chunk's time. When ctx is cancelled it
// checkpoints the complete chunks and stops.
func Compute(ctx context.Context, ext *heap.Extender, vals *heap.Seq, to int, w *Writer, every time.Duration, step func(done int, d time.Duration)) error {
	chunkTime := min(every/4, 500*time.Millisecond)
	chunk := 1024
	if w == nil && step == nil {
		chunk = to // nothing to show or keep on the way: one call
	}
	lastCheckpoint := time.Now()
	vals.Grow(to - vals.Len())
	var chunkVals []uint16 // the values of a chunk, for w
	for vals.Len() < to {
		t0 := time.Now()
		done := vals.Len()
		if err := ext.Extend(ctx, min(to, done+chunk)); err != nil {
			// Only complete chunks count: the values of a chunk cut short
			// are dropped, whatever the engine computed.
			reached := vals.Len()
			vals.Truncate(done)
			if w != nil {
				if cerr := w.Checkpoint(); cerr != nil {
					return fmt.Errorf("%v; and writing the checkpoint: %v", err, cerr)
				}
			}
			if ctx.Err() != nil {
				if w != nil {
					return fmt.Errorf("interrupted at heap %d; checkpoint written, continue with --resume", done)
				}
				return fmt.Errorf("interrupted at heap %d", reached)
			}
			return err
		}
		if w != nil {
			chunkVals = vals.AppendValues(chunkVals[:0], done, vals.Len())
			if err := w.Append(chunkVals); err != nil {
				return err
			}
			if time.Since(lastCheckpoint) >= every {
				if err := w.Checkpoint(); err != nil {
					return err
				}
				lastCheckpoint = time.Now()
			}
		}
		d := time.Since(t0)
		if step != nil {
			step(vals.Len(), d)
		}
		switch {
		case d < chunkTime/2 && chunk < 1<<30:
			chunk *= 2
		case d > 2*chunkTime && chunk > 64:
			chunk /= 2
		}
	}
	if w != nil {
		return w.Checkpoint()
	}
	return nil
}
