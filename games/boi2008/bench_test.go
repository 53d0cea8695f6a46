package boi2008

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"nimber/game/gametest"
)

// BenchmarkSolve is the worst case of the targets: an open board, A and B
// in opposite corners, so the layers are whole anti-diagonals.
func BenchmarkSolve(b *testing.B) {
	for _, n := range []int{300, 1000, 2000} {
		g, err := Generate(rand.New(rand.NewPCG(1, 1)), n, FamilyA, 0, false)
		if err != nil {
			b.Fatal(err)
		}
		board := gametest.Must(b, NewBoard, g)
		b.Run(fmt.Sprintf("open-%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Solve(context.Background(), board); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkNewBoard(b *testing.B) {
	g, _ := Generate(rand.New(rand.NewPCG(1, 1)), 300, FamilyC, 0.2, false)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewBoard(g); err != nil {
			b.Fatal(err)
		}
	}
}
