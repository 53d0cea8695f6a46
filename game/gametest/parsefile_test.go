package gametest

import (
	"slices"
	"testing"
)

func TestParseCases(t *testing.T) {
	got, err := parseCases("# comment\n\nin: \"..\\n.#\"\nformat: \"..\\n.#\\n\"\nname: \"a\"\n\r\nin: \"x\"\nerr: row 1, column 1: no \"x\"\n")
	want := []ParseCase{{In: "..\n.#", Format: "..\n.#\n", Name: "a"}, {In: "x", Err: `row 1, column 1: no "x"`}}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("got %+v, %v; want %+v", got, err, want)
	}
	for _, tc := range []struct{ in, err string }{
		{"", "1: no cases"},
		{"# only a comment\n", "1: no cases"},
		{"format: \"x\"\n", "1: format: before in:"},
		{"err: bad\n", "1: err: before in:"},
		{"in: x\n", "1: in: x is not a Go string literal"},
		{"in: \"x\"\nin: \"y\"\n", "2: a second in: in one case"},
		{"in: \"x\"\nfrom: \"y\"\n", `2: unknown key "from"`},
		{"in: \"x\"\nformat \"y\"\n", `2: want "in: ", "format: ", "err: " or "name: ", got "format \"y\""`},
		{"\nin: \"x\"\n", "2: want exactly one of format: and err: after in:"},
		{"in: \"x\"\nformat: \"x\"\nerr: no\n", "1: want exactly one of format: and err: after in:"},
	} {
		if _, err := parseCases(tc.in); err == nil || err.Error() != tc.err {
			t.Errorf("parseCases(%q): error %v, want %q", tc.in, err, tc.err)
		}
	}
}
