package hackenbush

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
)

// value returns the canonical form of the positions texts (a sum) through
// the game API, in c.
func value(t testing.TB, c *cgt.Calc, texts ...string) cgt.Game {
	t.Helper()
	pg, ok := game.PartizanOf(Game())
	if !ok {
		t.Fatal("Hackenbush is not a partizan game")
	}
	ps := make([]game.Position, len(texts))
	for i, text := range texts {
		var err error
		if ps[i], err = Game().Parse(text); err != nil {
			t.Fatalf("Parse(%q): %v", text, err)
		}
	}
	g, _, err := pg.Values(context.Background(), pg.NewEvaluator(c), Game().Join(ps...))
	if err != nil {
		t.Fatalf("Values(%q): %v", texts, err)
	}
	return g
}

// stalkValue returns a blue-red stalk's value by the rule of Winning
// Ways (Berlekamp's): the first run of one colour counts 1 an edge, and
// from the first change of colour on each edge counts half the one below
// it; Left's edges count for her, Right's against.
func stalkValue(colours string) string {
	num, den := 0, 1
	run := true
	for i := range colours {
		sign := 1
		if colours[i] == 'R' {
			sign = -1
		}
		if run && i > 0 && colours[i] != colours[0] {
			run = false
		}
		if run {
			num += sign * den
			continue
		}
		num, den = 2*num+sign, 2*den
	}
	for den > 1 && num%2 == 0 {
		num, den = num/2, den/2
	}
	if den == 1 {
		return fmt.Sprint(num)
	}
	return fmt.Sprintf("%d/%d", num, den)
}

// TestBlueRedStalks checks every blue-red stalk of up to 10 edges against
// the binary rule, and green stalks of up to MaxEdges against *n.
func TestBlueRedStalks(t *testing.T) {
	c := cgt.New(0)
	for n := 1; n <= 10; n++ {
		for bits := range 1 << n {
			b := make([]byte, n)
			for i := range b {
				b[i] = "LR"[bits>>i&1]
			}
			s := string(b)
			if got, want := c.Notation(value(t, c, s)), stalkValue(s); got != want {
				t.Fatalf("%s = %s, want %s by the binary rule", s, got, want)
			}
		}
	}
	for n := 1; n <= MaxEdges; n++ {
		s := strings.Repeat("G", n)
		if got, want := c.Notation(value(t, c, s)), fmt.Sprintf("*%d", n); got != want && !(n == 1 && got == "*") {
			t.Fatalf("%s = %s, want %s", s, got, want)
		}
	}
}

// pic is a picture for the brute force, its edges "u-vC" sorted and
// joined by ','; vertex 0 is the ground.
type pic []string

// moves is Hackenbush by its definition, for the brute force: cut one
// edge of the mover's colour or green, then drop every edge no longer
// connected to the ground (vertex 0). No components, no normal form.
func moves(board string, left bool) []string {
	if board == "" {
		return nil
	}
	es := strings.Split(board, ",")
	own := byte('L')
	if !left {
		own = 'R'
	}
	var out []string
	for i, e := range es {
		if c := e[len(e)-1]; c != own && c != 'G' {
			continue
		}
		rest := slices.Concat(es[:i:i], es[i+1:])
		out = append(out, grounded(rest))
	}
	return out
}

// grounded returns the edges of es reached from vertex 0, sorted and
// joined by ','.
func grounded(es []string) string {
	reached := map[string]bool{"0": true}
	for grew := true; grew; {
		grew = false
		for _, e := range es {
			u, v, _ := strings.Cut(e[:len(e)-1], "-")
			if reached[u] != reached[v] {
				reached[u], reached[v], grew = true, true, true
			}
		}
	}
	var keep []string
	for _, e := range es {
		u, _, _ := strings.Cut(e[:len(e)-1], "-")
		if reached[u] {
			keep = append(keep, e)
		}
	}
	slices.Sort(keep)
	return strings.Join(keep, ",")
}

// randomPicture returns a random picture of up to edges edges on up to
// verts vertices besides the ground, as the brute force's board and as
// this package's JSON.
func randomPicture(rng *rand.Rand, verts, edges int) (board, text string) {
	n := 1 + rng.IntN(verts)
	var es, js []string
	for range 1 + rng.IntN(edges) {
		u, v := rng.IntN(n+1), rng.IntN(n+1)
		c := "LRGLRG"[rng.IntN(6)]
		es = append(es, fmt.Sprintf("%d-%d%c", u, v, c))
		js = append(js, fmt.Sprintf(`[%d, %d, "%c"]`, u, v, c))
	}
	return grounded(es), `{"edges": [` + strings.Join(js, ", ") + "]}"
}

// TestBruteForce compares the engine's canonical form of random pictures
// of up to 8 edges (loops, parallel edges and fallen edges among them)
// with their explicit game trees, by Conway's ≤.
func TestBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 5))
	f := pgridtest.NewForest()
	for range 400 {
		board, text := randomPicture(rng, 5, 8)
		c := cgt.New(0)
		g := value(t, c, text)
		if got, want := f.FromCalc(c, g), f.Tree(board, moves); !f.Equal(got, want) {
			t.Fatalf("%s: the engine says %s, unequal to its game tree", text, c.Notation(g))
		}
	}
}

// TestSumBruteForce checks that a sum of a picture and stalks is the sum
// of their game trees.
func TestSumBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 6))
	f := pgridtest.NewForest()
	for range 60 {
		board, text := randomPicture(rng, 3, 5)
		b := make([]byte, 1+rng.IntN(4))
		var es []string
		for i := range b {
			b[i] = "LRG"[rng.IntN(3)]
			es = append(es, fmt.Sprintf("%d-%d%c", i, i+1, b[i]))
		}
		c := cgt.New(0)
		got := f.FromCalc(c, value(t, c, text, string(b)))
		if want := f.Sum(f.Tree(board, moves), f.Tree(grounded(es), moves)); !f.Equal(got, want) {
			t.Fatalf("%s + %s: the engine's sum is not the trees' sum", text, b)
		}
	}
}

// TestSuite runs the board games' tests (pgridtest.Run) on Hackenbush:
// values that CGSuite's own tests give (GameGraphTest, its strings
// written here from the ground up in this package's letters: CGSuite's
// 'l' 'r' 'e' are L R G) and Winning Ways' small ones; positions written
// back as stalks or as a JSON picture that reads back to the same
// position; the one-line errors of positions that are not Hackenbush
// positions or are too large; and the edges a player cuts by hand on a
// stalk, each option with a hand move of its own.
func TestSuite(t *testing.T) {
	long := strings.Repeat("L", MaxEdges+1)
	var chain []string
	for i := range MaxEdges + 1 {
		chain = append(chain, fmt.Sprintf(`[%d,%d,"G"]`, i, i+1))
	}
	big := `{"edges": [` + strings.Join(chain, ",") + "]}"
	pgridtest.Run(t, Game(), nil, pgridtest.Suite{
		Exact: true,
		BadInput: &pgridtest.BadInput{
			More: []gametest.Case{
				{In: long, Want: "stalk 1: 33 edges, limit 32"},
				{In: big, Want: "component 1: a component: 33 edges, limit 32"},
			},
			Limit: pgridtest.Limit{Text: long, Got: MaxEdges + 1, Limit: MaxEdges, What: "edges"},
		},
		HandMoves: []string{"L", "R", "G", "LRR GG LG", "LLRGRGL", "GGG RRL"},
	})
}

// TestFormatSum checks that a sum of a picture and a stalk is one
// picture, its components drawn apart on the ground.
func TestFormatSum(t *testing.T) {
	pos, err := Game().Parse(`{"edges": [[0,1,"L"],[1,1,"R"],[0,2,"G"]]}`)
	if err != nil {
		t.Fatal(err)
	}
	out := Game().Format(pos)
	if out != `{"edges": [[0, 1, "L"], [1, 1, "R"], [0, 2, "G"]]}` {
		t.Errorf("Format = %s", out)
	}
	if n := len(Game().Parts(pos)); n != 2 {
		t.Errorf("%d components, want 2", n)
	}
}

// TestTextLimit checks that a text too long to read is refused by a
// limit of bytes.
func TestTextLimit(t *testing.T) {
	var le *game.LimitError
	if _, err := Game().Parse(strings.Repeat("G", game.MaxText+1)); !errors.As(err, &le) || le.Measure != "bytes" {
		t.Errorf("%d bytes: %v, want a limit of bytes", game.MaxText+1, err)
	}
}

// reachable counts the positions play can reach from board (board and
// the empty one included), by the brute force's moves of both players.
func reachable(board string) int64 {
	seen := map[string]bool{board: true}
	for todo := []string{board}; len(todo) > 0; {
		b := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, next := range slices.Concat(moves(b, true), moves(b, false)) {
			if !seen[next] {
				seen[next] = true
				todo = append(todo, next)
			}
		}
	}
	return int64(len(seen))
}

// TestPositions checks Check's estimate of a component's positions: the
// exact number play reaches for a tree standing on one ground edge, and
// no fewer than play reaches for any picture (the product over its
// components).
func TestPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 7))
	for range 200 {
		n := 1 + rng.IntN(9)
		var es, js []string
		for v := 1; v <= n; v++ {
			u := rng.IntN(v) // vertex 1 stands on the ground, the others above it
			if v > 1 {
				u = 1 + rng.IntN(v-1)
			}
			c := "LRG"[rng.IntN(3)]
			es = append(es, fmt.Sprintf("%d-%d%c", u, v, c))
			js = append(js, fmt.Sprintf(`[%d, %d, "%c"]`, u, v, c))
		}
		s, err := rules{}.Parse(`{"edges": [` + strings.Join(js, ", ") + "]}")
		if err != nil {
			t.Fatal(err)
		}
		parts := s.Parts
		if len(parts) != 1 {
			t.Fatalf("%v: %d components, want 1", js, len(parts))
		}
		if got, want := parts[0].positions(), reachable(grounded(es)); got != want {
			t.Errorf("tree %v: estimate %d positions, play reaches %d", es, got, want)
		}
	}
	for range 200 {
		board, text := randomPicture(rng, 5, 9)
		s, err := rules{}.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		bound := int64(1)
		for _, p := range s.Parts {
			bound *= p.positions()
		}
		if got := reachable(board); bound < got {
			t.Errorf("%s: estimate %d positions, play reaches %d", text, bound, got)
		}
	}
	broom := `{"edges": [[0, 1, "L"]`
	for v := 2; v <= 24; v++ {
		broom += fmt.Sprintf(`, [1, %d, "G"]`, v)
	}
	_, err := Game().Parse(broom + "]}")
	var limit *game.LimitError
	if !errors.As(err, &limit) || limit.Got != 1<<23+1 {
		t.Errorf("a broom of 23 branches: %v, want %d positions refused", err, 1<<23+1)
	}
}
