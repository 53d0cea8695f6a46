package squarebutone_test

import (
	"context"
	"strconv"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/squarebutone"
	"nimber/sg"
)

// TestOutcomes checks the outcomes of single heaps of Square-But-One: lost
// exactly at 0 and 5, won at the positive squares and the squares plus 5,
// drawn elsewhere (the statement sg's TestLoopySquareButOne checks on the
// bare graph), here through the game API up to 401.
func TestOutcomes(t *testing.T) {
	g := squarebutone.Game()
	square := func(n int) bool {
		for k := 0; k*k <= n; k++ {
			if k*k == n {
				return true
			}
		}
		return false
	}
	for n := 0; n <= 401; n++ {
		want := sg.D
		switch {
		case n == 0 || n == 5:
			want = sg.P
		case square(n) || n > 5 && square(n-5):
			want = sg.N
		}
		pos := gametest.Parse(t, g, strconv.Itoa(n))
		a, err := g.Analyze(context.Background(), pos, game.Options{})
		if err != nil || a.Outcome != want {
			t.Fatalf("heap %d: %v (value %v), %v; want %v", n, a.Outcome, a.Value, err, want)
		}
	}
}

// TestValues pins the generalised values of the first heaps, computed by
// the labelling by hand: 2 has the options 1 (value 1) and 3 (∞, no finite
// option), so it is ∞(1); 4 reaches 0, 3 and 5 (0): ∞(0); 6 reaches 5 (0),
// 2 and 7: ∞(0).
func TestValues(t *testing.T) {
	g := squarebutone.Game()
	want := []game.Value{game.Nimber(0), game.Nimber(1), game.Infinite([]int{1}), game.Infinite(nil), game.Infinite([]int{0}),
		game.Nimber(0), game.Infinite([]int{0}), game.Infinite(nil)}
	gametest.HeapValues(t, g, game.Options{}, want...)
}

// TestSums holds sums of two heaps up to 30 to the retrograde analysis of
// the whole sum.
func TestSums(t *testing.T) {
	var positions []string
	for x := 0; x <= 30; x++ {
		for y := 0; y <= x; y++ {
			positions = append(positions, strconv.Itoa(x)+" "+strconv.Itoa(y))
		}
	}
	counts := gametest.CheckCyclic(t, squarebutone.Game(), positions)
	if counts[sg.N] == 0 || counts[sg.P] == 0 || counts[sg.D] == 0 {
		t.Fatalf("outcomes %v: want some of each", counts)
	}
}

func TestLimits(t *testing.T) {
	g := squarebutone.Game()
	pos, err := g.Parse(strconv.Itoa(squarebutone.MaxHeap + 1))
	if err == nil {
		_, err = g.Analyze(context.Background(), pos, game.Options{})
	}
	if err == nil {
		t.Fatal("a heap over MaxHeap analysed")
	}
}
