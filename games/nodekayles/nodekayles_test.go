package nodekayles_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/nodekayles"
	"nimber/sg"
)

// testGraph is a graph for the tests: vertex i is named v<i>, and adj[i]
// is the set of its neighbours.
type testGraph struct {
	adj []uint64
}

// randomGraph returns a graph of n vertices, each edge present with
// probability p.
func randomGraph(rng *rand.Rand, n int, p float64) testGraph {
	g := testGraph{adj: make([]uint64, n)}
	for u := range n {
		for v := u + 1; v < n; v++ {
			if rng.Float64() < p {
				g.adj[u] |= 1 << v
				g.adj[v] |= 1 << u
			}
		}
	}
	return g
}

// text writes g in the position format, its edges and every vertex, in a
// shuffled order.
func (g testGraph) text(rng *rand.Rand) string {
	var toks []string
	for u := range g.adj {
		toks = append(toks, fmt.Sprintf("v%d", u))
		for v := u + 1; v < len(g.adj); v++ {
			if g.adj[u]&(1<<v) != 0 {
				if rng.IntN(2) == 0 {
					toks = append(toks, fmt.Sprintf("v%d-v%d", u, v))
				} else {
					toks = append(toks, fmt.Sprintf("v%d-v%d", v, u))
				}
			}
		}
	}
	rng.Shuffle(len(toks), func(i, j int) { toks[i], toks[j] = toks[j], toks[i] })
	return strings.Join(toks, " ")
}

// twin is Node Kayles on g written straight from the rules: a position is
// the set of vertices of g left, and a move takes a vertex, removing it and
// its neighbours. It knows no Grundy values and does not split positions
// into components.
func (g testGraph) twin() gametest.Twin[uint64] {
	return gametest.Twin[uint64]{
		State: func(text string) (uint64, error) {
			var set uint64
			for _, name := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '-' || r == '\n' }) {
				var v int
				if _, err := fmt.Sscanf(name, "v%d", &v); err != nil {
					return 0, err
				}
				set |= 1 << v
			}
			return set, nil
		},
		Next: func(set uint64) []uint64 {
			var out []uint64
			for v := range g.adj {
				if set&(1<<v) != 0 {
					out = append(out, set&^(g.adj[v]|1<<v))
				}
			}
			return out
		},
		Key: func(set uint64) string { return fmt.Sprint(set) },
	}
}

// TestAgainstRules compares the analysis of 3000 random graphs of up to 10
// vertices with the twin written from the rules: the outcome, whether each
// move wins, and the positions the moves reach.
func TestAgainstRules(t *testing.T) {
	g := nodekayles.Game()
	rng := rand.New(rand.NewPCG(9, 10))
	won := 0
	for range 3000 {
		n := 1 + rng.IntN(10)
		tg := randomGraph(rng, n, 0.05+0.5*rng.Float64())
		text := tg.text(rng)
		pos := gametest.Parse(t, g, text)
		if got, _ := tg.twin().State(g.Format(pos)); got != uint64(1)<<n-1 {
			t.Fatalf("%q is formatted as %q", text, g.Format(pos))
		}
		gametest.MatchTwin(t, g, []string{text}, tg.twin())
		if a, err := g.Analyze(context.Background(), pos, game.Options{}); err == nil && a.Outcome == sg.N {
			won++
		}
	}
	if won < 300 || won > 2700 {
		t.Fatalf("%d of 3000 graphs won: the comparison proves little", won)
	}
}

// TestAccelerator checks the accelerator against the generic solver on
// every component reachable from random graphs of up to 16 vertices.
func TestAccelerator(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 12))
	r := nodekayles.Rules{}
	const graphs = 300
	checked := 0
	for range graphs {
		text := randomGraph(rng, 4+rng.IntN(13), 0.05+0.4*rng.Float64()).text(rng)
		s := gametest.Must(t, r.Parse, text)
		fast, err := r.Accelerate(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		generic := sg.NewSolver[nodekayles.Part, nodekayles.Move](r, sg.NewMapMemo[nodekayles.Part]())
		seen := map[nodekayles.Part]bool{}
		todo := slices.Clone(s.Parts)
		for len(todo) > 0 {
			p := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			if seen[p] {
				continue
			}
			seen[p] = true
			gametest.Agree(t, p, fast, generic)
			checked++
			for _, leaves := range r.Moves(p) {
				todo = append(todo, leaves...)
			}
		}
	}
	t.Logf("%d components of %d graphs", checked, graphs)
}

// octal returns the nim-sequence G(0..to-1) of the octal game of code
// ("0.137"), by the definition: removing k tokens is allowed by bit 1 of
// digit k when it leaves no heap, bit 2 when it leaves one, bit 4 when it
// splits the rest into two.
func octal(code string, to int) []int {
	digits := strings.TrimPrefix(code, "0.")
	g := make([]int, to)
	for n := range g {
		seen := map[int]bool{}
		for k := 1; k <= len(digits) && k <= n; k++ {
			d, rest := int(digits[k-1]-'0'), n-k
			if d&1 != 0 && rest == 0 {
				seen[0] = true
			}
			if d&2 != 0 && rest > 0 {
				seen[g[rest]] = true
			}
			if d&4 != 0 {
				for a := 1; 2*a <= rest; a++ {
					seen[g[a]^g[rest-a]] = true
				}
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// path writes the path v0-v1-...-v(n-1); a cycle adds the edge back to v0.
func path(n int, cycle bool) string {
	var toks []string
	for i := 1; i < n; i++ {
		toks = append(toks, fmt.Sprintf("v%d-v%d", i-1, i))
	}
	if n == 1 {
		toks = append(toks, "v0")
	}
	if cycle {
		toks = append(toks, fmt.Sprintf("v%d-v0", n-1))
	}
	return strings.Join(toks, " ")
}

// value analyses the position of text and returns its value.
func value(t *testing.T, g game.Game, text string) int {
	t.Helper()
	return gametest.Nimber(t, gametest.Analyze(t, g, text).Value)
}

// TestPaths checks that Node Kayles on the path of n vertices is Dawson's
// Kayles, the octal game 0.137, and that the first values are those of
// OEIS A002187.
func TestPaths(t *testing.T) {
	a002187 := []int{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3}
	want := octal("0.137", nodekayles.MaxVertices+1)
	if !slices.Equal(want[:len(a002187)], a002187) {
		t.Fatalf("0.137 = %v, OEIS A002187 %v", want[:len(a002187)], a002187)
	}
	g := nodekayles.Game()
	for n := 0; n <= nodekayles.MaxVertices; n++ {
		t.Run(fmt.Sprintf("P%d", n), func(t *testing.T) {
			if got := value(t, g, path(n, false)); got != want[n] {
				t.Errorf("G = %d, want %d", got, want[n])
			}
		})
	}
}

// TestCycles checks cycles: every move of the cycle of n >= 3 vertices
// leaves the path of n-3, so its value is mex{G(P(n-3))}: 1 when that path
// is lost, else 0.
func TestCycles(t *testing.T) {
	paths := octal("0.137", nodekayles.MaxVertices+1)
	g := nodekayles.Game()
	for n := 3; n <= nodekayles.MaxVertices; n++ {
		t.Run(fmt.Sprintf("C%d", n), func(t *testing.T) {
			want := 0
			if paths[n-3] == 0 {
				want = 1
			}
			if got := value(t, g, path(n, true)); got != want {
				t.Errorf("G = %d, want %d", got, want)
			}
		})
	}
}

// TestCompleteAndStars checks complete graphs, whose every move removes
// all (G = 1), and stars of n leaves: taking the centre removes all,
// taking a leaf leaves n-1 lone vertices, of value (n-1) mod 2; so
// G = mex{0, (n-1) mod 2} = 1 for n odd and 2 for n even.
func TestCompleteAndStars(t *testing.T) {
	g := nodekayles.Game()
	for n := 1; n <= 16; n++ {
		t.Run(fmt.Sprintf("K%d", n), func(t *testing.T) {
			toks := []string{"v0"}
			for u := range n {
				for v := u + 1; v < n; v++ {
					toks = append(toks, fmt.Sprintf("v%d-v%d", u, v))
				}
			}
			if got := value(t, g, strings.Join(toks, " ")); got != 1 {
				t.Errorf("G = %d, want 1", got)
			}
		})
	}
	for n := 1; n < nodekayles.MaxComponent; n++ {
		t.Run(fmt.Sprintf("K1,%d", n), func(t *testing.T) {
			var toks []string
			for v := 1; v <= n; v++ {
				toks = append(toks, fmt.Sprintf("c-l%d", v))
			}
			want := 2 - n%2
			if got := value(t, g, strings.Join(toks, " ")); got != want {
				t.Errorf("G = %d, want %d", got, want)
			}
		})
	}
}

// TestKnown checks small graphs decided by hand.
func TestKnown(t *testing.T) {
	gametest.CheckKnown(t, nodekayles.Game(), []gametest.Known{
		{Position: "", Value: 0},
		{Position: "a", Value: 1, Wins: []string{"take a (removing a)"}},
		{Position: "a b", Value: 0},
		{Position: "a-b-c", Value: 2, Wins: []string{"take b (removing a, b, c)"}},
		{Position: "a-b b-c c-d", Value: 0},                                            // P4
		{Position: "a-b-c-d-e", Value: 3, Wins: []string{"take c (removing b, c, d)"}}, // leaves a and e
		{Position: "a-b-c-a", Value: 1, Wins: []string{"take a (removing a, b, c)", "take b (removing a, b, c)", "take c (removing a, b, c)"}},
		{Position: "a-b-c d", Value: 3, Wins: []string{"take a (removing a, b)", "take c (removing b, c)"}},
		{Position: "x-y z-w", Value: 0},
	})
}

// TestParse checks the position format: what Parse reads, how Format
// writes it, and the errors.
func TestParse(t *testing.T) {
	g := nodekayles.Game()
	good := []struct {
		text, format string
		parts        int
	}{
		{"", "", 0},
		{"a", "a", 1},
		{"c-d b-c a-b e", "a-b b-c c-d e", 2},
		{"a-b-c-d", "a-b b-c c-d", 1},
		{"b-a a-b a b", "a-b", 1},
		{"v10-v2 v2-v1 v9", "v1-v2 v2-v10 v9", 2},
		{"x_1-Y2\t7-x_1\n", "7-x_1 Y2-x_1", 1},
		{"d-e a-b", "a-b d-e", 2},
		{"c-a c-b c-d", "a-c b-c c-d", 1},
		{"a1-a01", "a01-a1", 1},
	}
	for _, tt := range good {
		t.Run("good/"+tt.text, func(t *testing.T) {
			pos := gametest.Parse(t, g, tt.text)
			if f := g.Format(pos); f != tt.format {
				t.Errorf("Format %q, want %q", f, tt.format)
			}
			if n := len(g.Parts(pos)); n != tt.parts {
				t.Errorf("%d parts, want %d", n, tt.parts)
			}
		})
	}
	many := make([]string, 65)
	for i := range many {
		many[i] = fmt.Sprintf("v%d", i)
	}
	star := make([]string, 45)
	for i := range star {
		star[i] = fmt.Sprintf("c-v%d", i)
	}
	gametest.CheckParse(t, g, []gametest.ParseCase{
		{In: "a--b", Err: `"a--b" at token 1 has an empty vertex name`},
		{In: "a-b -c", Err: `"-c" at token 2 has an empty vertex name`},
		{In: "a-b c-", Err: `"c-" at token 2 has an empty vertex name`},
		{In: "a-b b!-c", Err: `"b!-c" at token 2: "b!" is not a vertex name (letters, digits and '_')`},
		{In: "a-b (c)", Err: `"(c)" at token 2: "(c)" is not a vertex name (letters, digits and '_')`},
		{In: "a-b c-c", Err: `"c-c" at token 2 is a loop on c: a vertex cannot be its own neighbour`},
		{In: "a-b-b-c", Err: `"a-b-b-c" at token 1 is a loop on b: a vertex cannot be its own neighbour`},
		{In: strings.Join(many, " "), Err: "graph: 65 vertices, limit 64"},
		{In: strings.Join(star, " "), Err: "component 1 (not a path or a cycle): 46 vertices, limit 40"},
	})
	t.Run("limit errors", func(t *testing.T) {
		gametest.ParseLimit(t, g, strings.Join(many, " "), 65, nodekayles.MaxVertices, "vertices")
		gametest.ParseLimit(t, g, strings.Join(star, " "), 46, nodekayles.MaxComponent, "vertices in a star")
		if _, err := g.Parse(path(64, true)); err != nil {
			t.Errorf("a cycle of 64: %v", err)
		}
	})
}

// TestDescribe checks the words of moves and parts, and playing by them.
func TestDescribe(t *testing.T) {
	g := nodekayles.Game()
	pos, moves := gametest.Moves(t, g, "a-b b-c c-d e")
	var texts []string
	for _, m := range moves {
		texts = append(texts, fmt.Sprintf("%d %s -> %s", m.Part+1, m.Text, g.Format(m.Next)))
	}
	want := []string{
		"1 take a (removing a, b) -> c-d e",
		"1 take b (removing a, b, c) -> d e",
		"1 take c (removing b, c, d) -> a e",
		"1 take d (removing c, d) -> a-b e",
		"2 take e (removing e) -> a-b b-c c-d",
	}
	if !slices.Equal(texts, want) {
		t.Errorf("moves\n%q\nwant\n%q", texts, want)
	}
	next, _, err := g.Play(pos, 0, "take c (removing b, c, d)")
	if err != nil || g.Format(next) != "a e" || len(g.Parts(next)) != 2 {
		t.Errorf("Play: %q, %v", g.Format(next), err)
	}
	if d := g.DescribePart(pos, 0); d != "4 vertices, 3 edges" {
		t.Errorf("DescribePart = %q", d)
	}
	if d := g.DescribePart(pos, 1); d != "1 vertex, 0 edges" {
		t.Errorf("DescribePart = %q", d)
	}
	if info := g.Info(); info.Noun != "component" || info.Heaps || !info.Accelerated {
		t.Errorf("Info = %+v", info)
	}
	s, err := nodekayles.Rules{}.Parse("z-y y-x")
	if err != nil {
		t.Fatal(err)
	}
	if v := s.Parts[0].Vertices(); !slices.Equal(v, []string{"x", "y", "z"}) {
		t.Errorf("Vertices = %q", v)
	}
	empty, _ := g.Parse("a")
	after, _, _ := g.Play(empty, 0, "take a (removing a)")
	if g.Format(after) != "" || g.Name(after) != "0" {
		t.Errorf("the empty graph: Format %q, Name %q", g.Format(after), g.Name(after))
	}
}

// TestGame runs the checks every game gets.
func TestGame(t *testing.T) {
	starts := []string{"a-b b-c c-d d-e", "a-b-c-d-e-f-a", "a-b a-c a-d a-e", "a-b b-c c-a c-d d-e e-f f-d g", "p q r-s"}
	gametest.Run(t, nodekayles.Game(), starts, gametest.Options{})
}

func FuzzParse(f *testing.F) {
	gametest.FuzzParse(f, nodekayles.Game(), "", "a", "a-b b-c c-d e", "a-b-c-a", "a--b", "a-a", "x_1-Y2", "é-b", "-", "v10-v2 v2-v1")
}

// benchGraphs are graphs to time the solvers on.
func benchGraphs() map[string]string {
	grid := func(r, c int) string {
		var toks []string
		for i := range r {
			for j := range c {
				if j+1 < c {
					toks = append(toks, fmt.Sprintf("v%d_%d-v%d_%d", i, j, i, j+1))
				}
				if i+1 < r {
					toks = append(toks, fmt.Sprintf("v%d_%d-v%d_%d", i, j, i+1, j))
				}
			}
		}
		return strings.Join(toks, " ")
	}
	var spider []string
	for i := range 9 {
		spider = append(spider, fmt.Sprintf("c-a%d-b%d-d%d", i, i, i))
	}
	return map[string]string{
		"path64":    path(64, false),
		"grid5x6":   grid(5, 6),
		"spider9x3": strings.Join(spider, " "),
		"random30":  randomGraph(rand.New(rand.NewPCG(1, 1)), 30, 0.15).text(rand.New(rand.NewPCG(1, 1))),
	}
}

// BenchmarkAccelerator values graphs with the accelerator.
func BenchmarkAccelerator(b *testing.B) {
	bench(b, func(ctx context.Context, s game.Sum[nodekayles.Part]) (game.Valuer[nodekayles.Part], error) {
		return nodekayles.Rules{}.Accelerate(ctx, s)
	})
}

// BenchmarkGeneric values the same graphs with the generic solver.
func BenchmarkGeneric(b *testing.B) {
	bench(b, func(context.Context, game.Sum[nodekayles.Part]) (game.Valuer[nodekayles.Part], error) {
		return sg.NewSolver[nodekayles.Part, nodekayles.Move](nodekayles.Rules{}, sg.NewMapMemo[nodekayles.Part]()), nil
	})
}

func bench(b *testing.B, solver func(context.Context, game.Sum[nodekayles.Part]) (game.Valuer[nodekayles.Part], error)) {
	graphs := benchGraphs()
	for _, name := range []string{"path64", "grid5x6", "spider9x3", "random30"} {
		b.Run(name, func(b *testing.B) {
			s, err := nodekayles.Rules{}.Parse(graphs[name])
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				v, err := solver(context.Background(), s)
				if err != nil {
					b.Fatal(err)
				}
				for _, p := range s.Parts {
					if _, err := v.Grundy(context.Background(), p); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
