package allbut_test

import (
	"context"
	"fmt"
	"testing"

	"nimber/game/gametest"
	"nimber/games/allbut"
	"nimber/sg"
)

// TestNimKnown checks positions of Nim whose values and winning moves are
// known by hand.
func TestNimKnown(t *testing.T) {
	gametest.CheckKnown(t, allbut.Nim(), []gametest.Known{
		{Position: "", Value: 0, Parts: true},
		{Position: "1", Value: 1, Wins: []string{"1: take 1, leaving nothing"}, Parts: true},
		{Position: "1 1", Value: 0, Parts: true},
		{Position: "1 2 3", Value: 0, Parts: true},
		{Position: "3 4 5", Value: 2, Wins: []string{"1: take 2, leaving 1"}, Parts: true},
		{Position: "5+7+9", Value: 11, Wins: []string{"3: take 7, leaving 2"}, Parts: true},
		{Position: "4 4 4", Value: 4, Wins: []string{"1: take 4, leaving nothing"}, Parts: true}, // equal heaps: their moves are listed once
		{Position: "1 2 4 8", Value: 15, Wins: []string{"4: take 1, leaving 7"}, Parts: true},
		{Position: "10 12", Value: 6, Wins: []string{"2: take 2, leaving 10"}, Parts: true},
	})
}

// TestNimClosedForm checks G(n) = n, Sprague–Grundy's measure of every
// game, against the generic solver heap by heap.
func TestNimClosedForm(t *testing.T) {
	const n = 300
	ctx := context.Background()
	r := allbut.Nim().Rules().(*allbut.Rules)
	solver := sg.NewSolver[int, allbut.Move](r, sg.NewMapMemo[int]())
	seq, err := r.Sequence(ctx, n+1)
	if err != nil {
		t.Fatal(err)
	}
	for h := 0; h <= n; h++ {
		got, err := solver.Grundy(ctx, h)
		if err != nil || got != h || seq[h] != h {
			t.Fatalf("heap %d: generic solver %d (%v), sequence %d; want %d", h, got, err, seq[h], h)
		}
	}
}

// ExampleNim plays the winning move of heaps of 3, 4 and 5 tokens: each
// heap's value is its size, and the move makes the nim-sum zero.
func ExampleNim() {
	g := allbut.Nim()
	pos, _ := g.Parse("3 4 5")
	next, m, err := g.Play(pos, 0, "take 2, leaving 1")
	fmt.Println(g.Name(next), m.Text, err)
	// Output: 1+4+5 take 2, leaving 1 <nil>
}
