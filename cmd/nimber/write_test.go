package main

import (
	"errors"
	"strings"
	"testing"
)

// fullWriter fails every write, as standard output on a full disk does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestFailedWrites checks that every command that prints reports a failed
// write of its output on standard error and exits non-zero, instead of
// claiming success.
func TestFailedWrites(t *testing.T) {
	sample := "../../examples/bacterial-tactics.in"
	for _, args := range [][]string{
		{"solve", "bacterial-tactics", sample},
		{"solve", "--list"},
		{"analyze", "bacterial-tactics", sample},
		{"analyze", "0.77", "5", "7"},
		{"grundy", "0.77", "5", "7", "9"},
		{"grundy", "0.77", "5", "7", "9", "--json"},
		{"sequence", "0.77", "--to", "100"},
		{"sequence", "0.77", "--to", "100", "--values"},
		{"sequence", "allbut:1,3", "--to", "100", "--json"},
		{"table", "subtraction", "--set", "1,3,4", "--to", "20"},
		{"table", "knights", "--size", "8", "--format", "json"},
		{"compound", "--heap-game", "0.77", "5", "7"},
		{"games"},
		{"games", "--json"},
		{"gen", "bacterial-tactics", "--rows", "5", "--cols", "5"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var errOut strings.Builder
			code := run(args, strings.NewReader(""), fullWriter{}, &errOut)
			if code == 0 || !strings.Contains(errOut.String(), "no space left on device") {
				t.Errorf("exit %d, stderr %q; want a non-zero exit and the write error", code, errOut.String())
			}
		})
	}
}

// TestVersion checks that --version prints the build's version and the Go
// version it was built with.
func TestVersion(t *testing.T) {
	code, out, errOut := nimber(t, "", "--version")
	if code != 0 || !strings.HasPrefix(out, "nimber ") || !strings.Contains(out, "go1.") || errOut != "" {
		t.Errorf("--version: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
