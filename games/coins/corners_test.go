package coins_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/game/gametest"
	"nimber/games/coins"
	"nimber/sg/nimfield"
)

// side is the side of the board the brute force of Turning Corners
// covers: coins (x,y), x, y < side, a bit each, x + side·y.
const side = 4

// cornerMoves returns the positions one move from heads (a bitmask over
// the side x side board) by the rules: the corners of a rectangle from
// (a,b) to (x,y), a < x, b < y, are turned, (x,y) from heads to tails.
func cornerMoves(heads uint) []uint {
	var out []uint
	for x := range side {
		for y := range side {
			if heads>>(x+side*y)&1 == 0 {
				continue
			}
			for a := range x {
				for b := range y {
					out = append(out, heads^(1<<(a+side*b)|1<<(a+side*y)|1<<(x+side*b)|1<<(x+side*y)))
				}
			}
		}
	}
	return out
}

// cornersText writes heads as the game's text.
func cornersText(heads uint) string {
	var words []string
	for i := range side * side {
		if heads>>i&1 == 1 {
			words = append(words, fmt.Sprintf("%d,%d", i%side, i/side))
		}
	}
	return strings.Join(words, " ")
}

// TestCornersByMex values every position on a 4 x 4 board by the mex of
// its options, from the rules, and compares the game's value and the
// Tartan theorem's nim-sum of x ⊗ y.
func TestCornersByMex(t *testing.T) {
	g := coins.CornersGame()
	value := make([]int, 1<<(side*side))
	for heads := range uint(len(value)) { // options have lower bits only below the top coin, so are smaller
		seen := map[int]bool{}
		for _, n := range cornerMoves(heads) {
			if n >= heads {
				t.Fatalf("option %d of %d is not smaller", n, heads)
			}
			seen[value[n]] = true
		}
		for seen[value[heads]] {
			value[heads]++
		}
		tartan := uint64(0)
		for i := range side * side {
			if heads>>i&1 == 1 {
				tartan ^= nimfield.Mul(uint64(i%side), uint64(i/side))
			}
		}
		if int(tartan) != value[heads] {
			t.Fatalf("%s: the mex of the rules' options is %d, the nim-sum of x ⊗ y %d", cornersText(heads), value[heads], tartan)
		}
		if heads%13 == 0 {
			if got := gametest.Nimber(t, gametest.Analyze(t, g, cornersText(heads)).Value); got != value[heads] {
				t.Fatalf("%s: value %d, the mex of the rules' options %d", cornersText(heads), got, value[heads])
			}
		}
	}
}

// cornersTwin is Turning Corners from its rules on the 4 x 4 board.
var cornersTwin = gametest.Twin[uint]{
	State: func(text string) (uint, error) {
		pairs, err := gametest.ReadPairs(text)
		var heads uint
		for _, c := range pairs {
			if c[0] >= side || c[1] >= side {
				return 0, fmt.Errorf("%d,%d is not a coin of the %d x %d board", c[0], c[1], side, side)
			}
			heads |= 1 << (c[0] + side*c[1])
		}
		return heads, err
	},
	Next: cornerMoves,
	Key:  func(h uint) string { return fmt.Sprint(h) },
}

// TestCornersAgainstRules compares the analysis of 2000 random positions
// with the twin written from the rules.
func TestCornersAgainstRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 33))
	texts := make([]string, 2000)
	for i := range texts {
		texts[i] = cornersText(rng.UintN(1 << (side * side)))
	}
	gametest.MatchTwin(t, coins.CornersGame(), texts, cornersTwin)
}

func TestCornersBattery(t *testing.T) {
	gametest.Run(t, coins.CornersGame(), []string{"1,1", "2,3 3,2", "1,2 2,1 3,3", ""}, gametest.Options{Walks: 5})
}

func TestCornersParse(t *testing.T) {
	g := coins.CornersGame()
	gametest.CheckParse(t, g, []gametest.ParseCase{
		{In: "3,2 1,2 2,1", Format: "2,1 1,2 3,2"},
		{In: "1,1+2,2", Format: "1,1 2,2"},
		{In: "", Format: ""},
		{In: "1,1 1,1", Err: `"1,1" at coin 2 names coin 1,1 a second time`},
		{In: "1;1", Err: `"1;1" at coin 1 is not a coin like "2,3"`},
		{In: "1,-2", Err: `"-2" in "1,-2" at coin 1 is not a coordinate (0 or more)`},
		{In: "4096,1", Err: `"4096" in "4096,1" at coin 1 is too large a coordinate (limit 4095)`},
		{In: "400,400", Err: "position: 160000 moves, limit 131072"},
	})
	a := gametest.Analyze(t, g, "2,3 4095,0")
	if v := gametest.Nimber(t, a.Value); v != 1 {
		t.Errorf("2,3 4095,0: value %d, want 2 ⊗ 3 = 1", v)
	}
}
