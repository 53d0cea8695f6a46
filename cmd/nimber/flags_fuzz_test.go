package main

import (
	"io"
	"strings"
	"testing"
)

// flagCommands are command lines with one flag's value left open (the
// %s), each bounded so that any value gives a quick answer or a refusal.
var flagCommands = [][]string{
	{"gen", "caos3", "--rows", "%s", "--cols", "3"},
	{"gen", "caos3", "--density", "%s"},
	{"gen", "boi2008-game", "--family", "%s", "--size", "5"},
	{"solve", "caos3", "../../examples/caos3.in", "--max-memory", "%s"},
	{"table", "knights", "--size", "%s", "--max-positions", "4096"},
	{"table", "subtraction", "--set", "%s", "--to", "30"},
	{"compound", "--board", "%s", "--max-positions", "4096", "1,1"},
	{"compound", "--heap-game", "%s", "--max-positions", "4096", "5"},
	{"sequence", "0.77", "--to", "%s", "--max-memory", "1MiB"},
	{"sequence", "%s", "--to", "100"},
	{"grundy", "nim", "3", "--timeout", "%s"},
	{"grundy", "%s", "5"},
}

// FuzzFlags runs the commands of flagCommands with arbitrary flag values:
// every one ends with exit status 0, or 2 and one line on standard error
// that starts "nimber: ", never a panic.
func FuzzFlags(f *testing.F) {
	for _, seed := range []string{"", "0", "-1", "1.5", "NaN", "Inf", "1e9", "9999999999999999999", "8x8", "8x8x8", "8x8junk",
		"512MiB", "0.5", "-1GB", "1,3,4", "0.07", "4!.0", "sub:1,2", "allbut:1", "1s", "-1s", "a", "b", "\x00", "é"} {
		for i := range flagCommands {
			f.Add(uint8(i), seed)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, value string) {
		tmpl := flagCommands[int(which)%len(flagCommands)]
		args := make([]string, len(tmpl))
		for i, a := range tmpl {
			args[i] = strings.Replace(a, "%s", value, 1)
		}
		answersOrRefuses(t, args)
	})
}

// answersOrRefuses runs nimber with args, fuzzed, and fails t unless it
// answers (exit 0) or refuses in one line (exit 2, "nimber: ..." on
// standard error): never a crash, a stack trace or a partial refusal.
func answersOrRefuses(t *testing.T, args []string) {
	t.Helper()
	var errOut strings.Builder
	code := run(args, strings.NewReader(""), io.Discard, &errOut)
	msg := errOut.String()
	switch {
	case code == 0:
	case code == 2 && strings.HasPrefix(msg, "nimber: ") && strings.Count(msg, "\n") == 1 && strings.HasSuffix(msg, "\n"):
	default:
		t.Fatalf("%q: exit %d, stderr %q", args, code, msg)
	}
}
