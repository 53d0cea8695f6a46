// Package golden keeps the files of data-driven tests: their inputs, and
// their golden files, the expected output of a test kept in a file that
// go test -update rewrites.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of the tests")

// File returns the contents of the golden file at path, for the test to
// compare with got; with go test -update it first writes got there, so
// that the two agree.
func File(t testing.TB, path, got string) string {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return string(Read(t, path))
}

// Read returns the contents of the file at path, failing t when it cannot
// be read.
func Read(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Glob returns the files that match pattern, the inputs of a data-driven
// test, failing t when there is none.
func Glob(t testing.TB, pattern string) []string {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no file matches %s (%v)", pattern, err)
	}
	return files
}
