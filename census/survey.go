package census

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"nimber/heap"
	"nimber/heap/seqfile"
)

// Job is one code to survey: its values G(0..To-1). SeqPath and SeqSHA256
// name the sequence file of an earlier, shorter run of the code, which the
// job extends when the worker finds it unchanged; otherwise it starts over.
type Job struct {
	Code      string `json:"code"`
	To        int    `json:"to"`
	SeqPath   string `json:"seq_path,omitempty"`
	SeqSHA256 string `json:"seq_sha256,omitempty"`
}

// ID names the job in the work queue: the code in canonical form and the
// number of heaps, e.g. "0.137@100000". Two jobs with one ID do the same
// work.
func (j Job) ID() (string, error) {
	g, err := heap.Parse(j.Code)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s@%d", g.String(), j.To), nil
}

// Status of a code in a census.
const (
	Proven   = "proven"   // a period proven by the Guy–Smith condition
	Apparent = "apparent" // a period (or arithmetic period) seen, not proven
	Open     = "open"     // no period in the values computed
)

// Result is what a census reports of one code.
type Result struct {
	Code      string `json:"code"`
	Canonical string `json:"canonical"`
	// Heaps is how far the code was computed: G(0..Heaps-1).
	Heaps  int    `json:"heaps"`
	Status string `json:"status"`
	// Proven repeats Status == "proven", for readers of the JSON.
	Proven    bool `json:"proven"`
	Period    int  `json:"period"`
	Preperiod int  `json:"preperiod"`
	Saltus    int  `json:"saltus"`
	// LastExceptional is the last heap whose value is not the periodic one
	// (Preperiod-1); -1 when there is none or no period.
	LastExceptional int `json:"last_exceptional"`
	// Mask splits the values into rare and common (the sparse-space
	// engine's), Rare counts the heaps whose value is rare under it and
	// LastRare is the last of them (-1: none, or Mask 0).
	Mask     int `json:"mask"`
	Rare     int `json:"rare_heaps"`
	LastRare int `json:"last_rare_heap"`
	Largest  int `json:"largest_value"`
	// Seconds is the time the computation took (of this run only when it
	// extended an earlier one, from Extended heaps).
	Seconds  float64 `json:"seconds"`
	Extended int     `json:"extended_from,omitempty"`
	// ValuesSHA256 is the SHA-256 of the values G(0..Heaps-1), two bytes
	// each, little-endian: codes with equal values are the same game as far
	// as computed.
	ValuesSHA256 string `json:"values_sha256"`
	// SeqPath and SeqSHA256 are the sequence file written and its SHA-256
	// when the run wrote one.
	SeqPath   string `json:"seq_path,omitempty"`
	SeqSHA256 string `json:"seq_sha256,omitempty"`
	// Worker names the worker that computed it.
	Worker string `json:"worker,omitempty"`
	// Note says what a census notices of the code, such as another code
	// with the same values.
	Note string `json:"note,omitempty"`
}

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
	g, err := heap.Parse(job.Code)
	if err != nil {
		return Result{}, err
	}
	if job.To < 1 || job.To > heap.MaxSequence {
		return Result{}, fmt.Errorf("%s: %d heaps out of range 1..%d", job.Code, job.To, heap.MaxSequence)
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
	if path != "" {
		if r.SeqSHA256, err = FileSHA256(path); err != nil {
			return Result{}, err
		}
		r.SeqPath = path
	}
	return r, nil
}

// openSequence opens the sequence file path of g for job: resumed when it
// is the file the job names, unchanged; created afresh otherwise.
func openSequence(path string, g *heap.Game, job Job) (*seqfile.Writer, *heap.Seq, error) {
	if job.SeqPath == path && job.SeqSHA256 != "" {
		if sum, err := FileSHA256(path); err == nil && sum == job.SeqSHA256 {
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
func summarize(code string, g *heap.Game, vals *heap.Seq) Result {
	sum := g.Summarize(vals)
	r := Result{Code: code, Canonical: sum.Canonical, Heaps: vals.Len(), Status: Open, Period: sum.Period,
		Preperiod: sum.Preperiod, Saltus: sum.Saltus, LastExceptional: sum.LastExceptional, Mask: sum.Mask,
		Rare: sum.Rare, LastRare: sum.LastRare, Largest: sum.Largest, ValuesSHA256: valuesSHA256(vals)}
	switch {
	case sum.Proven:
		r.Status, r.Proven = Proven, true
	case sum.Period > 0:
		r.Status = Apparent
	}
	return r
}

// valuesSHA256 hashes the values, two bytes each, little-endian.
func valuesSHA256(vals *heap.Seq) string {
	h := sha256.New()
	var buf []uint16
	var b []byte
	for from := 0; from < vals.Len(); from += 1 << 16 {
		buf = vals.AppendValues(buf[:0], from, min(vals.Len(), from+1<<16))
		b = b[:0]
		for _, v := range buf {
			b = binary.LittleEndian.AppendUint16(b, v)
		}
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// FileSHA256 returns the SHA-256 of the file at path, in hexadecimal.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
