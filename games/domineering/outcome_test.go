package domineering

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/games/internal/pgrid/pgridtest"
	"nimber/grid"
)

// TestOutcomeAgainstValues holds Outcome to the canonical forms: on random
// boards of up to 4 x 5 cells, Left moving first wins exactly when the
// value is positive or fuzzy (L or N), Right moving first exactly when it
// is negative or fuzzy (R or N).
func TestOutcomeAgainstValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 13))
	c := cgt.New(0)
	counts := map[cgt.Outcome]int{}
	for range 400 {
		rows, cols := 1+rng.IntN(4), 1+rng.IntN(5)
		g := grid.New(rows, cols, '.')
		for i := range g.Cells {
			if rng.IntN(4) == 0 {
				g.Cells[i] = '#'
			}
		}
		var lines []string
		for r := range rows {
			lines = append(lines, string(g.Cells[r*cols:(r+1)*cols]))
		}
		text := strings.Join(lines, "|")
		o := c.OutcomeOf(pgridtest.Value(t, Game(), c, text))
		counts[o]++
		left, right, err := Outcome(context.Background(), g, 0)
		if err != nil {
			t.Fatal(err)
		}
		if left != (o == cgt.L || o == cgt.N) || right != (o == cgt.R || o == cgt.N) {
			t.Fatalf("%s: Outcome says Left first %v, Right first %v; the value's class is %v", text, left, right, o)
		}
	}
	for _, o := range []cgt.Outcome{cgt.L, cgt.R, cgt.N, cgt.P} {
		if counts[o] == 0 {
			t.Errorf("no board of outcome %v among %v", o, counts)
		}
	}
}

// TestOutcomeRectangles checks the outcomes of open squares that their
// values give (2 x 2 and 3 x 3 are ±1, 4 x 4 is CGSuite's switch, 5 x 5 is
// 0): the first player wins the first three, the second player 5 x 5.
func TestOutcomeRectangles(t *testing.T) {
	for _, tc := range []struct {
		n           int
		left, right bool
	}{
		{2, true, true}, {3, true, true}, {4, true, true}, {5, false, false},
	} {
		left, right, err := Outcome(context.Background(), grid.New(tc.n, tc.n, '.'), 0)
		if err != nil {
			t.Fatal(err)
		}
		if left != tc.left || right != tc.right {
			t.Errorf("%d x %d: Left first wins %v, Right first %v; want %v, %v", tc.n, tc.n, left, right, tc.left, tc.right)
		}
	}
}

// TestOutcomeLimits: a board of more than 64 cells is refused, and so is a
// search past its table's limit.
func TestOutcomeLimits(t *testing.T) {
	if _, _, err := Outcome(context.Background(), grid.New(9, 8, '.'), 0); err == nil {
		t.Error("9 x 8: searched")
	}
	if _, _, err := Outcome(context.Background(), grid.New(5, 5, '.'), 100); err != ErrOutcomeLimit {
		t.Errorf("5 x 5 within 100 positions: %v", err)
	}
}

// BenchmarkOutcome decides open rectangles both ways.
func BenchmarkOutcome(b *testing.B) {
	for _, size := range [][2]int{{4, 4}, {5, 5}, {6, 6}} {
		b.Run(strconvSize(size), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := Outcome(context.Background(), grid.New(size[0], size[1], '.'), 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func strconvSize(s [2]int) string {
	return string(rune('0'+s[0])) + "x" + string(rune('0'+s[1]))
}
