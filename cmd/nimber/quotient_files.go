package main

// The files of quotient: its checkpoints (--out, --resume) and the census
// database (--db).

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"nimber/census"
	"nimber/heap"
	"nimber/heap/seqfile"
	"nimber/misere"
	"nimber/store"
)

// maxCheckpointBytes bounds the checkpoint file that --resume reads: the
// table of a quotient of order 4096 is about 100 MiB of JSON.
const maxCheckpointBytes = 256 << 20

// quotientCheckpoints sets s to keep its checkpoint in the file out, under
// out's lock (none when out is empty), and returns the checkpoint to go on
// from (--resume) and the release of the lock.
func quotientCheckpoints(s *misere.Solver, out string, resume bool) (*misere.Checkpoint, func(), error) {
	if out == "" {
		if resume {
			return nil, nil, fmt.Errorf("--resume goes on from the checkpoint of --out FILE; give --out")
		}
		return nil, func() {}, nil
	}
	l, err := seqfile.Lock(out)
	if err != nil {
		return nil, nil, err
	}
	release := func() { l.Close() }
	var from *misere.Checkpoint
	_, statErr := os.Stat(out)
	switch {
	case resume && statErr != nil:
		err = fmt.Errorf("%s does not exist: nothing to resume (start it without --resume)", out)
	case !resume && statErr == nil:
		err = fmt.Errorf("%s already exists: go on from it with --resume, or remove it", out)
	case resume:
		from, err = readCheckpoint(out)
	}
	if err != nil {
		release()
		return nil, nil, err
	}
	s.SetQuotientCheckpoint(func(c *misere.Checkpoint) error { return writeCheckpoint(out, c) })
	return from, release, nil
}

// readCheckpoint reads the checkpoint file path.
func readCheckpoint(path string) (*misere.Checkpoint, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d := json.NewDecoder(io.LimitReader(f, maxCheckpointBytes))
	d.DisallowUnknownFields()
	var c misere.Checkpoint
	if err := d.Decode(&c); err != nil {
		return nil, fmt.Errorf("%s: not a quotient checkpoint (%v)", path, err)
	}
	return &c, nil
}

// writeCheckpoint replaces the checkpoint file path by c, whole: a run
// killed at any moment leaves the previous checkpoint or this one.
func writeCheckpoint(path string, c *misere.Checkpoint) error {
	b, err := json.Marshal(c)
	if err == nil {
		err = seqfile.WriteFileAtomic(path, b)
	}
	if err != nil {
		return fmt.Errorf("checkpoint %s: %w", path, err)
	}
	return nil
}

// storeQuotient stores q, the quotient of code (the game g), computed in
// d, in the census database at path.
func storeQuotient(ctx context.Context, path string, g *heap.Code, code string, q *misere.Quotient, d time.Duration) error {
	run, err := census.QuotientRun(code, g, q, d)
	if err != nil {
		return err
	}
	host, _ := os.Hostname()
	run.Worker = fmt.Sprintf("%s/%d", host, os.Getpid())
	st, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	_, err = st.PutQuotient(ctx, run)
	if cerr := st.Close(); err == nil {
		err = cerr
	}
	return err
}
