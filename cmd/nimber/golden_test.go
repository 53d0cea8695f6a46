package main

import (
	"path/filepath"
	"strings"
	"testing"

	"nimber/internal/golden"
)

// TestCLIGolden runs the command lines of testdata/cli: each file is a
// command line ("$ nimber ARGS", the arguments split on spaces, "\n"
// within one written as \n) and the output it must print, exit status 0.
// go test ./cmd/nimber -run CLIGolden -update rewrites the outputs.
func TestCLIGolden(t *testing.T) {
	for _, path := range golden.Glob(t, "testdata/cli/*.txt") {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			data := golden.Read(t, path)
			line, want, _ := strings.Cut(string(data), "\n")
			cmd, ok := strings.CutPrefix(line, "$ nimber ")
			if !ok {
				t.Fatalf("%s: the first line is not \"$ nimber ARGS\"", path)
			}
			var args []string
			for _, a := range strings.Fields(cmd) {
				args = append(args, strings.ReplaceAll(a, `\n`, "\n"))
			}
			out := output(t, args...)
			if golden.File(t, path, line+"\n"+out) != line+"\n"+out {
				t.Errorf("%s printed\n%s\nwant\n%s(go test ./cmd/nimber -run CLIGolden -update rewrites it)", line, out, want)
			}
		})
	}
}
