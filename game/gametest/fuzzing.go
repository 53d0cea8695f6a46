package gametest

import (
	"fmt"
	"strings"
	"testing"
)

// OneLine fails t when err's message is empty or holds a newline: the
// errors of the game API are one line each.
func OneLine(t testing.TB, what string, err error) {
	t.Helper()
	if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") {
		t.Fatalf("%s: error %q, want one line", what, msg)
	}
}

// FuzzName fuzzes parse, the reader of a family's game names, from the
// seed names: it must refuse a name with a one-line error (OneLine) or
// read it as rules whose String reads back to the same String.
func FuzzName[R fmt.Stringer](f *testing.F, parse func(name string) (R, error), seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		r, err := parse(name)
		if err != nil {
			OneLine(t, fmt.Sprintf("%q", name), err)
			return
		}
		again, err := parse(r.String())
		if err != nil {
			t.Fatalf("%q gave %q, which does not read back: %v", name, r.String(), err)
		}
		if again.String() != r.String() {
			t.Fatalf("%q gave %q, which reads back as %q", name, r.String(), again.String())
		}
	})
}

// Bounded cuts a fuzzed text to most bytes and its numbers to 2 digits,
// so that whatever parses is solved quickly.
func Bounded(s string, most int) string {
	s = s[:min(len(s), most)]
	var b strings.Builder
	run := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			if run++; run > 2 {
				continue
			}
		} else {
			run = 0
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
