package domineering

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"nimber/cgt"
	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
	"nimber/grid"
	"strings"
	"testing"
)

// randomBoard returns a rows x cols board with each cell filled with
// probability fill, and its text.
func randomBoard(rng *rand.Rand, rows, cols int, fill float64) (grid.Grid, string) {
	g := grid.New(rows, cols, '.')
	for i := range g.Cells {
		if rng.Float64() < fill {
			g.Cells[i] = '#'
		}
	}
	lines := make([]string, rows)
	for r := range rows {
		lines[r] = string(g.Cells[r*cols : (r+1)*cols])
	}
	return g, strings.Join(lines, "|")
}

// TestSolveOutcomeAgainstValues holds SolveOutcome to the canonical forms
// on random boards of up to 20 cells: Left moving first wins exactly when
// the value is L or N, Right moving first exactly when it is R or N.
func TestSolveOutcomeAgainstValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 14))
	c := cgt.New(0)
	counts := map[cgt.Outcome]int{}
	for range 300 {
		rows, cols := 1+rng.IntN(5), 1+rng.IntN(5)
		for rows*cols > 20 {
			cols--
		}
		g, text := randomBoard(rng, rows, cols, 0.1+0.2*rng.Float64())
		o := c.OutcomeOf(pgridtest.Value(t, Game(), c, text))
		counts[o]++
		res, err := SolveOutcome(context.Background(), g, game.OutcomeOptions{TableMiB: 1})
		if err != nil {
			t.Fatal(err)
		}
		if res.LeftFirst != (o == cgt.L || o == cgt.N) || res.RightFirst != (o == cgt.R || o == cgt.N) {
			t.Fatalf("%s: SolveOutcome says Left first %v, Right first %v; the value's class is %v", text, res.LeftFirst, res.RightFirst, o)
		}
	}
	for _, o := range []cgt.Outcome{cgt.L, cgt.R, cgt.N, cgt.P} {
		if counts[o] < 10 {
			t.Errorf("%d boards of outcome %v among %v", counts[o], o, counts)
		}
	}
}

// TestSolveOutcomeAgainstPlain holds SolveOutcome to the plain search,
// Outcome, on random boards of up to 6 x 6 cells with blocked cells, each
// with the default table, and with tables of 1, 16 and 4 buckets (where
// nearly every position is overwritten before it is met again) on one,
// two and three threads: neither changes the answer.
func TestSolveOutcomeAgainstPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 15))
	for range 80 {
		rows, cols := 3+rng.IntN(4), 3+rng.IntN(4)
		g, text := randomBoard(rng, rows, cols, 0.12+0.2*rng.Float64())
		left, right, err := Outcome(context.Background(), g, 0)
		if err != nil {
			t.Fatal(err)
		}
		res, err := SolveOutcome(context.Background(), g, game.OutcomeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.LeftFirst != left || res.RightFirst != right {
			t.Fatalf("%s: SolveOutcome says %v, %v; Outcome %v, %v", text, res.LeftFirst, res.RightFirst, left, right)
		}
		for i, n := range []int{1, 16, 4} {
			res, err := solveWithTable(g, n, 1+i) // one, two and three threads
			if err != nil {
				t.Fatal(err)
			}
			if res.LeftFirst != left || res.RightFirst != right {
				t.Fatalf("%s with a table of %d buckets: %v, %v; Outcome %v, %v", text, n, res.LeftFirst, res.RightFirst, left, right)
			}
		}
	}
}

// solveWithTable runs SolveOutcome's search of g with a table of n
// buckets, n a power of two, on threads threads.
func solveWithTable(g grid.Grid, n, threads int) (game.OutcomeResult, error) {
	return solveWith(context.Background(), g, game.OutcomeOptions{Threads: threads}, func(s *run) {
		s.sh.table = tableOf(n)
	})
}

// TestSolveOutcomeTranspose checks the symmetry the search relies on for
// a board equal to its transpose: Right first on a board is Left first on
// its transpose, on random boards.
func TestSolveOutcomeTranspose(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 16))
	for range 100 {
		rows, cols := 1+rng.IntN(6), 1+rng.IntN(6)
		g, text := randomBoard(rng, rows, cols, 0.1+0.3*rng.Float64())
		tr := grid.New(cols, rows, '.')
		for r := range rows {
			for c := range cols {
				tr.Cells[c*rows+r] = g.Cells[r*cols+c]
			}
		}
		a, err := SolveOutcome(context.Background(), g, game.OutcomeOptions{TableMiB: 1})
		if err != nil {
			t.Fatal(err)
		}
		b, err := SolveOutcome(context.Background(), tr, game.OutcomeOptions{TableMiB: 1})
		if err != nil {
			t.Fatal(err)
		}
		if a.LeftFirst != b.RightFirst || a.RightFirst != b.LeftFirst {
			t.Fatalf("%s: %+v, its transpose %+v", text, a, b)
		}
	}
}

// TestSolveOutcomeRectangles checks open rectangles whose outcomes are
// known: the squares 1 x 1 (no move) and 5 x 5 are second-player wins,
// 2 x 2, 3 x 3 and 4 x 4 first-player wins (their values), 6 x 6 and 7 x 7
// first-player wins (Breuker, Uiterwijk and van den Herik); 6 rows by 5
// columns is won by Left either way, 5 by 6 and 4 by 8 by Right, as their
// values say; a strip of one row is Right's, of one column Left's.
func TestSolveOutcomeRectangles(t *testing.T) {
	for _, tc := range []struct {
		rows, cols  int
		left, right bool
	}{
		{1, 1, false, false}, {2, 2, true, true}, {3, 3, true, true}, {4, 4, true, true},
		{5, 5, false, false}, {6, 6, true, true}, {7, 7, true, true},
		{6, 5, true, false}, {5, 6, false, true}, {4, 8, false, true},
		{1, 9, false, true}, {9, 1, true, false},
	} {
		res, err := SolveOutcome(context.Background(), grid.New(tc.rows, tc.cols, '.'), game.OutcomeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.LeftFirst != tc.left || res.RightFirst != tc.right {
			t.Errorf("%d x %d: Left first wins %v, Right first %v; want %v, %v", tc.rows, tc.cols, res.LeftFirst, res.RightFirst, tc.left, tc.right)
		}
	}
}

// TestSolveOutcomePublished checks rectangles that Uiterwijk's theorems
// ("The impact of safe moves on perfectly solving Domineering boards",
// part 3, ICGA Journal 2014, extending Lachmann, Moore and Rapaport 2002)
// settle, with Left (Vertical) placing vertical dominoes on m rows: every
// 2k x n board for n = 3, 5, 7 is Left's whoever starts, and every m x 2k
// board for m = 5, and for m = 3 and 7 with k >= 2, is Right's: up to
// 24 x 3, 20 x 5 and 3 x 26, past what fits a 64-bit bitboard.
func TestSolveOutcomePublished(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		left       bool // Left's whoever starts, else Right's
	}{
		{4, 3, true}, {6, 3, true}, {8, 3, true}, {4, 5, true}, {6, 5, true}, {8, 5, true}, {4, 7, true}, {6, 7, true},
		{5, 4, false}, {5, 6, false}, {5, 8, false}, {5, 10, false}, {3, 4, false}, {3, 10, false}, {3, 20, false},
		{7, 4, false}, {7, 6, false},
		// Past 64 cells, up to the search's 31 rows or columns.
		{16, 5, true}, {20, 5, true}, {24, 3, true}, {3, 22, false}, {3, 26, false}, {5, 14, false},
	} {
		res, err := SolveOutcome(context.Background(), grid.New(tc.rows, tc.cols, '.'), game.OutcomeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.LeftFirst != tc.left || res.RightFirst == tc.left {
			t.Errorf("%d x %d: Left first wins %v, Right first %v; want the board %s's", tc.rows, tc.cols, res.LeftFirst, res.RightFirst, map[bool]string{true: "Left", false: "Right"}[tc.left])
		}
	}
}

// TestSolveOutcomeLimits: a board over 64 cells and a table out of range
// are refused with one line; a search past MaxNodes stops with
// ErrOutcomeLimit, and a cancelled one with the context's error.
func TestSolveOutcomeLimits(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		g    grid.Grid
		opts game.OutcomeOptions
		want string
	}{
		{grid.New(32, 2, '.'), game.OutcomeOptions{}, "a 32 x 2 board: the search takes 1 to 31 rows and columns"},
		{grid.New(4, 4, '.'), game.OutcomeOptions{TableMiB: MaxOutcomeTableMiB + 1}, fmt.Sprintf("a table of %d MiB is outside 1..%d MiB", MaxOutcomeTableMiB+1, MaxOutcomeTableMiB)},
		{grid.New(4, 4, '.'), game.OutcomeOptions{TableMiB: -1}, "a table of -1 MiB"},
	} {
		_, err := SolveOutcome(ctx, tc.g, tc.opts)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%d x %d, %+v: %v, want one line with %q", tc.g.Rows, tc.g.Cols, tc.opts, err, tc.want)
		}
	}
	res, err := SolveOutcome(ctx, grid.New(6, 6, '.'), game.OutcomeOptions{MaxNodes: 100})
	if !errors.Is(err, ErrOutcomeLimit) {
		t.Errorf("6 x 6 within 100 positions: %+v, %v", res, err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := SolveOutcome(cancelled, grid.New(7, 7, '.'), game.OutcomeOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("7 x 7 cancelled: %v", err)
	}
}

// TestDefaultTableMiB checks the default table by board size: 64 MiB up
// to 64 cells, then larger, never past the largest table nor a quarter of
// the machine's memory (where it is read).
func TestDefaultTableMiB(t *testing.T) {
	quarter := memTotalMiB() / 4
	for _, tc := range []struct{ cells, want int }{{1, 64}, {64, 64}, {65, 1024}, {90, 1024}, {91, MaxOutcomeTableMiB}, {961, MaxOutcomeTableMiB}} {
		want := tc.want
		if quarter > 0 {
			want = min(want, max(DefaultOutcomeTableMiB, quarter))
		}
		if got := DefaultTableMiB(tc.cells); got != want {
			t.Errorf("DefaultTableMiB(%d) = %d, want %d (a quarter of memory: %d MiB)", tc.cells, got, want, quarter)
		}
	}
}

// TestPairs checks the count of disjoint dominoes in the runs of a row,
// by table and by loop, against a greedy count cell by cell.
func TestPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 17))
	for range 20000 {
		x := rng.Uint32() >> rng.IntN(32)
		greedy := 0
		for i := 0; i < 32; i++ {
			if i < 31 && x>>i&3 == 3 {
				greedy++
				i++
			}
		}
		if got := pairs(x); got != uint64(greedy) {
			t.Fatalf("pairs(%b) = %d, want %d", x, got, greedy)
		}
	}
}

// BenchmarkSolveOutcome decides open rectangles both ways (a square once,
// by its symmetry) with the default table, reporting the positions
// searched.
func BenchmarkSolveOutcome(b *testing.B) {
	for _, size := range [][2]int{{6, 6}, {7, 7}, {6, 8}} {
		b.Run(strconvSize(size), func(b *testing.B) { benchSolve(b, size[0], size[1]) })
	}
}

// BenchmarkSolveOutcome8x8 decides the 8 x 8 board, a first-player win
// (Breuker, Uiterwijk and van den Herik), with the default table: about
// two seconds (the target is 3 s for the whole process).
func BenchmarkSolveOutcome8x8(b *testing.B) { benchSolve(b, 8, 8) }

// BenchmarkSolveOutcome8x9 decides the 8 x 9 board with the default
// table of 1 GiB in huge pages: about two minutes on one core (run it
// alone, -bench SolveOutcome8x9 -benchtime 1x).
func BenchmarkSolveOutcome8x9(b *testing.B) { benchSolve(b, 8, 9) }

// benchSolve decides the empty rows x cols board with the default table
// b.N times, and checks its outcome: squares are first-player wins from
// 6 x 6 on (published), 6 rows by 8 columns is Right's either way (as
// this search finds: a regression check, not an independent one) and
// 8 x 9 Left's (Bullock's table).
func benchSolve(b *testing.B, rows, cols int) {
	want := map[[2]int][2]bool{{6, 6}: {true, true}, {7, 7}: {true, true}, {8, 8}: {true, true}, {6, 8}: {false, true}, {8, 9}: {true, false}}[[2]int{rows, cols}]
	for b.Loop() {
		res, err := SolveOutcome(context.Background(), grid.New(rows, cols, '.'), game.OutcomeOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if res.LeftFirst != want[0] || res.RightFirst != want[1] {
			b.Fatalf("%d x %d: %+v, want %v", rows, cols, res, want)
		}
		b.ReportMetric(float64(res.Nodes), "nodes")
	}
}

// TestCounts checks the safe, vulnerable and possible moves of boards
// counted by hand, in each player's view.
func TestCounts(t *testing.T) {
	for _, tc := range []struct {
		board       []string
		left, right [3]int // safe, vulnerable, possible
	}{
		// Column 2's top two cells are out of Right's reach: one safe
		// vertical move, the only one in the column of three; row 3 has one
		// move of Right at most, not safe, and its cells are not paired.
		{[]string{"#.#", "#.#", "..."}, [3]int{1, 0, 1}, [3]int{0, 0, 1}},
		// Only row 1's end cells are out of Left's reach, and they are
		// apart: no safe move; the middle ones pair in each row.
		{[]string{"....", "#..#"}, [3]int{0, 2, 2}, [3]int{0, 2, 3}},
		{[]string{"##..##", "#....#", "......"}, [3]int{0, 4, 4}, [3]int{0, 5, 6}},
		// Rows 1 and 3 are out of Left's reach: three safe horizontal moves.
		{[]string{"#..#", "####", "....", "####"}, [3]int{0, 0, 0}, [3]int{3, 0, 3}},
		{[]string{".#.", ".#.", ".#.", ".#."}, [3]int{4, 0, 4}, [3]int{0, 0, 0}},
	} {
		g, err := grid.FromRows(tc.board...)
		if err != nil {
			t.Fatal(err)
		}
		b := newBoard(g.Rows, g.Cols, g.Cells, newZobrist(g.Rows, g.Cols))
		for p, want := range [][3]int{tc.left, tc.right} {
			if c := b.counts(p); [3]int{int(c.safe), int(c.vuln + c.odd), int(c.most)} != want {
				t.Errorf("%v, player %d: %d safe, %d vulnerable, %d possible moves; want %v", tc.board, p, c.safe, c.vuln+c.odd, c.most, want)
			}
		}
	}
}

// TestParseBoard checks that ParseBoard keeps a board whole (filled cells
// included) and refuses sums, bad characters and boards over MaxSide
// columns with one line.
func TestParseBoard(t *testing.T) {
	g, err := ParseBoard("..#|...")
	if err != nil || g.Rows != 2 || g.Cols != 3 || string(g.Cells) != "..#..." {
		t.Errorf("ParseBoard(..#|...) = %+v, %v", g, err)
	}
	for text, want := range map[string]string{
		".. + ..":               "a sum of 2 boards",
		"..|.x":                 "row 2, column 2: character 'x'",
		"..|...":                "row 2 has 3 cells, row 1 has 2",
		strings.Repeat(".", 32): "the 1 x 32 board: 32 columns, limit 31",
	} {
		_, err := ParseBoard(text)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseBoard(%.20q) = %v, want one line with %q", text, err, want)
		}
	}
}

// FuzzParseBoard reads any text as one board: a one-line error, or a board
// of at most MaxSide rows and columns of '.' and '#' that SolveOutcome takes.
func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{"..|..", ".#.|...", ".. + ..", "", "|", "..\n..\n", ".x|.#", strings.Repeat(".", 32)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ParseBoard(text)
		if err != nil {
			gametest.OneLine(t, fmt.Sprintf("%q", text), err)
			return
		}
		if g.Rows > MaxSide || g.Cols > MaxSide || len(g.Cells) != g.Rows*g.Cols || strings.Trim(string(g.Cells), ".#") != "" {
			t.Fatalf("%q: a board %+v", text, g)
		}
		if _, err := SolveOutcome(context.Background(), g, game.OutcomeOptions{TableMiB: 1, MaxNodes: 1000}); err != nil && !errors.Is(err, ErrOutcomeLimit) {
			t.Fatalf("%q: %v", text, err)
		}
	})
}

// TestSolveOutcomeManyBoards holds SolveOutcome to the plain search on
// thousands of small boards with blocked cells and hundreds of larger,
// denser ones, where each cut meets the positions that would break it
// (bench/mutate-domineering.sh checks that a wrong cut fails here).
func TestSolveOutcomeManyBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 3))
	small, large := 4000, 150
	if testing.Short() {
		small, large = 500, 30
	}
	for i := range small + large {
		rows, cols, fill := 2+rng.IntN(4), 2+rng.IntN(4), 0.15+0.25*rng.Float64()
		if i >= small {
			rows, cols, fill = 5+rng.IntN(3), 6+rng.IntN(3), 0.45+0.15*rng.Float64()
		}
		g, text := randomBoard(rng, rows, cols, fill)
		left, right, err := Outcome(context.Background(), g, 0)
		if err != nil {
			t.Fatal(err)
		}
		res, err := SolveOutcome(context.Background(), g, game.OutcomeOptions{TableMiB: 1, Threads: 1})
		if err != nil {
			t.Fatal(err)
		}
		if res.LeftFirst != left || res.RightFirst != right {
			t.Fatalf("%s: SolveOutcome says %v, %v; Outcome %v, %v", text, res.LeftFirst, res.RightFirst, left, right)
		}
	}
}

// TestOutcomeAgainstValues holds Outcome to the canonical forms: on random
// boards of up to 4 x 5 cells, Left moving first wins exactly when the
// value is positive or fuzzy (L or N), Right moving first exactly when it
// is negative or fuzzy (R or N).
func TestOutcomeAgainstValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 13))
	c := cgt.New(0)
	counts := map[cgt.Outcome]int{}
	for range 400 {
		g, text := randomBoard(rng, 1+rng.IntN(4), 1+rng.IntN(5), 0.25)
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

// TestSplitAgainstWins checks that Split's boards decide the board as
// Wins does: the mover wins exactly when the opponent loses one of them,
// on random boards with blocked cells.
func TestSplitAgainstWins(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 1))
	ctx := context.Background()
	for range 200 {
		g, text := randomBoard(rng, 2+rng.IntN(4), 2+rng.IntN(4), 0.1+0.2*rng.Float64())
		for _, mover := range []game.Side{game.Left, game.Right} {
			want, _, err := Wins(ctx, g, mover, game.OutcomeOptions{TableMiB: 1})
			if err != nil {
				t.Fatal(err)
			}
			children, settled, win, err := Split(g, mover)
			if err != nil {
				t.Fatal(err)
			}
			if !settled {
				for _, c := range children {
					theyWin, _, err := Wins(ctx, c, 1-mover, game.OutcomeOptions{TableMiB: 1})
					if err != nil {
						t.Fatal(err)
					}
					if !theyWin {
						win = true
					}
				}
			}
			if win != want {
				t.Fatalf("%s, %v first: Split says %v, Wins %v", text, mover, win, want)
			}
		}
	}
}

// TestSolverKeepsTable checks that a Solver's table, kept from board to
// board, never changes an answer: the children of random boards decided
// one after another by one Solver, against Wins with a table each.
func TestSolverKeepsTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 5))
	ctx := context.Background()
	for range 20 {
		g, text := randomBoard(rng, 5, 6, 0.1+0.2*rng.Float64())
		v, err := NewSolver(5, 6, game.OutcomeOptions{TableMiB: 1, Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		children, _, _, err := Split(g, game.Left)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range children {
			got, _, err := v.Wins(ctx, c, game.Right)
			if err != nil {
				t.Fatal(err)
			}
			want, _, err := Wins(ctx, c, game.Right, game.OutcomeOptions{TableMiB: 1, Threads: 1})
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("a child of %s: the Solver says %v, Wins %v", text, got, want)
			}
		}
	}
	if _, err := NewSolver(32, 2, game.OutcomeOptions{}); err == nil {
		t.Error("a 32 x 2 Solver made")
	}
	v, _ := NewSolver(3, 3, game.OutcomeOptions{TableMiB: 1})
	if _, _, err := v.Wins(ctx, grid.New(3, 4, '.'), game.Left); err == nil {
		t.Error("a 3 x 4 board decided by a 3 x 3 Solver")
	}
}

// TestSelfTranspose checks SelfTranspose on boards made symmetric and on
// random ones, and that a board it accepts has Right first = Left first.
func TestSelfTranspose(t *testing.T) {
	for _, tc := range []struct {
		rows []string
		want bool
	}{
		{[]string{"...", "...", "..."}, true},
		{[]string{".#.", "#..", "..."}, true},
		{[]string{".#.", "...", "..."}, false},
		{[]string{"...", "..."}, false},
		{[]string{"#"}, true},
	} {
		if got := SelfTranspose(grid.MustFromRows(tc.rows...)); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.rows, got, tc.want)
		}
	}
	rng := rand.New(rand.NewPCG(30, 4))
	found := 0
	for range 300 {
		n := 2 + rng.IntN(4)
		g := grid.Random(rng, n, n, 0.25, '.', '#')
		for r := range n {
			for c := range r {
				g.Set(r, c, g.At(c, r))
			}
		}
		if !SelfTranspose(g) {
			t.Fatalf("a board made symmetric is not its own transpose:\n%s", g)
		}
		res, err := SolveOutcome(context.Background(), g, game.OutcomeOptions{TableMiB: 1})
		if err != nil {
			t.Fatal(err)
		}
		w, _, err := Wins(context.Background(), g, game.Right, game.OutcomeOptions{TableMiB: 1})
		if err != nil {
			t.Fatal(err)
		}
		if w != res.LeftFirst {
			t.Fatalf("Right first %v, Left first %v on\n%s", w, res.LeftFirst, g)
		}
		found++
	}
	t.Logf("%d symmetric boards", found)
}
