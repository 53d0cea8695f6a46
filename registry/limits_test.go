package registry

import (
	"bufio"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"nimber/games/bacterial"
	"nimber/games/boi2008"
	"nimber/games/caos3"
	"nimber/games/inventor"
	"nimber/grid"
	"nimber/problems"
)

// The limits table of README.md ("nimber accepts boards far beyond the
// contest limits") promises, per problem, what the parser takes and what
// fits in memory. These tests rebuild each promise from the exported
// constants and the memory estimates, so that the table cannot drift, and
// run the parser and the estimate at the stated largest sizes.

// fitMemory is the memory of the table's "fits in 12 GiB" column: half of a
// 24 GiB machine, what its --max-memory defaults to (half the memory the
// system reports, a little less in practice).
const fitMemory = 12 << 30

// estimateWorkers is the GOMAXPROCS the estimates are taken at: Bacterial
// Tactics counts scratch rows per worker, under 6 MB at 16 workers on a
// 399 x 399 board.
const estimateWorkers = 16

// full returns an r x c board of one character.
func full(r, c int, ch byte) grid.Grid {
	return grid.Grid{Rows: r, Cols: c, Cells: []byte(strings.Repeat(string(ch), r*c))}
}

// raceBoard returns an open n x n BOI 2008 board, A and B in opposite
// corners.
func raceBoard(n int) grid.Grid {
	g := full(n, n, boi2008.White)
	g.Cells[0], g.Cells[n*n-1] = boi2008.StartA, boi2008.StartB
	return g
}

// withCommas writes n as README.md does: 1000, 5000, 10,000, 16,777,216.
func withCommas(n int) string {
	s := strconv.Itoa(n)
	if n < 10000 {
		return s
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// estimate returns the memory estimate of g at estimateWorkers workers.
func estimate(p *problems.Problem, g grid.Grid) int64 {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(estimateWorkers))
	return p.MemoryEstimate(g)
}

// largestSquare returns the largest n <= maxSide whose n x n board fits in
// fitMemory, by bisection (the estimates grow with the side).
func largestSquare(p *problems.Problem, maxSide int, ch byte) int {
	lo, hi := 0, maxSide // fits(lo); hi+1 does not, or is past maxSide
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if estimate(p, full(mid, mid, ch)) <= fitMemory {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// inventorFit returns the largest s such that every Inventor board with
// R+C <= s (and R*C <= MaxCells) fits in fitMemory, all its cells spots (the
// worst case: the lattices depend on R+C only, the entry width on the
// spots), and a board with R+C = s+1 that does not fit. A board's smaller
// side is at most 100, so for each smaller side a the least longer side that
// does not fit is found by bisection.
func inventorFit(t *testing.T) (s int, over grid.Grid) {
	t.Helper()
	fits := func(r, c int) bool { return estimate(inventor.Problem, full(r, c, inventor.Spot)) <= fitMemory }
	best := 2 * inventor.MaxCells
	for a := 1; a*a <= inventor.MaxCells; a++ {
		for _, transpose := range []bool{false, true} {
			at := func(c int) bool {
				if transpose {
					return fits(c, a)
				}
				return fits(a, c)
			}
			hi := inventor.MaxCells / a
			if at(hi) {
				continue
			}
			lo := a // at(lo - 1) holds or lo == a; at(hi) fails
			for lo < hi {
				mid := (lo + hi) / 2
				if at(mid) {
					lo = mid + 1
				} else {
					hi = mid
				}
			}
			if a+hi-1 < best {
				best, over = a+hi-1, full(a, hi, inventor.Spot)
				if transpose {
					over = full(hi, a, inventor.Spot)
				}
			}
		}
	}
	if best <= 2 || over.Rows == 0 {
		t.Fatalf("no Inventor board fits in %s, or all do", problems.FormatBytes(fitMemory))
	}
	return best, over
}

// limitRow is one row of README.md's limits table as the code makes it:
// the problem's name in the first cell, the "nimber parses" and "fits in 12
// GiB" cells. The contest limits and times are the README's own.
type limitRow struct {
	title, parses, fits string
}

// expectedRows builds the limits table's checked cells from the constants
// and estimates.
func expectedRows(t *testing.T) []limitRow {
	t.Helper()
	b := problems.FormatBytes
	var rows []limitRow

	n := bacterial.MaxSide
	fit := largestSquare(bacterial.Problem, n, bacterial.Empty)
	rows = append(rows, limitRow{"Bacterial Tactics",
		fmt.Sprintf("%d x %d (needs %s)", n, n, b(estimate(bacterial.Problem, full(n, n, bacterial.Empty)))),
		fmt.Sprintf("%d x %d (%s)", fit, fit, b(estimate(bacterial.Problem, full(fit, fit, bacterial.Empty))))})

	cells := inventor.MaxCells
	s, _ := inventorFit(t)
	r := 1 // the fullest board with R+C = s: most rows with R*C <= MaxCells
	for (r+1)*(s-r-1) <= cells && r+1 <= s-r-1 {
		r++
	}
	rows = append(rows, limitRow{"Inventor Outlasting",
		fmt.Sprintf("R·C ≤ %s (1 x %s needs %s)", withCommas(cells), withCommas(cells), b(estimate(inventor.Problem, full(1, cells, inventor.Spot)))),
		fmt.Sprintf("R + C ≤ %d (%d x %d: %s)", s, r, s-r, b(estimate(inventor.Problem, full(r, s-r, inventor.Spot))))})

	n = caos3.MaxSide
	fit = largestSquare(caos3.Problem, n, caos3.Floor)
	rows = append(rows, limitRow{"CAOS3",
		fmt.Sprintf("%d x %d (needs %s)", n, n, b(estimate(caos3.Problem, full(n, n, caos3.Floor)))),
		fmt.Sprintf("%d x %d (%s)", fit, fit, b(estimate(caos3.Problem, full(fit, fit, caos3.Floor))))})

	n = boi2008.MaxN
	need := estimate(boi2008.Problem, raceBoard(n))
	if need > fitMemory {
		t.Fatalf("BOI 2008 n = %d needs %s, over %s: the table says it fits", n, b(need), b(fitMemory))
	}
	rows = append(rows, limitRow{`BOI 2008 "Game"`,
		fmt.Sprintf("n ≤ %d (needs %s)", n, b(need)),
		fmt.Sprintf("n ≤ %d (%s)", n, b(need))})
	return rows
}

// readmeLimits returns the rows of README.md's limits table, split into
// trimmed cells, and the paragraph right after it.
func readmeLimits(t *testing.T) (rows [][]string, after string) {
	t.Helper()
	f, err := os.Open("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	state := 0 // 0: before the table, 1: in it, 2: after it, 3: in the paragraph
	var para []string
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case state == 0 && strings.HasPrefix(line, "| problem | contest limit |"):
			state = 1
		case state == 1 && strings.HasPrefix(line, "|---"):
		case state == 1 && strings.HasPrefix(line, "|"):
			var cells []string
			for _, c := range strings.Split(strings.Trim(line, "|"), "|") {
				cells = append(cells, strings.TrimSpace(c))
			}
			rows = append(rows, cells)
		case state == 1:
			state = 2
		case state == 2 && line != "":
			state = 3
			para = append(para, line)
		case state == 3 && line != "":
			para = append(para, line)
		case state == 3:
			return rows, strings.Join(para, " ")
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if rows == nil {
		t.Fatal(`README.md has no table starting "| problem | contest limit |"`)
	}
	return rows, strings.Join(para, " ")
}

// TestReadmeLimitsTable checks every row of README.md's limits table, and
// the paragraph after it, against the constants and memory estimates.
func TestReadmeLimitsTable(t *testing.T) {
	got, after := readmeLimits(t)
	want := expectedRows(t)
	if len(got) != len(want) {
		t.Errorf("README.md's limits table has %d rows, want %d (one per problem)", len(got), len(want))
	}
	for i, w := range want {
		if i >= len(got) {
			t.Errorf("README.md's limits table lacks the row of %s: parses %q, fits %q", w.title, w.parses, w.fits)
			continue
		}
		g := got[i]
		if len(g) != 5 {
			t.Errorf("README.md's limits table, row %d: %d cells, want 5: %q", i+1, len(g), g)
			continue
		}
		if g[0] != w.title || g[2] != w.parses || g[3] != w.fits {
			t.Errorf("README.md's limits table, row %d:\n got  %q | %q | %q\n want %q | %q | %q", i+1, g[0], g[2], g[3], w.title, w.parses, w.fits)
		}
	}

	// The paragraph after the table: cases and total cells.
	for _, p := range []*problems.Problem{bacterial.Problem, caos3.Problem, inventor.Problem} {
		if p.Spec.MaxTotalCells != problems.MaxTotalCells {
			t.Errorf("%s allows %d cells in all, problems.MaxTotalCells %d: README.md gives one figure", p.Name, p.Spec.MaxTotalCells, problems.MaxTotalCells)
		}
	}
	for _, s := range []string{
		fmt.Sprintf("Every problem allows up to %d cases", problems.MaxCases),
		fmt.Sprintf("and %s (2^%d) cells in all", withCommas(problems.MaxTotalCells), bits.Len(problems.MaxTotalCells)-1),
		fmt.Sprintf("BOI 2008 allows %s (2^%d), %d boards of n = %d", withCommas(boi2008.MaxTotalCells), bits.Len(boi2008.MaxTotalCells)-1,
			boi2008.MaxTotalCells/(boi2008.MaxN*boi2008.MaxN), boi2008.MaxN),
	} {
		if !strings.Contains(after, s) {
			t.Errorf("README.md's paragraph after the limits table lacks %q:\n%s", s, after)
		}
	}
}

// oneLine checks that err is a one-line error naming the limit.
func oneLine(t *testing.T, what string, err error, limit string) {
	t.Helper()
	switch {
	case err == nil:
		t.Errorf("%s: accepted", what)
	case strings.Contains(err.Error(), "\n"):
		t.Errorf("%s: error of more than one line: %q", what, err)
	case !strings.Contains(err.Error(), limit):
		t.Errorf("%s: error %q does not name the limit %s", what, err, limit)
	}
}

// TestLimitsAtLargestSize parses each problem's largest board, checks its
// memory estimate, and checks that one cell (or row, or case) more is refused
// with a one-line error naming the limit; that a case over the memory of the
// "fits" column is refused before anything is solved; and, unless -short,
// that the total cells of an input are bounded as stated.
func TestLimitsAtLargestSize(t *testing.T) {
	type board struct {
		name  string
		cases []grid.Grid
		err   string // "" when the parser takes it, else what its error names
	}
	type limits struct {
		problem *problems.Problem
		largest grid.Grid // the board of the "parses" cell
		need    int64     // its estimate: what the table says, at least
		over    []board   // refused by the parser
		fitOver grid.Grid // the least board past the "fits" cell
	}
	_, invOver := inventorFit(t)
	side := func(n int) string { return fmt.Sprintf("out of range 1..%d", n) }
	// square are the limits of a problem of square boards up to maxSide,
	// every cell blank: the largest needs about need bytes.
	square := func(p *problems.Problem, maxSide int, blank byte, need int64) limits {
		fit := largestSquare(p, maxSide, blank) + 1
		return limits{
			problem: p,
			largest: full(maxSide, maxSide, blank),
			need:    need,
			over: []board{
				{"one row more", []grid.Grid{full(maxSide+1, maxSide, blank)}, fmt.Sprintf("R = %d %s", maxSide+1, side(maxSide))},
				{"one column more", []grid.Grid{full(1, maxSide+1, blank)}, fmt.Sprintf("C = %d %s", maxSide+1, side(maxSide))},
			},
			fitOver: full(fit, fit, blank),
		}
	}
	all := []limits{
		square(bacterial.Problem, bacterial.MaxSide, bacterial.Empty, 468<<30),
		{
			problem: inventor.Problem,
			largest: full(1, inventor.MaxCells, inventor.Spot),
			need:    284 << 40,
			over: []board{
				{"one cell more (73 x 137)", []grid.Grid{full(73, 137, inventor.Spot)}, "board 73 x 137 has 10001 cells, limit 10000"},
				{"one column more", []grid.Grid{full(1, inventor.MaxCells+1, inventor.Spot)}, "C = 10001 " + side(inventor.MaxCells)},
			},
			fitOver: invOver,
		},
		square(caos3.Problem, caos3.MaxSide, caos3.Floor, 936<<30),
		{
			problem: boi2008.Problem,
			largest: raceBoard(boi2008.MaxN),
			need:    393 << 20,
			over: []board{
				{"one row and column more", []grid.Grid{raceBoard(boi2008.MaxN + 1)}, "n = 5001 out of range 2..5000"},
			},
		},
	}
	for _, l := range all {
		p := l.problem
		t.Run(p.Name, func(t *testing.T) {
			// Every limit of the table is one exported constant.
			if p.Spec.MaxCases != problems.MaxCases {
				t.Errorf("MaxCases = %d, want problems.MaxCases = %d", p.Spec.MaxCases, problems.MaxCases)
			}
			if l.largest.Rows*l.largest.Cols != p.Spec.MaxCells {
				t.Errorf("the largest board %d x %d is not of Spec.MaxCells = %d cells", l.largest.Rows, l.largest.Cols, p.Spec.MaxCells)
			}

			cases, err := p.Parse(strings.NewReader(p.Spec.Format([]grid.Grid{l.largest})))
			if err != nil {
				t.Fatalf("the largest board, %d x %d: %v", l.largest.Rows, l.largest.Cols, err)
			}
			need := estimate(p, cases[0])
			if need < l.need || need > l.need+l.need/100 {
				t.Errorf("the largest board, %d x %d, needs %s, want about %s", l.largest.Rows, l.largest.Cols, problems.FormatBytes(need), problems.FormatBytes(l.need))
			}
			t.Logf("%d x %d parsed; needs %s (%d bytes)", l.largest.Rows, l.largest.Cols, problems.FormatBytes(need), need)

			for _, o := range l.over {
				_, err := p.Parse(strings.NewReader(p.Spec.Format(o.cases)))
				oneLine(t, o.name, err, o.err)
			}

			// One case more than MaxCases.
			small := full(1, 1, p.Spec.Alphabet[0])
			if p == boi2008.Problem {
				small = raceBoard(2)
			}
			many := make([]grid.Grid, problems.MaxCases+1)
			for i := range many {
				many[i] = small
			}
			if _, err := p.Parse(strings.NewReader(p.Spec.Format(many[:problems.MaxCases]))); err != nil {
				t.Errorf("%d cases: %v", problems.MaxCases, err)
			}
			_, err = p.Parse(strings.NewReader(p.Spec.Format(many)))
			oneLine(t, "one case more", err, fmt.Sprintf("number of cases %d out of range 1..%d", problems.MaxCases+1, problems.MaxCases))

			// Past the "fits" cell, refused before anything is solved.
			if l.fitOver.Rows > 0 {
				_, err := p.Analyze(t.Context(), []grid.Grid{l.fitOver}, problems.Options{MaxMemory: fitMemory})
				var me *problems.MemoryError
				if !errors.As(err, &me) {
					t.Errorf("%d x %d under %s: %v, want a memory error", l.fitOver.Rows, l.fitOver.Cols, problems.FormatBytes(fitMemory), err)
				} else {
					oneLine(t, "past the fits column", err, "over the memory limit of 12.0 GiB")
				}
			}
		})
	}

	if testing.Short() {
		return
	}
	// The total cells of an input: as many largest boards as fit, then one
	// more case refused at its size line.
	for _, l := range all {
		p := l.problem
		t.Run(p.Name+"/total", func(t *testing.T) {
			k := p.Spec.MaxTotalCells / p.Spec.MaxCells
			if k >= p.Spec.MaxCases {
				// The case limit binds first: the most cases of the largest
				// board are within the total.
				boards := make([]grid.Grid, p.Spec.MaxCases)
				for i := range boards {
					boards[i] = l.largest
				}
				if _, err := p.Parse(strings.NewReader(p.Spec.Format(boards))); err != nil {
					t.Fatalf("%d boards of %d x %d: %v", len(boards), l.largest.Rows, l.largest.Cols, err)
				}
				return
			}
			boards := make([]grid.Grid, k)
			for i := range boards {
				boards[i] = l.largest
			}
			text := p.Spec.Format(boards)
			if _, err := p.Parse(strings.NewReader(text)); err != nil {
				t.Fatalf("%d boards of %d x %d: %v", k, l.largest.Rows, l.largest.Cols, err)
			}
			// Announce one case more and give its size line only.
			text = strconv.Itoa(k+1) + text[strings.IndexByte(text, '\n'):]
			if p.Spec.Square {
				text += strconv.Itoa(l.largest.Rows) + "\n"
			} else {
				text += fmt.Sprintf("%d %d\n", l.largest.Rows, l.largest.Cols)
			}
			_, err := p.Parse(strings.NewReader(text))
			oneLine(t, "one board more", err, fmt.Sprintf("input holds more than %d cells in all", p.Spec.MaxTotalCells))
		})
	}
}
