package coins_test

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/coins"
	"nimber/internal/golden"
)

// legal says whether turning the coins of mask (bit i, coin i) is a move
// of the rule's game in a row whose heads are heads: straight from Winning
// Ways' rules, with no values.
func legal(r coins.Rule, heads, mask uint) bool {
	if mask == 0 {
		return false
	}
	right := bits.Len(mask) - 1
	if heads>>right&1 == 0 { // the rightmost coin turned goes from heads to tails
		return false
	}
	n := bits.OnesCount(mask)
	switch r {
	case coins.TurningTurtles:
		return n <= 2
	case coins.MockTurtles:
		return n <= 3
	case coins.Twins:
		return n == 2
	case coins.Ruler:
		low := bits.TrailingZeros(mask)
		return n == right-low+1
	}
	panic("unknown rule")
}

// rowTwin is a one-dimensional game written from its rules over whole
// positions: each row a bitmask of heads with its length; a move turns the
// coins of any legal mask in one row.
func rowTwin(r coins.Rule) gametest.Twin[[][2]uint] {
	return gametest.Twin[[][2]uint]{
		State: func(text string) ([][2]uint, error) {
			var rows [][2]uint
			for _, f := range strings.Fields(text) {
				var h uint
				for i, c := range f {
					if c == 'H' {
						h |= 1 << i
					} else if c != 'T' {
						return nil, fmt.Errorf("%q is not a row", f)
					}
				}
				rows = append(rows, [2]uint{h, uint(len(f))})
			}
			return rows, nil
		},
		Next: func(rows [][2]uint) [][][2]uint {
			var out [][][2]uint
			for i, row := range rows {
				for mask := uint(1); mask < 1<<row[1]; mask++ {
					if legal(r, row[0], mask) {
						next := append([][2]uint(nil), rows...)
						next[i][0] ^= mask
						out = append(out, next)
					}
				}
			}
			return out
		},
		// Key writes the rows sorted: a sum's order does not matter.
		Key: func(rows [][2]uint) string {
			return gametest.SumKey(rows, func(row [2]uint) string { return rowText(row[0], row[1]) })
		},
	}
}

// mexValue is the Grundy value of one row (heads, length) by the mex of
// its options' values, from the rules alone.
func mexValue(r coins.Rule, memo map[[2]uint]int, heads, length uint) int {
	if v, ok := memo[[2]uint{heads, length}]; ok {
		return v
	}
	seen := map[int]bool{}
	for mask := uint(1); mask < 1<<length; mask++ {
		if legal(r, heads, mask) {
			seen[mexValue(r, memo, heads^mask, length)] = true
		}
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[[2]uint{heads, length}] = v
	return v
}

// rowText writes a row of length whose heads are heads.
func rowText(heads, length uint) string {
	b := make([]byte, length)
	for i := range b {
		b[i] = "TH"[heads>>i&1]
	}
	return string(b)
}

var rules = []coins.Rule{coins.TurningTurtles, coins.MockTurtles, coins.Ruler, coins.Twins}

// TestRowsByMex values every row of up to 10 coins of each game by the
// mex of its options, from the rules, and compares the game's value.
func TestRowsByMex(t *testing.T) {
	ctx := context.Background()
	for _, r := range rules {
		t.Run(r.String(), func(t *testing.T) {
			g := coins.Game(r)
			memo := map[[2]uint]int{}
			for length := uint(1); length <= 10; length++ {
				for heads := uint(0); heads < 1<<length; heads++ {
					text := rowText(heads, length)
					want := mexValue(r, memo, heads, length)
					pos := gametest.Parse(t, g, text)
					if length <= 6 || heads%7 == 0 {
						a, err := g.Analyze(ctx, pos, game.Options{})
						if err != nil {
							t.Fatal(err)
						}
						if got := gametest.Nimber(t, a.Value); got != want {
							t.Fatalf("%s: value %d, the mex of the rules' options %d", text, got, want)
						}
					}
					v := 0
					for n := range length {
						if heads>>n&1 == 1 {
							v ^= r.Coin(int(n))
						}
					}
					if v != want {
						t.Fatalf("%s: the heads' values add to %d, the mex of the rules' options gives %d", text, v, want)
					}
				}
			}
		})
	}
}

// randomRows returns n random positions of up to most rows of up to
// length coins.
func randomRows(seed uint64, n, most, length int) []string {
	return gametest.RandomSums(rand.New(rand.NewPCG(seed, 33)), n, most, func(rng *rand.Rand) string {
		return rowText(rng.UintN(1<<length), uint(1+rng.IntN(length)))
	})
}

// TestAgainstRules compares the analysis of 1000 random sums of rows with
// the twin written from the rules: the outcome, whether each move wins and
// the positions the moves reach.
func TestAgainstRules(t *testing.T) {
	for i, r := range rules {
		t.Run(r.String(), func(t *testing.T) {
			gametest.MatchTwin(t, coins.Game(r), randomRows(uint64(i), 1000, 2, 7), rowTwin(r))
		})
	}
}

// TestBattery runs the game API's battery on each game.
func TestBattery(t *testing.T) {
	for _, r := range rules {
		t.Run(r.String(), func(t *testing.T) {
			gametest.Run(t, coins.Game(r), []string{"HHTH", "THHTTH", "H", "TTHT HTH", "TTT"}, gametest.Options{Walks: 5})
		})
	}
}

// TestMockTurtlesOdious checks Mock Turtles' value of a single heads coin
// at 0..127, by the game's analysis, against the odious numbers (those
// with an odd number of ones in binary) in testdata/odious.golden.
func TestMockTurtlesOdious(t *testing.T) {
	g := coins.Game(coins.MockTurtles)
	var b strings.Builder
	odious := 0
	for n := range 128 {
		for bits.OnesCount(uint(odious))%2 == 0 {
			odious++
		}
		a := gametest.Analyze(t, g, strings.Repeat("T", n)+"H")
		v := gametest.Nimber(t, a.Value)
		if v != odious {
			t.Fatalf("a heads coin at %d is worth %d, the %d-th odious number is %d", n, v, n, odious)
		}
		fmt.Fprintf(&b, "%d %d\n", n, v)
		odious++
	}
	const path = "testdata/odious.golden"
	if b.String() != golden.File(t, path, b.String()) {
		t.Errorf("values differ from %s (go test -update rewrites it)", path)
	}
}

func TestParse(t *testing.T) {
	g := coins.Game(coins.MockTurtles)
	gametest.CheckParse(t, g, []gametest.ParseCase{
		{In: "HTTH", Format: "HTTH"},
		{In: " hth + TTH ", Format: "HTH TTH"},
		{In: "", Format: ""},
		{In: "HTXH", Err: `"X" at coin 2 of row 1 is not a coin: want H (heads) or T (tails)`},
		{In: "H 1", Err: `"1" at coin 0 of row 2 is not a coin: want H (heads) or T (tails)`},
	})
	if _, err := g.Parse(strings.Repeat("H", coins.MaxCoins+1)); err == nil {
		t.Error("a row over MaxCoins was read")
	}
	gametest.ParseLimitOn(t, g, strings.Repeat("H", 200), "moves", "200 heads of Mock Turtles (over a million moves)")
	gametest.ParseLimitOn(t, coins.Game(coins.Ruler), strings.Repeat("T", 4000)+strings.Repeat("H", 30), "coins written by its moves", "a Ruler row of 4030 coins, 30 heads")
}

func FuzzParse(f *testing.F) {
	gametest.FuzzParse(f, coins.Game(coins.Ruler), "", "HTTH", "H+T", "hTx", "HHHH TTTT", " ")
}

func FuzzParseCorners(f *testing.F) {
	gametest.FuzzParse(f, coins.CornersGame(), "", "1,2 3,4", "1,1 1,1", "x,1", "99999999999999999999,1", "-1,2", "4096,0")
}

// BenchmarkAnalyze analyses positions near the limit of moves (every
// move listed with its value): a row of 90 Mock Turtles coins with 7 heads
// at its right end, a Ruler row of 2048 coins with one heads coin at its
// right end, and a Turning Corners board of heads up to 60,60.
func BenchmarkAnalyze(b *testing.B) {
	for _, c := range []struct {
		name string
		g    game.Game
		text string
	}{
		{"mock-turtles", coins.Game(coins.MockTurtles), strings.Repeat("T", 80) + "HTHHTHHHTH"},
		{"ruler", coins.Game(coins.Ruler), strings.Repeat("T", 2047) + "H"},
		{"turning-corners", coins.CornersGame(), "60,60 59,50 40,60 33,7 12,13 1,1"},
	} {
		b.Run(c.name, func(b *testing.B) {
			pos := gametest.Parse(b, c.g, c.text)
			for b.Loop() {
				a, err := c.g.Analyze(context.Background(), pos, game.Options{})
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(len(a.Moves)), "moves")
			}
		})
	}
}

// TestCGSuiteFacts checks CGSuite's own facts of its Turning rulesets
// (GameHeapTest, GameStripTest), whose coins are numbered from 1: coin n
// there is coin n-1 here. Mock Turtles is CGSuite's code "1-3" and Ruler
// "1+C"; with a heads coin at 20, the last, Mock Turtles has 191 moves
// (turn it alone, with one of 19 coins or with two: 1+19+171) and Ruler
// 20; and Mock Turtles' "htththtth" is worth 29.
func TestCGSuiteFacts(t *testing.T) {
	for _, c := range []struct {
		rule  coins.Rule
		moves int
		seq   []int
	}{
		{coins.MockTurtles, 191, []int{1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38}},
		{coins.Ruler, 20, []int{1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4}},
	} {
		g := coins.Game(c.rule)
		for n, want := range c.seq {
			row := strings.Repeat("T", n) + "H"
			if got := gametest.Nimber(t, gametest.Analyze(t, g, row).Value); got != want {
				t.Errorf("%s %s: %d, CGSuite %d", c.rule, row, got, want)
			}
		}
		if _, moves := gametest.Moves(t, g, strings.Repeat("T", 19)+"H"); len(moves) != c.moves {
			t.Errorf("%s, heads at 19 of 20: %d moves, CGSuite %d", c.rule, len(moves), c.moves)
		}
	}
	if got := gametest.Nimber(t, gametest.Analyze(t, coins.Game(coins.MockTurtles), "HTTHTHTTH").Value); got != 29 {
		t.Errorf("Mock Turtles HTTHTHTTH: %d, CGSuite 29", got)
	}
}
