package gametest

import (
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
