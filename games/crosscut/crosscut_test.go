package crosscut

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"nimber/games/internal/recttest"
	"nimber/sg"
)

// TestDenseMatchesGeneric compares every sub-rectangle's value in the dense
// table (canonical rectangles, copies) with the generic solver on the plain
// game, on random boards of all densities, including boards with 256 or more
// points (two-byte tables). One trial in three widens the table to two bytes
// an entry and one in three to four bytes (the tables of boards with 65536
// points or more, too large to compare here).
func TestDenseMatchesGeneric(t *testing.T) {
	const trials = 300
	rng := rand.New(rand.NewPCG(3, 5))
	defer func() { minValueBytes = 1 }()
	for trial := range trials {
		minValueBytes = [3]int{1, 2, 4}[trial%3]
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
		recttest.Match(t, fmt.Sprintf("trial %d (%d-byte entries), %dx%d board", trial, minValueBytes, rows, cols), rows, cols,
			func(r [4]int) int { return table.Value(Rect{r[0], r[1], r[2], r[3]}) },
			func(ctx context.Context, r [4]int) (int, error) { return s.Grundy(ctx, Rect{r[0], r[1], r[2], r[3]}) })
	}
}

func TestBadBoard(t *testing.T) {
	if _, err := Solve(context.Background(), &Board{Rows: 2, Cols: 2, Marked: make([]bool, 3)}); err == nil {
		t.Fatal("accepted a board with the wrong number of cells")
	}
}

// TestValueBytes checks the table entry widths and the memory estimate
// around 256 and 65536 points.
func TestValueBytes(t *testing.T) {
	for _, c := range []struct{ points, want int }{{0, 1}, {255, 1}, {256, 2}, {65535, 2}, {65536, 4}, {1 << 20, 4}} {
		if got := valueBytes(c.points); got != c.want {
			t.Errorf("valueBytes(%d) = %d, want %d", c.points, got, c.want)
		}
	}
	// 300 x 300: 45451 intervals a side, 4 bytes an entry, 16 bytes a cell.
	if got, want := MemoryEstimate(300, 300, 80106), int64(45451*45451*4+300*300*16); got != want {
		t.Errorf("MemoryEstimate(300, 300, 80106) = %d, want %d", got, want)
	}
}
