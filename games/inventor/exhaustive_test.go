package inventor

// This file holds an independent "twin" of the solver: a brute-force search
// of the whole game tree written straight from the rules, with no
// Sprague–Grundy theory, no XOR, no colour classes and no rotated
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
// of an exhSet (enough for every board of the official data, R*C <= 200).
const exhMaxCells = 256

// exhSet is a set of cells of one board, by row-major index. It is a
// comparable fixed-size array, so it can key the memo map directly.
type exhSet [4]uint64

func (s exhSet) has(i int) bool { return s[i>>6]>>(i&63)&1 != 0 }
func (s *exhSet) add(i int)     { s[i>>6] |= 1 << (i & 63) }

// exhGame is one exhaustive search: a fixed board (the building spots never
// change) and the memo of won positions, keyed by the set of occupied cells
// (attractions and signs alike), which is the whole variable part of the
// position.
type exhGame struct {
	g    grid.Grid
	memo map[exhSet]bool
}

// exhDiagonals are the four directions of the sign-builders.
var exhDiagonals = [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

// play builds an attraction on (r, c) on a board whose occupied cells are
// occupied, as the rules say: the cell becomes occupied, and four
// sign-builders leave it, one per diagonal direction, each putting a sign on
// every cell it enters (building spot or not) and stopping before the first
// cell that is off the board or already occupied. It returns the new set of
// occupied cells.
func (e *exhGame) play(occupied exhSet, r, c int) exhSet {
	next := occupied
	next.add(r*e.g.Cols + c)
	for _, d := range exhDiagonals {
		for rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < e.g.Rows && cc >= 0 && cc < e.g.Cols; rr, cc = rr+d[0], cc+d[1] {
			i := rr*e.g.Cols + cc
			if occupied.has(i) {
				break
			}
			next.add(i)
		}
	}
	return next
}

// moves calls yield for every move from the position occupied (a building
// spot that is not occupied), in row-major order, with the position it leads
// to. It stops early when yield returns false.
func (e *exhGame) moves(occupied exhSet, yield func(m Move, next exhSet) bool) {
	for r := 0; r < e.g.Rows; r++ {
		for c := 0; c < e.g.Cols; c++ {
			if e.g.At(r, c) != Spot || occupied.has(r*e.g.Cols+c) {
				continue
			}
			if !yield(Move{Row: r, Col: c}, e.play(occupied, r, c)) {
				return
			}
		}
	}
}

// wins reports whether the player to move from the position occupied wins:
// a position is won iff some move leads to a lost position, so a player who
// cannot build loses.
func (e *exhGame) wins(occupied exhSet) bool {
	if w, ok := e.memo[occupied]; ok {
		return w
	}
	w := false
	e.moves(occupied, func(_ Move, next exhSet) bool {
		if !e.wins(next) {
			w = true
		}
		return !w
	})
	e.memo[occupied] = w
	return w
}

// exhaustiveSolve decides g by searching its whole game tree. It returns
// whether the first player wins and every winning first move in row-major
// order, as in Result.Winning. It panics on boards of more than exhMaxCells
// cells.
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

// exhSpots counts the building spots of g.
func exhSpots(g grid.Grid) int { return strings.Count(string(g.Cells), string(rune(Spot))) }

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
// official answers: the sample and test set 1 (at most 10 spots) in full,
// and the cases of test set 2 with few enough spots for a brute-force search.
func TestExhaustiveOfficialSmall(t *testing.T) {
	sets := []struct {
		name     string
		maxSpots int // boards with more building spots are skipped
	}{
		{"sample", exhMaxCells},
		{"set1", exhMaxCells},
		// set2's cases with 23 and 25 spots also agree, but take some 20 s.
		{"set2", 16},
	}
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			boards, want := exhReadOfficial(t, set.name)
			checked := 0
			for k, g := range boards {
				if g.Rows*g.Cols > exhMaxCells || exhSpots(g) > set.maxSpots {
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
