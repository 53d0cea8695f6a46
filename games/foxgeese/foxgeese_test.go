package foxgeese

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
)

// TestCGSuiteValues checks the values CGSuite's own tests give
// (testdata/cgsuite.tsv), as nimber value --game prints them.
func TestCGSuiteValues(t *testing.T) {
	data, err := os.ReadFile("testdata/cgsuite.tsv")
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for line := range strings.Lines(string(data)) {
		line = strings.TrimRight(line, "\n")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		text, want, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("row %q has no tab", line)
		}
		rows++
		if d := gametest.LoopyValue(t, Game(), text); d.Canonical != want || !d.Stopper {
			t.Errorf("%q: %s (stopper %v), CGSuite %s", text, d.Canonical, d.Stopper, want)
		}
	}
	if rows != 10 {
		t.Errorf("%d rows, want 10", rows)
	}
}

// twinBoard is the twin's position: the board's width, the geese and the
// fox as (row, column).
type twinBoard struct {
	w     int
	geese [][2]int
	fox   [2]int
}

// twin is Fox and Geese written again straight from CGSuite's rules.
var twin = gametest.LoopyTwin[twinBoard]{
	State: func(text string) (twinBoard, error) {
		b := twinBoard{w: 8}
		f := strings.Fields(text)
		if f[0] == "width" {
			fmt.Sscan(f[1], &b.w)
			f = f[2:]
		}
		for i := 1; i < len(f); i++ {
			var r, c int
			if f[i] == "fox" {
				fmt.Sscanf(f[i+1], "%d,%d", &r, &c)
				b.fox = [2]int{r, c}
				break
			}
			fmt.Sscanf(f[i], "%d,%d", &r, &c)
			b.geese = append(b.geese, [2]int{r, c})
		}
		return b, nil
	},
	Next: func(b twinBoard, side game.Side) []twinBoard {
		empty := func(r, c int) bool {
			return r >= 1 && c >= 1 && c <= b.w && b.fox != [2]int{r, c} && !slices.Contains(b.geese, [2]int{r, c})
		}
		top := 0
		for _, g := range b.geese {
			top = max(top, g[0])
		}
		r, c := b.fox[0], b.fox[1]
		if len(b.geese) == 0 || r >= top || r == top-1 && (empty(r+1, c-1) || empty(r+1, c+1)) {
			if side == game.Right {
				return []twinBoard{b} // escaped: off, Right passes
			}
			return nil
		}
		var out []twinBoard
		if side == game.Right {
			for _, d := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
				if empty(r+d[0], c+d[1]) {
					n := b
					n.fox = [2]int{r + d[0], c + d[1]}
					out = append(out, n)
				}
			}
			return out
		}
		for i, g := range b.geese {
			for _, dc := range []int{-1, 1} {
				if empty(g[0]-1, g[1]+dc) {
					n := b
					n.geese = slices.Clone(b.geese)
					n.geese[i] = [2]int{g[0] - 1, g[1] + dc}
					out = append(out, n)
				}
			}
		}
		return out
	},
	Key: func(b twinBoard) string {
		g := slices.Clone(b.geese)
		slices.SortFunc(g, func(x, y [2]int) int { return x[0]*100 + x[1] - y[0]*100 - y[1] })
		return fmt.Sprint(b.w, g, b.fox)
	},
}

// randomBoards returns n random positions: boards 3 to 8 wide, one to
// four geese on rows 2 to 5, the fox below the highest goose.
func randomBoards(seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []string
	for len(out) < n {
		w := 3 + rng.IntN(6)
		square := func(rows int) [2]int {
			r := 1 + rng.IntN(rows)
			c := 1 + rng.IntN(w)
			if (r+c)%2 != 0 {
				c = c%w + 1
				if (r+c)%2 != 0 {
					c = 1 + (r+1)%2
				}
			}
			return [2]int{r, c}
		}
		var geese [][2]int
		for range 1 + rng.IntN(4) {
			if g := square(5); g[0] >= 2 && !slices.Contains(geese, g) {
				geese = append(geese, g)
			}
		}
		fox := square(4)
		if len(geese) == 0 || slices.Contains(geese, fox) {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "width %d geese", w)
		for _, g := range geese {
			fmt.Fprintf(&b, " %d,%d", g[0], g[1])
		}
		fmt.Fprintf(&b, " fox %d,%d", fox[0], fox[1])
		out = append(out, b.String())
	}
	return out
}

// TestTwin checks who wins random positions, with either player moving
// first, against the twin.
func TestTwin(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 80
	}
	classes := gametest.MatchLoopyTwin(t, Game(), randomBoards(7, n), twin)
	if len(classes) < 3 {
		t.Errorf("classes %v: want at least three kinds of position", classes)
	}
}

// TestParse checks positions read and written, and errors that say where
// and what (testdata/positions.txt).
func TestParse(t *testing.T) {
	gametest.CheckParseFile(t, Game(), "testdata/positions.txt")
}

// FuzzParse checks that Parse never panics and that what it reads
// round-trips.
func FuzzParse(f *testing.F) {
	gametest.FuzzParse(f, Game(), "geese 4,2 4,4 4,6 4,8 fox 1,1", "width 10 geese 3,1 fox 1,9", "geese fox 2,2 + geese 3,3 fox 1,1")
}

// TestHandMoves: the steps a player makes by hand, a goose or the fox then
// where it goes (an escaped fox's pass by the fox alone), are Fox and
// Geese's options, each option with a hand move of its own, on the start,
// boards of other widths, escaped foxes, sums and random boards; their
// cells are the squares less one, row 0 at the bottom.
func TestHandMoves(t *testing.T) {
	boards := []string{
		"geese 4,2 4,4 4,6 4,8 fox 1,1",
		"geese 8,2 8,4 8,6 8,8 fox 1,1",
		"geese 3,1 3,3 fox 2,2",
		"geese 3,3 fox 4,4",
		"geese fox 2,2",
		"width 4 geese 2,2 fox 1,1 + geese 3,1 fox 1,1",
		"width 10 geese 3,1 fox 1,9",
	}
	pgridtest.HandMoves(t, Game(), append(boards, randomBoards(11, 60)...))

	pg, _ := game.PartizanOf(Game())
	cells := func(part string, side game.Side) [][]game.Cell {
		hand, _ := pg.HandMoves(part, side)
		var out [][]game.Cell
		for _, h := range hand {
			out = append(out, h.Cells)
		}
		return out
	}
	c := func(r, col int) game.Cell { return game.Cell{Row: r, Col: col} }
	for _, tc := range []struct {
		part string
		side game.Side
		want [][]game.Cell
	}{
		{"geese 3,3 fox 1,1", game.Right, [][]game.Cell{{c(0, 0), c(1, 1)}}},
		{"geese 3,3 fox 1,1", game.Left, [][]game.Cell{{c(2, 2), c(1, 1)}, {c(2, 2), c(1, 3)}}},
		{"width 4 geese 4,4 fox 2,4", game.Right, [][]game.Cell{{c(1, 3), c(0, 2)}, {c(1, 3), c(2, 2)}}},
		// Escaped: Right passes by the fox alone, Left has no move.
		{"geese 3,3 fox 4,4", game.Right, [][]game.Cell{{c(3, 3)}}},
		{"geese 3,3 fox 4,4", game.Left, nil},
		{"not a board", game.Left, nil},
	} {
		if got := cells(tc.part, tc.side); !slices.EqualFunc(got, tc.want, slices.Equal) {
			t.Errorf("%q: %s's hand moves on %v, want %v", tc.part, tc.side, got, tc.want)
		}
	}
}
