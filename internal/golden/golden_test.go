package golden

import (
	"path/filepath"
	"testing"
)

// TestFile checks that File reads a golden file, and with -update writes
// it first.
func TestFile(t *testing.T) {
	defer func(u bool) { *update = u }(*update)
	path := filepath.Join(t.TempDir(), "want.txt")
	*update = true
	if got := File(t, path, "new\n"); got != "new\n" {
		t.Errorf("with -update: %q, want the file written", got)
	}
	*update = false
	if got := File(t, path, "other\n"); got != "new\n" {
		t.Errorf("without -update: %q, want the file as it was", got)
	}
}

// TestGlob checks that Glob finds the files of a pattern.
func TestGlob(t *testing.T) {
	if got := Glob(t, "*.go"); len(got) != 2 {
		t.Errorf("Glob(*.go) = %q, want this package's two files", got)
	}
}
