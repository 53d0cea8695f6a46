package psub

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
	"nimber/heap"
)

// open returns the game named name, failing the test if it is refused.
func open(t testing.TB, name string) game.Game {
	t.Helper()
	g, err := Parse(name)
	if err != nil {
		t.Fatalf("Parse(%q): %v", name, err)
	}
	return g
}

// TestCGSuite checks CGSuite's GameHeapTest rows,
// PartizanSubtraction([1,3],[2,3])(6) and the same game as
// Subtraction([1,3]).PartizanJoin(Subtraction([2,3])) (codes 0.303 and
// 0.033), printed exactly as CGSuite prints it, and the table of cases
// worked by hand.
func TestCGSuite(t *testing.T) {
	for _, name := range []string{"psub:1,3:2,3", "pheap:0.303:0.033"} {
		pgridtest.Golden(t, open(t, name), gametest.Cases(t, "cgsuite"), true)
	}
	pgridtest.Golden(t, open(t, "psub:1,3:2,3"), gametest.Cases(t, "golden"), false)
	// Examples/rules/partizan_subtraction.star's Left {1, 2}, Right {1, 3}.
	pgridtest.Golden(t, open(t, "psub:1,2:1,3"), gametest.Cases(t, "psub:1,2:1,3"), false)
	pgridtest.Golden(t, open(t, "pheap:0.07:0.6"), gametest.Cases(t, "pheap:0.07:0.6"), false)
}

// TestImpartial: with the same code for both players the game is
// impartial, and heap n is the nimber of its Grundy value, which package
// heap's nim-sequence engine computes without canonical forms; Dawson's
// Kayles (0.07) is also checked against its published sequence.
func TestImpartial(t *testing.T) {
	dawson := []int{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3}
	for _, code := range []string{"0.07", "0.137", "4.07", "0.6", "0.8F", "grundy"} {
		g := open(t, HeapFamily+":"+code+":"+code)
		hc, err := heap.Parse(code)
		if err != nil {
			t.Fatal(err)
		}
		seq := &heap.Seq{}
		if err := hc.Extend(context.Background(), seq, 41); err != nil {
			t.Fatal(err)
		}
		c := cgt.New(0)
		for n := range 41 {
			want, err := c.Nimber(seq.Value(n))
			if err != nil {
				t.Fatal(err)
			}
			if code == "0.07" && n < len(dawson) && seq.Value(n) != dawson[n] {
				t.Fatalf("0.07 heap %d: Grundy value %d, published %d", n, seq.Value(n), dawson[n])
			}
			if got := pgridtest.Value(t, g, c, strconv.Itoa(n)); got != want {
				t.Fatalf("%s heap %d: %s, want *%d", code, n, c.Notation(got), seq.Value(n))
			}
		}
	}
}

// twinOptions lists the heaps each move of a take-and-break code leaves
// from a heap of n, from the code's definition: digit d for taking k
// allows, when bit 1 is set, taking the whole heap of k; bit 2, leaving
// one heap of n - k > 0 (k > 0); bit 4, two heaps a + b = n - k; bit 8,
// three heaps; unequal forbids two equal heaps (Grundy's game).
func twinOptions(digits []uint8, unequal bool, n int) [][]int {
	var out [][]int
	for k, d := range digits {
		m := n - k
		if m < 0 {
			break
		}
		if d&1 != 0 && m == 0 {
			out = append(out, nil)
		}
		if d&2 != 0 && m > 0 && k > 0 {
			out = append(out, []int{m})
		}
		for a := 1; d&4 != 0 && a <= m-a; a++ {
			if !unequal || a != m-a {
				out = append(out, []int{a, m - a})
			}
		}
		for a := 1; d&8 != 0 && a <= m; a++ {
			for b := a; b <= m-a-b; b++ {
				out = append(out, []int{a, b, m - a - b})
			}
		}
	}
	return out
}

// code is one player's rules for the twin.
type code struct {
	digits  []uint8
	unequal bool
}

// twin values heap n of the game of Left's code l and Right's r by its
// definition: {options of l | options of r}, an option the sum of the
// values of the heaps it leaves, each heap valued the same way, made
// canonical by cgt.Calc.Make (which knows nothing of the game).
func twin(t *testing.T, c *cgt.Calc, memo map[int]cgt.Game, l, r code, n int) cgt.Game {
	if g, ok := memo[n]; ok {
		return g
	}
	side := func(k code) []cgt.Game {
		var out []cgt.Game
		for _, leaves := range twinOptions(k.digits, k.unequal, n) {
			v := cgt.Zero
			for _, h := range leaves {
				var err error
				if v, err = c.Add(v, twin(t, c, memo, l, r, h)); err != nil {
					t.Fatal(err)
				}
			}
			out = append(out, v)
		}
		return out
	}
	g, err := c.Make(side(l), side(r))
	if err != nil {
		t.Fatal(err)
	}
	memo[n] = g
	return g
}

// randomSet returns up to 3 distinct numbers of 1 to 5, in no order, and
// the twin's code of the set.
func randomSet(rng *rand.Rand) ([]int, code) {
	var set []int
	k := code{digits: make([]uint8, 6)}
	for n := 1; n <= 5; n++ {
		if rng.IntN(3) == 0 {
			set = append(set, n)
			k.digits[n] = 3
		}
	}
	rng.Shuffle(len(set), func(i, j int) { set[i], set[j] = set[j], set[i] })
	return set, k
}

// randomCode returns a take-and-break code of up to 3 digits after the
// point, hexadecimal ones now and then, as text and for the twin.
func randomCode(rng *rand.Rand) (string, code) {
	k := code{digits: []uint8{uint8(rng.IntN(3) * 4)}}
	text := strconv.FormatUint(uint64(k.digits[0]), 16) + "."
	for range 1 + rng.IntN(3) {
		d := uint8(rng.IntN(8))
		if rng.IntN(6) == 0 {
			d = uint8(rng.IntN(16))
		}
		k.digits = append(k.digits, d)
		text += strings.ToUpper(strconv.FormatUint(uint64(d), 16))
	}
	return text, k
}

func setName(left, right []int) string {
	f := func(s []int) string { return strings.Trim(strings.ReplaceAll(fmt.Sprint(s), " ", ","), "[]") }
	return Family + ":" + f(left) + ":" + f(right)
}

// compare checks the engine's canonical forms of every heap up to top of
// game name with the twin's, and sums of two heaps with the sum of the
// twin's values.
func compare(t *testing.T, rng *rand.Rand, name string, l, r code, top int) {
	g := open(t, name)
	c := cgt.New(0)
	memo := map[int]cgt.Game{}
	for n := range top + 1 {
		if got, want := pgridtest.Value(t, g, c, strconv.Itoa(n)), twin(t, c, memo, l, r, n); got != want {
			t.Fatalf("%s heap %d: %s, twin %s", name, n, c.Notation(got), c.Notation(want))
		}
	}
	for range 5 {
		a, b := rng.IntN(top+1), rng.IntN(top+1)
		want, err := c.Add(twin(t, c, memo, l, r, a), twin(t, c, memo, l, r, b))
		if err != nil {
			t.Fatal(err)
		}
		if got := pgridtest.Value(t, g, c, fmt.Sprintf("%d + %d", a, b)); got != want {
			t.Fatalf("%s %d + %d: %s, twin %s", name, a, b, c.Notation(got), c.Notation(want))
		}
	}
}

// TestBruteForce compares the engine with the twin on 300 random
// subtraction games (every heap up to 40) and 300 random pairs of
// take-and-break codes (every heap up to 12).
func TestBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 10))
	for range 300 {
		l, lk := randomSet(rng)
		r, rk := randomSet(rng)
		compare(t, rng, setName(l, r), lk, rk, 40)
	}
	for range 300 {
		l, lk := randomCode(rng)
		r, rk := randomCode(rng)
		compare(t, rng, HeapFamily+":"+l+":"+r, lk, rk, 12)
	}
}

// TestNames checks the names read and written back, sets sorted and codes
// as package heap writes them.
func TestNames(t *testing.T) {
	for in, want := range map[string]string{
		"psub:1,3:2,3":     "psub:1,3:2,3",
		"PSUB:3,1,1: 3 ,2": "psub:1,3:2,3",
		"psub::1":          "psub::1",
		"pheap:.07:4.070":  "pheap:0.07:4.07",
		"pheap:grundy:0.6": "pheap:4!.0:0.6",
	} {
		r, err := parseRules(in)
		if err != nil || r.String() != want {
			t.Errorf("%q: %v %v, want %s", in, r, err, want)
		}
	}
	for in, want := range map[string]string{
		"psub:1,3":                    "is not a partizan heap game",
		"sub:1,3:2":                   "is not a partizan heap game",
		"psub:0:1":                    `"0" at element 1 of Left's set`,
		"psub:1:x":                    `"x" at element 1 of Right's set`,
		"psub:1:1001":                 "too large (limit 1000)",
		"psub:1:99999999999999999999": "too large",
		"pheap:0.07":                  "two take-and-break codes",
		"pheap:0.07:1.07":             "Right's code",
		"pheap:x:0.07":                "Left's code",
		"pheap:sub:1:sub:2":           "two take-and-break codes",
	} {
		if _, err := Parse(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
}

// TestBadInput checks the one-line errors of positions that are not heaps
// or too large, and the formats.
func TestBadInput(t *testing.T) {
	g := open(t, "psub:1,3:2,3")
	pgridtest.ParseErrors(t, g, gametest.Cases(t, "errors"))
	gametest.ParseLimit(t, g, fmt.Sprintf("1 %d", MaxHeap+1), MaxHeap+1, MaxHeap, "tokens")
	pgridtest.Formats(t, g, gametest.Cases(t, "format"))
	// Three heaps from a heap, both players: about n³/18 moves from the
	// heaps up to 300, refused before any is valued.
	r, err := parseRules("pheap:0.8:0.8")
	if err != nil {
		t.Fatal(err)
	}
	gametest.ParseLimit(t, open(t, "pheap:0.8:0.8"), "3 300", r.work(300), MaxWork, "moves")
}

// TestWork: Check's count of the moves from every heap up to n is at
// least the moves the twin lists, for random codes.
func TestWork(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		lt, lk := randomCode(rng)
		rt, rk := randomCode(rng)
		r, err := parseRules(HeapFamily + ":" + lt + ":" + rt)
		if err != nil {
			t.Fatal(err)
		}
		var moves int64
		for n := range 61 {
			moves += int64(len(twinOptions(lk.digits, false, n)) + len(twinOptions(rk.digits, false, n)))
			if w := r.work(n); w < moves {
				t.Fatalf("%s heaps up to %d: %d moves, counted %d", r, n, moves, w)
			}
		}
	}
}
