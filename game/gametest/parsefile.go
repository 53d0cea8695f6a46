package gametest

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"nimber/game"
	"nimber/internal/golden"
)

// ReadParseCases reads the parse cases of a data file: lines starting with
// '#' are comments, cases are separated by blank lines, and each case is
// "in: " and the position text as a Go string literal, then either
// "format: " and the text Format writes back (a Go string literal) or
// "err: " and the exact error, then optionally "name: " and the text Name
// gives (a Go string literal). A malformed file is a test failure that
// names the line.
func ReadParseCases(t testing.TB, path string) []ParseCase {
	t.Helper()
	data := golden.Read(t, path)
	cases, err := parseCases(string(data))
	if err != nil {
		t.Fatalf("%s:%v", path, err)
	}
	return cases
}

// parseCases reads the text of a parse-case file; an error starts with the
// line number and a colon.
func parseCases(data string) ([]ParseCase, error) {
	var cases []ParseCase
	var starts []int // the line of each case's in:
	var cur *ParseCase
	for i, line := range strings.Split(strings.ReplaceAll(data, "\r\n", "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		if strings.TrimSpace(line) == "" {
			cur = nil
			continue
		}
		n := len(cases)
		if err := parseCaseLine(&cases, &cur, line); err != nil {
			return nil, fmt.Errorf("%d: %w", i+1, err)
		}
		if len(cases) > n {
			starts = append(starts, i+1)
		}
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("1: no cases")
	}
	for i, c := range cases {
		if (c.Format == "") == (c.Err == "") {
			return nil, fmt.Errorf("%d: want exactly one of format: and err: after in:", starts[i])
		}
	}
	return cases, nil
}

// parseCaseLine adds one line of a parse-case file to the case being read,
// cur, starting a new one on "in:".
func parseCaseLine(cases *[]ParseCase, cur **ParseCase, line string) error {
	key, val, ok := strings.Cut(line, ": ")
	if !ok {
		return fmt.Errorf("want \"in: \", \"format: \", \"err: \" or \"name: \", got %q", line)
	}
	if key == "err" {
		if *cur == nil {
			return fmt.Errorf("err: before in:")
		}
		(*cur).Err = val
		return nil
	}
	text, err := strconv.Unquote(val)
	if err != nil {
		return fmt.Errorf("%s: %s is not a Go string literal", key, val)
	}
	switch {
	case key == "in":
		if *cur != nil {
			return fmt.Errorf("a second in: in one case")
		}
		*cases = append(*cases, ParseCase{In: text})
		*cur = &(*cases)[len(*cases)-1]
	case *cur == nil:
		return fmt.Errorf("%s: before in:", key)
	case key == "format":
		(*cur).Format = text
	case key == "name":
		(*cur).Name = text
	default:
		return fmt.Errorf("unknown key %q", key)
	}
	return nil
}

// CheckParseFile runs CheckParse on the cases of the data file path
// (ReadParseCases).
func CheckParseFile(t *testing.T, g game.Game, path string) {
	t.Helper()
	CheckParse(t, g, ReadParseCases(t, path))
}

// Case is one line of a table of test cases (Cases): a position text,
// what it should give (a value, an error, a format) and the line's
// comment, if any.
type Case struct {
	In, Want, Note string
	// At is where the case is written, "file:line", for failures; "" for
	// a case written in Go.
	At string
}

// Where returns "file:line: " for a case read from a table, "" for one
// written in Go: the start of a failure's message.
func (c Case) Where() string {
	if c.At == "" {
		return ""
	}
	return c.At + ": "
}

// Cases returns the cases of section in the table of the package under
// test, testdata/cases.txt (ReadTable), failing the test when it cannot
// read them or the section has none.
func Cases(t testing.TB, section string) []Case {
	t.Helper()
	cases := ReadTable(t, "testdata/cases.txt")[section]
	if len(cases) == 0 {
		t.Fatalf("testdata/cases.txt: no cases in section [%s]", section)
	}
	return cases
}

// ReadTable reads a table of test cases, one game's: named sections, each
// the cases of one check. A section starts with its name in brackets,
// "[golden]"; each case is a line of two Go string literals, the position
// and what it gives, then an optional comment after '#'. Blank lines and
// lines starting with '#' are comments. A malformed line, a case before
// the first section, a section named twice or one holding a position
// twice (as a map literal would not compile) is a test failure that names
// the line.
func ReadTable(t testing.TB, path string) map[string][]Case {
	t.Helper()
	data := golden.Read(t, path)
	tab, err := readTable(string(data), path)
	if err != nil {
		t.Fatalf("%s:%v", path, err)
	}
	return tab
}

// readTable reads the text of a table read from path; an error starts
// with the line number and a colon.
func readTable(data, path string) (map[string][]Case, error) {
	tab := map[string][]Case{}
	section := ""
	seen := map[string]bool{}
	for i, line := range strings.Split(strings.ReplaceAll(data, "\r\n", "\n"), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || line[0] == '#':
			continue
		case line[0] == '[' && line[len(line)-1] == ']':
			section = line[1 : len(line)-1]
			if _, ok := tab[section]; ok {
				return nil, fmt.Errorf("%d: section [%s] again", i+1, section)
			}
			tab[section] = nil
			seen = map[string]bool{}
			continue
		case section == "":
			return nil, fmt.Errorf("%d: a case before the first section", i+1)
		}
		c, err := readCase(line)
		if err != nil {
			return nil, fmt.Errorf("%d: %w", i+1, err)
		}
		if seen[c.In] {
			return nil, fmt.Errorf("%d: %q again in section [%s]", i+1, c.In, section)
		}
		seen[c.In] = true
		c.At = fmt.Sprintf("%s:%d", path, i+1)
		tab[section] = append(tab[section], c)
	}
	return tab, nil
}

// readCase reads a line of a table: two Go string literals and an
// optional comment.
func readCase(line string) (Case, error) {
	var c Case
	for i, s := range []*string{&c.In, &c.Want} {
		q, err := strconv.QuotedPrefix(line)
		if err != nil {
			return Case{}, fmt.Errorf("string %d: %q does not start with a Go string literal", i+1, line)
		}
		if *s, err = strconv.Unquote(q); err != nil {
			return Case{}, fmt.Errorf("string %d: %w", i+1, err)
		}
		line = strings.TrimSpace(line[len(q):])
	}
	if line != "" && line[0] != '#' {
		return Case{}, fmt.Errorf("%q after the two strings is not a comment", line)
	}
	c.Note = strings.TrimSpace(strings.TrimPrefix(line, "#"))
	return c, nil
}
