package crosscut

import (
	"context"
	"math/rand/v2"
	"testing"

	"nimber/games/rect"
	"nimber/sg"
)

// TestDenseMatchesGeneric compares every sub-rectangle's value in the dense
// table (canonical rectangles, copies) with the generic solver on the plain
// game, on random boards of all densities, including boards with 256 or more
// points (two-byte tables).
func TestDenseMatchesGeneric(t *testing.T) {
	const trials = 300
	rng := rand.New(rand.NewPCG(3, 5))
	for trial := range trials {
		rows, cols := 1+rng.IntN(9), 1+rng.IntN(9)
		if trial%50 == 0 {
			rows, cols = 17+rng.IntN(4), 17+rng.IntN(4)
		}
		density := rng.Float64()
		b := &Board{Rows: rows, Cols: cols, Marked: make([]bool, rows*cols)}
		for i := range b.Marked {
			b.Marked[i] = rng.Float64() < density
		}
		table, err := Solve(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		s := sg.NewSolver[Rect, Point](b, sg.NewMapMemo[Rect]())
		for r := range rect.All(rows, cols) {
			x := Rect{r[0], r[1], r[2], r[3]}
			want, err := s.Grundy(context.Background(), x)
			if err != nil {
				t.Fatal(err)
			}
			if got := table.Value(x); got != want {
				t.Fatalf("trial %d, %dx%d board, rect %+v: dense %d, generic %d", trial, rows, cols, x, got, want)
			}
		}
	}
}

func TestBadBoard(t *testing.T) {
	if _, err := Solve(context.Background(), &Board{Rows: 2, Cols: 2, Marked: make([]bool, 3)}); err == nil {
		t.Fatal("accepted a board with the wrong number of cells")
	}
}
