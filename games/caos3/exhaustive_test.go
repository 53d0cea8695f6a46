package caos3

// This file holds an independent "twin" of the solver: a brute-force search
// of the whole game tree written straight from the rules, with no
// Sprague–Grundy theory, no XOR and no splitting of the map into rectangles.
// It finds the monsters with its own check rather than Monsters. It is slow,
// but simple enough to be checked by reading, and the fast solvers are tested
// against it on small maps.

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nimber/games/grid"
)

// exhMaxCells is the largest map exhaustiveSolve accepts: one bit per cell of
// an exhSet.
const exhMaxCells = 128

// exhSet is a set of cells of one map, by row-major index. It is a
// comparable fixed-size array, so it can key the memo map directly.
type exhSet [2]uint64

func (s exhSet) has(i int) bool { return s[i>>6]>>(i&63)&1 != 0 }
func (s *exhSet) add(i int)     { s[i>>6] |= 1 << (i & 63) }

// exhOrthogonal are the four directions of the arms and of the lava.
var exhOrthogonal = [4][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}}

// exhIsMonster reports whether the cell (r, c) of g holds a monster: it is a
// '^' cell and each of its four arms, the run of consecutive '^' cells
// directly left, right, up and down of it (not counting itself, stopped by
// '#' or the border), has length at least 2. The statement asks for "some
// prime P <= min(L, R, T, B)"; the smallest prime is 2, so such a prime exists
// exactly when the shortest arm has length at least 2.
func exhIsMonster(g grid.Grid, r, c int) bool {
	if g.At(r, c) != Floor {
		return false
	}
	for _, d := range exhOrthogonal {
		arm := 0
		for rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < g.Rows && cc >= 0 && cc < g.Cols && g.At(rr, cc) == Floor; rr, cc = rr+d[0], cc+d[1] {
			arm++
		}
		if arm < 2 {
			return false
		}
	}
	return true
}

// exhGame is one exhaustive search: a fixed map with its monsters, found once
// on the initial map, and the memo of won positions, keyed by the set of
// cells under lava, which is the whole variable part of the position.
type exhGame struct {
	g       grid.Grid
	monster []bool // row-major: the cell held a monster on the initial map
	memo    map[exhSet]bool
}

// play makes the monster's cell (r, c) a volcano on a map whose lava cells
// are lava, as the rules say: the cell gets lava, and lava runs from it along
// its row and column in all four directions, cell by cell, until the border
// or a cell that already has lava; walls do not stop it. It returns the new
// set of lava cells (monsters under lava are gone).
func (e *exhGame) play(lava exhSet, r, c int) exhSet {
	next := lava
	next.add(r*e.g.Cols + c)
	for _, d := range exhOrthogonal {
		for rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < e.g.Rows && cc >= 0 && cc < e.g.Cols; rr, cc = rr+d[0], cc+d[1] {
			i := rr*e.g.Cols + cc
			if lava.has(i) {
				break
			}
			next.add(i)
		}
	}
	return next
}

// moves calls yield for every move from the position lava (a live monster,
// that is a monster cell not under lava), in row-major order, with the
// position it leads to. It stops early when yield returns false.
func (e *exhGame) moves(lava exhSet, yield func(m Move, next exhSet) bool) {
	for r := 0; r < e.g.Rows; r++ {
		for c := 0; c < e.g.Cols; c++ {
			i := r*e.g.Cols + c
			if !e.monster[i] || lava.has(i) {
				continue
			}
			if !yield(Move{Row: r, Col: c}, e.play(lava, r, c)) {
				return
			}
		}
	}
}

// wins reports whether the player to move from the position lava wins: a
// position is won iff some move leads to a lost position, so the player with
// no live monster to pick loses.
func (e *exhGame) wins(lava exhSet) bool {
	if w, ok := e.memo[lava]; ok {
		return w
	}
	w := false
	e.moves(lava, func(_ Move, next exhSet) bool {
		if !e.wins(next) {
			w = true
		}
		return !w
	})
	e.memo[lava] = w
	return w
}

// exhMonsters returns, row-major, which cells of g hold a monster according
// to exhIsMonster.
func exhMonsters(g grid.Grid) []bool {
	m := make([]bool, g.Rows*g.Cols)
	for r := 0; r < g.Rows; r++ {
		for c := 0; c < g.Cols; c++ {
			m[r*g.Cols+c] = exhIsMonster(g, r, c)
		}
	}
	return m
}

// exhaustiveSolve decides g by searching its whole game tree. It returns
// whether the first player (Asuna) wins and every winning first move in
// row-major order, as in Result.Winning. It panics on maps of more than
// exhMaxCells cells.
func exhaustiveSolve(g grid.Grid) (firstWins bool, winning []Move) {
	if g.Rows*g.Cols > exhMaxCells {
		panic(fmt.Sprintf("exhaustiveSolve: %d x %d map has more than %d cells", g.Rows, g.Cols, exhMaxCells))
	}
	e := &exhGame{g: g, monster: exhMonsters(g), memo: make(map[exhSet]bool)}
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
	(&exhGame{g: g, monster: exhMonsters(g)}).moves(exhSet{}, func(Move, exhSet) bool {
		has = true
		return false
	})
	return has
}

// TestExhaustiveOfficialSmall checks the exhaustive twin itself against the
// only official data, the statement's sample (one 7 x 7 map). A 7 x 7 map
// has at most 3 x 3 monsters, since a monster needs two floor cells on each
// side, so the brute-force search is instant and nothing is skipped.
func TestExhaustiveOfficialSmall(t *testing.T) {
	dir := filepath.Join("testdata", "official")
	in, err := os.Open(filepath.Join(dir, "sample.in"))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	maps, err := grid.Parse(in, Spec)
	if err != nil {
		t.Fatalf("sample.in: %v", err)
	}
	ans, err := os.ReadFile(filepath.Join(dir, "sample.ans"))
	if err != nil {
		t.Fatal(err)
	}
	var want []bool // first player wins
	sc := bufio.NewScanner(strings.NewReader(string(ans)))
	for sc.Scan() {
		switch line := strings.TrimSpace(sc.Text()); line {
		case "":
		case "Asuna":
			want = append(want, true)
		case "Kirito":
			want = append(want, false)
		default:
			t.Fatalf("sample.ans: bad line %q", line)
		}
	}
	if len(want) != len(maps) {
		t.Fatalf("sample: %d maps but %d answers", len(maps), len(want))
	}
	for k, g := range maps {
		firstWins, winning := exhaustiveSolve(g)
		if firstWins != want[k] {
			t.Errorf("case %d: exhaustive says first player wins = %v (winning moves %v), official answer %v\n%s",
				k+1, firstWins, winning, want[k], g)
		}
	}
}
