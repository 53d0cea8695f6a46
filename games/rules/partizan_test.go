package rules

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/games/cutcake"
	"nimber/games/internal/pgrid/pgridtest"
)

// partizanValue values the position text of the partizan game g in c.
func partizanValue(ctx context.Context, g game.Game, c *cgt.Calc, text string) (cgt.Game, error) {
	pg, ok := game.PartizanOf(g)
	if !ok {
		return cgt.Zero, fmt.Errorf("a game of kind %s, not partizan", g.Info().Kind)
	}
	pos, err := g.Parse(text)
	if err != nil {
		return cgt.Zero, err
	}
	v, _, err := pg.Values(ctx, pg.NewEvaluator(c), pos)
	return v, err
}

// TestPartizanCutcake checks that examples/rules/cutcake_rules.star is Cutcake:
// the canonical form of every rectangle up to 9 x 9, and of sums, is the
// built-in game's, and positions are named alike.
func TestPartizanCutcake(t *testing.T) {
	g := load(t, "cutcake_rules").Game()
	if g.Info().Kind != game.Partizan || g.Info().Noun != "part" {
		t.Fatalf("kind %s of %ss, want partizan of parts", g.Info().Kind, g.Info().Noun)
	}
	c := cgt.New(0)
	texts := []string{"2x3+4x4", "1x5+3x3+2x7", "1x1", "9x2+2x9"}
	for r := 1; r <= 9; r++ {
		for col := 1; col <= 9; col++ {
			texts = append(texts, fmt.Sprintf("%dx%d", r, col))
		}
	}
	for _, text := range texts {
		got, err := partizanValue(context.Background(), g, c, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		want := pgridtest.Value(t, cutcake.Game(), c, text)
		if got != want {
			t.Errorf("%s: %s by the rules file, %s built in", text, c.String(got), c.String(want))
		}
		pos, _ := g.Parse(text)
		bpos, _ := cutcake.Game().Parse(text)
		if g.Name(pos) != cutcake.Game().Name(bpos) {
			t.Errorf("%s: named %q by the rules file, %q built in", text, g.Name(pos), cutcake.Game().Name(bpos))
		}
	}
}

// subtractionMoves is the partizan subtraction game of
// examples/rules/partizan_subtraction.star as the test states it: Left
// takes 1 or 2 tokens from a heap, Right 1 or 3.
func subtractionMoves(heap string, left bool) []string {
	n, err := strconv.Atoi(heap)
	if err != nil {
		panic(err)
	}
	takes := []int{1, 3}
	if left {
		takes = []int{1, 2}
	}
	var out []string
	for _, k := range takes {
		if k <= n {
			out = append(out, strconv.Itoa(n-k))
		}
	}
	return out
}

// TestPartizanBruteForce checks the canonical forms of the partizan
// subtraction game of examples/rules against explicit game trees built
// from the test's own statement of the rules, compared by Conway's ≤: each
// heap to 24, and sums of two heaps to 5 (a position of several lines
// is a sum).
func TestPartizanBruteForce(t *testing.T) {
	g := load(t, "partizan_subtraction").Game()
	c := cgt.New(0)
	f := pgridtest.NewForest()
	for n := 0; n <= 24; n++ {
		v, err := partizanValue(context.Background(), g, c, strconv.Itoa(n))
		if err != nil {
			t.Fatal(err)
		}
		if !f.Equal(f.FromCalc(c, v), f.Tree(strconv.Itoa(n), subtractionMoves)) {
			t.Errorf("heap %d: %s, not the value of its game tree", n, c.String(v))
		}
	}
	for a := 0; a <= 5; a++ {
		for b := a; b <= 5; b++ {
			v, err := partizanValue(context.Background(), g, c, fmt.Sprintf("%d\n%d", a, b))
			if err != nil {
				t.Fatal(err)
			}
			sum := f.Sum(f.Tree(strconv.Itoa(a), subtractionMoves), f.Tree(strconv.Itoa(b), subtractionMoves))
			if !f.Equal(f.FromCalc(c, v), sum) {
				t.Errorf("heaps %d + %d: %s, not the value of the sum of their game trees", a, b, c.String(v))
			}
		}
	}
	// Values the docs show.
	for n, want := range []string{"0", "*", "^", "^*", "^[2]", "^^*", "^^", "{0|^[2]}", "^3"} {
		if v, _ := partizanValue(context.Background(), g, c, strconv.Itoa(n)); c.String(v) != want {
			t.Errorf("heap %d: %s, want %s", n, c.String(v), want)
		}
	}
}

// TestPartizanOptionForms checks that an option may be the list of the
// parts it leaves or, when it leaves one part, that part alone, and that
// several parts in an option are a sum.
func TestPartizanOptionForms(t *testing.T) {
	c := cgt.New(0)
	value := func(src, text string) string {
		t.Helper()
		v, err := partizanValue(context.Background(), compile(t, src, Options{}).Game(), c, text)
		if err != nil {
			t.Fatal(err)
		}
		return c.String(v)
	}
	const chain = "def right(n):\n    return []\n"
	lists := value("def left(n):\n    return [[n - 1]] if n > 0 else []\n"+chain, "5")
	bare := value("def left(n):\n    return [n - 1] if n > 0 else []\n"+chain, "5")
	if lists != "5" || bare != "5" {
		t.Errorf("five Left moves in a row: %s as lists, %s as bare parts; want 5", lists, bare)
	}
	// Left moves from n to two heaps of n-1: 2^n - 1 moves in all.
	two := value("def left(n):\n    return [[n - 1, n - 1]] if n > 0 else []\n"+chain, "4")
	none := value("def left(n):\n    return [[]]\n"+chain, "0")
	if two != "15" || none != "1" {
		t.Errorf("two parts an option: %s, want 15; an option leaving nothing: %s, want 1", two, none)
	}
}

// TestPartizanLoadErrors checks the refusals of a file that is neither
// impartial nor partizan, in one line naming the file.
func TestPartizanLoadErrors(t *testing.T) {
	const (
		left  = "def left(p):\n    return []\n"
		right = "def right(p):\n    return []\n"
		moves = "def moves(p):\n    return []\n"
	)
	for _, tc := range []struct{ name, src, want string }{
		{"left alone", left, `^bad\.star: defines left\(p\) but no right\(p\): a partizan game gives both players' options$`},
		{"right alone", right, `^bad\.star: defines right\(p\) but no left\(p\)`},
		{"moves and left", moves + left, `^bad\.star: defines moves\(p\) and also left\(p\) or right\(p\)`},
		{"moves, left and right", moves + left + right, `^bad\.star: defines moves\(p\) and also left\(p\) or right\(p\)`},
		{"left not a function", "left = [1]\n" + right, `^bad\.star: left is a list, want a function left\(p\)$`},
		{"right of two parameters", left + "def right(a, b):\n    return []\n", `^bad\.star:3:1: right takes 2 parameters, want right\(p\)$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New("bad.star", []byte(tc.src), Options{})
			wantError(t, err, tc.want)
		})
	}
}

// TestPartizanErrors checks the failures of left and right met while a
// position is valued: one line naming the file, the line and what is
// wrong; a game that is not short, named by the positions of its cycle;
// one too deep for the Evaluator; and a cancelled valuation.
func TestPartizanErrors(t *testing.T) {
	const right = "def right(n):\n    return []\n"
	for _, tc := range []struct {
		name, src, pos string
		o              Options
		want           string
	}{
		{"left returns an int", "def left(n):\n    return n\n" + right, "5", Options{},
			`^bad\.star:2:5: left\(5\) returned an int, want a list of options$`},
		{"right returns a dict", "def left(n):\n    return []\ndef right(n):\n    return {}\n", "5", Options{},
			`^bad\.star:4:5: right\(5\) returned a dict, want a list of options$`},
		{"a list in a part", "def left(n):\n    return [[[n - 1]]]\n" + right, "5", Options{},
			`^bad\.star:2:5: left\(5\): option 1 holds a list; a position is an int, string, bool, None or a tuple of them$`},
		{"a failure at a position reached", "def left(n):\n    return [n - 1] if n > 0 else []\ndef right(n):\n    return [n // (n - 2)]\n", "4", Options{},
			`^bad\.star:4:\d+: right\(2\): floored division by zero$`},
		{"runaway right", "def left(n):\n    return []\ndef right(n):\n    while True:\n        n += 1\n", "5", Options{StepBudget: 100000},
			`^bad\.star:[45]:\d+: right\(5\): exceeded the step budget of 100000 steps per call$`},
		{"a cycle", "def left(n):\n    return [(n + 1) % 3]\n" + right, "1", Options{},
			`^a position is reachable from itself: 1 -> 2 -> 0 -> 1 \(a partizan game is valued only when it is short: no position may follow from itself\)$`},
		{"a cycle of Left and Right", "def left(n):\n    return [n + 1] if n < 3 else []\ndef right(n):\n    return [n - 2] if n == 3 else []\n", "0", Options{},
			`^a position is reachable from itself: 1 -> 2 -> 3 -> 1 \(a partizan game`},
		{"too deep", "def left(n):\n    return [n - 1] if n > 0 else []\n" + right, strconv.Itoa(game.MaxDepth + 1), Options{},
			`^the canonical form: 100001 moves in a row, limit 100000$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := compileNamed(t, "bad.star", tc.src, tc.o).Game()
			_, err := partizanValue(context.Background(), g, cgt.New(0), tc.pos)
			wantError(t, err, tc.want)
		})
	}

	t.Run("cancelled", func(t *testing.T) {
		g := compileNamed(t, "bad.star", "def left(n):\n    return [n - 1] if n > 0 else []\n"+right, Options{}).Game()
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := partizanValue(ctx, g, cgt.New(0), "50")
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("%v, want context.Canceled", err)
		}
		wantError(t, err, `^bad\.star: cancelled: context canceled$`)
		// The failure was the valuation's, not the game's.
		if v, err := partizanValue(context.Background(), g, cgt.New(0), "50"); err != nil {
			t.Fatalf("after a cancelled valuation: %v, %v", v, err)
		}
	})
}

// TestPartizanNotImpartial checks that the game of a partizan file offers
// no impartial play: no heaps, no nim-sequence, no moves by Grundy values.
func TestPartizanNotImpartial(t *testing.T) {
	r := load(t, "partizan_subtraction")
	g := r.Game()
	if _, ok := game.HeapsOf(g); ok {
		t.Error("HeapsOf a partizan file's game is ok")
	}
	if _, err := r.Sequence(context.Background(), 10); err == nil || !strings.Contains(err.Error(), "partizan") {
		t.Errorf("Sequence: %v, want a refusal", err)
	}
	pos, err := g.Parse("5")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Moves(pos); err == nil {
		t.Error("Moves of a partizan file's game: no error")
	}
	pg, _ := game.PartizanOf(g)
	if n := len(pg.Options(pos, game.Left)); n != 2 {
		t.Errorf("Left's options of 5: %d, want 2", n)
	}
	if n := len(pg.Options(pos, game.Right)); n != 2 {
		t.Errorf("Right's options of 5: %d, want 2", n)
	}
}

// compileNamed loads the rules src as the file named filename.
func compileNamed(t testing.TB, filename, src string, o Options) *Rules {
	t.Helper()
	r, err := New(filename, []byte(src), o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
