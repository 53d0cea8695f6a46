package rules

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
)

// examples is where the example rules files are.
const examples = "../../examples/rules"

// load loads an example rules file.
func load(t testing.TB, name string) *Rules {
	t.Helper()
	r, err := Load(filepath.Join(examples, name+".star"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// compile loads rules from source text, failing the test on an error.
func compile(t testing.TB, src string, o Options) *Rules {
	t.Helper()
	r, err := New("test.star", []byte(src), o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// sequence returns the nim-sequence of r up to to (Sequence), failing
// the test on an error.
func sequence(t testing.TB, r *Rules, to int) []int {
	t.Helper()
	seq, err := r.Sequence(context.Background(), to)
	if err != nil {
		t.Fatal(err)
	}
	return seq
}

func ints(text string) []int {
	var out []int
	for _, f := range strings.Fields(text) {
		var n int
		fmt.Sscan(f, &n)
		out = append(out, n)
	}
	return out
}

// TestSequences checks the nim-sequences of the example heap games
// against their known values, through Sequence and through the game's
// analysis heap by heap.
func TestSequences(t *testing.T) {
	subtraction := make([]int, 70)
	for n := range subtraction {
		subtraction[n] = []int{0, 1, 0, 1, 2, 3, 2}[n%7]
	}
	for _, tc := range []struct {
		file string
		want []int
	}{
		{"kayles", ints("0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4")},
		{"subtraction", subtraction},
	} {
		t.Run(tc.file, func(t *testing.T) {
			r := load(t, tc.file)
			if got := sequence(t, r, len(tc.want)); !slices.Equal(got, tc.want) {
				t.Fatalf("Sequence = %v\nwant       %v", got, tc.want)
			}
			fresh := load(t, tc.file)
			g := fresh.Game()
			for n, want := range tc.want {
				pos := gametest.Heap(t, g, n)
				a, err := g.Analyze(context.Background(), pos, game.Options{Engine: game.Generic})
				if err != nil {
					t.Fatal(err)
				}
				if !a.Value.Equal(game.Nimber(want)) {
					t.Fatalf("heap %d: value %v, want %d", n, a.Value, want)
				}
			}
		})
	}
}

// TestExampleValues checks values of the examples that are not heap
// games against what is known of them.
func TestExampleValues(t *testing.T) {
	// Node Kayles on a path of n vertices is Dawson's Kayles of n+1 pins.
	dawson := ints("0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2 1 1 0 4 5 2 7 4 0 1 1 2 0 3 1 1 0 3 3 2 2 4 4 5 5 2")
	nk := load(t, "nodekayles")
	for n := 1; n <= 20; n++ {
		path := make([]string, n)
		for i := range path {
			path[i] = fmt.Sprint(i + 1)
		}
		t.Run(fmt.Sprintf("nodekayles/P%d", n), func(t *testing.T) {
			if a := gametest.AnalyzeWith(t, nk.Game(), strings.Join(path, "-"), game.Options{}); !a.Value.Equal(game.Nimber(dawson[n+1])) {
				t.Fatalf("path of %d: value %v, want %d", n, a.Value, dawson[n+1])
			}
		})
	}
	// The losing positions of Wythoff's game are (floor(k phi),
	// floor(k phi^2)); G(0, b) = b.
	wy := load(t, "wythoff")
	losing := map[[2]int]bool{}
	for k := range 8 {
		a := int(float64(k) * 1.6180339887498949)
		losing[[2]int{a, a + k}] = true
	}
	for a := range 14 {
		for b := a; b < 14; b++ {
			t.Run(fmt.Sprintf("wythoff/%d,%d", a, b), func(t *testing.T) {
				v := gametest.Nimber(t, gametest.AnalyzeWith(t, wy.Game(), fmt.Sprintf("%d %d", a, b), game.Options{}).Value)
				if (v == 0) != losing[[2]int{a, b}] {
					t.Fatalf("(%d, %d): value %d, losing %v", a, b, v, losing[[2]int{a, b}])
				}
				if a == 0 && v != b {
					t.Fatalf("(0, %d): value %d, want %d", b, v, b)
				}
			})
		}
	}
	// Coins: a row of one face is Kayles.
	coins := load(t, "coins")
	kayles := ints("0 1 2 3 1 4 3 2 1 4 2 6 4")
	for n, want := range kayles[1:] {
		row := strings.Repeat("H", n+1)
		t.Run("coins/"+row, func(t *testing.T) {
			if v := gametest.Nimber(t, gametest.AnalyzeWith(t, coins.Game(), row, game.Options{}).Value); v != want {
				t.Fatalf("%s: value %d, want %d", row, v, want)
			}
		})
	}
	// Alternating faces leave only single takes: the value is the parity
	// of the length, as in a row where no two coins may go together.
	for n := 1; n <= 9; n++ {
		row := strings.Repeat("HT", n)[:n]
		t.Run("coins/"+row, func(t *testing.T) {
			v := gametest.Nimber(t, gametest.AnalyzeWith(t, coins.Game(), row, game.Options{}).Value)
			if (v == 0) != (n%2 == 0) {
				t.Fatalf("%s: value %d", row, v)
			}
		})
	}
}

// TestGametest runs the shared battery of checks on every example.
func TestGametest(t *testing.T) {
	for _, tc := range []struct {
		file   string
		starts []string
	}{
		{"kayles", []string{"7", "3\n4", "", "2\n2\n5"}},
		{"subtraction", []string{"12", "5\n9"}},
		{"coins", []string{"HHTHT", "HTTH TH", "TTTT\nHH"}},
		{"wythoff", []string{"4 6", "3 5", "2 2\n1 3"}},
		{"nodekayles", []string{"1-2-3-4-5", "1-2 2-3 3-1 3-4", "1-2-3 4 5-6"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			gametest.Run(t, load(t, tc.file).Game(), tc.starts, gametest.Options{Walks: 8})
		})
	}
}

// TestText checks the position format: one part per line, literals by
// default, names on one line and moves said by the parts they leave.
func TestText(t *testing.T) {
	r := compile(t, `
def moves(p):
    if p == 5:
        return [[3, 4], [], 2, [(1, "a")]]
    return []
`, Options{})
	g := r.Game()
	for _, tc := range []struct {
		name, text, format, pos string
	}{
		{"empty", "", "", "0"},
		{"blank lines", "\n  \n", "", "0"},
		{"int", "5", "5", "5"},
		{"negative and big", "-3\n123456789012345678901234567890", "-3\n123456789012345678901234567890", "-3 + 123456789012345678901234567890"},
		{"string", ` "xox" `, `"xox"`, `"xox"`},
		{"single quotes", `'a b'`, `"a b"`, `"a b"`},
		{"tuple", "(1, (2, 'x'), None, True)", `(1, (2, "x"), None, True)`, `(1, (2, "x"), None, True)`},
		{"bare tuple", "1, 2", "(1, 2)", "(1, 2)"},
		{"parts", "3\n\n(1,)\r\n\"\"", "3\n(1,)\n\"\"", `3 + (1,) + ""`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pos := gametest.Parse(t, g, tc.text)
			if got := g.Format(pos); got != tc.format {
				t.Errorf("Format = %q, want %q", got, tc.format)
			}
			if got := g.Name(pos); got != tc.pos {
				t.Errorf("Name = %q, want %q", got, tc.pos)
			}
		})
	}
	for _, text := range []string{"[1]", "{}", "1.5", "x", "f(1)", "(1, [2])", "b'x'", "1 +", "--1", "5\n[]"} {
		t.Run("refused "+text, func(t *testing.T) {
			_, err := g.Parse(text)
			if err == nil || strings.Contains(err.Error(), "\n") {
				t.Fatalf("Parse(%q): error %v, want one line", text, err)
			}
		})
	}
	pos, _ := g.Parse("5")
	moves, err := g.Moves(pos)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, m := range moves {
		texts = append(texts, m.Text)
	}
	want := []string{"to 3 + 4", "to nothing", "to 2", `to (1, "a")`}
	if !slices.Equal(texts, want) {
		t.Fatalf("moves of 5: %q, want %q", texts, want)
	}
}

// TestDescribeDistinct checks that options that show writes alike are
// still told apart, and that equal options are said alike.
func TestDescribeDistinct(t *testing.T) {
	r := compile(t, `
def moves(p):
    return [[1], [2], [1], [], [3, 4], [2]]

def show(p):
    return "heap"
`, Options{})
	b, failed := r.Bind(context.Background())
	p := Pos{n: 9}
	seen := map[string]string{}
	var texts []string
	for i, parts := range b.Moves(p) {
		var key []string
		for _, q := range parts {
			key = append(key, r.table.repr(q))
		}
		text := r.Describe(p, i)
		if other, ok := seen[text]; ok && other != fmt.Sprint(key) {
			t.Fatalf("%q says two different options: %s and %v", text, other, key)
		}
		seen[text] = fmt.Sprint(key)
		texts = append(texts, text)
	}
	if err := failed(); err != nil {
		t.Fatal(err)
	}
	if len(texts) != 6 || texts[0] != texts[2] || texts[1] != texts[5] || texts[3] != "to nothing" || texts[4] != "to heap + heap" {
		t.Fatalf("descriptions %q", texts)
	}
}

// TestNames checks the names and titles of loaded files.
func TestNames(t *testing.T) {
	r := load(t, "kayles")
	if r.Name() != "kayles" || r.Title() != "Kayles" {
		t.Fatalf("Name %q, Title %q", r.Name(), r.Title())
	}
	if !strings.HasSuffix(r.MovesAt(), "kayles.star:14") {
		t.Fatalf("MovesAt %q", r.MovesAt())
	}
	r = load(t, "nodekayles")
	if r.Title() != "nodekayles" {
		t.Fatalf("a file without a name has Title %q", r.Title())
	}
	if info := r.Game().Info(); !info.Heaps || info.Kind != game.Impartial {
		t.Fatalf("Info %+v", info)
	}
}
