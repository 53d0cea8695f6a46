package compound

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// smallGraphLimits are small enough that every limit is hit by a short
// input.
var smallGraphLimits = graphLimits{bytes: 200, positions: 5, options: 8}

func TestParseGraphGood(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Graph
	}{
		{"one ended position", `{"options": [[]]}`, Graph{Opts: [][]int{{}}}},
		{"chain", `{"options":[[],[0],[0,1]]}`, Graph{Opts: [][]int{{}, {0}, {0, 1}}}},
		{
			"names",
			`{"options": [[], [0], [1, 0]], "names": ["end", "one", "two"]}`,
			Graph{Opts: [][]int{{}, {0}, {1, 0}}, Names: []string{"end", "one", "two"}},
		},
		{
			"names first, and numbers equal to their own index",
			`{"names": ["0", "x", "2"], "options": [[], [0], [1]]}`,
			Graph{Opts: [][]int{{}, {0}, {1}}, Names: []string{"0", "x", "2"}},
		},
		{"null names", `{"options": [[]], "names": null}`, Graph{Opts: [][]int{{}}}},
		{
			"other keys ignored, as in the golden data",
			`{"options": [[], [0]], "cases": [{"components": [0, 1], "outcomes": {"one/long/normal": "N"}}], "about": null}`,
			Graph{Opts: [][]int{{}, {0}}},
		},
		{"repeated option", `{"options": [[], [0, 0]]}`, Graph{Opts: [][]int{{}, {0, 0}}}},
		{"options to later positions", `{"options": [[1, 2], [2], []]}`, Graph{Opts: [][]int{{1, 2}, {2}, {}}}},
		{"white space everywhere", " \n{ \"options\" :\n[ [ ] ,\r\n[ 0 ] ] }\n\n", Graph{Opts: [][]int{{}, {0}}}},
		{
			"unicode names",
			`{"options": [[], [0]], "names": ["fin", "d\u00e9part \u2192"]}`,
			Graph{Opts: [][]int{{}, {0}}, Names: []string{"fin", "départ →"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := ParseGraph(strings.NewReader(tt.in))
			if err != nil {
				t.Fatalf("ParseGraph: %v", err)
			}
			if !reflect.DeepEqual(*g, tt.want) {
				t.Errorf("got %#v, want %#v", *g, tt.want)
			}
		})
	}
}

func TestParseGraphErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		// Malformed JSON: where (line, byte offset) and what.
		{"empty", "", `empty input, want {"options": [[...], ...]}`},
		{"blank", " \n\t", `empty input, want {"options": [[...], ...]}`},
		{"not an object", `[[], [0]]`, `line 1, column 1 (byte 0): want an object {"options": [...]}, got an array`},
		{"a number", `7`, `line 1, column 1 (byte 0): want an object {"options": [...]}, got number 7`},
		{"bad character", "{\"options\": [[],\n [0], x]}", `line 2, column 7 (byte 23): malformed JSON: invalid character 'x' looking for beginning of value`},
		{"missing comma", "{\"options\": [[]\n\n [0]]}", `line 3, column 2 (byte 18): malformed JSON: invalid character '[' after array element`},
		{"truncated", "{\"options\": [[],\n[0", `line 2, column 3 (byte 19): malformed JSON: unexpected end of input`},
		{"truncated after object key", `{"options"`, `line 1, column 11 (byte 10): malformed JSON: unexpected end of input`},
		{"trailing garbage", "{\"options\": [[]]}\n\nxyz", `line 3, column 1 (byte 19): malformed JSON: invalid character 'x' looking for beginning of value`},
		{"second object", `{"options": [[]]} {}`, `line 1, column 19 (byte 18): an object after the graph object, want the end of input`},
		{"bad string escape", `{"options": [[]], "names": ["\q"]}`, `line 1, column 29 (byte 28): malformed JSON: invalid character 'q' in string escape code`},

		// Shape.
		{"missing options", `{"names": ["a"]}`, `missing "options": want {"options": [[...], ...]}`},
		{"empty object", `{}`, `missing "options": want {"options": [[...], ...]}`},
		{"no positions", `{"options": []}`, `"options" is empty: a graph needs at least one position`},
		{"options null", `{"options": null}`, `line 1, column 13 (byte 12): "options" must be an array of arrays of options, got null`},
		{"options an object", `{"options": {"a": 1}}`, `line 1, column 13 (byte 12): "options" must be an array of arrays of options, got an object`},
		{"position not an array", `{"options": [[], 0]}`, `line 1, column 18 (byte 17): position 1: want an array of options, got number 0`},
		{"option a string", `{"options": [[], ["0"]]}`, `line 1, column 19 (byte 18): position 1: option 0 is string "0", want a position number`},
		{"option an array", `{"options": [[], [0, [1]]]}`, `line 1, column 22 (byte 21): position 1: option 1 is an array, want a position number`},
		{"option a fraction", `{"options": [[], [0.5]]}`, `line 1, column 19 (byte 18): position 1: option 0.5 is not an integer`},
		{"option in exponent form", `{"options": [[], [1e0]]}`, `line 1, column 19 (byte 18): position 1: option 1e0 is not an integer`},
		{"options twice", `{"options": [[]], "options": [[]]}`, `line 1, column 19 (byte 18): "options" appears twice`},
		{"names twice", `{"options": [[]], "names": ["a"], "names": ["a"]}`, `line 1, column 35 (byte 34): "names" appears twice`},
		{"names a string", `{"options": [[]], "names": "a"}`, `line 1, column 28 (byte 27): "names" must be an array of strings, got string "a"`},
		{"name a number", `{"options": [[], []], "names": ["a", 1]}`, `line 1, column 38 (byte 37): name of position 1 is number 1, want a string`},

		// Options out of range, named by index and by name.
		{"option too large", `{"options": [[], [0], [], [7]]}`, `position 3: option 7 out of range 0..3`},
		{"option negative", `{"options": [[], [-1]]}`, `position 1: option -1 out of range 0..1`},
		{"option out of range, named", `{"options": [[], [0], [], [7]], "names": ["a", "b", "c", "kayles-3"]}`, `position 3 (kayles-3): option 7 out of range 0..3`},
		{"option beyond int64", `{"options": [[], [0, 99999999999999999999999]]}`, `position 1: option 99999999999999999999999 out of range 0..1`},

		// Cycles, named by name or by number.
		{"self-loop", `{"options": [[], [1]]}`, `cycle: 1 -> 1`},
		{"self-loop, named", `{"options": [[], [0, 1]], "names": ["end", "loop"]}`, `cycle: loop -> loop`},
		{"two-cycle", `{"options": [[1], [0]]}`, `cycle: 0 -> 1 -> 0`},
		{"three-cycle, named", `{"options": [[], [2, 0], [3], [1]], "names": ["z", "a", "b", "c"]}`, `cycle: a -> b -> c -> a`},
		{"cycle behind a tail", `{"options": [[1], [2], [3], [1]]}`, `cycle: 1 -> 2 -> 3 -> 1`},

		// Names.
		{"too few names", `{"options": [[], [0]], "names": ["a"]}`, `"names" has 1 names for 2 positions`},
		{"too many names", `{"options": [[]], "names": ["a", "b"]}`, `"names" has 2 names for 1 positions`},
		{"empty name", `{"options": [[], []], "names": ["a", ""]}`, `name of position 1 is empty`},
		{"duplicate names", `{"options": [[], [], [0]], "names": ["a", "b", "a"]}`, `positions 0 and 2 have the same name "a"`},
		{"name with a newline", `{"options": [[], []], "names": ["a", "b\nc"]}`, `name of position 1, "b\nc", has a non-printing character`},
		{"name another position's number", `{"options": [[], []], "names": ["1", "x"]}`, `name of position 0, "1", is the number of another position`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := ParseGraph(strings.NewReader(tt.in))
			if err == nil {
				t.Fatalf("ParseGraph accepted %q: %v", tt.in, g)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got %s\nwant %s", err, tt.want)
			}
		})
	}
}

// TestParseGraphLimits checks every limit with small ones, and that the
// input is refused as soon as it passes one (the rest is never read).
func TestParseGraphLimits(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"positions at the limit", `{"options": [[], [], [], [], []]}`, ""},
		{"too many positions", `{"options": [[], [], [], [], [], []]}`, `line 1, column 34 (byte 33): more than 5 positions`},
		{"options at the limit", `{"options": [[], [0, 0, 0, 0], [0, 1, 0, 1]]}`, ""},
		{"too many options", `{"options": [[], [0, 0, 0, 0], [0, 1, 0, 1, 0]]}`, `line 1, column 45 (byte 44): more than 8 options in all`},
		{"too many names", `{"names": ["a", "b", "c", "d", "e", "f"], "options": [[]]}`, `line 1, column 37 (byte 36): more than 5 names`},
		{"bytes at the limit", `{"options": [[]]}` + strings.Repeat(" ", 200-17), ""},
		{"too many bytes", `{"options": [[]]}` + strings.Repeat(" ", 201-17), `input is larger than 200 bytes (0 MiB)`},
		{"too many bytes inside a value", `{"options": [[]], "about": "` + strings.Repeat("x", 300) + `"}`, `input is larger than 200 bytes (0 MiB)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseGraph(strings.NewReader(tt.in), smallGraphLimits, true)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("parseGraph: %v", err)
				}
				return
			}
			if err == nil || err.Error() != tt.want {
				t.Errorf("error\n got %v\nwant %s", err, tt.want)
			}
		})
	}

	// A huge input is refused after reading a little more than the limit.
	r := &endlessPositions{}
	_, err := parseGraph(r, smallGraphLimits, true)
	if err == nil || !strings.HasSuffix(err.Error(), "more than 5 positions") {
		t.Fatalf("endless input: got %v", err)
	}
	if r.n > 4096 {
		t.Errorf("endless input: read %d bytes before refusing it", r.n)
	}
}

// endlessPositions is the never-ending input {"options": [[], [], ...
type endlessPositions struct{ n int }

func (e *endlessPositions) Read(p []byte) (int, error) {
	const head = `{"options": [`
	for i := range p {
		if e.n < len(head) {
			p[i] = head[e.n]
		} else {
			p[i] = "[],"[(e.n-len(head))%3]
		}
		e.n++
	}
	return len(p), nil
}

// TestParseGraphRealLimits checks the real position and option limits on
// inputs just over them (about 12 and 34 MB).
func TestParseGraphRealLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("large inputs")
	}
	var b bytes.Buffer
	b.WriteString(`{"options": [`)
	for i := range MaxGraphPositions + 1 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("[]")
	}
	b.WriteString("]}")
	_, err := ParseGraph(&b)
	if want := fmt.Sprintf("more than %d positions", MaxGraphPositions); err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("too many positions: got %v, want ...%s", err, want)
	}

	b.Reset()
	b.WriteString(`{"options": [[], [`)
	for i := range MaxGraphOptions + 1 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('0')
	}
	b.WriteString("]]}")
	_, err = ParseGraph(&b)
	if want := fmt.Sprintf("more than %d options in all", MaxGraphOptions); err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("too many options: got %v, want ...%s", err, want)
	}
}

func TestParseGraphReadError(t *testing.T) {
	r := io.MultiReader(strings.NewReader(`{"options": [[],`), errReader{})
	_, err := ParseGraph(r)
	want := "line 1, column 17 (byte 16): reading JSON: disk on fire"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestGraphPosition(t *testing.T) {
	named := &Graph{Opts: [][]int{{}, {0}, {1}, {2}}, Names: []string{"end", "kayles-3", "2", "x y"}}
	plain := &Graph{Opts: [][]int{{}, {0}, {1}}}
	tests := []struct {
		g    *Graph
		s    string
		want int
		err  string
	}{
		{named, "end", 0, ""},
		{named, "kayles-3", 1, ""},
		{named, "2", 2, ""},
		{named, "x y", 3, ""},
		{named, "1", 1, ""},
		{named, "03", 3, ""},
		{named, "4", 0, "position 4 out of range 0..3"},
		{named, "Kayles-3", 0, `unknown position "Kayles-3": no position has that name, and it is not an index 0..3`},
		{named, "", 0, `unknown position "": no position has that name, and it is not an index 0..3`},
		{plain, "0", 0, ""},
		{plain, "2", 2, ""},
		{plain, "3", 0, "position 3 out of range 0..2"},
		{plain, "99999999999999999999999", 0, "position 99999999999999999999999 out of range 0..2"},
		{plain, "-1", 0, `unknown position "-1": the graph has no names, want an index 0..2`},
		{plain, "end", 0, `unknown position "end": the graph has no names, want an index 0..2`},
	}
	for _, tt := range tests {
		got, err := tt.g.Position(tt.s)
		switch {
		case tt.err != "":
			if err == nil || err.Error() != tt.err {
				t.Errorf("Position(%q): got %d, %v, want error %s", tt.s, got, err, tt.err)
			}
		case err != nil || got != tt.want:
			t.Errorf("Position(%q): got %d, %v, want %d", tt.s, got, err, tt.want)
		}
	}
	if got := named.Name(1); got != "kayles-3" {
		t.Errorf("Name(1) = %q", got)
	}
	if got := plain.Name(1); got != "1" {
		t.Errorf("Name(1) = %q", got)
	}
}

// graphTestDAG returns a random acyclic graph of n positions whose
// positions are numbered in a random order (so that options go to lower and
// higher numbers alike).
func graphTestDAG(rng *rand.Rand, n, most int) *Graph {
	perm := rng.Perm(n) // perm[i] is the number of the i-th position in a topological order
	g := &Graph{Opts: make([][]int, n)}
	for i := range n {
		k := rng.IntN(min(i, most) + 1)
		for range k {
			g.Opts[perm[i]] = append(g.Opts[perm[i]], perm[rng.IntN(i)])
		}
	}
	return g
}

// checkTopologicalOrder checks that order lists every position of g once,
// each after all its options.
func checkTopologicalOrder(t *testing.T, g GameGraph, order []int32) {
	t.Helper()
	n := g.Len()
	if len(order) != n {
		t.Fatalf("order has %d positions, want %d", len(order), n)
	}
	at := make([]int, n)
	for i := range at {
		at[i] = -1
	}
	for i, p := range order {
		if p < 0 || int(p) >= n || at[p] >= 0 {
			t.Fatalf("order[%d] = %d: out of range or repeated", i, p)
		}
		at[p] = i
	}
	for p := range n {
		g.Options(p, func(q int) {
			if at[q] >= at[p] {
				t.Fatalf("position %d (at %d) comes before its option %d (at %d)", p, at[p], q, at[q])
			}
		})
	}
}

func TestTopologicalOrderRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 14))
	for range 2000 {
		g := graphTestDAG(rng, 1+rng.IntN(40), 1+rng.IntN(6))
		order, err := TopologicalOrder(g)
		if err != nil {
			t.Fatalf("TopologicalOrder(%v): %v", g.Opts, err)
		}
		checkTopologicalOrder(t, g, order)
	}
	// A large graph, to check that nothing recurses.
	g := graphTestDAG(rng, 300000, 3)
	order, err := TopologicalOrder(g)
	if err != nil {
		t.Fatal(err)
	}
	checkTopologicalOrder(t, g, order)
	// A long path, the worst case for recursion.
	path := &Graph{Opts: make([][]int, 1<<20)}
	for p := 1; p < len(path.Opts); p++ {
		path.Opts[p] = []int{p - 1}
	}
	order, err = TopologicalOrder(path)
	if err != nil {
		t.Fatal(err)
	}
	checkTopologicalOrder(t, path, order)
}

// TestTopologicalOrderCycles adds edges to random acyclic graphs until they
// have a cycle, and checks that the cycle named is a real cycle of the
// graph.
func TestTopologicalOrderCycles(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 92))
	for range 2000 {
		n := 1 + rng.IntN(30)
		g := graphTestDAG(rng, n, 1+rng.IntN(4))
		for {
			p, q := rng.IntN(n), rng.IntN(n)
			g.Opts[p] = append(g.Opts[p], q)
			_, err := TopologicalOrder(g)
			if err == nil {
				continue
			}
			checkCycleError(t, g, err)
			break
		}
	}
	// A cycle through a million positions, named in part.
	n := 1 << 20
	ring := &Graph{Opts: make([][]int, n)}
	for p := range n {
		ring.Opts[p] = []int{(p + 1) % n}
	}
	_, err := TopologicalOrder(ring)
	want := "cycle: 0 -> 1 -> 2 -> 3 -> 4 -> 5 -> 6 -> 7 -> ... (1048565 more) -> 1048573 -> 1048574 -> 1048575 -> 0"
	if err == nil || err.Error() != want {
		t.Errorf("ring: got %v, want %s", err, want)
	}
}

// checkCycleError checks that err names a cycle of g: "cycle: a -> b -> a".
func checkCycleError(t *testing.T, g *Graph, err error) {
	t.Helper()
	msg, ok := strings.CutPrefix(err.Error(), "cycle: ")
	if !ok {
		t.Fatalf("%v: error %q does not name a cycle", g.Opts, err)
	}
	var cycle []int
	for _, s := range strings.Split(msg, " -> ") {
		p, perr := g.Position(s)
		if perr != nil {
			t.Fatalf("%v: error %q: %v", g.Opts, err, perr)
		}
		cycle = append(cycle, p)
	}
	if len(cycle) < 2 || cycle[0] != cycle[len(cycle)-1] {
		t.Fatalf("%v: error %q: not a closed walk", g.Opts, err)
	}
	seen := map[int]bool{}
	for i := 0; i+1 < len(cycle); i++ {
		p, q := cycle[i], cycle[i+1]
		if seen[p] {
			t.Fatalf("%v: error %q: position %d twice", g.Opts, err, p)
		}
		seen[p] = true
		found := false
		for _, o := range g.Opts[p] {
			found = found || o == q
		}
		if !found {
			t.Fatalf("%v: error %q: %d is not an option of %d", g.Opts, err, q, p)
		}
	}
}

func TestTopologicalOrderOutOfRange(t *testing.T) {
	g := &Graph{Opts: [][]int{{}, {0, 2}}}
	_, err := TopologicalOrder(g)
	if want := "position 1: option 2 out of range 0..1"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	if order, err := TopologicalOrder(&Graph{}); err != nil || len(order) != 0 {
		t.Errorf("empty graph: got %v, %v", order, err)
	}
}

// FuzzParseGraph checks that ParseGraph never panics, that its errors are
// one line, and that every graph it accepts is a valid acyclic game graph.
//
// Run: go test ./compound -run '^$' -fuzz FuzzParseGraph -fuzztime 60s
func FuzzParseGraph(f *testing.F) {
	seeds := []string{
		// The "options" of graphs of the project's golden data
		// (testdata/compounds/random-graphs.json of the shared data).
		`{"options":[[],[0],[0],[0,1,2],[0,2,3],[0,1,4],[0,1],[]]}`,
		`{"options":[[],[],[],[],[3],[2],[]]}`,
		`{"options":[[],[],[0],[]]}`,
		`{"options":[[],[],[0],[1],[0,2,3]]}`,
		`{"options":[[],[],[],[0],[3],[2,4],[],[3,5,6]]}`,
		// Valid, with names and other keys.
		`{"options": [[], [0], [1, 0]], "names": ["end", "one", "two"]}`,
		`{"names": ["0", "x"], "options": [[], [0]], "cases": [{"components": [0]}]}`,
		// Invalid.
		``,
		`{}`,
		`{"options": []}`,
		`{"options": [[1], [0]]}`,
		`{"options": [[], [5]]}`,
		`{"options": [[], [-1]]}`,
		`{"options": [[], [0.5]]}`,
		`{"options": [[], [0]], "names": ["a", "a"]}`,
		`{"options": [[], [0]], "names": ["a"]}`,
		`{"options": [[], [0]], "names": ["1", "a"]}`,
		"{\"options\": [[],\n [0], x]}",
		`{"options": [[]]} {}`,
		`{"options": [[], [0, 99999999999999999999999]]}`,
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ParseGraph(bytes.NewReader(data))
		if err != nil {
			if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\r\n") {
				t.Fatalf("error is not one line: %q", msg)
			}
			if g != nil {
				t.Fatalf("graph %v returned with error %v", g, err)
			}
			return
		}
		n := len(g.Opts)
		if n == 0 {
			t.Fatal("accepted a graph with no positions")
		}
		for p, opts := range g.Opts {
			for _, q := range opts {
				if q < 0 || q >= n {
					t.Fatalf("position %d: option %d out of range 0..%d", p, q, n-1)
				}
			}
		}
		if len(g.Names) != 0 {
			if len(g.Names) != n {
				t.Fatalf("%d names for %d positions", len(g.Names), n)
			}
			for p, name := range g.Names {
				if q, err := g.Position(name); err != nil || q != p {
					t.Fatalf("Position(%q) = %d, %v, want %d", name, q, err, p)
				}
			}
		}
		order, err := TopologicalOrder(g)
		if err != nil {
			t.Fatalf("TopologicalOrder of an accepted graph: %v", err)
		}
		checkTopologicalOrder(t, g, order)
	})
}

// TestTopologicalOrderCancelled checks that a cancelled context stops the
// sort (and Compute) with the context's error.
func TestTopologicalOrderCancelled(t *testing.T) {
	g := graphTestDAG(rand.New(rand.NewPCG(3, 15)), 200000, 3)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := TopologicalOrderContext(ctx, g); !errors.Is(err, context.Canceled) {
		t.Errorf("TopologicalOrderContext after cancel: %v, want context.Canceled", err)
	}
	if _, err := Compute(ctx, g); !errors.Is(err, context.Canceled) {
		t.Errorf("Compute after cancel: %v, want context.Canceled", err)
	}
}
