package loopy

import (
	"errors"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"nimber/cgt"
)

// TestCGSuiteFacts holds the package to CGSuite's own tests
// (testdata/cgsuite-loopy.tsv) whose game Parse reads: the IsStopper,
// OutcomeClass, LeftStop and RightStop rows (the stops of the simplest
// form), and the rows of a stopper alone, printed.
func TestCGSuiteFacts(t *testing.T) {
	data, err := os.ReadFile("testdata/cgsuite-loopy.tsv")
	if err != nil {
		t.Fatal(err)
	}
	c := cgt.New(0)
	method := regexp.MustCompile(`^\((.*)\)\.(IsStopper|OutcomeClass|LeftStop|RightStop)$`)
	checked := map[string]int{}
	for line := range strings.Lines(string(data)) {
		cols := strings.Split(strings.TrimRight(line, "\n"), "\t")
		if len(cols) != 4 || strings.HasPrefix(cols[0], "#") || strings.HasPrefix(cols[3], "!error") {
			continue
		}
		in, kind := cols[2], "Notation"
		if m := method.FindStringSubmatch(cols[2]); m != nil {
			in, kind = m[1], m[2]
		}
		if strings.ContainsAny(in, ":.[]&") {
			continue // statements, methods, lists and sides: not read yet
		}
		g, err := Parse(c, in)
		if errors.Is(err, ErrTooManyPositions) {
			continue // -1823437481924: a chain of as many positions
		}
		if err != nil {
			if kind == "Notation" {
				continue // CGSuite's n*G and the like
			}
			t.Fatalf("Parse(%q): %v", in, err)
		}
		if kind != "IsStopper" && kind != "OutcomeClass" && !IsStopper(g) {
			continue
		}
		got, err := fact(c, g, kind)
		if err != nil {
			t.Fatalf("%s: %v", cols[2], err)
		}
		if got != cols[3] {
			t.Errorf("%s = %s, CGSuite says %s", cols[2], got, cols[3])
		}
		checked[kind]++
	}
	// The rows read today, so that a row no longer read is a regression.
	for kind, least := range map[string]int{"IsStopper": 41, "OutcomeClass": 17, "LeftStop": 13, "RightStop": 13, "Notation": 30} {
		if checked[kind] < least {
			t.Errorf("%d %s rows checked, want %d", checked[kind], kind, least)
		}
	}
}

// fact computes one of CGSuite's facts of g, as CGSuite prints it.
func fact(c *cgt.Calc, g Game, kind string) (string, error) {
	switch kind {
	case "IsStopper":
		return strconv.FormatBool(IsStopper(g)), nil
	case "OutcomeClass":
		return ClassOf(g).String(), nil
	case "Notation":
		return Notation(c, g, 1<<20)
	}
	s, err := Simplify(g, 1<<20)
	if err != nil {
		return "", err
	}
	l, r, err := Stops(c, s)
	if kind == "LeftStop" {
		return l.String(), err
	}
	return r.String(), err
}

// TestNotationReadsBack writes random stoppers and reads the text back:
// the game read is equal to the one written (by the survival test) and
// is written the same way again.
func TestNotationReadsBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 11))
	c := cgt.New(0)
	kinds := map[string]bool{}
	for range 400 {
		g := randomStopper(rng, 6)
		text, err := Notation(c, g, 1<<16)
		if err != nil {
			t.Fatal(err)
		}
		h, err := Parse(c, text)
		if err != nil {
			t.Fatalf("%+v written %s: %v", g.Graph, text, err)
		}
		if eq, err := Equal(g, h, 1<<16); err != nil || !eq {
			t.Fatalf("%+v written %s, read back unequal (%v)", g.Graph, text, err)
		}
		again, err := Notation(c, h, 1<<16)
		if err != nil || again != text {
			t.Fatalf("%+v written %s, then %s (%v)", g.Graph, text, again, err)
		}
		kinds[(strings.TrimLeft(text, "-0123456789/") + "#")[:1]] = true // # for a number
	}
	if len(kinds) < 4 {
		t.Errorf("the texts began with only %v", kinds)
	}
}
