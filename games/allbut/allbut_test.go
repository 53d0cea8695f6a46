package allbut_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/allbut"
	"nimber/sg"
)

// mustRules returns the game excluding set.
func mustRules(t testing.TB, set ...int) *allbut.Rules {
	t.Helper()
	r, err := allbut.New(set...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// allowed reports whether the rules of excluded allow removing k from a
// heap of n: straight from the definition.
func allowed(excluded []int, n, k int) bool {
	return 1 <= k && k <= n && !slices.Contains(excluded, k)
}

// TestAgainstRules compares the analysis of random positions of random
// games, Nim among them, with the twin written from the rules (a search of
// whole positions): the outcome, whether each move wins, and the positions
// the moves reach.
func TestAgainstRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 60 {
		var set []int
		for k := 1; k <= 7 && i > 0; k++ {
			if rng.IntN(3) == 0 {
				set = append(set, k)
			}
		}
		r := mustRules(t, set...)
		t.Run(r.String(), func(t *testing.T) {
			twin := gametest.TakeTwin(func(n, k int) bool { return allowed(set, n, k) })
			gametest.MatchTwin(t, game.Of(r), gametest.RandomHeaps(uint64(i), 60, 3, 12), twin)
		})
	}
}

// plain computes G(0..to-1) by the definition: the mex of the values of
// the heaps every allowed removal leaves, O(to²).
func plain(excluded []int, to int) []int {
	g := make([]int, to)
	for n := range g {
		seen := make([]bool, n+2)
		for k := 1; k <= n; k++ {
			if allowed(excluded, n, k) {
				seen[g[n-k]] = true
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// TestSequence checks the O(n·|S|) nim-sequence against the definition
// and against the generic solver, heap by heap, and the accelerator
// against both.
func TestSequence(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 8))
	sets := [][]int{{}, {1}, {2}, {1, 2}, {1, 3, 4}, {2, 3}, {5, 6, 7, 8}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}
	for range 40 {
		var set []int
		for range 1 + rng.IntN(6) {
			set = append(set, 1+rng.IntN(30))
		}
		sets = append(sets, set)
	}
	const to = 400
	for _, set := range sets {
		r := mustRules(t, set...)
		t.Run(r.String(), func(t *testing.T) {
			got, err := r.Sequence(ctx, to)
			if err != nil {
				t.Fatal(err)
			}
			want := plain(set, to)
			solver := sg.NewSolver[int, allbut.Move](r, sg.NewMapMemo[int]())
			fast := gametest.Accelerate(t, r, to-1)
			for n := range to {
				if v := gametest.Agree(t, n, fast, solver); got[n] != want[n] || v != want[n] {
					t.Fatalf("heap %d: sequence %d, accelerator and generic solver %d, definition %d", n, got[n], v, want[n])
				}
			}
		})
	}
	t.Run("limits", func(t *testing.T) {
		r := mustRules(t, 1)
		// Sequence refuses -1, MaxSequence+1 past its limit, and 10 under
		// a cancelled context.
		gametest.Refusals(t, func(ctx context.Context, n int) error {
			_, err := r.Sequence(ctx, n)
			return err
		}, -1, allbut.MaxSequence+1, 10)
	})
}

// arithmeticPeriod finds the least period p <= maxP, with its saltus s and
// preperiod n0, such that g[n+p] = g[n] + s for every n >= n0 computed,
// and that holds over at least four periods in the second half of g: the
// range computed is then well past the preperiod. ok is false when no p
// does.
func arithmeticPeriod(g []int, maxP int) (n0, p, s int, ok bool) {
	N := len(g)
	for p := 1; p <= maxP && 2*p < N; p++ {
		s := g[N-1] - g[N-1-p]
		n0 := N - p
		for n0 > 0 && g[n0-1+p] == g[n0-1]+s {
			n0--
		}
		if n0+4*p <= N/2 {
			return n0, p, s, true
		}
	}
	return 0, 0, 0, false
}

// TestArithmeticPeriod checks the helper on sequences made to have a known
// period.
func TestArithmeticPeriod(t *testing.T) {
	g := []int{5, 9, 0, 1} // preperiod 4, then period 3 saltus 2
	for n := 4; n < 200; n++ {
		g = append(g, 2*(n/3)+n%3)
	}
	if n0, p, s, ok := arithmeticPeriod(g, 50); !ok || n0 != 4 || p != 3 || s != 2 {
		t.Errorf("preperiod %d, period %d, saltus %d, %v; want 4, 3, 2", n0, p, s, ok)
	}
	if _, _, _, ok := arithmeticPeriod([]int{0, 1, 3, 7, 15, 31, 63, 127, 255, 511}, 4); ok {
		t.Error("a sequence with no arithmetic period was given one")
	}
}

// TestPeriodic checks that all-but games are arithmetic-periodic well
// within the range computed (A. N. Siegel's theorem), that the period
// found predicts the values of the next heaps, and the periods of the
// families whose values are known in closed form: excluding {a} gives
// period 2a and saltus a, excluding {1, ..., k} gives G(n) = floor(n/(k+1)).
func TestPeriodic(t *testing.T) {
	tests := []struct {
		set  []int
		p, s int // 0 when not known in closed form
	}{
		{nil, 1, 1},
		{[]int{1}, 2, 1},
		{[]int{2}, 4, 2},
		{[]int{7}, 14, 7},
		{[]int{1, 2}, 3, 1},
		{[]int{1, 2, 3, 4}, 5, 1},
		{[]int{1, 3, 4}, 0, 0},
		{[]int{2, 3}, 0, 0},
		{[]int{2, 3, 6, 8, 17}, 0, 0},
		{[]int{4, 11, 13, 17}, 0, 0},
		{[]int{3, 13, 21, 23, 24}, 0, 0},
	}
	const to = 1 << 15
	for _, tt := range tests {
		r := mustRules(t, tt.set...)
		t.Run(r.String(), func(t *testing.T) {
			g, err := r.Sequence(context.Background(), 2*to)
			if err != nil {
				t.Fatal(err)
			}
			n0, p, s, ok := arithmeticPeriod(g[:to], to/8)
			if !ok {
				t.Fatalf("no arithmetic period up to %d within %d heaps", to/8, to)
			}
			t.Logf("preperiod %d, period %d, saltus %d", n0, p, s)
			if tt.p != 0 && (p != tt.p || s != tt.s || n0 != 0) {
				t.Errorf("preperiod %d, period %d, saltus %d; want 0, %d, %d", n0, p, s, tt.p, tt.s)
			}
			if s <= 0 {
				t.Errorf("saltus %d, want the values to grow", s)
			}
			for n := n0; n+p < len(g); n++ {
				if g[n+p] != g[n]+s {
					t.Fatalf("G(%d) = %d, but the period found predicts %d", n+p, g[n+p], g[n]+s)
				}
			}
		})
	}
}

// TestNames checks reading the names of games.
func TestNames(t *testing.T) {
	good := []struct{ name, canonical string }{
		{"allbut:", "allbut:"},
		{"allbut:1,3,4", "allbut:1,3,4"},
		{"allbut:4,1,3,1", "allbut:1,3,4"},
		{"allbut: 2, 3 ", "allbut:2,3"},
	}
	for _, tt := range good {
		t.Run("good/"+tt.name, func(t *testing.T) {
			r, err := allbut.ParseRules(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			if r.String() != tt.canonical {
				t.Errorf("String() = %q, want %q", r.String(), tt.canonical)
			}
			if _, err := allbut.Parse(tt.name); err != nil {
				t.Errorf("Parse: %v", err)
			}
		})
	}
	bad := []struct{ name, err string }{
		{"nim", `"nim" is not an all-but game: want "allbut:" and the excluded removals, e.g. "allbut:1,3,4"`},
		{"allbut", `"allbut" is not an all-but game: want "allbut:" and the excluded removals, e.g. "allbut:1,3,4"`},
		{"allbut:1,x", `"x" at element 2 of "allbut:1,x" is not a removal (a positive integer)`},
		{"allbut:1,,3", `"" at element 2 of "allbut:1,,3" is not a removal (a positive integer)`},
		{"allbut:0", `"0" at element 1 of "allbut:0" is not a removal (a positive integer)`},
		{"allbut:-2", `"-2" at element 1 of "allbut:-2" is not a removal (a positive integer)`},
		{"allbut:99999999", `"99999999" at element 1 of "allbut:99999999" is too large a removal (limit 16777216)`},
		{"allbut:" + strings.Repeat("1,", 300), "excluded set: 301 removals, limit 256"},
	}
	for _, tt := range bad {
		t.Run("bad/"+tt.err, func(t *testing.T) {
			_, err := allbut.Parse(tt.name)
			if err == nil || err.Error() != tt.err {
				t.Fatalf("Parse(%q): error %v, want %q", tt.name, err, tt.err)
			}
		})
	}
	if _, err := allbut.New(0); err == nil {
		t.Error("New(0) gave no error")
	}
	if got := mustRules(t, 3, 1).Excluded(); !slices.Equal(got, []int{1, 3}) {
		t.Errorf("Excluded() = %v, want [1 3]", got)
	}
}

// TestParse checks the position format and its errors.
func TestParse(t *testing.T) {
	gametest.CheckParse(t, game.Of(mustRules(t, 2)), []gametest.ParseCase{
		{In: "", Format: "", Name: "0"},
		{In: "0", Format: "", Name: "0"},
		{In: "5 7 9", Format: "5 7 9", Name: "5+7+9"},
		{In: " 5+ 7\t0 09", Format: "5 7 9", Name: "5+7+9"},
		{In: "5 x", Err: `heap 2: "x" is not a heap size`},
		{In: "-1", Err: `heap 1: "-1" is not a heap size`},
		{In: "99999999999999999999999", Err: `heap 1: "99999999999999999999999" is not a heap size`},
		{In: "65537", Err: "heap 1: 65537 tokens, limit 65536"},
		{In: "40000 40000", Err: "position: 80000 tokens, limit 65536"},
		{In: strings.Repeat("1+", 257), Err: "position: 257 heaps, limit 256"},
	})
}

// TestKnown checks positions of "allbut:2" decided by hand: G = 0 1 0 1 2
// 3 2 3 ...; taking 2 is not allowed.
func TestKnown(t *testing.T) {
	gametest.CheckKnown(t, game.Of(mustRules(t, 2)), []gametest.Known{
		{Position: "2", Value: 0},
		{Position: "1", Value: 1, Wins: []string{"take 1, leaving nothing"}},
		{Position: "3", Value: 1, Wins: []string{"take 1, leaving 2", "take 3, leaving nothing"}},
		{Position: "4", Value: 2, Wins: []string{"take 4, leaving nothing"}}, // options 3, 1 (values 1, 1) and nothing
		{Position: "4 2", Value: 2, Wins: []string{"take 4, leaving nothing"}},
		{Position: "4 6", Value: 0},
		{Position: "5 1", Value: 2, Wins: []string{"take 4, leaving 1"}}, // options of 5: 4, 2, 1, nothing (values 2, 0, 1, 0)
	})
}

// TestDescribe checks the words of moves and parts, and that excluded
// removals are not moves.
func TestDescribe(t *testing.T) {
	g := game.Of(mustRules(t, 1, 3))
	pos, moves := gametest.Moves(t, g, "4")
	if texts, want := gametest.Texts(moves), []string{"take 2, leaving 2", "take 4, leaving nothing"}; !slices.Equal(texts, want) {
		t.Errorf("moves %q, want %q", texts, want)
	}
	if _, _, err := g.Play(pos, 0, "take 3, leaving 1"); err == nil {
		t.Error("an excluded removal was played")
	}
	if d := g.DescribePart(pos, 0); d != "4 tokens" {
		t.Errorf("DescribePart = %q", d)
	}
	if info := g.Info(); info.Noun != "heap" || !info.Heaps || !info.Accelerated {
		t.Errorf("Info = %+v", info)
	}
	if h, ok := game.HeapsOf(g); !ok {
		t.Error("HeapsOf: no heaps")
	} else if _, err := h.Heap(allbut.MaxTokens + 1); err == nil {
		t.Error("Heap over the limit gave no error")
	}
}

// TestGame runs the checks every game gets, for several games.
func TestGame(t *testing.T) {
	for _, name := range []string{"allbut:", "allbut:1", "allbut:2,3", "allbut:1,3,4"} {
		t.Run(name, func(t *testing.T) {
			gametest.Run(t, gametest.Must(t, allbut.Parse, name), []string{"1", "7", "3 4 5", "2 2 6", "9 1"}, gametest.Options{})
		})
	}
}

func FuzzName(f *testing.F) {
	gametest.FuzzName(f, allbut.ParseRules, "allbut:", "allbut:1,3,4", "allbut:1,,", "allbut:x", "allbut:-0", "allbut:99999999999999999999")
}

// BenchmarkSequence computes nim-sequences of a million heaps.
func BenchmarkSequence(b *testing.B) {
	for _, set := range [][]int{{1, 3, 4}, {3, 13, 21, 23, 24}, {2, 5, 9, 14, 20, 27, 35, 44, 54, 65, 77, 90, 104, 119, 135, 152}} {
		r := mustRules(b, set...)
		b.Run(r.String(), func(b *testing.B) {
			for b.Loop() {
				if _, err := r.Sequence(context.Background(), 1<<20); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAccelerator values a position with the largest heap allowed, as
// Analyze does.
func BenchmarkAccelerator(b *testing.B) {
	r := mustRules(b, 1, 3, 4)
	s := game.Sum[int]{Parts: []int{allbut.MaxTokens / 2, allbut.MaxTokens / 2}}
	for b.Loop() {
		v, err := r.Accelerate(context.Background(), s)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := v.Grundy(context.Background(), s.Parts[0]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGeneric is what the accelerator saves: the generic solver on a
// heap of 1000.
func BenchmarkGeneric(b *testing.B) {
	r := mustRules(b, 1, 3, 4)
	for b.Loop() {
		solver := sg.NewSolver[int, allbut.Move](r, sg.NewMapMemo[int]())
		if _, err := solver.Grundy(context.Background(), 1000); err != nil {
			b.Fatal(err)
		}
	}
}
