package misere

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"nimber/game"
	"nimber/heap"
	"nimber/registry"
)

// sortedTwin decides a sum of heaps in misère play straight from the
// rules (g.Moves), memoised by the sorted heaps and nothing else: the
// player to move wins when he cannot move or can move to a sum the
// opponent does not win.
func sortedTwin(g *heap.Code, heaps []int, memo map[string]bool) bool {
	heaps = slices.Sorted(slices.Values(heaps))
	kb := make([]byte, 0, 2*len(heaps))
	for _, h := range heaps {
		kb = append(kb, byte(h>>8), byte(h))
	}
	k := string(kb)
	if w, ok := memo[k]; ok {
		return w
	}
	moved, win := false, false
	for i, h := range heaps {
		if win {
			break
		}
		if i > 0 && heaps[i-1] == h {
			continue
		}
		for _, left := range g.Moves(h) {
			moved = true
			if !sortedTwin(g, slices.Concat(heaps[:i], left, heaps[i+1:]), memo) {
				win = true
				break
			}
		}
	}
	memo[k] = win || !moved
	return memo[k]
}

func quotient(t testing.TB, code string, n int) (*Solver, *Quotient) {
	t.Helper()
	s := solver(t, code)
	q, err := s.Quotient(context.Background(), n)
	if err != nil {
		t.Fatalf("%s: %v", code, err)
	}
	return s, q
}

func relations(q *Quotient) string {
	var parts []string
	for _, r := range q.Relations {
		parts = append(parts, r.Left+"="+r.Right)
	}
	return strings.Join(parts, ", ")
}

func generators(q *Quotient) string {
	var parts []string
	for _, g := range q.Generators {
		parts = append(parts, fmt.Sprintf("%s=%d", g.Name, g.Heap))
	}
	return strings.Join(parts, ", ")
}

// TestQuotientGolden checks quotients against published ones.
func TestQuotientGolden(t *testing.T) {
	for _, tc := range []struct {
		code       string
		heaps      int
		order      int
		generators string
		relations  string
		p          string
		source     string
	}{
		// Every sum of 0.3 (remove one token) lasts its number of tokens;
		// the quotient is T1 = <a | a^2 = 1>, P = {a} (Plambeck and
		// Siegel, "Misère quotients for impartial games", JCTA 2008, the
		// tame quotients).
		{"0.3", 20, 2, "a=1", "a^2=1", "a", "PS08, T1"},
		// Nim heaps 1..3 (0.333 below heap 4): the tame quotient
		// T2 = <a, b | a^2 = 1, b^3 = b>, P = {a, b^2} (PS08).
		{"0.333", 3, 6, "a=1, b=2", "a^2=1, b^3=b", "a b^2", "PS08, T2"},
		// Subtraction games reduce to misère Nim-heaps (Winning Ways,
		// ch. 13; Plambeck, plambeck.org misère quaternary games): heaps
		// of values 0..2 give T2, of values 0..3 too.
		{"sub:1,2", 40, 6, "a=1, b=2", "a^2=1, b^3=b", "a b^2", "WW ch. 13 + PS08 T2"},
		{"sub:1,2,3", 40, 6, "a=1, b=2", "a^2=1, b^3=b", "a b^2", "WW ch. 13 + PS08 T2"},
		// Nim heaps 1..7: misère Nim classes a sum by its nim-sum when a
		// heap exceeds 1 (8 classes) and by the parity of its heaps of 1
		// otherwise (2 classes): the tame quotient T3 of order 10,
		// <a, b, c | a^2 = 1, b^3 = b, c^3 = c, b^2 = c^2> (PS08); here
		// c^3 = c is written b^2c = c, the same given c^2 = b^2.
		{"0.3333333", 7, 10, "a=1, b=2, c=4", "a^2=1, c^2=b^2, b^3=b, b^2c=c", "a b^2", "Bouton's misère Nim, PS08 T3"},
		// 0.75: order 8 (PS08's R8, <a, b, c | a^2 = 1, b^3 = b,
		// bc = ab, c^2 = b^2>, P = {a, b^2}); b^3 = b follows from the
		// other three (b^3 = bc^2 = abc = a^2 b = b), so it is pruned.
		{"0.75", 30, 8, "a=1, b=2, c=5", "a^2=1, bc=ab, c^2=b^2", "a b^2", "PS08, R8"},
	} {
		_, q := quotient(t, tc.code, tc.heaps)
		if q.Order != tc.order || generators(q) != tc.generators || relations(q) != tc.relations || strings.Join(q.PPortion(), " ") != tc.p {
			t.Errorf("%s to %d (%s): order %d, generators %s, relations %s, P %v; want %d, %s, %s, %s",
				tc.code, tc.heaps, tc.source, q.Order, generators(q), relations(q), q.PPortion(), tc.order, tc.generators, tc.relations, tc.p)
		}
	}
}

// TestQuotientPeerOrders checks the orders that CGSuite's MisereSolver
// reaches on the same codes (run side by side on 2026-11-25, issue 20),
// and Plambeck and Siegel's published Q30(0.07) of order 360, with the
// order of the quotient after every heap. NIMBER_LONG=1 adds 4.7 to heap
// 46 (order 850; about 30 s).
func TestQuotientPeerOrders(t *testing.T) {
	type peer struct {
		code   string
		heaps  int
		orders map[int]int // heap n: the order of the quotient of heaps 1..n
		p      int         // the P-portion's size at heaps, 0: unchecked
	}
	cases := []peer{
		{"0.77", 40, map[int]int{27: 40, 40: 40}, 9},
		{"0.75", 30, map[int]int{30: 8}, 2},
		{"0.312", 40, map[int]int{40: 12}, 0},
		{"0.07", 33, map[int]int{24: 24, 25: 144, 26: 144, 27: 176, 28: 176, 29: 176, 30: 360, 33: 638}, 0},
		{"0.137", 25, map[int]int{24: 144, 25: 144}, 0},
		{"4.7", 16, map[int]int{16: 70}, 0},
	}
	if os.Getenv("NIMBER_LONG") != "" {
		cases = append(cases, peer{"4.7", 46, map[int]int{46: 850}, 0})
	}
	for _, tc := range cases {
		_, q := quotient(t, tc.code, tc.heaps)
		for h, order := range tc.orders {
			if q.Growth[h] != order {
				t.Errorf("%s: the quotient of heaps 1..%d has order %d, want %d", tc.code, h, q.Growth[h], order)
			}
		}
		if np := len(q.PPortion()); tc.p > 0 && np != tc.p {
			t.Errorf("%s to %d: P-portion of %d elements, want %d", tc.code, tc.heaps, np, tc.p)
		}
	}
}

// TestQuotientDawson: Dawson's Kayles (0.07) is Dawson's Chess (0.137)
// with every heap one token larger (Winning Ways, ch. 4): the quotients
// of heaps 1..n+1 and 1..n must be the same monoid with the same P-portion
// and the heaps shifted by one.
func TestQuotientDawson(t *testing.T) {
	_, k := quotient(t, "0.07", 24)
	_, c := quotient(t, "0.137", 23)
	if k.Order != 24 || k.Order != c.Order || relations(k) != relations(c) || !slices.Equal(k.P, c.P) {
		t.Fatalf("0.07 to 24: order %d %s; 0.137 to 23: order %d %s", k.Order, relations(k), c.Order, relations(c))
	}
	for n := 1; n <= 23; n++ {
		if k.Map[n+1] != c.Map[n] {
			t.Errorf("heap %d of 0.07 is %s, heap %d of 0.137 is %s", n+1, k.Elements[k.Map[n+1]], n, c.Elements[c.Map[n]])
		}
	}
}

// TestQuotientKayles is a regression test of a value computed here, not a
// published one we could find: the quotient of Kayles (0.77) has order 40
// from heap 27 to heap 60. It is proved on every sum of heaps 1..60 by the
// check, agrees with the twin on every sum of up to 34 tokens
// (TestQuotientEverySmallSum), and its 40 elements are told apart by the
// twin (TestQuotientSeparated with NIMBER_LONG=1).
func TestQuotientKayles(t *testing.T) {
	_, q := quotient(t, "0.77", 60)
	if q.Order != 40 || q.StableFrom() != 27 || generators(q) != "a=1, b=2, c=5, d=9, e=12, f=25, g=27" {
		t.Errorf("Kayles: order %d stable from %d, generators %s", q.Order, q.StableFrom(), generators(q))
	}
}

// TestQuotientProgress checks that Quotient reports every heap it adds,
// in order, with the order its growth then records.
func TestQuotientProgress(t *testing.T) {
	for _, tc := range []struct {
		code string
		n    int
	}{{"0.77", 30}, {"0.07", 20}, {"0.3", 9}} {
		g, err := heap.Parse(tc.code)
		if err != nil {
			t.Fatal(err)
		}
		s := New(g, 0)
		var heaps, orders []int
		s.SetQuotientProgress(func(h, order int) {
			heaps = append(heaps, h)
			orders = append(orders, order)
		})
		q, err := s.Quotient(context.Background(), tc.n)
		if err != nil {
			t.Fatal(err)
		}
		if len(heaps) == 0 || len(heaps) > tc.n {
			t.Fatalf("%s: %d heaps reported of %d", tc.code, len(heaps), tc.n)
		}
		for i, h := range heaps {
			if h != i+1 || orders[i] != q.Growth[h] {
				t.Fatalf("%s: report %d is heap %d of order %d; growth says %d", tc.code, i, h, orders[i], q.Growth[i+1])
			}
		}
	}
}

// TestQuotientStructure checks what every misère quotient satisfies: its
// order is even (PS08), the table is a commutative monoid with identity
// 0, the map agrees with the generators and relations, and the identity
// (the empty sum) is an N-position.
func TestQuotientStructure(t *testing.T) {
	for _, tc := range []struct {
		code string
		n    int
	}{{"0.3", 9}, {"0.31", 20}, {"0.33", 20}, {"0.51", 20}, {"0.71", 30}, {"0.75", 20}, {"0.77", 30}, {"0.312", 20}, {"0.07", 20}, {"0.4", 14}, {"grundy", 20}, {"4.7", 12}} {
		_, q := quotient(t, tc.code, tc.n)
		m := q.Order
		if m%2 != 0 || q.P[0] || q.Elements[0] != "1" {
			t.Errorf("%s: order %d, identity P %v named %s", tc.code, m, q.P[0], q.Elements[0])
		}
		for x := range m {
			if q.Table[0][x] != x {
				t.Fatalf("%s: 1·%s is not %s", tc.code, q.Elements[x], q.Elements[x])
			}
			for y := range m {
				if q.Table[x][y] != q.Table[y][x] {
					t.Fatalf("%s: not commutative", tc.code)
				}
				for z := range m {
					if q.Table[q.Table[x][y]][z] != q.Table[x][q.Table[y][z]] {
						t.Fatalf("%s: not associative", tc.code)
					}
				}
			}
		}
		if len(q.Growth) != tc.n+1 || q.Growth[tc.n] != m {
			t.Errorf("%s: growth %v", tc.code, q.Growth)
		}
	}
}

// TestQuotientAgainstTwin compares the quotient's verdict with the
// exhaustive twin on random sums, for tame and wild codes, and checks the
// winning moves Outcome reads from it.
func TestQuotientAgainstTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	ctx := context.Background()
	for _, tc := range []struct {
		code         string
		heaps, total int
	}{
		{"0.3", 20, 40}, {"0.31", 20, 40}, {"0.33", 20, 40}, {"0.51", 20, 40}, {"0.71", 30, 36},
		{"0.75", 30, 36}, {"0.77", 30, 34}, {"0.07", 24, 40}, {"0.137", 23, 40}, {"0.312", 20, 40},
		{"0.4", 14, 30}, {"4.7", 12, 30}, {"grundy", 20, 30}, {"sub:1,2", 20, 40},
	} {
		s, q := quotient(t, tc.code, tc.heaps)
		memo := map[string]bool{}
		tried := 0
		for tried < 300 {
			heaps := make([]int, 1+rng.IntN(4))
			total := 0
			for i := range heaps {
				heaps[i] = rng.IntN(tc.heaps + 1)
				total += heaps[i]
			}
			if total > tc.total {
				continue
			}
			tried++
			x, err := q.Element(heaps)
			if err != nil {
				t.Fatal(err)
			}
			want := sortedTwin(s.g, heaps, memo)
			if q.P[x] == want {
				t.Fatalf("%s %v: element %s P=%v, the twin says the player to move wins=%v", tc.code, heaps, q.Elements[x], q.P[x], want)
			}
			o, err := s.Outcome(ctx, heaps)
			if err != nil {
				t.Fatal(err)
			}
			if o.Method != ByQuotient || o.Wins != want {
				t.Fatalf("%s %v: %v by %s", tc.code, heaps, o.Wins, o.Method)
			}
			if o.Move != nil && (!isOption(s.g, heaps, o.Move) || sortedTwin(s.g, o.Move, memo)) {
				t.Fatalf("%s %v: %v is not a winning move", tc.code, heaps, o.Move)
			}
			if o.Wins && o.Move == nil && hasMove(s.g, heaps) {
				t.Fatalf("%s %v: wins with no move given", tc.code, heaps)
			}
		}
	}
}

// TestQuotientLimits: a quotient beyond its limits is refused with a
// QuotientLimitError that says how far it got; a cancelled context stops
// it; heaps out of range are refused before any work.
func TestQuotientLimits(t *testing.T) {
	s := solver(t, "0.07")
	s.SetQuotientChecks(1000)
	_, err := s.Quotient(context.Background(), 30)
	le, ok := errors.AsType[*QuotientLimitError](err)
	if !ok || le.Heap < 2 || !strings.Contains(err.Error(), "stopped at heap") {
		t.Fatalf("got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := solver(t, "0.07").Quotient(ctx, 30); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v", err)
	}
	if _, err := s.Quotient(context.Background(), MaxQuotientHeaps+1); err == nil {
		t.Error("no error beyond MaxQuotientHeaps")
	}
}

// BenchmarkQuotient computes quotients: Kayles to heap 40 and Dawson's
// Kayles to heap 24 (the benchmarks from before issue 20), and the targets
// of issue 20, beside MisereSolver's times on the same machine
// (docs/misere.md): Dawson's Kayles to heap 33 (order 638; the peer
// 12.1 s, the target 6 s), 4.7 to heap 46 (order 850; 170 s, 85 s),
// Dawson's Chess to heap 25 (order 144; 0.54 s, 0.3 s) and Kayles to heap
// 400 by the periodicity (order 40; 0.3 s).
func BenchmarkQuotient(b *testing.B) {
	for _, bc := range []struct {
		name, code string
		heaps      int
	}{
		{"Kayles40", "0.77", 40}, {"Dawson24", "0.07", 24}, {"Dawson33", "0.07", 33},
		{"4.7to46", "4.7", 46}, {"DawsonsChess25", "0.137", 25}, {"Kayles400", "0.77", 400},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				quotient(b, bc.code, bc.heaps)
			}
		})
	}
}

// TestOutcomeGameAgainstTwin decides sums of heaps through the game API
// (game.Of of the heap game, and Kayles written as a rules file) and
// compares with the twin.
func TestOutcomeGameAgainstTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 4))
	ctx := context.Background()
	kayles, _, err := registry.LoadRules("../examples/rules/kayles.star")
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"0.77", "0.07", "0.312", "4.7", "grundy", "rules"} {
		hg, _ := heap.Parse(code)
		var g game.Game
		if code == "rules" {
			hg, _ = heap.Parse("0.77")
			g = kayles
		} else {
			g = game.Of[int, heap.Move](hg)
		}
		memo := map[string]bool{}
		for range 60 {
			heaps := make([]int, 1+rng.IntN(3))
			var texts []string
			for i := range heaps {
				heaps[i] = 1 + rng.IntN(9)
				texts = append(texts, fmt.Sprint(heaps[i]))
			}
			var pos game.Position
			for i, txt := range texts {
				p, err := g.Parse(txt)
				if err != nil {
					t.Fatal(err)
				}
				if i == 0 {
					pos = p
				} else {
					pos = g.Join(pos, p)
				}
			}
			o, err := OutcomeGame(ctx, g, pos, 0)
			if err != nil {
				t.Fatal(err)
			}
			if want := sortedTwin(hg, heaps, memo); o.Wins != want {
				t.Fatalf("%s %v: wins %v, the twin says %v", code, heaps, o.Wins, want)
			}
			if o.Move != nil {
				var after []int
				for _, p := range g.Parts(o.Move.Next) {
					var n int
					fmt.Sscan(g.Format(p), &n)
					after = append(after, n)
				}
				if sortedTwin(hg, after, memo) {
					t.Fatalf("%s %v: the move to %v does not win", code, heaps, after)
				}
			}
		}
	}
	if _, err := OutcomeGame(ctx, game.Of[int, heap.Move](mustParse(t, "0.77")), mustPos(t, "0.77", "20 21 22"), 300); err == nil {
		t.Error("no budget error")
	}
}

func mustParse(t *testing.T, code string) *heap.Code {
	g, err := heap.Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustPos(t *testing.T, code, text string) game.Position {
	p, err := game.Of[int, heap.Move](mustParse(t, code)).Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// cheapest returns, for each element of q, a sum of heaps with the fewest
// tokens whose element it is (nil for elements no sum reaches).
func cheapest(q *Quotient) [][]int {
	reps := make([][]int, q.Order)
	reps[0] = []int{}
	for changed := true; changed; {
		changed = false
		for x, rx := range reps {
			if rx == nil {
				continue
			}
			for h := 1; h <= q.Heaps; h++ {
				y := q.Table[x][q.Map[h]]
				if reps[y] == nil || tokens(rx)+h < tokens(reps[y]) {
					reps[y] = append(slices.Clone(rx), h)
					changed = true
				}
			}
		}
	}
	return reps
}

func tokens(heaps []int) int {
	n := 0
	for _, h := range heaps {
		n += h
	}
	return n
}

// TestQuotientSeparated proves, apart from the quotient's own check, that
// its order is not too large: for every two elements x and y it takes the
// cheapest sums X and Y reaching them and the cheapest sum Z of an element
// z with xz and yz on different sides, and the twin, a search straight
// from the rules, must find that X+Z and Y+Z have different outcomes, the
// predicted ones. The sums of the heaps then fall in at least Order
// classes; the check proves at most Order. NIMBER_LONG=1 adds Kayles to
// heap 30, order 40, which needs sums of up to 69 tokens.
func TestQuotientSeparated(t *testing.T) {
	type upTo struct {
		code string
		n    int
	}
	cases := []upTo{{"0.77", 20}, {"0.07", 24}, {"0.137", 23}, {"0.75", 12}, {"0.312", 14}, {"4.7", 10}, {"grundy", 16}}
	if os.Getenv("NIMBER_LONG") != "" {
		cases = append(cases, upTo{"0.77", 30}) // order 40; about a minute and 1 GB
	}
	for _, tc := range cases {
		g := mustParse(t, tc.code)
		_, q := quotient(t, tc.code, tc.n)
		reps := cheapest(q)
		memo := map[string]bool{}
		largest := 0
		for x := range q.Order {
			if reps[x] == nil {
				t.Fatalf("%s: element %s is no sum's", tc.code, q.Elements[x])
			}
			for y := x + 1; y < q.Order; y++ {
				z := -1
				for c := range q.Order {
					if q.P[q.Table[x][c]] != q.P[q.Table[y][c]] && (z < 0 || tokens(reps[c]) < tokens(reps[z])) {
						z = c
					}
				}
				if z < 0 {
					t.Fatalf("%s: no element tells %s from %s", tc.code, q.Elements[x], q.Elements[y])
				}
				xz, yz := slices.Concat(reps[x], reps[z]), slices.Concat(reps[y], reps[z])
				largest = max(largest, tokens(xz), tokens(yz))
				if sortedTwin(g, xz, memo) == q.P[q.Table[x][z]] || sortedTwin(g, yz, memo) == q.P[q.Table[y][z]] {
					t.Fatalf("%s: the twin does not tell %v (%s) from %v (%s) by %v", tc.code, reps[x], q.Elements[x], reps[y], q.Elements[y], reps[z])
				}
			}
		}
		t.Logf("%s to heap %d: %d elements separated by sums of at most %d tokens (%d positions searched)", tc.code, tc.n, q.Order, largest, len(memo))
	}
}

// TestQuotientEverySmallSum compares the quotient with the twin on every
// sum of heaps of at most a number of tokens, not only on random ones.
func TestQuotientEverySmallSum(t *testing.T) {
	type sums struct {
		code          string
		heaps, tokens int
	}
	cases := []sums{{"0.77", 30, 34}, {"0.07", 24, 34}, {"4.7", 12, 30}, {"grundy", 20, 34}}
	if os.Getenv("NIMBER_LONG") != "" {
		cases = append(cases, sums{"0.77", 30, 48}) // 913,638 sums, about 10 s more
	}
	for _, tc := range cases {
		g := mustParse(t, tc.code)
		_, q := quotient(t, tc.code, tc.heaps)
		memo := map[string]bool{}
		sums := 0
		var walk func(sum []int, largest, left int)
		walk = func(sum []int, largest, left int) {
			x, _ := q.Element(sum)
			if sortedTwin(g, sum, memo) == q.P[x] {
				t.Fatalf("%s %v: element %s P=%v, the twin disagrees", tc.code, sum, q.Elements[x], q.P[x])
			}
			sums++
			for h := 1; h <= min(largest, left); h++ {
				walk(append(sum, h), h, left-h)
			}
		}
		walk(nil, tc.heaps, tc.tokens)
		t.Logf("%s: %d sums of heaps 1..%d with at most %d tokens", tc.code, sums, tc.heaps, tc.tokens)
	}
}

// TestQuotientPeriodic: a quotient proved periodic at some heap must be
// the one checked on every sum to a larger heap (the same order, P-portion
// and elements of every heap), and must decide sums of heaps beyond the
// ones it was checked on as the twin does.
func TestQuotientPeriodic(t *testing.T) {
	type periodic struct {
		code             string
		to               int
		preperiod, per   int
		provedAt, sumTop int
	}
	cases := []periodic{{"0.3", 40, 0, 2, 3, 30}, {"sub:1,2", 40, 0, 3, 5, 30}, {"0.75", 50, 8, 2, 21, 12}, {"0.312", 50, 5, 2, 9, 12},
		{"0.F", 40, 0, 2, 9, 10}, {"4.F", 45, 8, 2, 30, 6}} // hexadecimal: moves that leave three heaps
	if os.Getenv("NIMBER_LONG") != "" {
		cases = append(cases, periodic{"0.77", 200, 71, 12, 167, 0}) // 15 s more
	}
	for _, tc := range cases {
		_, q := quotient(t, tc.code, tc.to)
		full := solver(t, tc.code)
		full.noPeriodicity = true
		f, err := full.Quotient(context.Background(), tc.to)
		if err != nil {
			t.Fatal(err)
		}
		if p := q.Periodic; p == nil || *p != (Periodicity{tc.preperiod, tc.per, tc.provedAt}) || f.Periodic != nil {
			t.Fatalf("%s: periodic %+v, want %d, %d at %d", tc.code, q.Periodic, tc.preperiod, tc.per, tc.provedAt)
		}
		if q.Order != f.Order || relations(q) != relations(f) || !slices.Equal(q.P, f.P) || !slices.Equal(q.Map, f.Map) || !slices.Equal(q.Growth, f.Growth) {
			t.Errorf("%s to %d: by periodicity order %d %s map %v; checked order %d %s map %v", tc.code, tc.to, q.Order, relations(q), q.Map, f.Order, relations(f), f.Map)
		}
		// Beyond the heaps computed.
		g := mustParse(t, tc.code)
		memo := map[string]bool{}
		rng := rand.New(rand.NewPCG(7, uint64(tc.to)))
		_, small := quotient(t, tc.code, tc.provedAt) // its heaps beyond by the periodicity
		for range 100 {
			if tc.sumTop == 0 {
				break
			}
			heaps := []int{tc.provedAt + 1 + rng.IntN(tc.sumTop)}
			for range rng.IntN(3) {
				heaps = append(heaps, 1+rng.IntN(6))
			}
			x, err := small.Element(heaps)
			if err != nil {
				t.Fatal(err)
			}
			if sortedTwin(g, heaps, memo) == small.P[x] {
				t.Fatalf("%s %v: element %s P=%v, the twin disagrees", tc.code, heaps, small.Elements[x], small.P[x])
			}
		}
		t.Logf("%s: %d positions searched beyond heap %d", tc.code, len(memo), tc.provedAt)
	}
}

// TestQuotientGrowing: 0.76's quotient at heap 12 fails trial after
// trial at sums with ever more copies of heaps 7 and 12 (it may be
// infinite); the error names the last such sum. About 10 s, so only with
// NIMBER_LONG=1.
func TestQuotientGrowing(t *testing.T) {
	if os.Getenv("NIMBER_LONG") == "" {
		t.Skip("NIMBER_LONG=1 runs it")
	}
	_, err := solver(t, "0.76").Quotient(context.Background(), 12)
	le, ok := errors.AsType[*QuotientLimitError](err)
	if !ok || le.Heap != 12 || le.Done != 34 || !strings.Contains(err.Error(), "may be infinite") || !strings.Contains(err.Error(), "×12") {
		t.Fatalf("got %v", err)
	}
}
