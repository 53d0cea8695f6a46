package census

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"nimber/heap"
	"nimber/heap/seqfile"
	"nimber/store"
)

// Job is one code to survey. Of Kind "" it is the code's values
// G(0..To-1) (Survey): SeqPath and SeqSHA256 name the sequence file of an
// earlier, shorter run of the code, which the job extends when the worker
// finds it unchanged; otherwise it starts over. Of Kind KindMisere it is
// the misère quotient of heaps 1..To within Limits (SurveyQuotient).
type Job struct {
	Kind      string         `json:"kind,omitempty"`
	Code      string         `json:"code"`
	To        int            `json:"to"`
	SeqPath   string         `json:"seq_path,omitempty"`
	SeqSHA256 string         `json:"seq_sha256,omitempty"`
	Limits    QuotientLimits `json:"limits,omitzero"`
}

// ID names the job in the work queue: the code in canonical form and the
// number of heaps, e.g. "0.137@100000", and "misere:0.137@30" for a
// misère quotient. Two jobs with one ID do the same work.
func (j Job) ID() (string, error) {
	g, err := heap.Parse(j.Code)
	if err != nil {
		return "", err
	}
	switch j.Kind {
	case "":
		return fmt.Sprintf("%s@%d", g.String(), j.To), nil
	case KindMisere:
		return fmt.Sprintf("%s:%s@%d", j.Kind, g.String(), j.To), nil
	}
	return "", fmt.Errorf("job of %s: unknown kind %q", j.Code, j.Kind)
}

// game returns the game of j's code, refusing a job whose heaps are out
// of range 1..maxTo.
func (j Job) game(maxTo int) (*heap.Code, error) {
	g, err := heap.Parse(j.Code)
	if err != nil {
		return nil, err
	}
	if j.To < 1 || j.To > maxTo {
		return nil, fmt.Errorf("%s: %d heaps out of range 1..%d", j.Code, j.To, maxTo)
	}
	return g, nil
}

// Result is what a census reports of one code: a run of the results
// store.
type Result = store.Run

// SurveyOptions are a worker's settings.
type SurveyOptions struct {
	// Workers is the goroutines of one code's computation (at least 1).
	Workers int
	// SeqDir, when set, is where the worker keeps sequence files, one per
	// code ("0_137.seq"), extended by later longer jobs.
	SeqDir string
	// Worker names the worker in the results.
	Worker string
}

// Survey computes job's code to job.To heaps and summarises it. With
// SeqDir it writes the values to the code's sequence file there, extending
// the file of the job's earlier run when it is there with the checksum the
// job names.
func Survey(ctx context.Context, job Job, o SurveyOptions) (Result, error) {
	g, err := job.game(heap.MaxSequence)
	if err != nil {
		return Result{}, err
	}
	start := time.Now()
	vals := &heap.Seq{}
	var w *seqfile.Writer
	path := ""
	if o.SeqDir != "" {
		path = filepath.Join(o.SeqDir, strings.ReplaceAll(strings.ReplaceAll(g.String(), ".", "_"), "!", "x")+".seq")
		if w, vals, err = openSequence(path, g, job); err != nil {
			return Result{}, fmt.Errorf("%s: %w", job.Code, err)
		}
	}
	extended := vals.Len()
	if extended < job.To {
		err = seqfile.Compute(ctx, g.NewExtenderWorkers(vals, o.Workers), vals, job.To, w, 2*time.Second, nil)
	}
	if w != nil {
		if cerr := w.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", job.Code, err)
	}
	vals.Truncate(job.To)
	r := summarize(job.Code, g, vals)
	r.Seconds = time.Since(start).Seconds()
	r.Extended = min(extended, job.To)
	r.Worker = o.Worker
	r.ComputedAt = time.Now().UTC() // on the worker's clock, when it finished
	if path != "" {
		if r.SeqSHA256, err = store.FileSHA256(path); err != nil {
			return Result{}, err
		}
		r.SeqPath = path
	}
	return r, nil
}

// openSequence opens the sequence file path of g for job: resumed when it
// is the file the job names, unchanged; created afresh otherwise.
func openSequence(path string, g *heap.Code, job Job) (*seqfile.Writer, *heap.Seq, error) {
	if job.SeqPath == path && job.SeqSHA256 != "" {
		if sum, err := store.FileSHA256(path); err == nil && sum == job.SeqSHA256 {
			return seqfile.Resume(path, g)
		}
	}
	// Start over: a file from another run (or changed since) goes.
	for _, p := range []string{path, path + seqfile.CheckpointSuffix} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, nil, err
		}
	}
	w, err := seqfile.Create(path, g)
	return w, &heap.Seq{}, err
}

// summarize reports the values of code.
func summarize(code string, g *heap.Code, vals *heap.Seq) Result {
	sum := g.Summarize(vals)
	r := Result{Code: code, Canonical: sum.Canonical, Heaps: vals.Len(), Status: store.StatusOpen, Period: sum.Period,
		Preperiod: sum.Preperiod, Saltus: sum.Saltus, LastExceptional: sum.LastExceptional, Mask: sum.Mask,
		Rare: sum.Rare, LastRare: sum.LastRare, Largest: sum.Largest}
	r.ValuesSHA256, r.HeadSHA256, r.TailSHA256 = valuesSHA256(vals)
	switch {
	case sum.Proven:
		r.Status, r.Proven = store.StatusProven, true
	case sum.Period > 0:
		r.Status = store.StatusApparent
	}
	return r
}

// valuesSHA256 hashes the values, two bytes each, little-endian: all of
// them, all but the last, and all but the first (heap 0).
func valuesSHA256(vals *heap.Seq) (all, head, tail string) {
	n := vals.Len()
	ha, hh, ht := sha256.New(), sha256.New(), sha256.New()
	var buf []uint16
	var b []byte
	for from := 0; from < n; from += 1 << 16 {
		to := min(n, from+1<<16)
		buf = vals.AppendValues(buf[:0], from, to)
		b = b[:0]
		for _, v := range buf {
			b = binary.LittleEndian.AppendUint16(b, v)
		}
		ha.Write(b)
		// head: every value but heap n-1's; tail: every value but heap 0's.
		if to == n {
			hh.Write(b[:len(b)-2])
		} else {
			hh.Write(b)
		}
		if from == 0 {
			ht.Write(b[2:])
		} else {
			ht.Write(b)
		}
	}
	sum := func(h hash.Hash) string { return hex.EncodeToString(h.Sum(nil)) }
	return sum(ha), sum(hh), sum(ht)
}
