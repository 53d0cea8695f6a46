package rules

import (
	"errors"
	"testing"
)

// TestPositionError checks that a text that is not a position is a
// *PositionError that names the line of a text of several lines, and that
// a failure of the file's parse is kept in it with its place in the file.
func TestPositionError(t *testing.T) {
	plain := compile(t, "def moves(p):\n    return []\n", Options{})
	parsed := compile(t, "def moves(p):\n    return []\ndef parse(text):\n    return int(text)\n", Options{})
	for _, tc := range []struct {
		name  string
		r     *Rules
		text  string
		line  int
		file  bool // the failure is in the file's parse
		wantE string
	}{
		{"not a literal", plain, "THHT", 0, false, `^"THHT" is not a position \(not a literal at column 1\): write an int`},
		{"second line", plain, "3\n\nx y", 3, false, `^line 3: "x y" is not a position \(got identifier after expression, want EOF\)`},
		{"parse fails", parsed, "THHT", 0, true, `^test\.star:4:\d+: parse\("THHT"\): int: invalid literal`},
		{"parse fails on line 2", parsed, "3\nTHHT", 2, true, `^line 2: test\.star:4:\d+: parse\("THHT"\): int: invalid literal`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.r.Game().Parse(tc.text)
			wantError(t, err, tc.wantE)
			pe, ok := errors.AsType[*PositionError](err)
			if !ok || pe.Line != tc.line {
				t.Fatalf("%#v, want a *PositionError of line %d", err, tc.line)
			}
			if _, inFile := errors.AsType[*Error](err); inFile != tc.file {
				t.Errorf("an *Error of the file inside: %v, want %v", inFile, tc.file)
			}
		})
	}
}
