package cgt

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// readTSV returns the rows of a testdata file, comments and blank lines
// left out.
func readTSV(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			rows = append(rows, strings.Split(line, "\t"))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// readCGSuiteGames returns the rows of a testdata file of CGSuite's
// values (at least 25) and the game of each, parsed from its first column.
func readCGSuiteGames(t *testing.T, c *Calc, name string) ([][]string, []Game) {
	t.Helper()
	rows := readTSV(t, name)
	if len(rows) < 25 {
		t.Fatalf("%d rows", len(rows))
	}
	games := make([]Game, len(rows))
	for i, col := range rows {
		g, err := c.Parse(col[0])
		if err != nil {
			t.Fatalf("%s: %v", col[0], err)
		}
		games[i] = g
	}
	return rows, games
}

// TestCGSuiteAtomicWeights reads the atomic weight column of
// testdata/cgsuite-examples.tsv ("not atomic", or the weight in CGSuite's
// notation) and checks AtomicWeight on each game.
func TestCGSuiteAtomicWeights(t *testing.T) {
	c := New(0)
	rows, games := readCGSuiteGames(t, c, "testdata/cgsuite-examples.tsv")
	for i, col := range rows {
		expr, want, g := col[0], col[8], games[i]
		aw, ok, err := c.AtomicWeight(g)
		if err != nil {
			t.Errorf("%s: %v", expr, err)
			continue
		}
		if want == "not atomic" {
			if ok {
				t.Errorf("%s: atomic weight %s, CGSuite: not atomic", expr, c.Notation(aw))
			}
			continue
		}
		w, err := c.Parse(want)
		if err != nil {
			t.Fatalf("%s: the weight %s: %v", expr, want, err)
		}
		if !ok || aw != w {
			t.Errorf("%s: atomic weight %s (atomic %v), CGSuite %s", expr, c.Notation(aw), ok, want)
		}
	}
}

// setText writes games as CGSuite writes a set of them: in its order,
// comma-separated, in braces.
func setText(c *Calc, gs []Game) string {
	texts := make([]string, len(gs))
	for i, g := range c.printOrder(gs) {
		texts[i] = c.Notation(g)
	}
	return "{" + strings.Join(texts, ",") + "}"
}

// TestCGSuiteTheoryFacts checks the predicates, the incentives and the
// reduced canonical form against what CGSuite gives for its own test
// cases (testdata/cgsuite-facts.tsv), as CGSuite writes them.
func TestCGSuiteTheoryFacts(t *testing.T) {
	c := New(0)
	rows, games := readCGSuiteGames(t, c, "testdata/cgsuite-facts.tsv")
	for i, col := range rows {
		expr, g := col[0], games[i]
		_, atomic, err := c.AtomicWeight(g)
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		got := map[string]bool{"isAllSmall": c.IsAllSmall(g), "isInfinitesimal": c.IsInfinitesimal(g),
			"isNumber": c.IsNumber(g), "isNimber": c.IsNimber(g), "isInteger": c.IsInteger(g), "isAtomic": atomic}
		for name, i := range map[string]int{"isAllSmall": 7, "isInfinitesimal": 8, "isNumber": 9, "isNimber": 10, "isInteger": 15, "isAtomic": 16} {
			if want := col[i] == "true"; got[name] != want {
				t.Errorf("%s: %s %v, CGSuite %v", expr, name, got[name], want)
			}
		}
		for i, f := range []func(Game) ([]Game, error){c.Incentives, c.LeftIncentives, c.RightIncentives} {
			inc, err := f(g)
			if err != nil {
				t.Fatalf("%s: %v", expr, err)
			}
			if got := setText(c, inc); got != col[3+i] {
				t.Errorf("%s: incentives (%d) %s, CGSuite %s", expr, i, got, col[3+i])
			}
		}
		rcf, err := c.ReducedCanonical(g)
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		if got := c.Notation(rcf); got != col[6] {
			t.Errorf("%s: reduced canonical form %s, CGSuite %s", expr, got, col[6])
		}
	}
}

// TestCGSuiteHeatNortonOrdinal checks heating, Norton products by ↑ and
// ordinal sums against the values CGSuite's tests give (GameTest,
// CompoundGameTestCase; ±G written out as {G|-G}).
func TestCGSuiteHeatNortonOrdinal(t *testing.T) {
	c := New(0)
	for _, tc := range []struct{ op, g, h, want string }{
		{"heat", "{3||2+*|1+*}", "0", "{3||2*|1*}"},
		{"heat", "{3||2+*|1+*}", "1/2", "{7/2|||5/2|3/2||{1/2|-1/2}}"},
		{"heat", "{3||2+*|1+*}", "1", "{4|||3|1||0|-2}"},
		{"heat", "{3||2+*|1+*}", "-3/4", "9/4*"},
		{"heat", "{3||2+*|1+*}", "-1", "9/4"},
		{"heat", "{3||2+*|1+*}", "-2", "3/2"},
		{"heat", "{3||2+*|1+*}", "-3", "1"},
		{"heat", "{3||2+*|1+*}", "-4", "0"},
		{"heat", "{3||2+*|1+*}", "*", "{3*||2|1}"},
		{"norton", "0", "^", "0"},
		{"norton", "6", "^", "^6"},
		{"norton", "-4", "^", "v4"},
		{"norton", "1/2", "^", "{^^*|v*}"},
		{"norton", "^", "^", "{^^*||0|v4}"},
		{"norton", "{0||0|-2}", "^", "{^^*||0|v6}"},
		{"ordinal", "1/2", "1/4", "9/16"},
		{"ordinal", "*5", "*6", "*11"},
		{"ordinal", "{1|-1}", "^^", "{1,{1|-1}|-1,{1,{1|-1},{1,{1|-1}|-1,{1|-1}}|-1,{1|-1}}}"},
		{"ordinal", "{1|0}", "0", "{1|0}"},
	} {
		g, err1 := c.Parse(tc.g)
		h, err2 := c.Parse(tc.h)
		want, err3 := c.Parse(tc.want)
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatal(err1, err2, err3)
		}
		var got Game
		var err error
		switch tc.op {
		case "heat":
			got, err = c.Heat(g, h)
		case "norton":
			got, err = c.NortonProduct(g, h)
		case "ordinal":
			got, err = c.OrdinalSum(g, h)
		}
		if err != nil || got != want {
			t.Errorf("%s(%s, %s) = %s (%v), CGSuite %s", tc.op, tc.g, tc.h, c.Notation(got), err, tc.want)
		}
	}
}
