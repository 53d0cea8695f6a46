package cutcake

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/games/internal/pgrid/pgridtest"
)

// moves is Cutcake by its definition, for the brute force: a board is
// rectangles "RxC" joined by '+', sorted; Left cuts one between two
// columns, Right between two rows, every cut (mirror images included).
func moves(board string, left bool) []string {
	var cakes [][2]int
	if board != "" {
		for _, t := range strings.Split(board, "+") {
			var r, c int
			fmt.Sscanf(t, "%dx%d", &r, &c)
			cakes = append(cakes, [2]int{r, c})
		}
	}
	var out []string
	for i, k := range cakes {
		side := 1
		if !left {
			side = 0
		}
		for a := 1; a < k[side]; a++ {
			x, y := k, k
			x[side], y[side] = a, k[side]-a
			var rest []string
			for j, o := range cakes {
				if j != i {
					rest = append(rest, fmt.Sprintf("%dx%d", o[0], o[1]))
				}
			}
			rest = append(rest, fmt.Sprintf("%dx%d", x[0], x[1]), fmt.Sprintf("%dx%d", y[0], y[1]))
			slices.Sort(rest)
			out = append(out, strings.Join(rest, "+"))
		}
	}
	return out
}

// TestBruteForce compares the engine's value of every cake up to 5x5,
// and of random sums of two, with their explicit game trees, by Conway's
// ≤ (a sum's tree is the tree of the two cakes as one board); and checks that each is an integer, as Winning Ways shows.
func TestBruteForce(t *testing.T) {
	f := pgridtest.NewForest()
	for r := 1; r <= 5; r++ {
		for c := 1; c <= 5; c++ {
			text := fmt.Sprintf("%dx%d", r, c)
			calc := cgt.New(0)
			g := pgridtest.Value(t, Game(), calc, text)
			if got, want := f.FromCalc(calc, g), f.Tree(text, moves); !f.Equal(got, want) {
				t.Fatalf("%s: the engine says %s, unequal to its game tree", text, calc.Notation(g))
			}
			if n := calc.Notation(g); strings.ContainsAny(n, "{/*^v") {
				t.Errorf("%s = %s, not an integer", text, n)
			}
		}
	}
	rng := rand.New(rand.NewPCG(22, 7))
	for range 30 {
		a := fmt.Sprintf("%dx%d", 1+rng.IntN(3), 1+rng.IntN(3))
		b := fmt.Sprintf("%dx%d", 1+rng.IntN(3), 1+rng.IntN(3))
		calc := cgt.New(0)
		got := f.FromCalc(calc, pgridtest.Value(t, Game(), calc, a+" + "+b))
		both := []string{a, b}
		slices.Sort(both)
		if want := f.Tree(strings.Join(both, "+"), moves); !f.Equal(got, want) {
			t.Fatalf("%s + %s: the engine's sum is not the trees' sum", a, b)
		}
	}
}

// TestSuite runs the board games' tests (pgridtest.Run) on Cutcake:
// CGSuite's values of 8 x n cakes (GameHeapTest: [(8,n).CanonicalForm
// for n from 1 to 8] = -7,-3,-3,-1,-1,-1,-1,0) and small ones by hand (a
// 1 x n strip is n-1 cuts for Left, an n x 1 strip n-1 for Right, and 2x2
// is 0: either cut leaves two strips of one move each for the other
// player... and the first cut wastes the mover's only kind of move); the
// one-line errors of positions that are not cakes or are too large; and
// the cuts a player makes by hand (a cut and its mirror image leave the
// same), each option with a hand move of its own.
func TestSuite(t *testing.T) {
	pgridtest.Run(t, Game(), nil, pgridtest.Suite{
		Exact:     true,
		BadInput:  &pgridtest.BadInput{Limit: pgridtest.Limit{Text: "101x2", Got: 101, Limit: MaxSide, What: "rows"}},
		HandMoves: []string{"1x2", "2x1", "2x2", "3x4 + 2x2", "5x7", "1x9"},
	})
}
