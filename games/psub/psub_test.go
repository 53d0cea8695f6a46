package psub

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
)

// open returns the game named name, failing the test if it is refused.
func open(t *testing.T, name string) game.Game {
	t.Helper()
	g, err := Parse(name)
	if err != nil {
		t.Fatalf("Parse(%q): %v", name, err)
	}
	return g
}

// TestCGSuite checks the value of CGSuite's GameHeapTest,
// PartizanSubtraction([1,3],[2,3])(6), printed exactly as CGSuite prints
// it, and small heaps worked by hand.
func TestCGSuite(t *testing.T) {
	g := open(t, "psub:1,3:2,3")
	pgridtest.Golden(t, g, []gametest.Case{{In: "6", Want: "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}"}}, true)
	pgridtest.Golden(t, g, []gametest.Case{
		{In: "0", Want: "0"},
		{In: "1", Want: "1"},     // {0|}
		{In: "2", Want: "{1|0}"}, // {1|0}
		{In: "3", Want: "{{1|0},0|0}"},
		{In: "6 + 6", Want: "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0} + {1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}"},
	}, false)
	// Examples/rules/partizan_subtraction.star's Left {1, 2}, Right {1, 3}.
	pgridtest.Golden(t, open(t, "psub:1,2:1,3"), []gametest.Case{
		{In: "1", Want: "*"}, {In: "2", Want: "^"}, {In: "3", Want: "^*"},
	}, false)
}

// twin values heap n of the game of sets left and right by its
// definition, for the brute force: {n - k, k in left, k ≤ n | n - k, k in
// right, k ≤ n}, each option valued the same way, made canonical by
// cgt.Calc.Make (which knows nothing of the game).
func twin(t *testing.T, c *cgt.Calc, memo map[int]cgt.Game, left, right []int, n int) cgt.Game {
	if g, ok := memo[n]; ok {
		return g
	}
	var l, r []cgt.Game
	for _, k := range left {
		if k <= n {
			l = append(l, twin(t, c, memo, left, right, n-k))
		}
	}
	for _, k := range right {
		if k <= n {
			r = append(r, twin(t, c, memo, left, right, n-k))
		}
	}
	g, err := c.Make(l, r)
	if err != nil {
		t.Fatal(err)
	}
	memo[n] = g
	return g
}

// randomSet returns up to 3 distinct numbers of 1 to 5, in no order.
func randomSet(rng *rand.Rand) []int {
	var set []int
	for k := 1; k <= 5; k++ {
		if rng.IntN(3) == 0 {
			set = append(set, k)
		}
	}
	rng.Shuffle(len(set), func(i, j int) { set[i], set[j] = set[j], set[i] })
	return set
}

func name(left, right []int) string {
	f := func(s []int) string { return strings.Trim(strings.ReplaceAll(fmt.Sprint(s), " ", ","), "[]") }
	return Family + ":" + f(left) + ":" + f(right)
}

// TestBruteForce compares the engine's canonical forms of every heap up to
// 40 of 300 random games with the twin's, and sums of two heaps with the
// sum of the twin's values.
func TestBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 10))
	for range 300 {
		l, r := randomSet(rng), randomSet(rng)
		g := open(t, name(l, r))
		c := cgt.New(0)
		memo := map[int]cgt.Game{}
		for n := range 41 {
			if got, want := pgridtest.Value(t, g, c, strconv.Itoa(n)), twin(t, c, memo, l, r, n); got != want {
				t.Fatalf("%s heap %d: %s, twin %s", name(l, r), n, c.Notation(got), c.Notation(want))
			}
		}
		for range 5 {
			a, b := rng.IntN(15), rng.IntN(15)
			want, err := c.Add(twin(t, c, memo, l, r, a), twin(t, c, memo, l, r, b))
			if err != nil {
				t.Fatal(err)
			}
			if got := pgridtest.Value(t, g, c, fmt.Sprintf("%d + %d", a, b)); got != want {
				t.Fatalf("%s %d + %d: %s, twin %s", name(l, r), a, b, c.Notation(got), c.Notation(want))
			}
		}
	}
}

// TestNames checks the names read and written back, sets sorted.
func TestNames(t *testing.T) {
	for in, want := range map[string]string{"psub:1,3:2,3": "psub:1,3:2,3", "PSUB:3,1,1: 3 ,2": "psub:1,3:2,3", "psub::1": "psub::1"} {
		r, err := parseRules(in)
		if err != nil || r.String() != want {
			t.Errorf("%q: %v %v, want %s", in, r, err, want)
		}
	}
	for in, want := range map[string]string{
		"psub:1,3":                    "is not a partizan subtraction game",
		"sub:1,3:2":                   "is not a partizan subtraction game",
		"psub:0:1":                    `"0" at element 1 of Left's set`,
		"psub:1:x":                    `"x" at element 1 of Right's set`,
		"psub:1:1001":                 "too large (limit 1000)",
		"psub:1:99999999999999999999": "too large",
	} {
		if _, err := Parse(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
}

// TestBadInput checks the one-line errors of positions that are not heaps
// or too large.
func TestBadInput(t *testing.T) {
	g := open(t, "psub:1,3:2,3")
	pgridtest.ParseErrors(t, g, []gametest.Case{
		{In: "5 x", Want: `heap 2: "x" is not a heap size`},
		{In: "-1", Want: `heap 1: "-1" is not a heap size`},
		{In: "99999999999999999999", Want: "heap 1: \"99999999999999999999\" is too large"},
	})
	gametest.ParseLimit(t, g, "1 41", 41, MaxHeap, "tokens")
	pgridtest.Formats(t, g, []gametest.Case{{In: "5 + 0 7", Want: "5 7"}, {In: "0", Want: "0"}, {In: "", Want: "0"}})
}
