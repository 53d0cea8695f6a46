package canon

import (
	"errors"
	"strings"
	"testing"
)

// TestParseErrors checks that bad expressions are refused in one line
// that says the column.
func TestParseErrors(t *testing.T) {
	tb := New(0)
	for _, c := range []struct{ text, want string }{
		{"", "column 1: want a game (0, *, *n or *[...]), found end of the expression"},
		{"*[", "column 3: want a Nim-heap's size or (, found end of the expression"},
		{"*[2", "column 4: want ] to close the *[ at column 1, found end of the expression"},
		{"*[2]]", "column 5: unexpected ']' after the game"},
		{"*[2#x]", "column 5: want a Nim-heap's size, found 'x'"},
		{"*[2[#]", "column 7: want ] to close the *[ at column 1, found end of the expression"},
		{"*[2[#", "column 6: want ] to close the [ at column 4, found end of the expression"},
		{"*[(2#1]", "column 7: want ) to close the ( at column 3, found ']'"},
		{"*[2,]", "column 5: want a game (0, *, *n or *[...]), found ']'"},
		{"*[[2],", "column 7: want a game (0, *, *n or *[...]), found end of the expression"},
		{"*[&12]", "column 6: want ; to end the &12;, found ']'"},
		{"*[(2#0)[-2]]", "column 10: the game before -2 is no sum of a game and *2"},
		{"*1001", "column 2: the Nim-heap 1001 is larger than 1000"},
		{"*2 + ", "column 6: want a game (0, *, *n or *[...]), found end of the expression"},
		{"2", "column 1: want a game (0, *, *n or *[...]), found '2'"},
		{strings.Repeat("*[[", 60), "column 152: nested more than 100 deep"},
	} {
		_, err := tb.Parse(c.text)
		var pe *ParseError
		if err == nil || !errors.As(err, &pe) || err.Error() != c.want {
			t.Errorf("%q: %v, want %s", c.text, err, c.want)
		}
	}
}

// FuzzParse reads any text without a panic, and reads back what it
// writes for what it reads.
func FuzzParse(f *testing.F) {
	for _, r := range cgsuiteRows {
		f.Add(r.x)
		f.Add(r.out)
	}
	for _, s := range []string{"", "*", "*[&10;]", "*[2[#-2]]", "*[(2[##-2]0)[2]]", "*3 + *[2#] + 0", "*[[],[[]]]", "*[2[", "(", "*[&;]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tb := New(20000)
		g, err := tb.Parse(text)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: an error of more than one line: %v", text, err)
			}
			return
		}
		s, err := tb.String(g)
		if err != nil {
			return // the table's limit
		}
		back, err := tb.Parse(s)
		if err != nil || back != g {
			t.Fatalf("%q written %s, read back as %v, %v", text, s, back, err)
		}
	})
}
