package cram

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/internal/pgrid"
	"nimber/sg"
)

// brute values a board (rows of '.' and '#') straight from the rules: the
// mex over every domino on two empty cells of the value of what it leaves,
// with no splitting into regions and no symmetry.
func brute(rows []string, memo map[string]int) int {
	key := strings.Join(rows, "|")
	if x, ok := memo[key]; ok {
		return x
	}
	seen := map[int]bool{}
	for r := range rows {
		for c := range len(rows[r]) {
			if rows[r][c] != '.' {
				continue
			}
			for _, d := range [2][2]int{{0, 1}, {1, 0}} {
				r2, c2 := r+d[0], c+d[1]
				if r2 >= len(rows) || c2 >= len(rows[r]) || rows[r2][c2] != '.' {
					continue
				}
				next := append([]string(nil), rows...)
				next[r] = next[r][:c] + "#" + next[r][c+1:]
				next[r2] = next[r2][:c2] + "#" + next[r2][c2+1:]
				seen[brute(next, memo)] = true
			}
		}
	}
	x := 0
	for seen[x] {
		x++
	}
	memo[key] = x
	return x
}

func randomBoard(r *rand.Rand, h, w int) []string {
	rows := make([]string, h)
	for i := range rows {
		b := make([]byte, w)
		for j := range b {
			b[j] = '.'
			if r.IntN(4) == 0 {
				b[j] = '#'
			}
		}
		rows[i] = string(b)
	}
	return rows
}

// value returns the Grundy value of text through the game API, with the
// accelerator.
func value(t testing.TB, text string) int {
	t.Helper()
	return gametest.Nimber(t, gametest.AnalyzeWith(t, Game(), text, game.Options{}).Value)
}

// TestBrute holds the accelerator (the dense strip solver and the memo on
// normal forms) and the generic solver to the brute force on thousands of
// random boards of up to 4 x 5 cells and strips of up to 3 x 8.
func TestBrute(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 1))
	memo := map[string]int{}
	fast := newValuer()
	generic := sg.NewSolver[pgrid.Region, Move](theRules, sg.NewMapMemo[pgrid.Region]())
	ctx := context.Background()
	for n := range 3000 {
		h, w := 1+r.IntN(4), 1+r.IntN(5)
		if n%3 == 0 {
			h, w = 1+r.IntN(3), 1+r.IntN(8)
		}
		if n%2 == 0 {
			h, w = w, h
		}
		rows := randomBoard(r, h, w)
		text := strings.Join(rows, "|")
		want := brute(rows, memo)
		s := gametest.Must(t, theRules.Parse, text)
		got, gen := 0, 0
		for _, p := range s.Parts {
			x := gametest.Agree(t, p, fast, generic)
			got ^= x
			y, _ := generic.Grundy(ctx, p)
			gen ^= y
		}
		if got != want || gen != want {
			t.Fatalf("%s: accelerator %d, generic %d, brute force %d", text, got, gen, want)
		}
		if n < 300 {
			if v := value(t, text); v != want {
				t.Fatalf("%s: Analyze %d, brute force %d", text, v, want)
			}
		}
	}
}

// TestRectangles holds the values of every rectangle up to 4 x 4 (and
// strips up to 3 x 6) to an exhaustive search of the whole board.
func TestRectangles(t *testing.T) {
	memo := map[string]int{}
	for h := 1; h <= 4; h++ {
		for w := 1; w <= 6; w++ {
			if h == 4 && w > 4 {
				continue
			}
			rows := make([]string, h)
			for i := range rows {
				rows[i] = strings.Repeat(".", w)
			}
			text := strings.Join(rows, "|")
			if got, want := value(t, text), brute(rows, memo); got != want {
				t.Errorf("%d x %d: %d, exhaustive search %d", h, w, got, want)
			}
		}
	}
}

// dawson is the octal game 0.07 (Dawson's Kayles), G(0..40): a row of n
// cells in Cram, where a domino on two adjacent cells leaves the rows to
// either side (Winning Ways, ch. 4; OEIS A002187).
var dawson = []int{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3}

// TestKnown checks facts of the literature, each also within reach of the
// brute force above: a row of n is Dawson's Kayles; a board with both
// sides even is 0 (the second player answers each domino by its image
// through the centre); 2 x n is 1 for odd n and 0 for even n; and
// CGSuite's one Cram fact.
func TestKnown(t *testing.T) {
	memo := map[string]int{}
	for n := 1; n < len(dawson); n++ {
		row := strings.Repeat(".", n)
		if got := value(t, row); got != dawson[n] {
			t.Errorf("1 x %d: %d, want %d", n, got, dawson[n])
		}
		if n <= 14 {
			if got := brute([]string{row}, memo); got != dawson[n] {
				t.Errorf("brute 1 x %d: %d, want %d", n, got, dawson[n])
			}
		}
	}
	for n := 1; n <= 16; n++ {
		row := strings.Repeat(".", n)
		want := n % 2
		if got := value(t, row+"|"+row); got != want {
			t.Errorf("2 x %d: %d, want %d", n, got, want)
		}
		if n <= 7 {
			if got := brute([]string{row, row}, memo); got != want {
				t.Errorf("brute 2 x %d: %d, want %d", n, got, want)
			}
		}
	}
	// CGSuite's GameGridTest: Cram(".........|##.######") is *4.
	cgsuite := []string{".........", "##.######"}
	if got, want := value(t, strings.Join(cgsuite, "|")), brute(cgsuite, memo); got != 4 || want != 4 {
		t.Errorf("CGSuite's board: %d, brute force %d, want 4", got, want)
	}
	for _, d := range [][2]int{{4, 4}, {2, 8}, {4, 6}, {6, 4}} {
		rows := make([]string, d[0])
		for i := range rows {
			rows[i] = strings.Repeat(".", d[1])
		}
		if got := value(t, strings.Join(rows, "|")); got != 0 {
			t.Errorf("%d x %d: %d, want 0", d[0], d[1], got)
		}
	}
}

// TestParse checks errors are one line and say where, and that huge
// regions are refused before they are searched.
func TestParse(t *testing.T) {
	g := Game()
	for _, text := range []string{"..|.z", "..|...", ".. + .x"} {
		_, err := g.Parse(text)
		if err == nil {
			t.Errorf("Parse(%q): no error", text)
			continue
		}
		gametest.OneLine(t, text, err)
	}
	for _, text := range []string{strings.Repeat(".", 64), strings.Repeat(strings.Repeat(".", 6)+"|", 5) + "......"} {
		_, err := g.Parse(text)
		if err == nil {
			t.Errorf("Parse(%q): not refused", text)
			continue
		}
		gametest.OneLine(t, text, err)
	}
	for h := 1; h <= 3; h++ {
		if _, err := g.Parse(rect(h, maxWidth[h]+1)); err == nil {
			t.Errorf("%d x %d: not refused", h, maxWidth[h]+1)
		}
		if _, err := g.Parse(rect(maxWidth[h], h)); err != nil {
			t.Errorf("%d x %d: %v", maxWidth[h], h, err)
		}
	}
	if _, err := g.Parse(rect(4, 7)); err != nil {
		t.Errorf("4 x 7: %v", err)
	}
	if _, err := g.Parse(rect(5, 6)); err == nil {
		t.Errorf("5 x 6: not refused")
	}
}

// TestGame runs the shared checks of every game.
func TestGame(t *testing.T) {
	gametest.Run(t, Game(), []string{"...|...", "..#|...|.#.", ". + ..|.. + ...", "....|...."}, gametest.Options{})
}

// FuzzParse reads any text as a position: a one-line error, or a position
// whose Format reads back to the same Format.
func FuzzParse(f *testing.F) {
	gametest.FuzzParse(f, Game(), "..|..", ".#.|...", ". + ..", "", "|", "+", "..\n..\n", ".x|#")
}
