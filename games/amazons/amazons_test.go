package amazons

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/internal/pgrid"
	"nimber/games/internal/pgrid/pgridtest"
)

// queen are the eight directions a queen moves in.
var queen = [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

// moves is Amazons by its definition, for the brute force, on whole
// boards (no regions): an amazon of the mover's goes like a queen over
// empty squares, then from where it stands shoots an arrow like a queen
// over empty squares (the one it left is empty now) onto one, which
// burns.
func moves(board string, left bool) []string {
	b := pgridtest.Cells(strings.Split(board, "|"))
	at := func(r, c int) byte {
		if r < 0 || r >= len(b) || c < 0 || c >= len(b[r]) {
			return '#'
		}
		return b[r][c]
	}
	us := byte('x')
	if !left {
		us = 'o'
	}
	var out []string
	for r := range b {
		for c := range b[r] {
			if b[r][c] != us {
				continue
			}
			for _, d := range queen {
				for k := 1; at(r+k*d[0], c+k*d[1]) == '.'; k++ {
					tr, tc := r+k*d[0], c+k*d[1]
					b[r][c], b[tr][tc] = '.', us
					for _, e := range queen {
						for l := 1; at(tr+l*e[0], tc+l*e[1]) == '.'; l++ {
							ar, ac := tr+l*e[0], tc+l*e[1]
							b[ar][ac] = '#'
							out = append(out, pgridtest.Board(b))
							b[ar][ac] = '.'
						}
					}
					b[r][c], b[tr][tc] = us, '.'
				}
			}
		}
	}
	return out
}

// TestSuite runs the board games' tests (pgridtest.Run) on Amazons: the
// value of CGSuite's own test (GameGridTest), printed exactly as CGSuite
// prints it, and small values worked by hand from the rules; what boards
// are written back as, the regions of squares not burned, diagonal
// neighbours joined, those with no amazon or no empty square left out;
// the brute force on thousands of random small boards and on sums of two
// boards of up to 6 and 4 squares (whose sum is built move by move, so
// the boards are kept small); the one-line errors of positions that are
// not Amazons boards or are too large; and the moves a player makes by
// hand (amazon, square, arrow), one of its own for each option, on boards
// of each shape the split leaves, random ones among them.
func TestSuite(t *testing.T) {
	pgridtest.Run(t, Game(), moves, pgridtest.Suite{
		BruteForce:    &pgridtest.Sample{Fixed: []string{"x...|o...", "x.|.o", "x#|#.", "x..|.o."}, Seed: [2]uint64{33, 31}, N: 3000, Short: 500, Next: randomBoard},
		SumBruteForce: &pgridtest.Sums{Seed: [2]uint64{33, 32}, N: 300, A: gametest.Draw{Rows: 2, Cols: 3, Cells: "xo..##"}, B: gametest.Draw{Rows: 2, Cols: 2, Cells: "xo..#"}},
		BadInput:      &pgridtest.BadInput{Limit: pgridtest.Limit{Text: "x...|....|....|...o", Got: 3292156, Limit: MaxPositions, What: "positions estimated"}},
		HandMoves:     pgridtest.Sample{Fixed: []string{"x.", "x.|.o", "x...|o...", "x..|.o.", "x#.|.#o|..#", "xo.|...", "x.. + .o"}, Seed: [2]uint64{7, 11}, N: 40, Next: randomBoard}.List(),
	})
}

// randomBoard draws a board of up to 3 x 3 squares with at most 6 empty
// ones or, every fourth, two boards of 1 or 2 rows and up to 2 columns
// side by side with a column of burned squares between them, so that it
// splits (unless an arrow could cross the column, which a brute force on
// the whole board would catch).
func randomBoard(rng *rand.Rand, i int) string {
	if i%4 == 0 {
		h := 1 + rng.IntN(2)
		a := strings.Split(gametest.RandomBoard(rng, h, 1+rng.IntN(2), "xo..#"), "|")
		b := strings.Split(gametest.RandomBoard(rng, h, 1+rng.IntN(2), "xo..#"), "|")
		for r := range a {
			a[r] += "#" + b[r]
		}
		return strings.Join(a, "|")
	}
	for {
		b := gametest.RandomBoard(rng, 1+rng.IntN(3), 1+rng.IntN(3), "xo...#")
		if strings.Count(b, ".") <= 6 {
			return b
		}
	}
}

// TestKeyKeepsValue checks that the symmetries Key uses, transposition
// among them, keep a region's value, on random boards and their images
// worked out by pgridtest.Images, and that a board with its amazons
// swapped (Neg) is its negative.
func TestKeyKeepsValue(t *testing.T) {
	for _, board := range (pgridtest.Sample{Seed: [2]uint64{33, 33}, N: 60, Draw: gametest.Draw{Rows: 3, Cols: 4, Cells: "xo..##"}}).List() {
		pgridtest.SameValue(t, Game(), board, pgridtest.Images(board)...)
		pgridtest.SameValue(t, Game(), board+" + "+string(theRules.Neg(pgrid.Region(board))), "#")
	}
}

// TestRegions holds Regions to a count made plainly on random small
// regions: every set of their squares not burned, kept when connected by
// queen's steps, and every way to write amazons and empty squares on it,
// kept when it has at least one amazon and one empty square and no more
// amazons of a side than the region; and checks regions too large to
// list, bounded by Positions.
func TestRegions(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	for range 200 {
		board := gametest.RandomBoard(rng, 1+rng.IntN(3), 1+rng.IntN(4), "xo...#")
		g := pgrid.Region(board).Grid()
		var at []int
		for i, c := range g.Cells {
			if c != '#' {
				at = append(at, i)
			}
		}
		nx, no := strings.Count(board, "x"), strings.Count(board, "o")
		want := int64(0)
		for set := 1; set < 1<<len(at); set++ {
			// Flood the set from its first square, a queen's step at a time.
			seen := set & -set
			for grown := true; grown; {
				grown = false
				for a := range at {
					for b := range at {
						ra, ca, rb, cb := at[a]/g.Cols, at[a]%g.Cols, at[b]/g.Cols, at[b]%g.Cols
						if seen>>a&1 == 1 && set>>b&1 == 1 && seen>>b&1 == 0 && max(ra-rb, rb-ra, ca-cb, cb-ca) == 1 {
							seen |= 1 << b
							grown = true
						}
					}
				}
			}
			if seen != set {
				continue
			}
			// Each square '.', 'x' or 'o': a digit 0, 1 or 2 of code.
			m := bits.OnesCount(uint(set))
			for code := range int64(math.Pow(3, float64(m))) {
				digits := strconv.FormatInt(code, 3)
				x, o := strings.Count(digits, "1"), strings.Count(digits, "2")
				if x <= nx && o <= no && x+o > 0 && x+o < m {
					want++
				}
			}
		}
		if got := Regions(pgrid.Region(board)); got != want {
			t.Errorf("Regions(%s) = %d, want %d", board, got, want)
		}
	}
	if got := Regions(pgrid.Region(strings.Repeat(".", 99) + "x")); got != math.MaxInt64 {
		t.Errorf("Regions of a huge region = %d, want math.MaxInt64", got)
	}
	if got, want := Regions("x....|.....|.....|.....|....o"), Positions(25, 1, 1); got != want || got <= MaxPositions {
		t.Errorf("Regions of 5 x 5 = %d, want Positions' %d, over the limit", got, want)
	}
}

// TestPositions holds Positions to a count of the boards it bounds, made
// by placing burned squares and amazons every way on small regions, and
// checks that a huge region is held to math.MaxInt64.
func TestPositions(t *testing.T) {
	for n := 1; n <= 9; n++ {
		for nx := 0; nx <= 2; nx++ {
			for no := 0; nx+no <= min(n, 3) && no <= 2; no++ {
				count := int64(0)
				// Each square '#', 'x', 'o' or '.', with nx x's and no o's.
				total := 1
				for range n {
					total *= 4
				}
				for code := range total {
					x, o := 0, 0
					for c := code; c > 0; c /= 4 {
						switch c % 4 {
						case 1:
							x++
						case 2:
							o++
						}
					}
					if x == nx && o == no {
						count++
					}
				}
				if got := Positions(n, nx, no); got != count {
					t.Errorf("Positions(%d, %d, %d) = %d, want %d", n, nx, no, got, count)
				}
			}
		}
	}
	if got := Positions(1<<16, 3, 3); got != math.MaxInt64 {
		t.Errorf("Positions of a huge region = %d, want math.MaxInt64", got)
	}
}

// TestHandMovesNone checks that a part that is not a board of Amazons'
// has no hand moves (the hand moves of boards are TestSuite/HandMoves).
func TestHandMovesNone(t *testing.T) {
	for _, bad := range []string{"x.|.", "x?", ""} {
		if h := theRules.HandMoves(bad, game.Left); h != nil {
			t.Errorf("HandMoves(%q) = %v, want none", bad, h)
		}
	}
}
