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
		{"explain", "0.77", "5", "7"},
		{"explain", "0.77", "5", "7", "--json"},
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

// TestVersion checks that --version prints the build's version, the Go
// version it was built with, and the memory limit.
func TestVersion(t *testing.T) {
	code, out, errOut := nimber(t, "", "--version")
	if code != 0 || !strings.HasPrefix(out, "nimber ") || !strings.Contains(out, "go1.") || !strings.Contains(out, "\nmemory: limit ") || errOut != "" {
		t.Errorf("--version: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestRefusedBeforeAllocating checks that work too large for its limits is
// refused at once with one line naming the limit and how to raise it, and
// that --timeout stops long work with its own message.
func TestRefusedBeforeAllocating(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"table", "knights", "--size", "8192"}, "more than 1048576 positions"},
		{[]string{"compound", "--board", "8192x8192", "1,1"}, "--max-positions 4194304 allows more"},
		{[]string{"table", "knights", "--size", "100", "--max-positions", "5000"}, "more than 5000 positions"},
		{[]string{"table", "knights", "--max-positions", "-1"}, "--max-positions -1 is negative"},
		{[]string{"grundy", "nim", "3", "--timeout", "-1s"}, "--timeout -1s is negative"},
		{[]string{"sequence", "grundy", "--to", "4294967296", "--max-memory", "1GiB"}, "4294967296 heaps need about 4.5 GiB, over the memory limit of 1.0 GiB"},
		{[]string{"sequence", "grundy", "--to", "100000000", "--timeout", "100ms"}, "(--timeout ran out)"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			refused(t, tc.want, tc.args...)
		})
	}
}
