package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"nimber/sg"
)

const loopyExample = "../../examples/graphs/loopy.json"

// TestGrundyGraphContract checks the JSON of grundy --graph on the example
// of docs/loopy.md, key by key: values as integers or {"inf": K}, the
// outcome, winning_move (0-based part, the position moved to, by name) or
// null, and drawing_move for a draw only.
func TestGrundyGraphContract(t *testing.T) {
	for _, c := range []struct {
		parts []string
		want  string
	}{
		{[]string{"trap", "one"}, `{"values": [{"inf": [1]}, 1], "outcome": "N", "winning_move": {"part": 0, "position": "one"}}`},
		{[]string{"trap"}, `{"values": [{"inf": [1]}], "outcome": "D", "winning_move": null, "drawing_move": {"part": 0, "position": "spin"}}`},
		{[]string{"spin", "end"}, `{"values": [{"inf": []}, 0], "outcome": "D", "winning_move": null, "drawing_move": {"part": 0, "position": "spin"}}`},
		{[]string{"far", "two"}, `{"values": [0, 2], "outcome": "N", "winning_move": {"part": 1, "position": "end"}}`},
		{[]string{"left", "far", "0"}, `{"values": [0, 0, 0], "outcome": "P", "winning_move": null}`},
		{[]string{"loop"}, `{"values": [{"inf": [0]}], "outcome": "N", "winning_move": {"part": 0, "position": "end"}}`},
		{[]string{"loop", "loop"}, `{"values": [{"inf": [0]}, {"inf": [0]}], "outcome": "D", "winning_move": null, "drawing_move": {"part": 0, "position": "loop"}}`},
		{[]string{"right", "7"}, `{"values": [1, 0], "outcome": "N", "winning_move": {"part": 0, "position": "end"}}`},
	} {
		args := append([]string{"grundy", "--graph", loopyExample, "--json"}, c.parts...)
		out := output(t, args...)
		var got, want any
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%q: %v in %s", args, err, out)
		}
		if err := json.Unmarshal([]byte(c.want), &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\n got %s\nwant %s", args, strings.Join(strings.Fields(out), " "), c.want)
		}
	}
}

func TestGrundyGraphText(t *testing.T) {
	code, out, errOut := nimber(t, "", "grundy", "--graph", loopyExample, "trap", "one", "loop")
	want := "part 1: trap, G = ∞(1)\npart 2: one, G = 1\npart 3: loop, G = ∞(0)\nsum ∞: D, a draw: neither player can force a win\n"
	if code != 0 || !strings.HasPrefix(out, want) || !strings.Contains(out, "drawing move: in part ") {
		t.Errorf("exit %d, stderr %q, output:\n%s\nwant it to begin:\n%s", code, errOut, out, want)
	}
	code, out, _ = nimber(t, "", "grundy", "--graph", loopyExample, "trap", "one")
	if code != 0 || !strings.Contains(out, "sum ∞(0): N, the player to move wins\nwinning move: in part 1, to one\n") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
}

// TestGrundyGraphMatchesRetrograde checks the command's outcomes and moves
// on random graphs without names (positions by index) against sg.Retrograde
// over the graph of the whole sum.
func TestGrundyGraphMatchesRetrograde(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 9))
	dir := t.TempDir()
	for trial := range 40 {
		n := 1 + rng.IntN(6)
		g := make([][]int, n)
		for p := range g {
			g[p] = []int{}
			for range rng.IntN(4) {
				g[p] = append(g[p], rng.IntN(n))
			}
		}
		data, _ := json.Marshal(map[string]any{"options": g})
		path := filepath.Join(dir, fmt.Sprintf("g%d.json", trial))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		// The sum of two parts: position a*n+b of the product.
		outcome, _, err := sg.Retrograde(context.Background(), n*n, func(x int, yield func(int)) {
			a, b := x/n, x%n
			for _, q := range g[a] {
				yield(q*n + b)
			}
			for _, q := range g[b] {
				yield(a*n + q)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		for x := range n * n {
			a, b := x/n, x%n
			out := output(t, "grundy", "--graph", path, "--json", strconv.Itoa(a), strconv.Itoa(b))
			var rep struct {
				Outcome     string
				WinningMove *graphMove `json:"winning_move"`
				DrawingMove *graphMove `json:"drawing_move"`
			}
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatal(err)
			}
			if rep.Outcome != outcome[x].String() {
				t.Fatalf("%s %d %d: outcome %s, retrograde %s", data, a, b, rep.Outcome, outcome[x])
			}
			for _, m := range []*graphMove{rep.WinningMove, rep.DrawingMove} {
				if m == nil {
					continue
				}
				to, _ := strconv.Atoi(m.Position)
				from := []int{a, b}[m.Part]
				next := []int{a, b}
				next[m.Part] = to
				want := sg.P
				if m == rep.DrawingMove {
					want = sg.D
				}
				if !slicesContains(g[from], to) || outcome[next[0]*n+next[1]] != want {
					t.Fatalf("%s %d %d: move %+v is not a move to a %v position", data, a, b, *m, want)
				}
			}
			if (rep.WinningMove != nil) != (outcome[x] == sg.N) || (rep.DrawingMove != nil) != (outcome[x] == sg.D) {
				t.Fatalf("%s %d %d: %s with winning move %v and drawing move %v", data, a, b, rep.Outcome, rep.WinningMove, rep.DrawingMove)
			}
		}
	}
}

func slicesContains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// TestGrundyGraphBadInput checks the refusals: one line naming the file and
// what is wrong, exit status 2, nothing on standard output.
func TestGrundyGraphBadInput(t *testing.T) {
	dir := t.TempDir()
	outOfRange := writeTemp(t, "range.json", `{"options": [[1], [0, 5]]}`)
	refused(t, outOfRange+": position 1: option 5 out of range 0..1", "grundy", "--graph", outOfRange, "0")
	notJSON := writeTemp(t, "text.json", "options: 1 2 3\n")
	refused(t, notJSON+": line 1, column 1 (byte 0): malformed JSON", "grundy", "--graph", notJSON, "0")
	truncated := writeTemp(t, "cut.json", `{"options": [[1], [0`)
	refused(t, truncated+": line 1, column 21 (byte 20): malformed JSON: unexpected end of input", "grundy", "--graph", truncated, "0")
	refused(t, loopyExample+`: part 2: unknown position "nowhere"`, "grundy", "--graph", loopyExample, "end", "nowhere")
	refused(t, loopyExample+": part 1: position 9 out of range 0..8", "grundy", "--graph", loopyExample, "9")
	refused(t, "no such file", "grundy", "--graph", filepath.Join(dir, "missing.json"), "0")
	refused(t, "give the positions of the sum", "grundy", "--graph", loopyExample)
	refused(t, "--graph takes its game from the graph file", "grundy", "--graph", loopyExample, "--misere", "end")
	refused(t, loopyExample+": sg: a graph of 9 positions and 13 options needs about 504 bytes, over the limit of 100 bytes", "grundy", "--graph", loopyExample, "--max-memory", "100", "end")
}

// takeOrAdd is the rules of examples/rules/take_or_add.star written again
// in Go: take 2 or 3, or add 1 to a heap of 1 to 5.
func takeOrAdd(n int) []int {
	var out []int
	for _, k := range []int{2, 3} {
		if k <= n {
			out = append(out, n-k)
		}
	}
	if n >= 1 && n < 6 {
		out = append(out, n+1)
	}
	return out
}

// TestGrundyLoopyRules checks grundy on a rules file whose moves repeat a
// position: the outcome of every sum of two heaps up to 10, and its
// winning or drawing move, against sg.Retrograde over the graph of the
// whole sum built from the rules written again in Go.
func TestGrundyLoopyRules(t *testing.T) {
	const top = 11 // heaps 0..10; moves never leave 0..top-1
	outcome, _, err := sg.Retrograde(context.Background(), top*top, func(x int, yield func(int)) {
		a, b := x/top, x%top
		for _, q := range takeOrAdd(a) {
			yield(q*top + b)
		}
		for _, q := range takeOrAdd(b) {
			yield(a*top + q)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for a := range top {
		for b := range top {
			out := output(t, "grundy", "--rules", "../../examples/rules/take_or_add.star", "--json", strconv.Itoa(a), strconv.Itoa(b))
			var rep grundyReport
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatal(err)
			}
			seen[rep.Outcome]++
			if want := outcome[a*top+b].String(); rep.Outcome != want {
				t.Fatalf("%d %d: outcome %s, retrograde %s", a, b, rep.Outcome, want)
			}
			for _, m := range []*winningMove{rep.WinningMove, rep.DrawingMove} {
				if m == nil {
					continue
				}
				heaps := strings.Fields(m.Position)
				if len(heaps) != 2 {
					t.Fatalf("%d %d: move %+v leaves %q", a, b, *m, m.Position)
				}
				x, _ := strconv.Atoi(heaps[0])
				y, _ := strconv.Atoi(heaps[1])
				want := sg.P
				if m == rep.DrawingMove {
					want = sg.D
				}
				legal := m.Part == 0 && y == b && slicesContains(takeOrAdd(a), x) || m.Part == 1 && x == a && slicesContains(takeOrAdd(b), y)
				if !legal || outcome[x*top+y] != want {
					t.Fatalf("%d %d: move %+v is not a move to a %v position", a, b, *m, want)
				}
			}
			if (rep.WinningMove != nil) != (rep.Outcome == "N") || (rep.DrawingMove != nil) != (rep.Outcome == "D") {
				t.Fatalf("%d %d: %s with winning move %v and drawing move %v", a, b, rep.Outcome, rep.WinningMove, rep.DrawingMove)
			}
		}
	}
	if seen["N"] == 0 || seen["P"] == 0 || seen["D"] == 0 {
		t.Errorf("outcomes %v: want some of each", seen)
	}
}

func TestGrundyLoopyRulesMemory(t *testing.T) {
	refused(t, "take_or_add.star:18: sg: a graph of 9 positions and 18 options needs about 544 bytes, over the limit of 10 bytes",
		"grundy", "--rules", "../../examples/rules/take_or_add.star", "--max-memory", "10", "2", "9")
	refused(t, "more than 4 positions", "grundy", "--rules", "../../examples/rules/take_or_add.star", "--max-positions", "4", "2", "9")
}
