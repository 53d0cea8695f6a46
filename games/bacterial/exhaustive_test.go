package bacterial

// This file holds an independent "twin" of the solver: a brute-force search
// of the whole game tree written straight from the rules, with no
// Sprague–Grundy theory, no XOR and no splitting of the board into
// rectangles. It is slow, but simple enough to be checked by reading, and the
// fast solvers are tested against it on small boards.

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nimber/games/grid"
)

// exhMaxCells is the largest board exhaustiveSolve accepts: one bit per cell
// of an exhSet.
const exhMaxCells = 128

// exhSet is a set of cells of one board, by row-major index. It is a
// comparable fixed-size array, so it can key the memo map directly.
type exhSet [2]uint64

func (s exhSet) has(i int) bool { return s[i>>6]>>(i&63)&1 != 0 }
func (s *exhSet) add(i int)     { s[i>>6] |= 1 << (i & 63) }

// exhGame is one exhaustive search: a fixed board (the radioactive cells
// never change) and the memo of won positions, keyed by the set of infected
// cells, which is the whole variable part of the position.
type exhGame struct {
	g    grid.Grid
	memo map[exhSet]bool
}

// exhColonies lists the colony types in the order Result.Winning uses for
// moves in the same cell.
var exhColonies = [2]Colony{H, V}

// play places a colony of type col at (r, c) on a board whose infected cells
// are infected, and spreads it as the rules say: in each of its two
// directions (west and east for H, north and south for V) it infects cells
// one by one until it reaches the grid edge or a cell that is already
// infected. It returns the new set of infected cells, or ok=false when the
// colony would reach a radioactive cell and mutate.
//
// Mutating moves are treated as unavailable: a mutation makes the player who
// placed the colony lose at once, so it can never be better than any other
// move. A player with a safe move that wins takes it; a player whose safe
// moves all lose, or who has none, loses whether or not a mutating move
// exists. Hence dropping mutating moves changes no position's outcome, and
// such a move is never a winning first move.
func (e *exhGame) play(infected exhSet, r, c int, col Colony) (next exhSet, ok bool) {
	dirs := [2][2]int{{0, -1}, {0, 1}} // H: west, east
	if col == V {
		dirs = [2][2]int{{-1, 0}, {1, 0}} // V: north, south
	}
	next = infected
	next.add(r*e.g.Cols + c)
	for _, d := range dirs {
		for rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < e.g.Rows && cc >= 0 && cc < e.g.Cols; rr, cc = rr+d[0], cc+d[1] {
			i := rr*e.g.Cols + cc
			if infected.has(i) {
				break // reached an already infected cell
			}
			if e.g.At(rr, cc) == Radioactive {
				return exhSet{}, false // mutation
			}
			next.add(i)
		}
	}
	return next, true
}

// moves calls yield for every safe move from the position infected, in
// row-major order, H before V in the same cell, with the position it leads
// to. It stops early when yield returns false.
func (e *exhGame) moves(infected exhSet, yield func(m Move, next exhSet) bool) {
	for r := 0; r < e.g.Rows; r++ {
		for c := 0; c < e.g.Cols; c++ {
			if e.g.At(r, c) != Empty || infected.has(r*e.g.Cols+c) {
				continue
			}
			for _, col := range exhColonies {
				if next, ok := e.play(infected, r, c, col); ok {
					if !yield(Move{Row: r, Col: c, Colony: col}, next) {
						return
					}
				}
			}
		}
	}
}

// wins reports whether the player to move from the position infected wins:
// a position is won iff some move leads to a lost position.
func (e *exhGame) wins(infected exhSet) bool {
	if w, ok := e.memo[infected]; ok {
		return w
	}
	w := false
	e.moves(infected, func(_ Move, next exhSet) bool {
		if !e.wins(next) {
			w = true
		}
		return !w
	})
	e.memo[infected] = w
	return w
}

// exhaustiveSolve decides g by searching its whole game tree. It returns
// whether the first player wins and every winning first move, in the order
// of Result.Winning (row-major, H before V in the same cell). It panics on
// boards of more than exhMaxCells cells.
func exhaustiveSolve(g grid.Grid) (firstWins bool, winning []Move) {
	if g.Rows*g.Cols > exhMaxCells {
		panic(fmt.Sprintf("exhaustiveSolve: %d x %d board has more than %d cells", g.Rows, g.Cols, exhMaxCells))
	}
	e := &exhGame{g: g, memo: make(map[exhSet]bool)}
	e.moves(exhSet{}, func(m Move, next exhSet) bool {
		if !e.wins(next) {
			winning = append(winning, m)
		}
		return true
	})
	return len(winning) > 0, winning
}

// exhHasMove reports whether the first player has any move on g, so that the
// tests can tell boards lost for want of a move from really contested ones.
func exhHasMove(g grid.Grid) bool {
	has := false
	(&exhGame{g: g}).moves(exhSet{}, func(Move, exhSet) bool {
		has = true
		return false
	})
	return has
}

// exhReadOfficial parses testdata/official/<name>.in and returns its boards
// with the expected answer of each case (the number of winning first moves).
func exhReadOfficial(t *testing.T, name string) ([]grid.Grid, []int) {
	t.Helper()
	dir := filepath.Join("testdata", "official")
	in, err := os.Open(filepath.Join(dir, name+".in"))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	boards, err := grid.Parse(in, Spec)
	if err != nil {
		t.Fatalf("%s.in: %v", name, err)
	}
	ans, err := os.ReadFile(filepath.Join(dir, name+".ans"))
	if err != nil {
		t.Fatal(err)
	}
	var want []int
	sc := bufio.NewScanner(strings.NewReader(string(ans)))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var k, y int
		if _, err := fmt.Sscanf(line, "Case #%d: %d", &k, &y); err != nil || k != len(want)+1 {
			t.Fatalf("%s.ans: bad line %q", name, line)
		}
		want = append(want, y)
	}
	if len(want) != len(boards) {
		t.Fatalf("%s: %d boards but %d answers", name, len(boards), len(want))
	}
	return boards, want
}

// TestExhaustiveOfficialSmall checks the exhaustive twin itself against the
// official answers: the sample and test set 1 (R, C <= 4) in full, and the
// cases of test set 2 small enough for a brute-force search.
func TestExhaustiveOfficialSmall(t *testing.T) {
	sets := []struct {
		name     string
		maxCells int // larger boards are skipped
	}{
		{"sample", exhMaxCells},
		{"set1", exhMaxCells},
		{"set2", 30},
	}
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			boards, want := exhReadOfficial(t, set.name)
			checked := 0
			for k, g := range boards {
				if g.Rows*g.Cols > set.maxCells {
					continue
				}
				checked++
				firstWins, winning := exhaustiveSolve(g)
				if len(winning) != want[k] || firstWins != (want[k] > 0) {
					t.Errorf("case #%d: exhaustive finds %d winning moves (first wins: %v), official answer %d\n%s",
						k+1, len(winning), firstWins, want[k], g)
				}
			}
			t.Logf("%s: checked %d of %d cases", set.name, checked, len(boards))
			if checked == 0 {
				t.Errorf("%s: no case was small enough to check", set.name)
			}
		})
	}
}
