package compound

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// FuzzParseGraphFast checks that the fast reader agrees with the token
// parser on every input it accepts: the same graph, or the same error from
// the checks after reading, cycles allowed or not, with the default
// limits and small ones. And that the loopy reader never panics and
// answers in one line.
//
// Run: go test ./compound -run '^$' -fuzz FuzzParseGraphFast -fuzztime 60s
func FuzzParseGraphFast(f *testing.F) {
	for _, s := range []string{
		`{"options":[[],[0],[0],[0,1,2],[0,2,3],[0,1,4],[0,1],[]]}`,
		`{"options": [[1], [0, 2], []], "names": ["a", "b", "c"]}`,
		`{"options": [[0]], "names": null}`,
		` { "options" : [ [ 1 , 1 ] , [ ] ] , "names" : [ "é" , "b" ] } ` + "\n",
		`{"options": [[], [0]], "names": ["a", "a"]}`,
		`{"options": [[], [00]]}`,
		`{"options": [[], [1e0]]}`,
		`{"options": [[], [5]]}`,
		`{"options": [[], [0]], "names": ["a\"", "b"]}`,
		`{"options": []}`,
		`{"options": [[], [0]]} x`,
		`{"options": [[1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], [], [], [], [], [], []]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, lim := range []graphLimits{defaultGraphLimits, smallGraphLimits} {
			fg, ok := parseGraphFast(data, lim)
			for _, acyclic := range []bool{false, true} {
				_, err := parseGraph(bytes.NewReader(data), lim, acyclic)
				if err != nil && (err.Error() == "" || strings.ContainsAny(err.Error(), "\r\n")) {
					t.Fatalf("error is not one line: %q", err)
				}
				if !ok {
					continue
				}
				fast, ferr := finishGraph(fg.flat, fg.starts, fg.names, fg.seenNames, nil, acyclic)
				slow, serr := parseGraphTokens(bytes.NewReader(data), lim, acyclic)
				if (ferr == nil) != (serr == nil) || ferr != nil && ferr.Error() != serr.Error() {
					t.Fatalf("%q: fast reader's error %v, token parser's %v", data, ferr, serr)
				}
				if ferr == nil && !reflect.DeepEqual(fast, slow) {
					t.Fatalf("%q: fast reader read %+v, token parser %+v", data, fast, slow)
				}
				if (err == nil) != (ferr == nil) {
					t.Fatalf("%q: parseGraph %v, fast reader %v", data, err, ferr)
				}
			}
		}
	})
}

func TestParseLoopyGraph(t *testing.T) {
	in := `{"options": [[1, 1], [0, 2, 1], []], "names": ["a", "b", "c"]}`
	g, err := ParseLoopyGraph(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if want := [][]int{{1, 1}, {0, 2, 1}, {}}; !reflect.DeepEqual(g.Opts, want) {
		t.Errorf("options %v, want %v", g.Opts, want)
	}
	if _, err := ParseGraph(strings.NewReader(in)); err == nil || !strings.Contains(err.Error(), "cycle") {
		t.Errorf("ParseGraph of a graph with cycles: %v, want a cycle error", err)
	}
	// The same through the token parser (an input of unknown size).
	g2, err := ParseLoopyGraph(struct{ *strings.Reader }{strings.NewReader(in)})
	if err != nil || !reflect.DeepEqual(g, g2) {
		t.Errorf("token parser: %+v, %v; fast reader %+v", g2, err, g)
	}
	for _, c := range []struct{ in, want string }{
		{`{"options": [[1], [7]]}`, "position 1: option 7 out of range 0..1"},
		{`{"options": [[1], [0]`, "malformed JSON"},
		{`not json`, "malformed JSON"},
	} {
		if _, err := ParseLoopyGraph(strings.NewReader(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.in, err, c.want)
		}
	}
}

// BenchmarkParseLoopyGraph reads a graph of 10^5 positions and 4·10^5
// options from memory.
func BenchmarkParseLoopyGraph(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteString(`{"options": [`)
	for p := range 100000 {
		if p > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("[")
		for i := range 4 {
			if i > 0 {
				buf.WriteByte(',')
			}
			buf.WriteString(strconv.Itoa((p*7919 + i*104729) % 100000))
		}
		buf.WriteString("]")
	}
	buf.WriteString("]}")
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ParseLoopyGraph(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// checkNamesByMap is checkNames as it was, with a map of the names seen:
// the reference for TestCheckNamesMatchesMap.
func checkNamesByMap(names []string, n int) error {
	if len(names) != n {
		return fmt.Errorf(`"names" has %d names for %d positions`, len(names), n)
	}
	first := make(map[string]int, n)
	for i, s := range names {
		if err := checkName(s, i); err != nil {
			return err
		}
		if j, ok := first[s]; ok {
			return fmt.Errorf("positions %d and %d have the same name %q", j, i, clipText(s))
		}
		first[s] = i
	}
	return nil
}

// TestCheckNamesMatchesMap compares checkNames with the map of names it
// replaced, on random lists of names with repeats, empty names, numbers
// and non-printing characters: the same error, for the same first name.
func TestCheckNamesMatchesMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 4))
	pool := []string{"a", "b", "c", "d", "e", "", "0", "1", "2", "x\ty", "é", "ab"}
	for trial := range 20000 {
		n := 1 + rng.IntN(8)
		names := make([]string, n)
		for i := range names {
			names[i] = pool[rng.IntN(len(pool))]
			if rng.IntN(3) == 0 {
				names[i] = strconv.Itoa(i) // its own index: allowed
			}
		}
		got, want := checkNames(names, n), checkNamesByMap(names, n)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("trial %d, names %q: %v, the map gives %v", trial, names, got, want)
		}
	}
	many := make([]string, 100000)
	for i := range many {
		many[i] = "same"
	}
	if err := checkNames(many, len(many)); err == nil || err.Error() != `positions 0 and 1 have the same name "same"` {
		t.Errorf("many equal names: %v", err)
	}
}
