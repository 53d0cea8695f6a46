//go:build unix

package seqfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestLock checks that a sequence file has one Writer at a time: a second
// Create or Resume is refused at once, naming the file and this process,
// and the file can be resumed once the first Writer is closed.
func TestLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seq")
	g := mustParse(t, "0.7")
	w, err := Create(path, g)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Append(synthetic(100, false)); err != nil {
		t.Fatal(err)
	}
	_, _, err = Resume(path, g)
	var le *LockedError
	if !errors.As(err, &le) || le.PID != os.Getpid() || le.Path != path {
		t.Fatalf("Resume of a file being written: %v; want a *LockedError naming %s and process %d", err, path, os.Getpid())
	}
	if _, err := Create(path, g); !errors.As(err, &le) {
		t.Fatalf("Create of a file being written: %v; want a *LockedError", err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	w, vals, err := Resume(path, g)
	if err != nil || vals.Len() != 100 {
		t.Fatalf("Resume after Close: %v, %d values; want 100", err, vals.Len())
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}
