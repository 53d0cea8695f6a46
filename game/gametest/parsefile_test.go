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

func TestReadTable(t *testing.T) {
	got, err := readTable("# comment\n\n[golden]\n\"xo\" \"*\"  # a note\n\"x|o\"\t\"0\"\r\n[bad input]\n\"T.F + \" \"row 2: empty\"\n", "f")
	want := map[string][]Case{
		"golden":    {{In: "xo", Want: "*", Note: "a note", At: "f:4"}, {In: "x|o", Want: "0", At: "f:5"}},
		"bad input": {{In: "T.F + ", Want: "row 2: empty", At: "f:7"}},
	}
	if err != nil || len(got) != len(want) || !slices.Equal(got["golden"], want["golden"]) || !slices.Equal(got["bad input"], want["bad input"]) {
		t.Fatalf("got %+v, %v; want %+v", got, err, want)
	}
	for _, tc := range []struct{ in, err string }{
		{"\"x\" \"y\"\n", "1: a case before the first section"},
		{"[a]\n[a]\n", "2: section [a] again"},
		{"[a]\n\"x\" \"1\"\n\"x\" \"2\"\n", `3: "x" again in section [a]`},
		{"[a]\nx \"1\"\n", `2: string 1: "x \"1\"" does not start with a Go string literal`},
		{"[a]\n\"x\"\n", `2: string 2: "" does not start with a Go string literal`},
		{"[a]\n\"x\" \"1\" 2\n", `2: "2" after the two strings is not a comment`},
	} {
		if _, err := readTable(tc.in, "f"); err == nil || err.Error() != tc.err {
			t.Errorf("readTable(%q): error %v, want %q", tc.in, err, tc.err)
		}
	}
}
