package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/cgt/loopy"
)

// valueJSON runs nimber value with args (--json added) and decodes its
// answer.
func valueJSON(t *testing.T, args ...string) cgt.Description {
	t.Helper()
	return valueAs[cgt.Description](t, args...)
}

// valueAs runs nimber value with args and decodes its JSON strictly into
// a D: a field D lacks fails the test.
func valueAs[D any](t *testing.T, args ...string) D {
	t.Helper()
	return printedStrictly[D](t, append([]string{"value"}, args...)...)
}

// sameGame reports whether a and b, in CGSuite's notation, are the same
// game (read in c).
func sameGame(t *testing.T, c *cgt.Calc, a, b string) bool {
	t.Helper()
	ga, err := c.Parse(a)
	if err != nil {
		t.Errorf("%s: %v", a, err)
		return false
	}
	gb, err := c.Parse(b)
	if err != nil {
		t.Errorf("%s: %v", b, err)
		return false
	}
	return ga == gb
}

// TestValueCGSuiteExamples runs the games of CGSuite's documented examples
// (../../cgt/testdata/cgsuite-examples.tsv) through nimber value --json:
// outcome, stops, mean, temperature, birthday, the canonical form and the
// atomic weight are CGSuite's, as CGSuite writes them; and the options
// written are those of the canonical form.
func TestValueCGSuiteExamples(t *testing.T) {
	f, err := os.Open("../../cgt/testdata/cgsuite-examples.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c := cgt.New(0)
	rows := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rows++
		col := strings.Split(line, "\t")
		expr, canon, aw := col[0], col[1], col[8]
		args := []string{expr, "--json"}
		if strings.HasPrefix(expr, "-") {
			args = []string{"--", expr, "--json"}
		}
		d := valueJSON(t, args...)
		got := []string{d.Outcome, d.LeftStop, d.RightStop, d.Mean, d.Temperature, strconv.FormatInt(d.Birthday, 10)}
		if want := col[2:8]; strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: outcome, stops, mean, temperature, birthday %v, CGSuite %v", expr, got, want)
		}
		if !sameGame(t, c, d.Canonical, expr) {
			t.Errorf("%s: canonical %s is another game", expr, d.Canonical)
		}
		if d.Canonical != canon {
			t.Errorf("%s: canonical %s, CGSuite %s", expr, d.Canonical, canon)
		}
		switch {
		case aw == "not atomic" && d.AtomicWeight != nil:
			t.Errorf("%s: atomic weight %s, CGSuite: not atomic", expr, *d.AtomicWeight)
		case aw != "not atomic" && (d.AtomicWeight == nil || *d.AtomicWeight != aw):
			t.Errorf("%s: atomic weight %v, CGSuite %s", expr, d.AtomicWeight, aw)
		}
		g, _ := c.Parse(expr)
		opts := func(texts []string) []cgt.Game {
			var out []cgt.Game
			for _, s := range texts {
				o, err := c.Parse(s)
				if err != nil {
					t.Fatalf("%s: option %s: %v", expr, s, err)
				}
				out = append(out, o)
			}
			return out
		}
		if _, isNum := c.Number(g); !isNum { // a number's options are made on demand
			if back, err := c.Make(opts(d.LeftOptions), opts(d.RightOptions)); err != nil || back != g {
				t.Errorf("%s: options %v | %v are not the game's", expr, d.LeftOptions, d.RightOptions)
			}
		}
	}
	if rows != 25 {
		t.Errorf("%d rows, want CGSuite's 25", rows)
	}
}

// TestValueDash: an EXPR that starts with - comes after --, and --json,
// --thermograph and --memory after -- are still flags; --1 there is an
// EXPR (the negative of -1).
func TestValueDash(t *testing.T) {
	if d := valueJSON(t, "--", "-1/2", "--json"); d.Canonical != "-1/2" || d.Birthday != 2 || d.Outcome != "R" {
		t.Errorf("-- -1/2 --json: %+v", d)
	}
	if d := valueJSON(t, "--json", "--", "-1823437481924"); d.Birthday != 1823437481924 || d.Temperature != "-1" {
		t.Errorf("--json -- -1823437481924: %+v", d)
	}
	if d := valueJSON(t, "1/2", "--", "-1/4", "--memory=64", "--json", "--thermograph"); d.Canonical != "1/4" || d.Thermograph == nil {
		t.Errorf("1/2 -- -1/4 ... --thermograph: %+v", d)
	}
	if d := valueJSON(t, "--", "--1", "--memory", "64", "--json"); d.Canonical != "1" {
		t.Errorf("-- --1: %+v", d)
	}
	code, out, _ := nimber(t, "", "value", "--", "-1/2")
	if code != 0 || !strings.HasPrefix(out, "-1/2\noutcome R: Right wins whoever starts\n") {
		t.Errorf("-- -1/2: exit %d, %q", code, out)
	}
	refused(t, "an EXPR that starts with - comes after --", "value", "-1/2")
}

// TestValueSum: several EXPRs are their sum.
func TestValueSum(t *testing.T) {
	c := cgt.New(0)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"^", "^", "*"}, "^^*"},
		{[]string{"*2", "*3"}, "*"},
		{[]string{"{2|-1}", "{2|-1}", "--", "-1"}, "{2|-1}+{2|-1}-1"},
		{[]string{"1/2", "1/4", "{1|}"}, "11/4"},
		{[]string{"{1|^^||^}", "v", "v"}, "{1|^^||^}+vv"},
	} {
		d := valueJSON(t, append(tc.args, "--json")...)
		if !sameGame(t, c, d.Canonical, tc.want) {
			t.Errorf("%q: %s, want %s", tc.args, d.Canonical, tc.want)
		}
	}
	d := valueJSON(t, "{1|^^||^}", "^", "--json")
	if d.AtomicWeight == nil || *d.AtomicWeight != "3" {
		t.Errorf("{1|^^||^} + ^: atomic weight %v, want 3", d.AtomicWeight)
	}
}

// TestValueText: the facts in words, and the thermograph's walls.
func TestValueText(t *testing.T) {
	code, out, errOut := nimber(t, "", "value", "{2|-1}", "--thermograph")
	want := `{2|-1}
outcome N: the first player wins
left stop 2, right stop -1
mean 1/2, temperature 3/2
birthday 3
not atomic
left options: 2
right options: -1
thermograph:
  left wall from t=-1: 3, slope -1
  left wall from t=3/2: 1/2, slope 0
  right wall from t=-1: -2, slope 1
  right wall from t=3/2: 1/2, slope 0
  mast at 1/2 from t=3/2
`
	if code != 0 || out != want {
		t.Errorf("exit %d, %s\n%s", code, errOut, out)
	}
	code, out, _ = nimber(t, "", "value", "^")
	if code != 0 || !strings.Contains(out, "atomic weight 1\n") || !strings.Contains(out, "outcome L: Left wins whoever starts") {
		t.Errorf("^: exit %d, %s", code, out)
	}
}

// TestValueRefusals: bad input is refused in one line that names the
// argument and the column, with exit status 2.
func TestValueRefusals(t *testing.T) {
	long := strings.Repeat("1+", cgt.MaxNotation/2) + "1"
	for _, tc := range []struct {
		want string
		args []string
	}{
		{`value: argument 2 "{1|": column 1: unbalanced {`, []string{"value", "1", "{1|"}},
		{`value: argument 1 "{0 & 1|0}": column 4: the onside of a sided value S & T must be at least its offside`, []string{"value", "{0 & 1|0}"}},
		{`value: the value of the game: the onside of a sided value S & T must be at least its offside`, []string{"value", "0 & 1"}},
		{`value: argument 1 "{0|1}}": column 6: unexpected '}'`, []string{"value", "{0|1}}"}},
		{`value: argument 1 "1/3": column 1: "3": the denominator is not a power of two`, []string{"value", "1/3"}},
		{`value: argument 1 "*1024": column 1: cgt: a nimber or a multiple of up past the bounds: ups 0 (at most 65536 either way), nimber 1024 (at most 1023)`, []string{"value", "*1024"}},
		{`value: argument 1 "99999999999999999999": column 1:`, []string{"value", "99999999999999999999"}},
		{`value: argument 2 "1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+"... (65537 bytes): column 1: 65537 bytes, over the limit of 65536`, []string{"value", "1", long}},
		{`cgt: the games and memos would pass the memory limit (--memory 1 MiB; raise it)`,
			[]string{"value", "--memory", "1", "+-1", "+-2", "+-3", "+-4", "+-5", "+-6", "+-7", "+-8", "+-9", "+-10", "+-11", "+-12", "+-13"}},
		{"--memory 0 MiB out of range 1..", []string{"value", "--memory", "0", "1"}},
		{`invalid argument "x" for "--memory" flag`, []string{"value", "--", "1", "--memory=x"}},
		{"value takes at least one EXPR", []string{"value"}},
		{"value takes at least one EXPR", []string{"value", "--", "--json"}},
	} {
		line := refused(t, tc.want, tc.args...)
		if len(line) > 300 {
			t.Errorf("%.40q...: a refusal of %d bytes", tc.args, len(line))
		}
	}
}

// FuzzValue runs nimber value on arbitrary expressions, alone and in a
// sum, with a small --memory: an answer or a refusal in one line, never a
// panic.
func FuzzValue(f *testing.F) {
	for _, s := range []string{"{0||0|v*}", "73/16+v9*8", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "-{1|}", "^^^*3", "{1|",
		"1/3", "--1", "{|}", "*64", "{0,*|v*3,{0|*4}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64 {
			return
		}
		answersOrRefuses(t, []string{"value", "--memory", "4", "--json", "--", s})
		answersOrRefuses(t, []string{"value", "--memory", "4", "^", "--", s, "--thermograph"})
	})
}

// TestValueLoopy: value reads loopy games in CGSuite's notation and
// answers with the contract's fields, CGSuite's forms and classes; the
// short-game fields a loopy game lacks are null.
func TestValueLoopy(t *testing.T) {
	for _, tc := range []struct {
		args                   []string
		canonical, outcome     string
		leftStop, rightStop    string
		leftOptions, rightOpts string
	}{
		{[]string{"over"}, "over", "L", "over", "over", "0", "over"},
		{[]string{"x{0|x}"}, "over", "L", "over", "over", "0", "over"},
		{[]string{"{-1/4+*|pass}"}, "-1/4v[on]", "R", "-1/4", "-1/4", "-1/4*", "-1/4v[on]"},
		{[]string{"over", "5"}, "5over", "L", "5over", "5over", "5", "5over"},
		{[]string{"upon", "*"}, "^[on]*", "N", "0", "0", "0,^[on]*", "0"}, // {pass,0|0}
		{[]string{"{0||0|under}"}, "Tiny(over)", "L", "0", "0", "0", "{0|under}"},
		{[]string{"on"}, "on", "L", "on", "on", "on", ""},
	} {
		d := valueAs[loopy.Description](t, append(tc.args, "--json")...)
		got := []string{d.Canonical, d.Outcome, deref(d.LeftStop), deref(d.RightStop), strings.Join(d.LeftOptions, ","), strings.Join(d.RightOptions, ",")}
		want := []string{tc.canonical, tc.outcome, tc.leftStop, tc.rightStop, tc.leftOptions, tc.rightOpts}
		if strings.Join(got, " ; ") != strings.Join(want, " ; ") {
			t.Errorf("value %q: %q, want %q", tc.args, got, want)
		}
		if !d.Stopper || d.Onside != d.Canonical || d.Offside != d.Canonical || d.Mean != nil || d.Birthday != nil || d.AtomicWeight != nil {
			t.Errorf("value %q: %+v", tc.args, d)
		}
	}
	code, out, _ := nimber(t, "", "value", "over")
	if code != 0 || out != "over\noutcome L: Left wins whoever starts\na stopper: its onside and offside are itself\nleft stop over, right stop over\nleft options: 0\nright options: over\n" {
		t.Errorf("value over: exit %d\n%s", code, out)
	}
	// Short games answer as before: the strict decoding of valueJSON
	// refuses any field of the loopy answer.
	if d := valueJSON(t, "{0|1}", "--json"); d.Canonical != "1/2" {
		t.Errorf("{0|1}: %+v", d)
	}
	// Games that are not stoppers, by their sides as CGSuite gives them;
	// Bach's carousel, whose sides are not stoppers, is refused.
	for _, tc := range []struct{ args, want []string }{
		{[]string{"dud"}, []string{"dud", "D", "on", "off"}},
		{[]string{"on", "off"}, []string{"dud", "D", "on", "off"}},
		{[]string{"a{1||a|0}"}, []string{"2 & +-1", "NHat", "2", "+-1"}},
	} {
		d := valueAs[loopy.Description](t, append(tc.args, "--json")...)
		if got := []string{d.Canonical, d.Outcome, d.Onside, d.Offside}; strings.Join(got, ";") != strings.Join(tc.want, ";") || d.Stopper || d.LeftOptions != nil {
			t.Errorf("value %q: %+v, want %q", tc.args, d, tc.want)
		}
	}
	// Bach's carousel: its sides are not stoppers, given as graphs of
	// them, exactly as CGSuite writes them, without stops.
	if d := valueAs[loopy.Description](t, "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}", "--json"); d.Canonical != "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}" || d.Outcome != "N" || d.LeftStop != nil || d.RightStop != nil {
		t.Errorf("Bach's carousel: %+v", d)
	}
	refused(t, `argument 1 "{1|0+pass}": column 6: pass stands alone`, "value", "{1|0+pass}")
	refused(t, "argument 2", "value", "over", "{pass")
	refused(t, "no thermograph", "value", "over", "--thermograph")
	// Fox and Geese with the geese on row 6: 137,648 positions, past what
	// 16 MiB allows.
	refused(t, "(--memory 16 MiB allows 16384; raise it)", "value", "--game", "fox-and-geese", "geese 6,2 6,4 6,6 6,8 fox 1,1", "--memory", "16")
}

// TestValueRulesLoopy: a rules file whose play repeats gets its loopy
// value, the same answer as the game written in CGSuite's notation, dud
// by its sides.
func TestValueRulesLoopy(t *testing.T) {
	const file = "../../examples/loopy/constants.star"
	for position, expr := range map[string][]string{"over": {"over"}, "upon": {"upon"}, "upon+star": {"upon", "*"}, "over+star": {"over", "*"}, "dud": {"dud"}, "over+under": {"over", "under"}} {
		_, got, _ := nimber(t, "", "value", "--rules", file, position, "--json")
		_, want, _ := nimber(t, "", append(append([]string{"value"}, expr...), "--json")...)
		if got != want || !strings.Contains(got, `"canonical"`) {
			t.Errorf("--rules %s: %s, want %s", position, got, want)
		}
	}
	refused(t, "no thermograph", "value", "--rules", file, "over", "--thermograph")
}

// deref returns *s, or "" for nil.
func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
