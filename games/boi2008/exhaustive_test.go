package boi2008

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"iter"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"nimber/game/gametest"
	"nimber/grid"
)

// long enables the long comparison of Solve with Exhaustive: every 4 x 4
// board and ten times as many random and stress boards. Run it with
//
//	go test ./games/boi2008 -run DPMatchesExhaustive -boi.long -timeout 30m
var long = flag.Bool("boi.long", false, "compare Solve with Exhaustive on every 4x4 board and many more random boards")

// exDistanceFree returns a copy of b without its distances, so that any use of
// them by the exhaustive search panics.
func exDistanceFree(b *Board) *Board {
	c := *b
	c.DistA, c.DistB, c.target = nil, nil, 0
	return &c
}

func exBoard(t testing.TB, rows ...string) *Board {
	t.Helper()
	b, err := NewBoard(grid.MustFromRows(rows...))
	if err != nil {
		t.Fatalf("%v\n%s", err, strings.Join(rows, "\n"))
	}
	return b
}

// exCorridor is a board of side d+1 whose only white squares are the top
// row, A at its left end and B at its right end: a dead-end corridor with
// distance d.
func exCorridor(d int) []string {
	rows := []string{"A" + strings.Repeat(".", d-1) + "B"}
	for range d {
		rows = append(rows, strings.Repeat("#", d+1))
	}
	return rows
}

// TestExhaustiveHandMade checks Exhaustive and ExhaustiveFirstMoves on boards
// whose answers are derived by hand (the reasoning is in the comments).
func TestExhaustiveHandMade(t *testing.T) {
	none := []Square{}
	cases := []struct {
		name  string
		rows  []string
		want  Outcome
		first []Square // nil: not checked
	}{
		// A steps onto B's start (where B stands) and wins at once.
		{"adjacent row", []string{"AB", ".."}, AWins, []Square{{0, 1}}},
		{"adjacent column", []string{"A.", "B."}, AWins, []Square{{1, 0}}},
		// D = 2: wherever A steps, B steps onto A's square and his extra
		// step reaches A's start.
		{"2x2 open", []string{"A.", ".B"}, BWins, none},
		{"2x2 one way", []string{"A#", ".B"}, BWins, none},
		{"corridor 2", exCorridor(2), BWins, none},
		// In a dead-end corridor with both starts at its ends the pieces can
		// pass only by a jump, and each move changes the gap by one, so the
		// player facing odd gaps is the only one who can ever jump (gap 1):
		// A when D is odd, B when D is even. That player pushes the other
		// back to his dead end, where he must step next to him and be
		// jumped, and the jump's extra step lands on the start square.
		{"corridor 3", exCorridor(3), AWins, []Square{{0, 1}}},
		{"corridor 4", exCorridor(4), BWins, none},
		{"corridor 5", exCorridor(5), AWins, []Square{{0, 1}}},
		{"corridor 6", exCorridor(6), BWins, none},
		{"corridor 7", exCorridor(7), AWins, []Square{{0, 1}}},
		// D = 4. After A's first step B steps next to A's start on the same
		// side, (1,2) after (0,1): A's two forward squares are both next to
		// B, who lands on A and is then one step from A's start while A is
		// two from B's; retreating to the start lets B walk in first.
		{"3x3 open", []string{"A..", "...", "..B"}, BWins, none},
		{"3x3 ring", []string{"A..", ".#.", "..B"}, BWins, none},
		// A boxed into the corridor (0,0)-(0,1)-(0,2)-(1,2)-(2,2): D = 4
		// with no room to avoid B, as in "corridor 4".
		{"3x3 bent corridor", []string{"A..", "##.", "##B"}, BWins, none},
		// D = 5, a dead-end corridor bent around two corners: odd, A wins.
		{"3x3 bent odd", []string{"A..", "##.", "#B."}, AWins, []Square{{0, 1}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := exDistanceFree(exBoard(t, c.rows...))
			got, err := Exhaustive(t.Context(), b)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("Exhaustive = %v, want %v\n%s", got, c.want, b.Grid)
			}
			first, err := ExhaustiveFirstMoves(t.Context(), b)
			if err != nil {
				t.Fatal(err)
			}
			if c.first != nil && !slices.Equal(first, c.first) {
				t.Errorf("ExhaustiveFirstMoves = %v, want %v\n%s", first, c.first, b.Grid)
			}
		})
	}
}

// TestExhaustiveNoMove checks the rule for a piece without a move, on boards
// NewBoard would refuse: the player to move with no white neighbour loses.
func TestExhaustiveNoMove(t *testing.T) {
	for _, c := range []struct {
		rows []string
		a, b int
		want Outcome
	}{
		// A cannot move at all.
		{[]string{"A#", "#B"}, 0, 3, BWins},
		// A can move but never reach B; B, walled in, cannot move at his
		// first turn.
		{[]string{"A.#", "..#", "##B"}, 0, 8, AWins},
	} {
		g := grid.MustFromRows(c.rows...)
		b := &Board{N: g.Rows, Grid: g, A: c.a, B: c.b}
		got, err := Exhaustive(t.Context(), b)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("got %v, want %v\n%s", got, c.want, g)
		}
	}
}

// TestExhaustiveLimits checks the refusal of boards above MaxExhaustiveWhite
// and the cancellation by the context.
func TestExhaustiveLimits(t *testing.T) {
	n := 1
	for n*n <= MaxExhaustiveWhite {
		n++
	}
	g := grid.New(n, n, White)
	g.Cells[0], g.Cells[n*n-1] = StartA, StartB
	big := gametest.Must(t, NewBoard, g)
	if _, err := Exhaustive(t.Context(), big); err == nil {
		t.Errorf("Exhaustive accepted %d white squares, limit %d", n*n, MaxExhaustiveWhite)
	}
	if _, err := ExhaustiveFirstMoves(t.Context(), big); err == nil {
		t.Errorf("ExhaustiveFirstMoves accepted %d white squares, limit %d", n*n, MaxExhaustiveWhite)
	}

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := Exhaustive(ctx, exOpenBoard(t, 8)); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled context: err = %v, want context.Canceled", err)
	}
}

// TestExhaustiveLargest runs the search at its limit, a 32 x 32 open board
// (skipped in -short mode).
func TestExhaustiveLargest(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	n := 1
	for (n+1)*(n+1) <= MaxExhaustiveWhite {
		n++
	}
	b := exOpenBoard(t, n)
	start := time.Now()
	got, err := Exhaustive(t.Context(), b)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d x %d open board: %v in %v", n, n, got, time.Since(start))
}

// exOpenBoard is an n x n board without black squares, A and B in opposite
// corners.
func exOpenBoard(t testing.TB, n int) *Board {
	g := grid.New(n, n, White)
	g.Cells[0], g.Cells[n*n-1] = StartA, StartB
	b := gametest.Must(t, NewBoard, g)
	return b
}

// TestExhaustiveFirstMovesConsistent checks on random boards that A has a
// winning first move exactly when A wins, and that each reported move is a
// step to a white neighbour of A's start.
func TestExhaustiveFirstMovesConsistent(t *testing.T) {
	for c := range exSolvedBoards(t, rand.New(rand.NewPCG(7, 7)), 300, 3, 6) {
		g, b, out := c.g, c.b, c.out
		first, err := ExhaustiveFirstMoves(t.Context(), b)
		if err != nil {
			t.Fatal(err)
		}
		if (len(first) > 0) != (out == AWins) {
			t.Errorf("outcome %v, winning first moves %v\n%s", out, first, g)
		}
		a := b.Square(b.A)
		for _, m := range first {
			if d := exAbs(m.Row-a.Row) + exAbs(m.Col-a.Col); d != 1 || !b.white(m.Row*b.N+m.Col) {
				t.Errorf("first move %v is not a step from %v\n%s", m, a, g)
			}
		}
	}
}

func exAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// BenchmarkExhaustive solves an 8 x 8 open board, A and B in opposite
// corners.
func BenchmarkExhaustive(bm *testing.B) {
	b := exOpenBoard(bm, 8)
	for bm.Loop() {
		if _, err := Exhaustive(bm.Context(), b); err != nil {
			bm.Fatal(err)
		}
	}
}

// BenchmarkExhaustiveLargest solves the largest open board Exhaustive
// accepts.
func BenchmarkExhaustiveLargest(bm *testing.B) {
	n := 1
	for (n+1)*(n+1) <= MaxExhaustiveWhite {
		n++
	}
	b := exOpenBoard(bm, n)
	for bm.Loop() {
		if _, err := Exhaustive(bm.Context(), b); err != nil {
			bm.Fatal(err)
		}
	}
}

// ---- Comparison of Solve (the layered DP) with Exhaustive ----

// exMaxReports bounds the disagreements printed per sweep.
const exMaxReports = 10

// exSweepStats counts the boards of one comparison sweep.
type exSweepStats struct {
	mu           sync.Mutex
	boards       int // connected boards compared
	disconnected int // candidates refused by NewBoard
	outcome      map[Outcome]int
	oddD         int
	disagree     int // Solve's winner differs from Exhaustive, or a draw
	badFirst     int // Solve's FirstMove is not a winning move of the full game
	dpMissing    bool
	reports      int
}

// report prints one disagreement, up to exMaxReports per sweep.
func (s *exSweepStats) report(t *testing.T, msg string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.reports < exMaxReports {
		t.Error(msg)
	} else if s.reports == exMaxReports {
		t.Errorf("more disagreements follow; only the counts are reported")
	}
	s.reports++
}

// check compares Solve with Exhaustive on one board.
func (s *exSweepStats) check(t *testing.T, label string, g grid.Grid) {
	b, err := NewBoard(g)
	if err != nil {
		s.mu.Lock()
		s.disconnected++
		s.mu.Unlock()
		return
	}
	ctx := t.Context()
	out, err := Exhaustive(ctx, b)
	if err != nil {
		s.report(t, fmt.Sprintf("%s: Exhaustive: %v\n%s", label, err, g))
		return
	}
	v, err := Solve(ctx, b)
	dpMissing := errors.Is(err, errors.ErrUnsupported)
	if err != nil && !dpMissing {
		s.report(t, fmt.Sprintf("%s: Solve: %v\n%s", label, err, g))
		return
	}
	s.mu.Lock()
	s.boards++
	s.outcome[out]++
	if b.Distance()%2 == 1 {
		s.oddD++
	}
	s.dpMissing = s.dpMissing || dpMissing
	s.mu.Unlock()

	switch {
	case out == Draw:
		s.mu.Lock()
		s.disagree++
		s.mu.Unlock()
		s.report(t, fmt.Sprintf("%s: DRAW in the unrestricted game (the DP's model always has a winner), D = %d, Solve: %s\n%s",
			label, b.Distance(), exDPWinner(v, dpMissing), g))
	case dpMissing:
	case string(v.Winner) != out.String():
		s.mu.Lock()
		s.disagree++
		s.mu.Unlock()
		first, _ := ExhaustiveFirstMoves(ctx, b)
		s.report(t, fmt.Sprintf("%s: DISAGREEMENT, D = %d: Solve says %v, Exhaustive says %v (A's winning first moves %v)\n%s",
			label, b.Distance(), v.Winner, out, first, g))
	case out == AWins && v.FirstMove != nil:
		first, err := ExhaustiveFirstMoves(ctx, b)
		if err != nil {
			s.report(t, fmt.Sprintf("%s: ExhaustiveFirstMoves: %v\n%s", label, err, g))
			return
		}
		if !slices.Contains(first, *v.FirstMove) {
			s.mu.Lock()
			s.badFirst++
			s.mu.Unlock()
			s.report(t, fmt.Sprintf("%s: FIRST MOVE, D = %d: Solve's FirstMove %v does not win the full game; winning first moves %v\n%s",
				label, b.Distance(), *v.FirstMove, first, g))
		}
	}
}

func exDPWinner(v Verdict, missing bool) string {
	if missing {
		return "not implemented"
	}
	return v.Winner.String()
}

// exSweep compares Solve with Exhaustive on every board gen yields, in
// parallel, and logs the counts. While Solve is the stub that returns
// errors.ErrUnsupported only the exhaustive side runs (draws are still
// reported) and the test is skipped at the end.
func exSweep(t *testing.T, gen func(yield func(label string, g grid.Grid) bool)) {
	s := &exSweepStats{outcome: map[Outcome]int{}}
	type job struct {
		label string
		g     grid.Grid
	}
	jobs := make(chan job, 256)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for j := range jobs {
				s.check(t, j.label, j.g)
			}
		})
	}
	start := time.Now()
	gen(func(label string, g grid.Grid) bool {
		jobs <- job{label, g}
		return t.Context().Err() == nil
	})
	close(jobs)
	wg.Wait()
	t.Logf("%d boards (%d with odd D; %d candidates not connected) in %v: exhaustive A %d, B %d, draw %d; %d winner disagreements, %d bad first moves",
		s.boards, s.oddD, s.disconnected, time.Since(start).Round(time.Millisecond),
		s.outcome[AWins], s.outcome[BWins], s.outcome[Draw], s.disagree, s.badFirst)
	if s.dpMissing {
		t.Skip("Solve is not implemented yet (errors.ErrUnsupported); only the exhaustive side ran")
	}
	if s.boards == 0 || s.outcome[AWins] == 0 || s.outcome[BWins] == 0 {
		t.Errorf("vacuous sweep: %d boards, A wins %d, B wins %d", s.boards, s.outcome[AWins], s.outcome[BWins])
	}
}

// exAllBoards yields every n x n board: each ordered placement of A and B and
// each black/white pattern of the other squares (disconnected ones are
// counted and dropped by exSweep). No symmetry is used, so a solver that
// depends on the orientation of the board is caught too.
func exAllBoards(n int) func(yield func(string, grid.Grid) bool) {
	return func(yield func(string, grid.Grid) bool) {
		cells := n * n
		for pa := range cells {
			for pb := range cells {
				if pa == pb {
					continue
				}
				for mask := 0; mask < 1<<(cells-2); mask++ {
					g := grid.New(n, n, White)
					bit := 0
					for i := range cells {
						switch i {
						case pa:
							g.Cells[i] = StartA
						case pb:
							g.Cells[i] = StartB
						default:
							if mask>>bit&1 == 1 {
								g.Cells[i] = Black
							}
							bit++
						}
					}
					if !yield(fmt.Sprintf("all %dx%d", n, n), g) {
						return
					}
				}
			}
		}
	}
}

// exRandomBoard is an n x n board with black squares of the given density and
// the starts placed as in the official tests (B bottom right, A top left or
// one square to its right) or at random.
func exRandomBoard(rng *rand.Rand, n int, density float64) grid.Grid {
	g := grid.Random(rng, n, n, density, White, Black)
	pa, pb := 0, n*n-1
	switch rng.IntN(3) {
	case 0:
		pa = 1
	case 1:
		pa, pb = rng.IntN(n*n), rng.IntN(n*n-1)
		if pb >= pa {
			pb++
		}
	}
	g.Cells[pa], g.Cells[pb] = StartA, StartB
	return g
}

// exSolved is a random board with the outcome Exhaustive gives it.
type exSolved struct {
	g   grid.Grid
	b   *Board
	out Outcome
}

// exSolvedBoards yields the boards among count random ones (exRandomBoard,
// sides minSide..maxSide, black squares of density below 0.4) that NewBoard
// accepts, each with its outcome by Exhaustive.
func exSolvedBoards(t *testing.T, rng *rand.Rand, count, minSide, maxSide int) iter.Seq[exSolved] {
	return func(yield func(exSolved) bool) {
		for range count {
			g := exRandomBoard(rng, minSide+rng.IntN(maxSide-minSide+1), rng.Float64()*0.4)
			b, err := NewBoard(g)
			if err != nil {
				continue
			}
			out, err := Exhaustive(t.Context(), b)
			if err != nil {
				t.Fatal(err)
			}
			if !yield(exSolved{g, b, out}) {
				return
			}
		}
	}
}

func exRandomBoards(seed uint64, count int) func(yield func(string, grid.Grid) bool) {
	return func(yield func(string, grid.Grid) bool) {
		rng := rand.New(rand.NewPCG(seed, 2008))
		densities := []float64{0, 0.03, 0.1, 0.2, 0.3, 0.4, 0.5}
		for k := range count {
			n, d := 5+rng.IntN(4), densities[rng.IntN(len(densities))]
			if !yield(fmt.Sprintf("random #%d (seed %d, %dx%d, density %.2f)", k, seed, n, n, d), exRandomBoard(rng, n, d)) {
				return
			}
		}
	}
}

// TestDPMatchesExhaustive compares the winner of Solve with Exhaustive: on
// every 3 x 3 board (every 4 x 4 one with -boi.long), random boards from
// 5 x 5 to 8 x 8, and boards built to stress B's interception. A draw of the
// unrestricted game is reported as a disagreement with the DP's model, as is
// a FirstMove that does not win the unrestricted game.
func TestDPMatchesExhaustive(t *testing.T) {
	scale := 1
	if *long {
		scale = 10
	}
	t.Run("all3x3", func(t *testing.T) { exSweep(t, exAllBoards(3)) })
	t.Run("all4x4", func(t *testing.T) {
		if !*long {
			t.Skip("needs -boi.long")
		}
		exSweep(t, exAllBoards(4))
	})
	t.Run("random", func(t *testing.T) { exSweep(t, exRandomBoards(1, 2000*scale)) })
	t.Run("stress", func(t *testing.T) { exSweep(t, exStressBoards(2, scale)) })
}

// ---- Stress boards ----

// exPlacements yields the starts for one board shape: the corners and the
// squares next to them (A near the top left, B near the bottom right, both
// ways round), plus extra random pairs of white squares.
func exPlacements(rng *rand.Rand, g grid.Grid, extra int) [][2]int {
	n := g.Rows
	var whites []int
	for i, c := range g.Cells {
		if c != Black {
			whites = append(whites, i)
		}
	}
	var out [][2]int
	add := func(a, b int) {
		if a != b && g.Cells[a] != Black && g.Cells[b] != Black {
			out = append(out, [2]int{a, b})
		}
	}
	for _, a := range []int{0, 1, n} {
		for _, b := range []int{n*n - 1, n*n - 2, n*n - 1 - n} {
			add(a, b)
			add(b, a)
		}
	}
	for range extra {
		if len(whites) >= 2 {
			add(whites[rng.IntN(len(whites))], whites[rng.IntN(len(whites))])
		}
	}
	return out
}

// exWithStarts returns a copy of g with A on a and B on b.
func exWithStarts(g grid.Grid, a, b int) grid.Grid {
	h := g.Clone()
	h.Cells[a], h.Cells[b] = StartA, StartB
	return h
}

// serpentine is the official "b" family: the longest route, right to the
// end, down two, left to the end, ... Each wall square is opened with
// probability gaps.
func exSerpentine(rng *rand.Rand, n int, gaps float64) grid.Grid {
	g := grid.New(n, n, White)
	for r := 1; r < n; r += 2 {
		door := n - 1
		if r%4 == 3 {
			door = 0
		}
		for c := range n {
			if c != door && rng.Float64() >= gaps {
				g.Set(r, c, Black)
			}
		}
	}
	g.Set(n-1, n-1, White)
	return g
}

// maze is a depth-first maze on the squares with even coordinates (1-wide
// corridors forming a tree), with each remaining wall square opened with
// probability loops.
func exMaze(rng *rand.Rand, n int, loops float64) grid.Grid {
	g := grid.New(n, n, Black)
	m := (n + 1) / 2
	seen := make([]bool, m*m)
	var dig func(r, c int)
	dig = func(r, c int) {
		seen[r*m+c] = true
		g.Set(2*r, 2*c, White)
		dirs := [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
		rng.Shuffle(len(dirs), func(i, j int) { dirs[i], dirs[j] = dirs[j], dirs[i] })
		for _, d := range dirs {
			r2, c2 := r+d[0], c+d[1]
			if r2 < 0 || c2 < 0 || r2 >= m || c2 >= m || seen[r2*m+c2] {
				continue
			}
			g.Set(2*r+d[0], 2*c+d[1], White)
			dig(r2, c2)
		}
	}
	dig(0, 0)
	for i := range g.Cells {
		if g.Cells[i] == Black && rng.Float64() < loops {
			g.Cells[i] = White
		}
	}
	g.Set(n-1, n-1, White)
	if n%2 == 0 {
		g.Set(n-2, n-1, White)
	}
	return g
}

// rooms splits the board by full walls (vertical at the given columns,
// horizontal at the given rows), each wall segment between crossings pierced
// by one door at a random place.
func exRooms(rng *rand.Rand, n int, cols, rows []int) grid.Grid {
	g := grid.New(n, n, White)
	for _, c := range cols {
		for r := range n {
			g.Set(r, c, Black)
		}
	}
	for _, r := range rows {
		for c := range n {
			g.Set(r, c, Black)
		}
	}
	// One door in each segment of each wall.
	segments := func(walls []int) [][2]int {
		var s [][2]int
		lo := 0
		for _, w := range append(slices.Sorted(slices.Values(walls)), n) {
			if w > lo {
				s = append(s, [2]int{lo, w})
			}
			lo = w + 1
		}
		return s
	}
	for _, c := range cols {
		for _, seg := range segments(rows) {
			g.Set(seg[0]+rng.IntN(seg[1]-seg[0]), c, White)
		}
	}
	for _, r := range rows {
		for _, seg := range segments(cols) {
			g.Set(r, seg[0]+rng.IntN(seg[1]-seg[0]), White)
		}
	}
	return g
}

// parallel is two 1-wide corridors joining the left and right columns, in
// rows top and top+gap, the rest black; the lower one gets a detour of
// the given depth (its length grows by 2*depth) when depth > 0, and rungs
// random openings between the two.
func exParallel(rng *rand.Rand, n, top, gap, depth int, rungs float64) grid.Grid {
	g := grid.New(n, n, Black)
	low := top + gap
	for r := top; r <= low; r++ {
		g.Set(r, 0, White)
		g.Set(r, n-1, White)
	}
	for c := range n {
		g.Set(top, c, White)
		g.Set(low, c, White)
	}
	if depth > 0 && n >= 5 && low+depth < n {
		c := 1 + rng.IntN(n-4)
		g.Set(low, c+1, Black)
		for r := low; r <= low+depth; r++ {
			g.Set(r, c, White)
			g.Set(r, c+2, White)
		}
		g.Set(low+depth, c+1, White)
	}
	for r := top + 1; r < low; r++ {
		for c := 1; c < n-1; c++ {
			if rng.Float64() < rungs {
				g.Set(r, c, White)
			}
		}
	}
	return g
}

// exStressBoards yields boards built to stress B's interception: serpentines
// with and without gaps, mazes with and without loops, rooms joined by
// single doors, single chokepoints, two parallel corridors, and open or
// nearly open boards, each with the starts in and next to opposite corners
// and at random squares.
func exStressBoards(seed uint64, scale int) func(yield func(string, grid.Grid) bool) {
	return func(yield func(string, grid.Grid) bool) {
		rng := rand.New(rand.NewPCG(seed, 2008))
		emit := func(family string, g grid.Grid, extra int) bool {
			for _, p := range exPlacements(rng, g, extra) {
				if !yield(fmt.Sprintf("stress %s %dx%d", family, g.Rows, g.Rows), exWithStarts(g, p[0], p[1])) {
					return false
				}
			}
			return true
		}
		// Open and nearly open boards.
		for n := 2; n <= 10; n++ {
			if !emit("open", grid.New(n, n, White), 4*scale) {
				return
			}
			for range 3 * scale {
				g := grid.New(n, n, White)
				for range 1 + rng.IntN(3) {
					g.Cells[rng.IntN(n*n)] = Black
				}
				if !emit("nearly open", g, 2) {
					return
				}
			}
		}
		for n := 3; n <= 10; n++ {
			for range 3 * scale {
				if !emit("serpentine", exSerpentine(rng, n, 0), 2) ||
					!emit("serpentine with gaps", exSerpentine(rng, n, 0.15), 2) ||
					!emit("maze", exMaze(rng, n, 0), 4) ||
					!emit("maze with loops", exMaze(rng, n, 0.1), 4) ||
					!emit("maze with many loops", exMaze(rng, n, 0.3), 4) {
					return
				}
			}
		}
		for n := 4; n <= 10; n++ {
			for range 3 * scale {
				c := 1 + rng.IntN(n-2)
				r := 1 + rng.IntN(n-2)
				if !emit("chokepoint", exRooms(rng, n, []int{c}, nil), 4) ||
					!emit("two rooms", exRooms(rng, n, nil, []int{r}), 4) ||
					!emit("four rooms", exRooms(rng, n, []int{c}, []int{r}), 4) {
					return
				}
				if c+2 <= n-2 {
					c2 := c + 2 + rng.IntN(n-c-3)
					if !emit("three rooms", exRooms(rng, n, []int{c, c2}, nil), 4) {
						return
					}
				}
			}
		}
		for n := 3; n <= 10; n++ {
			for range 2 * scale {
				top := rng.IntN(n - 2)
				gap := 2 + rng.IntN(n-top-2)
				if gap+top >= n {
					gap = n - 1 - top
				}
				depth := rng.IntN(3)
				if !emit("parallel corridors", exParallel(rng, n, top, gap, depth, 0), 4) ||
					!emit("ladder", exParallel(rng, n, top, gap, depth, 0.2), 4) {
					return
				}
			}
		}
	}
}
