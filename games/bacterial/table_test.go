package bacterial

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"nimber/game/gametest"
	"nimber/games/internal/recttest"
	"nimber/grid"
	"nimber/sg"
)

// TestTableMatchesGeneric compares the value of every sub-rectangle in the
// table of SolveTable with the generic solver over the same rectangles, on
// random boards of all densities, including a board with two-byte values.
func TestTableMatchesGeneric(t *testing.T) {
	const trials = 200
	rng := rand.New(rand.NewPCG(11, 13))
	for trial := range trials {
		rows, cols := 1+rng.IntN(9), 1+rng.IntN(9)
		if trial == 0 {
			rows, cols = 1, 260 // rows+cols >= 256: two-byte values
		}
		g := grid.Random(rng, rows, cols, rng.Float64()*0.6, Empty, Radioactive)
		table, err := SolveTable(t.Context(), g)
		if err != nil {
			t.Fatal(err)
		}
		var rl rules
		pos := gametest.Must(t, rl.Parse, g.String())
		s := sg.NewSolver[part, Cut](rl, sg.NewMapMemo[part]())
		recttest.Match(t, fmt.Sprintf("trial %d, board\n%s", trial, g), rows, cols,
			func(r [4]int) int { return table.Value(Rect{r[0], r[1], r[2], r[3]}) },
			func(ctx context.Context, r [4]int) (int, error) {
				return s.Grundy(ctx, part{f: pos.Frame.f, Rect: Rect{r[0], r[1], r[2], r[3]}})
			})
		for _, x := range []Rect{{1, 0, 0, 0}, {0, 0, 1, 0}, {-1, 0, 0, 0}, {0, rows, 0, 0}, {0, 0, 0, cols}} {
			if got := table.Value(x); got != 0 {
				t.Errorf("trial %d: Value(%+v) = %d, want 0 (empty or outside)", trial, x, got)
			}
		}
	}
}

// TestSolveTableBadBoard checks the refusal of a grid whose cells do not
// match its size.
func TestSolveTableBadBoard(t *testing.T) {
	for _, g := range []grid.Grid{{}, {Rows: 2, Cols: 2, Cells: []byte("...")}} {
		if _, err := SolveTable(context.Background(), g); err == nil {
			t.Errorf("accepted %d x %d with %d cells", g.Rows, g.Cols, len(g.Cells))
		}
	}
}
