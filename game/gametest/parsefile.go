package gametest

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"nimber/game"
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
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
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
