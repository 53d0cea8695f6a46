package cutcake

import (
	"strings"
	"testing"
)

// FuzzParse reads any text as a position: a one-line error, or a position
// whose Format reads back to the same Format.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"2x3", "1x1", "8x8 + 3x2", "", "+", "x", "2x", "0x0", "2X3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		pos, err := Game().Parse(text)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("Parse(%q): a multi-line error %q", text, err)
			}
			return
		}
		out := Game().Format(pos)
		again, err := Game().Parse(out)
		if err != nil || Game().Format(again) != out {
			t.Fatalf("Parse(%q): Format %q reads back as %v", text, out, err)
		}
	})
}
