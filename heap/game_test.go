package heap

import (
	"context"
	"strconv"
	"testing"

	"nimber/compound"
	"nimber/game"
	"nimber/game/gametest"
)

// TestGameBattery runs the shared checks of the game API on heap games:
// text round trips, the sparse engine against the generic solver, and a
// search of whole positions.
func TestGameBattery(t *testing.T) {
	for _, code := range []string{"0.77", "0.07", "grundy", "0.8F", "4.37", "sub:1,3,4"} {
		t.Run(code, func(t *testing.T) {
			gm, err := Parse(code)
			if err != nil {
				t.Fatal(err)
			}
			gametest.Run(t, game.Of(gm), []string{"9", "5 7", "3+4+2", "0", "12"}, gametest.Options{Walks: 10})
		})
	}
}

// TestGraphGrundyMatchesSequence checks the explicit graph of heap-game
// positions that the compounds use: the Grundy value of each single heap
// equals the nim-sequence, and of a sum the nim-sum; names are "7+5+3".
func TestGraphGrundyMatchesSequence(t *testing.T) {
	ctx := context.Background()
	for _, code := range []string{"0.77", "0.07", "grundy", "4.37"} {
		gm, _ := Parse(code)
		g := game.Of(gm)
		seq, _ := gm.Plain(ctx, nil, 16)
		texts := []string{"15", "7+5+3"}
		for n := range 16 {
			texts = append(texts, strconv.Itoa(n))
		}
		starts := make([]game.Position, len(texts))
		for i, s := range texts {
			var err error
			if starts[i], err = g.Parse(s); err != nil {
				t.Fatal(err)
			}
		}
		gr, inv, err := compound.ComputeGame(ctx, g, starts, 0)
		if err != nil {
			t.Fatal(err)
		}
		roots := gr.Roots()
		if got, want := inv.G[roots[1]], int32(seq[7]^seq[5]^seq[3]); got != want || gr.Name(roots[1]) != "7+5+3" {
			t.Errorf("%s %s: graph G %d, nim-sum %d", code, gr.Name(roots[1]), got, want)
		}
		for n := range 16 {
			if inv.G[roots[n+2]] != int32(seq[n]) {
				t.Errorf("%s heap %d: graph G %d, sequence %d", code, n, inv.G[roots[n+2]], seq[n])
			}
		}
		if gr.Name(roots[2]) != "0" {
			t.Errorf("the empty position is named %q, want 0", gr.Name(roots[2]))
		}
	}
	gm, _ := Parse("0.77")
	g := game.Of(gm)
	start, _ := g.Parse("60")
	if _, err := g.Explore(ctx, []game.Position{start}, 100); err == nil {
		t.Fatal("no error beyond the position limit")
	}
}

func TestPositionText(t *testing.T) {
	gm, _ := Parse("0.77")
	gametest.CheckParse(t, game.Of(gm), []gametest.ParseCase{
		{In: "5 7 9", Format: "5 7 9", Name: "5+7+9"},
		{In: "5+0+3", Format: "5 3", Name: "5+3"},
		{In: "", Format: "", Name: "0"},
		{In: "5 x", Err: `heap 2: "x" is not a heap size`},
		{In: "-1", Err: `heap 1: "-1" is not a heap size`},
		{In: "16777216", Err: "heap 1: 16777216 tokens, limit 16777215"},
	})
}

func FuzzParsePosition(f *testing.F) {
	gm, _ := Parse("0.77")
	gametest.FuzzParse(f, game.Of(gm), "5 7 9", "1+2", "", "x", "99999999999999999999")
}
