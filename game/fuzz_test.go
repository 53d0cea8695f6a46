package game_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/registry"
)

// edgeInts are the integers FuzzGameAPI picks from: empty-ish, negative,
// small and huge.
var edgeInts = []int{0, 1, 2, 3, 7, -1, -2, math.MinInt, math.MaxInt, 1 << 20, 40, 100}

// fuzzGame returns game i of the catalogue (a family by its example) and
// its example position.
func fuzzGame(t *testing.T, i int) (game.Game, string) {
	t.Helper()
	es := registry.Entries()
	e := es[i%len(es)]
	g, err := e.ExampleGame()
	if err != nil {
		t.Fatal(err)
	}
	return g, e.ExamplePosition
}

// FuzzGameAPI drives the exported API of every game of the catalogue
// with edge inputs: sums of 0 to 3 positions (the example, texts of the
// fuzzer, boards of different sizes joined), analyses by both engines
// with edge options, moves played by any part index and text, heaps,
// sequences, squares and explorations of edge sizes. Every call returns
// its answer or a one-line error, never a panic.
func FuzzGameAPI(f *testing.F) {
	for i := range registry.Entries() {
		f.Add(uint8(i), uint8(0), "", "", uint8(0), uint8(0))
		f.Add(uint8(i), uint8(1), "", "", uint8(5), uint8(3))
		f.Add(uint8(i), uint8(2), "\x00", "", uint8(6), uint8(7))
		f.Add(uint8(i), uint8(3), "", "x", uint8(8), uint8(1))
	}
	f.Add(uint8(0), uint8(2), "..|.#", "...|...", uint8(0), uint8(0)) // issue 19
	f.Fuzz(func(t *testing.T, which, shape uint8, text1, text2 string, a, b uint8) {
		g, example := fuzzGame(t, int(which))
		ctx := context.Background()
		n1, n2 := edgeInts[int(a)%len(edgeInts)], edgeInts[int(b)%len(edgeInts)]

		// 0 to 3 positions: the example and the fuzzer's texts.
		var ps []game.Position
		for _, text := range []string{example, gametest.Bounded(text1, 48), gametest.Bounded(text2, 48)}[:shape%4] {
			p, err := g.Parse(text)
			if err != nil {
				gametest.OneLine(t, "Parse", err)
				continue
			}
			ps = append(ps, p)
		}
		pos := g.Join(ps...)
		g.Format(pos)
		if name := g.Name(pos); name == "" || strings.Contains(name, "\n") {
			t.Fatalf("Name %q, want one non-empty line", name)
		}
		parts := g.Parts(pos)
		for i := range parts {
			g.DescribePart(pos, i)
		}
		g.DescribePart(pos, n1) // any index, in range or not
		g.DescribePart(pos, -1)
		for _, e := range []game.Engine{game.Fast, game.Generic, "bogus"} {
			o := game.Options{Engine: e, Limit: n1 % 5000, MaxMemory: int64(n2)}
			if _, err := g.Analyze(ctx, pos, o); err != nil {
				gametest.OneLine(t, "Analyze", err)
			}
		}
		moves, err := g.Moves(pos)
		if err != nil {
			gametest.OneLine(t, "Moves", err)
		}
		for _, part := range []int{n1, n2, len(parts) - 1} {
			text := text1
			if len(moves) > 0 {
				text = moves[int(a)%len(moves)].Text
			}
			if _, _, err := g.Play(pos, part, text); err != nil {
				gametest.OneLine(t, "Play", err)
			}
		}
		if h, ok := game.HeapsOf(g); ok {
			if p, err := h.Heap(n1 % 200); err != nil {
				gametest.OneLine(t, "Heap", err)
			} else {
				g.Format(p)
			}
			if _, err := h.Heap(n2); err != nil {
				gametest.OneLine(t, "Heap", err)
			}
			if _, err := h.Sequence(ctx, max(n2, -5)%60); err != nil {
				gametest.OneLine(t, "Sequence", err)
			}
		}
		if sq, ok := game.SquaresOf(g); ok {
			if _, err := sq.Squares(pos, n1%5000); err != nil {
				gametest.OneLine(t, "Squares", err)
			}
		}
		if _, err := g.Explore(ctx, ps, 1+int(b)%512); err != nil {
			gametest.OneLine(t, "Explore", err)
		}
		g.Info()
	})
}
