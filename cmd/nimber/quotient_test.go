package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// quotientNimber runs a command line with the quotient command present,
// whether or not the root lists it yet, and returns standard output and
// the error.
func quotientNimber(args ...string) (string, error) {
	var out bytes.Buffer
	root, release := newRootCmd(strings.NewReader(""), &out)
	defer release()
	if c, _, err := root.Find([]string{"quotient"}); err != nil || c == root {
		root.AddCommand(newQuotientCmd())
	}
	root.SetArgs(args)
	root.SetErr(io.Discard)
	err := root.ExecuteContext(context.Background())
	return out.String(), err
}

// TestQuotientGolden runs the command lines of testdata/quotient, kept as
// those of testdata/cli (go test ./cmd/nimber -run QuotientGolden -update
// rewrites them).
func TestQuotientGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/quotient/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/quotient/*.txt: %v", err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			line, want, _ := strings.Cut(string(data), "\n")
			cmd, ok := strings.CutPrefix(line, "$ nimber ")
			if !ok {
				t.Fatalf("%s: the first line is not \"$ nimber ARGS\"", path)
			}
			out, err := quotientNimber(strings.Fields(cmd)...)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			if *update {
				if err := os.WriteFile(path, []byte(line+"\n"+out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if out != want {
				t.Errorf("%s printed\n%s\nwant\n%s", line, out, want)
			}
		})
	}
}

// TestQuotientErrors: bad arguments and a quotient beyond its limits are
// one-line errors, with nothing on standard output.
func TestQuotientErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"quotient", "0.7x"}, "is not a digit"},
		{[]string{"quotient", "0.77", "--heaps", "-1"}, "--heaps -1 out of range"},
		{[]string{"quotient", "0.77", "--heaps", "100000"}, "--heaps 100000 out of range"},
		{[]string{"quotient", "0.77", "--checks", "0"}, "--checks 0"},
		{[]string{"quotient", "0.07", "--heaps", "30", "--checks", "500"}, "stopped at heap"},
		{[]string{"quotient"}, "accepts 1 arg"},
	} {
		out, err := quotientNimber(tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") || out != "" {
			t.Errorf("%v: error %v, output %q; want %q", tc.args, err, out, tc.want)
		}
	}
}
