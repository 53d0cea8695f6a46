package cgt

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestCGSuiteExamples reads the games of CGSuite's own examples
// (testdata/cgsuite-examples.tsv: the values CGSuite gives) and checks
// what this slice computes of each: the outcome class, the stops, the
// mean, the temperature and the birthday; and, for numbers, the printed
// form.
func TestCGSuiteExamples(t *testing.T) {
	f, err := os.Open("testdata/cgsuite-examples.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c := New(0)
	sc := bufio.NewScanner(f)
	rows, written := 0, 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		col := strings.Split(line, "\t")
		expr, canon, outcome, ls, rs, mean, temp, birthday := col[0], col[1], col[2], col[3], col[4], col[5], col[6], col[7]
		g, err := c.Parse(expr)
		if err != nil {
			t.Errorf("%s: %v", expr, err)
			continue
		}
		m, err1 := c.Mean(g)
		tt, err2 := c.Temperature(g)
		got := []string{c.OutcomeOf(g).String(), c.LeftStop(g).String(), c.RightStop(g).String(), m.String(), tt.String(),
			strconvI(c.Birthday(g))}
		want := []string{outcome, ls, rs, mean, temp, birthday}
		if err1 != nil || err2 != nil || strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: outcome, stops, mean, temperature, birthday %v (%v %v); CGSuite %v", expr, got, err1, err2, want)
		}
		// CGSuite's canonical form, read back, is the same game; ours,
		// read back, too. (The order of options may differ from
		// CGSuite's, which follows when it met them.)
		if !strings.ContainsAny(canon, "[<") && !strings.Contains(canon, "iny(") {
			if cg, err := c.Parse(canon); err != nil || cg != g {
				t.Errorf("%s: CGSuite's canonical form %s reads as another game (%v)", expr, canon, err)
			}
			if got := c.Notation(g); got != canon {
				written++
				t.Logf("%s: written %s, CGSuite %s", expr, got, canon)
			}
		}
		if back, err := c.Parse(c.Notation(g)); err != nil || back != g {
			t.Errorf("%s: written %s, which reads back as another game (%v)", expr, c.Notation(g), err)
		}
		rows++
	}
	if rows < 25 || written > 2 {
		t.Errorf("%d examples read, %d written otherwise than CGSuite does (2 differ only in the order of options)", rows, written)
	}
}

func strconvI(n int64) string { return Int(n).String() }

// TestParseErrors: bad notation is refused with its column.
func TestParseErrors(t *testing.T) {
	c := New(0)
	for _, tc := range []struct{ in, want string }{
		{"{0|1", "column 1: unbalanced {"},
		{"{0 1}", "column 1: braces without a |"},
		{"1/3", "the denominator is not a power of two"},
		{"2+", "column 3: a game is missing after +"},
		{"{0|1|2}", "column 3: more than one run of 1 bars"},
		{"0 & 1", "column 3: unexpected '&'"},
		{"^[4]", "column 2: [: ^[n] and ^<n> are not read yet"},
		{"", "column 1: a game is missing"},
	} {
		_, err := c.Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.want)
		}
	}
}

// FuzzParse: any text is read or refused with a SyntaxError, never a
// panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"{0||0|v*}", "73/16+v9*8", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "-{1|}", "^^^*3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64 {
			return
		}
		c := New(1 << 24)
		if _, err := c.Parse(s); err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("%q: %T %v", s, err, err)
			}
		}
	})
}
