package wythoff_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"nimber/game/gametest"
	"nimber/games/wythoff"
	"nimber/sg"
)

// twin is Wythoff's game written straight from the rules, over whole
// positions: pairs of piles; a move takes k >= 1 from one pile, or k from
// both piles of a pair. It knows no Grundy values and does not split
// positions into pairs.
var twin = gametest.Twin[[][2]int]{
	State: gametest.ReadPairs,
	Next: func(pairs [][2]int) [][][2]int {
		var out [][][2]int
		take := func(i, a, b int) {
			p := slices.Clone(pairs)
			p[i][0] -= a
			p[i][1] -= b
			out = append(out, p)
		}
		for i, p := range pairs {
			for k := 1; k <= p[0]; k++ {
				take(i, k, 0)
			}
			for k := 1; k <= p[1]; k++ {
				take(i, 0, k)
			}
			for k := 1; k <= min(p[0], p[1]); k++ {
				take(i, k, k)
			}
		}
		return out
	},
	// Key writes a position canonically: its pairs with a non-empty pile,
	// smaller pile first, sorted.
	Key: func(pairs [][2]int) string {
		return gametest.SumKey(pairs, func(p [2]int) string {
			if max(p[0], p[1]) == 0 {
				return ""
			}
			return fmt.Sprintf("%d,%d", min(p[0], p[1]), max(p[0], p[1]))
		})
	},
}

// TestAgainstRules compares the analysis of 3000 random positions with the
// twin written from the rules: the outcome, whether each move wins, and the
// positions the moves reach.
func TestAgainstRules(t *testing.T) {
	texts := gametest.RandomSums(rand.New(rand.NewPCG(3, 4)), 3000, 3, func(rng *rand.Rand) string {
		return fmt.Sprintf("%d,%d", rng.IntN(7), rng.IntN(7))
	})
	gametest.MatchTwin(t, wythoff.Game(), texts, twin)
}

// plain computes G(a, b) for a, b < n by the definition: the mex of the
// values of the pairs every move leaves.
func plain(n int) [][]int {
	g := make([][]int, n)
	for a := range g {
		g[a] = make([]int, n)
		for b := range g[a] {
			seen := map[int]bool{}
			for k := 1; k <= a; k++ {
				seen[g[a-k][b]] = true
			}
			for k := 1; k <= b; k++ {
				seen[g[a][b-k]] = true
			}
			for k := 1; k <= min(a, b); k++ {
				seen[g[a-k][b-k]] = true
			}
			for seen[g[a][b]] {
				g[a][b]++
			}
		}
	}
	return g
}

// TestSolve checks the table of the accelerator against the definition
// and against the generic solver, on squares and on long thin rectangles.
func TestSolve(t *testing.T) {
	ctx := context.Background()
	const n = 130
	want := plain(n)
	solver := sg.NewSolver[wythoff.Pair, wythoff.Move](wythoff.Rules{}, sg.NewMapMemo[wythoff.Pair]())
	for _, size := range [][2]int{{0, 0}, {0, 129}, {1, 1}, {1, 129}, {2, 100}, {5, 5}, {7, 129}, {63, 64}, {64, 65}, {100, 129}, {129, 129}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			tab, err := wythoff.Solve(ctx, size[0], size[1])
			if err != nil {
				t.Fatal(err)
			}
			for a := 0; a <= size[0]; a++ {
				for b := a; b <= size[1]; b++ {
					got, err := tab.Grundy(ctx, wythoff.Pair{Small: a, Large: b})
					if err != nil {
						t.Fatal(err)
					}
					if got != want[a][b] {
						t.Fatalf("G(%d,%d) = %d, want %d", a, b, got, want[a][b])
					}
				}
			}
		})
	}
	t.Run("generic", func(t *testing.T) {
		tab := gametest.Accelerate(t, wythoff.Rules{}, wythoff.Pair{Small: 40, Large: 60}, wythoff.Pair{Small: 50, Large: 50})
		for a := 0; a <= 50; a++ {
			for b := a; b <= 60; b++ {
				if got := gametest.Agree(t, wythoff.Pair{Small: a, Large: b}, tab, solver); got != want[a][b] {
					t.Fatalf("G(%d,%d): accelerator and generic solver %d, definition %d", a, b, got, want[a][b])
				}
			}
		}
		if _, err := tab.Grundy(ctx, wythoff.Pair{Small: 51, Large: 51}); err == nil {
			t.Error("a pair outside the table was valued")
		}
	})
	t.Run("errors", func(t *testing.T) {
		// Solve refuses 5 x 4, a pile over MaxPile, and 10 x 10 under a
		// cancelled context.
		gametest.Refusals(t, func(ctx context.Context, size [2]int) error {
			_, err := wythoff.Solve(ctx, size[0], size[1])
			return err
		}, [2]int{5, 4}, [2]int{1, wythoff.MaxPile + 1}, [2]int{10, 10})
	})
}

// beatty returns the losing pairs (a_k, b_k) with b_k <= n by the
// construction a_k = mex{a_i, b_i : i < k}, b_k = a_k + k.
func beatty(n int) [][2]int {
	used := map[int]bool{}
	var pairs [][2]int
	a := 0
	for k := 0; ; k++ {
		for used[a] {
			a++
		}
		b := a + k
		if b > n {
			return pairs
		}
		used[a], used[b] = true, true
		pairs = append(pairs, [2]int{a, b})
	}
}

// isqrt returns floor(sqrt(n)).
func isqrt(n int) int {
	x := 0
	for bit := 1 << 30; bit > 0; bit >>= 1 {
		if (x+bit)*(x+bit) <= n {
			x += bit
		}
	}
	return x
}

// TestLosingPairs checks Wythoff's theorem: the pairs of value 0 are
// exactly (⌊kφ⌋, ⌊kφ²⌋) = (a_k, a_k + k). ⌊kφ⌋ = ⌊(k + ⌊k√5⌋)/2⌋ in
// integers, ⌊k√5⌋ = isqrt(5k²); the Beatty construction must agree.
func TestLosingPairs(t *testing.T) {
	const n = 3000
	pairs := beatty(n)
	for k, p := range pairs {
		if a := (k + isqrt(5*k*k)) / 2; p[0] != a || p[1] != a+k {
			t.Fatalf("pair %d: the construction gives %v, ⌊kφ⌋ = %d", k, p, a)
		}
	}
	lost := map[[2]int]bool{}
	for _, p := range pairs {
		lost[p] = true
	}
	tab, err := wythoff.Solve(context.Background(), n, n)
	if err != nil {
		t.Fatal(err)
	}
	for a := 0; a <= n; a++ {
		for b := a; b <= n; b++ {
			v, _ := tab.Grundy(context.Background(), wythoff.Pair{Small: a, Large: b})
			if (v == 0) != lost[[2]int{a, b}] {
				t.Fatalf("G(%d,%d) = %d, but the pair is lost = %v", a, b, v, lost[[2]int{a, b}])
			}
		}
	}
	if len(pairs) < 1100 {
		t.Fatalf("only %d losing pairs up to %d", len(pairs), n)
	}
}

// TestGrundyRows checks the first rows of Wythoff's Grundy table, OEIS
// A004481.
func TestGrundyRows(t *testing.T) {
	rows := [][]int{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11},
		{1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9},
		{2, 0, 1, 5, 3, 4, 8, 6, 7, 11, 9, 10},
		{3, 4, 5, 6, 2, 0, 1, 9, 10, 12, 8, 7},
		{4, 5, 3, 2, 7, 6, 9, 0, 1, 8, 13, 12},
		{5, 3, 4, 0, 6, 8, 10, 1, 2, 7, 12, 14},
	}
	tab, err := wythoff.Solve(context.Background(), len(rows)-1, len(rows[0])-1)
	if err != nil {
		t.Fatal(err)
	}
	for a, row := range rows {
		t.Run(fmt.Sprintf("row %d", a), func(t *testing.T) {
			var got []int
			for b := range row {
				v, err := tab.Grundy(context.Background(), wythoff.Pair{Small: a, Large: b})
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, v)
			}
			if !slices.Equal(got, row) {
				t.Errorf("got %v, want %v", got, row)
			}
		})
	}
}

// TestKnown checks positions decided by hand.
func TestKnown(t *testing.T) {
	gametest.CheckKnown(t, wythoff.Game(), []gametest.Known{
		{Position: "", Value: 0},
		{Position: "0,0", Value: 0},
		{Position: "1,2", Value: 0},
		{Position: "3,5", Value: 0},
		{Position: "0,4", Value: 4, Wins: []string{"take 4 from the pile of 4, leaving nothing"}},
		{Position: "1,1", Value: 2, Wins: []string{"take 1 from both, leaving nothing"}},
		{Position: "2,2", Value: 1, Wins: []string{"take 1 from the pile of 2, leaving 1,2", "take 2 from both, leaving nothing"}},
		{Position: "2,3", Value: 5, Wins: []string{"take 2 from the pile of 3, leaving 1,2", "take 1 from both, leaving 1,2"}},
		{Position: "4,5", Value: 6, Wins: []string{"take 1 from the pile of 4, leaving 3,5", "take 3 from both, leaving 1,2"}},
		{Position: "1,2 1,2", Value: 0},
		{Position: "(1,1)+(2,2)", Value: 3, Wins: []string{ // G(1,1) = 2, G(2,2) = 1
			"take 1 from the pile of 1, leaving 0,1",
			"take 2 from the pile of 2, leaving 0,2", "take 1 from both, leaving 1,1",
		}},
	})
}

// TestParse checks the position format: what Parse reads, how Format and
// Name write it, and the errors.
func TestParse(t *testing.T) {
	gametest.CheckParse(t, wythoff.Game(), []gametest.ParseCase{
		{In: "", Format: "", Name: "0"},
		{In: "0,0", Format: "", Name: "0"},
		{In: "3,5", Format: "3,5", Name: "(3,5)"},
		{In: "5,3 4,7", Format: "3,5 4,7", Name: "(3,5)+(4,7)"},
		{In: "(5,3)+(0,0)+(7,4)", Format: "3,5 4,7", Name: "(3,5)+(4,7)"},
		{In: " 0,9\t2,02 ", Format: "0,9 2,2", Name: "(0,9)+(2,2)"},
		{In: "3,5 4", Err: `"4" at field 2 is not a pair of piles like "3,5"`},
		{In: "1,2,3", Err: `"1,2,3" at field 1 is not a pair of piles like "3,5"`},
		{In: "3;5", Err: `"3;5" at field 1 is not a pair of piles like "3,5"`},
		{In: "3,x", Err: `"x" in "3,x" at field 1 is not a pile size`},
		{In: "1,1 -3,5", Err: `"-3" in "-3,5" at field 2 is not a pile size`},
		{In: "(3,5", Err: `"(3" in "(3,5" at field 1 is not a pile size`},
		{In: "1,99999999999999999999", Err: `"99999999999999999999" in "1,99999999999999999999" at field 1 is too large a pile (limit 16384 tokens)`},
		{In: "1,1 20000,3", Err: "pair 2, larger pile: 20000 tokens, limit 16384"},
		{In: "5000,5000", Err: "table of pairs up to 5000,5000: 25010001 cells, limit 16777216"},
		{In: strings.Repeat("1,1 ", 257), Err: "position: 257 pairs, limit 256"},
		{In: strings.Repeat("1000,16000 ", 8), Err: "position: 144000 moves, limit 131072"},
	})
}

// TestDescribe checks the words of moves and parts, and that equal piles
// list their moves once.
func TestDescribe(t *testing.T) {
	g := wythoff.Game()
	for _, tt := range []struct {
		text  string
		moves []string
	}{
		{"1,2", []string{
			"take 1 from the pile of 1, leaving 0,2",
			"take 1 from the pile of 2, leaving 1,1", "take 2 from the pile of 2, leaving 0,1",
			"take 1 from both, leaving 0,1",
		}},
		{"2,2", []string{
			"take 1 from the pile of 2, leaving 1,2", "take 2 from the pile of 2, leaving 0,2",
			"take 1 from both, leaving 1,1", "take 2 from both, leaving nothing",
		}},
		{"0,1", []string{"take 1 from the pile of 1, leaving nothing"}},
	} {
		t.Run(tt.text, func(t *testing.T) {
			_, moves := gametest.Moves(t, g, tt.text)
			if texts := gametest.Texts(moves); !slices.Equal(texts, tt.moves) {
				t.Errorf("moves %q, want %q", texts, tt.moves)
			}
		})
	}
	pos, _ := g.Parse("3,5")
	if d := g.DescribePart(pos, 0); d != "piles of 3 and 5 tokens" {
		t.Errorf("DescribePart = %q", d)
	}
	if info := g.Info(); info.Noun != "pair" || info.Heaps || !info.Accelerated {
		t.Errorf("Info = %+v", info)
	}
}

// TestGame runs the checks every game gets.
func TestGame(t *testing.T) {
	gametest.Run(t, wythoff.Game(), []string{"1,2", "3,5", "4,4", "2,7", "1,1 2,3", "0,5 3,3"}, gametest.Options{})
}

func FuzzParse(f *testing.F) {
	gametest.FuzzParse(f, wythoff.Game(), "", "0,0", "3,5 4,7", "(3,5)+(4,7)", "1,x", "(,)", "()", "1,2,3", "-0,1", "9999999999999999999999,1")
}

// BenchmarkSolve times the accelerator's table on squares and on a long
// thin rectangle.
func BenchmarkSolve(b *testing.B) {
	for _, size := range [][2]int{{100, 100}, {1000, 1000}, {2000, 2000}, {4000, 4000}, {100, 16384}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			for b.Loop() {
				if _, err := wythoff.Solve(context.Background(), size[0], size[1]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGeneric is what the accelerator saves: the generic solver on
// the pair 100,100.
func BenchmarkGeneric(b *testing.B) {
	for b.Loop() {
		solver := sg.NewSolver[wythoff.Pair, wythoff.Move](wythoff.Rules{}, sg.NewMapMemo[wythoff.Pair]())
		if _, err := solver.Grundy(context.Background(), wythoff.Pair{Small: 100, Large: 100}); err != nil {
			b.Fatal(err)
		}
	}
}
