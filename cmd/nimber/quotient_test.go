package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestQuotientResume checks quotient --out and --resume: a run stopped at
// heap 20 (its checkpoint file) goes on to the answer of a run that never
// stopped, and the files' misuses are refused in one line.
func TestQuotientResume(t *testing.T) {
	dir := t.TempDir()
	ck := filepath.Join(dir, "q.ck")
	succeeds(t, "quotient", "0.77", "--heaps", "20", "--out", ck)
	code, resumed, errOut := nimber(t, "", "quotient", "0.77", "--heaps", "26", "--out", ck, "--resume", "--json")
	_, fresh, _ := nimber(t, "", "quotient", "0.77", "--heaps", "26", "--json")
	if code != 0 || resumed != fresh {
		t.Fatalf("resumed: exit %d, %s\n%s\nwant\n%s", code, errOut, resumed, fresh)
	}
	bad := filepath.Join(dir, "bad.ck")
	if err := os.WriteFile(bad, []byte(`{"version": 1, "code": "0.77", "heap": 3, "order": 1, "mul": [5]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	refused(t, "already exists", "quotient", "0.77", "--heaps", "26", "--out", ck)
	refused(t, "past the heaps asked", "quotient", "0.77", "--heaps", "10", "--out", ck, "--resume")
	refused(t, "of the game", "quotient", "0.07", "--heaps", "30", "--out", ck, "--resume")
	refused(t, "bad.ck: checkpoint:", "quotient", "0.77", "--heaps", "10", "--out", bad, "--resume")
	refused(t, "nothing to resume", "quotient", "0.77", "--heaps", "10", "--out", filepath.Join(dir, "none.ck"), "--resume")
	refused(t, "give --out", "quotient", "0.77", "--resume")
}

// TestQuotientProgressLines checks that quotient --progress writes each
// heap's order on standard error, one line a heap, and leaves the answer
// on standard output as it is.
func TestQuotientProgressLines(t *testing.T) {
	code, out, errOut := nimber(t, "", "quotient", "0.75", "--heaps", "8", "--progress")
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	if code != 0 || len(lines) != 8 || !strings.HasPrefix(out, "misère quotient of 0.75, sums of heaps 1..8: order ") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, fmt.Sprintf("heap %d: order ", i+1)) {
			t.Errorf("progress line %d: %q", i+1, l)
		}
	}
	_, quiet, _ := nimber(t, "", "quotient", "0.75", "--heaps", "8")
	if quiet != out {
		t.Errorf("--progress changed the answer:\n%s\nwithout it:\n%s", out, quiet)
	}
}
