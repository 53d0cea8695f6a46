package moveset

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"nimber/compound"
)

var _ compound.GameGraph = (*Board)(nil)

// knightGrundy is the seed's 8x8 table of Grundy values of the knight
// (testdata/compounds/knights-8-grundy.txt of the shared data), row 1 first.
var knightGrundy = [8][8]int{
	{0, 0, 1, 1, 0, 0, 1, 1},
	{0, 0, 2, 1, 0, 0, 1, 1},
	{1, 2, 2, 2, 3, 2, 2, 2},
	{1, 1, 2, 1, 4, 3, 2, 3},
	{0, 0, 3, 4, 0, 0, 1, 1},
	{0, 0, 2, 3, 0, 0, 2, 1},
	{1, 1, 2, 2, 1, 2, 2, 2},
	{1, 1, 2, 3, 1, 1, 2, 0},
}

func knightBoard(t *testing.T) *Board {
	t.Helper()
	b, err := NewBoard(8, 8, Knight)
	if err != nil {
		t.Fatalf("NewBoard(8, 8, Knight): %v", err)
	}
	return b
}

func options(b *Board, p int) []int {
	var qs []int
	b.Options(p, func(q int) { qs = append(qs, q) })
	return qs
}

func TestKnightBoard(t *testing.T) {
	b := knightBoard(t)
	if b.Len() != 64 {
		t.Fatalf("Len = %d, want 64", b.Len())
	}
	for r := range 8 {
		for c := range 8 {
			p := b.Position(r, c)
			if p != r*8+c {
				t.Fatalf("Position(%d, %d) = %d", r, c, p)
			}
			got := options(b, p)
			// The options written out move by move.
			var want []int
			if r+1 < 8 && c-2 >= 0 {
				want = append(want, (r+1)*8+c-2)
			}
			if r-1 >= 0 && c-2 >= 0 {
				want = append(want, (r-1)*8+c-2)
			}
			if r-2 >= 0 && c+1 < 8 {
				want = append(want, (r-2)*8+c+1)
			}
			if r-2 >= 0 && c-1 >= 0 {
				want = append(want, (r-2)*8+c-1)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("options of %s: got %v, want %v", b.Name(p), got, want)
			}
			// The squares with no move are exactly the top-left 2 x 2.
			if ended := len(got) == 0; ended != (r < 2 && c < 2) {
				t.Errorf("%s: %d options", b.Name(p), len(got))
			}
		}
	}
	// A few counts by hand.
	for _, tc := range []struct{ r, c, n int }{
		{0, 0, 0}, {1, 1, 0}, {0, 2, 1}, {2, 0, 1}, {1, 2, 2}, {2, 2, 4}, {4, 4, 4}, {7, 7, 2}, {0, 7, 1}, {7, 0, 1},
	} {
		if got := len(options(b, b.Position(tc.r, tc.c))); got != tc.n {
			t.Errorf("%s: %d options, want %d", b.Name(b.Position(tc.r, tc.c)), got, tc.n)
		}
	}
	if a, bb, ok := Potential(Knight); !ok || a != 1 || bb != 1 {
		t.Errorf("Potential(Knight) = %d, %d, %v, want 1, 1, true", a, bb, ok)
	}
}

// TestKnightGrundy checks the Grundy values of the 8x8 knight against the
// seed's table, computing them in topological order.
func TestKnightGrundy(t *testing.T) {
	b := knightBoard(t)
	order, err := compound.TopologicalOrder(b)
	if err != nil {
		t.Fatalf("TopologicalOrder: %v", err)
	}
	g := make([]int, b.Len())
	for _, p := range order {
		seen := map[int]bool{}
		b.Options(int(p), func(q int) { seen[g[q]] = true })
		for seen[g[p]] {
			g[p]++
		}
	}
	for r := range 8 {
		for c := range 8 {
			if got := g[b.Position(r, c)]; got != knightGrundy[r][c] {
				t.Errorf("G%s = %d, want %d", b.Name(b.Position(r, c)), got, knightGrundy[r][c])
			}
		}
	}
}

func TestNameAndPosition(t *testing.T) {
	b, err := NewBoard(3, 5, Knight)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		r, c int
		name string
	}{{0, 0, "(1,1)"}, {0, 4, "(1,5)"}, {1, 0, "(2,1)"}, {2, 4, "(3,5)"}} {
		if got := b.Name(b.Position(tc.r, tc.c)); got != tc.name {
			t.Errorf("Name(Position(%d, %d)) = %q, want %q", tc.r, tc.c, got, tc.name)
		}
	}
	for _, rc := range [][2]int{{-1, 0}, {3, 0}, {0, 5}, {0, -1}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Position(%d, %d) did not panic", rc[0], rc[1])
				}
			}()
			b.Position(rc[0], rc[1])
		}()
	}
}

func TestNewBoardCopiesSteps(t *testing.T) {
	steps := []Step{{-1, 0}, {0, -1}}
	b, err := NewBoard(2, 2, steps)
	if err != nil {
		t.Fatal(err)
	}
	steps[0] = Step{1, 0}
	if b.Steps[0] != (Step{-1, 0}) {
		t.Errorf("the board shares the caller's steps: %v", b.Steps)
	}
}

func TestNewBoardErrors(t *testing.T) {
	tests := []struct {
		name       string
		rows, cols int
		steps      []Step
		want       string
	}{
		{"no rows", 0, 8, Knight, "board 0 x 8: rows out of range 1..10000"},
		{"too many rows", 10001, 8, Knight, "board 10001 x 8: rows out of range 1..10000"},
		{"negative columns", 8, -1, Knight, "board 8 x -1: columns out of range 1..10000"},
		{"too many squares", 10000, 10000, Knight, "board 10000 x 10000 has 100000000 squares, limit 67108864"},
		{"no steps", 8, 8, nil, "no steps"},
		{"too many steps", 8, 8, make([]Step, 257), "257 steps, limit 256"},
		{"zero step", 8, 8, []Step{{1, -2}, {0, 0}}, "step 2 (0,0) does not move"},
		{"repeated step", 8, 8, []Step{{1, -2}, {-1, -2}, {1, -2}}, "step 3 (1,-2) repeats step 1"},
		{"step too long", 8, 8, []Step{{1, -10001}}, "step 1 (1,-10001): deltas out of range -10000..10000"},
		{"huge step", 8, 8, []Step{{-1 << 62, 0}}, "step 1 (-4611686018427387904,0): deltas out of range -10000..10000"},
		{"back and forth", 3, 3, []Step{{1, 0}, {-1, 0}}, "steps 1,0;-1,0 allow cycles on the 3 x 3 board: cycle: (2,1) -> (3,1) -> (2,1)"},
		{"triangle", 4, 4, []Step{{1, 1}, {-2, 0}, {1, -1}}, "steps 1,1;-2,0;1,-1 allow cycles on the 4 x 4 board: cycle: (3,3) -> (4,4) -> (2,4) -> (3,3)"},
		{"+3 -2 on 5 rows", 5, 5, []Step{{3, 0}, {-2, 0}}, "steps 3,0;-2,0 allow cycles on the 5 x 5 board: cycle: (1,1) -> (4,1) -> (2,1) -> (5,1) -> (3,1) -> (1,1)"},
		{
			"cycles on a board too large to check", 5000, 10000, []Step{{1, 0}, {-1, 0}},
			"steps 1,0;-1,0 allow cycles: no potential a*row + b*column decreases along every step, and the 5000 x 10000 board is too large to check square by square",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := NewBoard(tt.rows, tt.cols, tt.steps)
			if err == nil {
				t.Fatalf("NewBoard accepted %d x %d %v: %v", tt.rows, tt.cols, tt.steps, b)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got %s\nwant %s", err, tt.want)
			}
		})
	}
}

// TestNewBoardAcyclicWithoutPotential checks boards whose steps could make
// a cycle on a larger board, but not on this one.
func TestNewBoardAcyclicWithoutPotential(t *testing.T) {
	tests := []struct {
		rows, cols int
		steps      []Step
	}{
		{1, 5, []Step{{1, 0}, {-1, 0}}}, // no step fits on one row
		{5, 1, []Step{{0, 1}, {0, -1}}},
		{4, 4, []Step{{3, 0}, {-2, 0}}}, // +3 -2 needs 5 rows to come back
		{4, 9, []Step{{3, 0}, {-2, 0}, {0, -1}}},
		{2, 2, []Step{{1, 1}, {-2, 0}, {1, -1}}},
	}
	for _, tt := range tests {
		b, err := NewBoard(tt.rows, tt.cols, tt.steps)
		if err != nil {
			t.Errorf("NewBoard(%d, %d, %v): %v", tt.rows, tt.cols, tt.steps, err)
			continue
		}
		if _, err := compound.TopologicalOrder(b); err != nil {
			t.Errorf("%d x %d %v: %v", tt.rows, tt.cols, tt.steps, err)
		}
	}
	// A potential far outside -3..3: (1,0) and (-100,1) decrease -1*row - 101*col.
	steps := []Step{{1, 0}, {-100, 1}}
	a, bb, ok := Potential(steps)
	if !ok {
		t.Fatalf("Potential(%v): none", steps)
	}
	for _, s := range steps {
		if a*s.DR+bb*s.DC >= 0 {
			t.Errorf("Potential(%v) = %d, %d does not decrease along %v", steps, a, bb, s)
		}
	}
	if _, err := NewBoard(10000, 5000, steps); err != nil {
		t.Errorf("NewBoard(10000, 5000, %v): %v", steps, err)
	}
}

func randomSteps(rng *rand.Rand, most, delta int) []Step {
	n := 1 + rng.IntN(most)
	var steps []Step
	seen := map[Step]bool{{}: true}
	for len(steps) < n {
		s := Step{rng.IntN(2*delta+1) - delta, rng.IntN(2*delta+1) - delta}
		if !seen[s] {
			seen[s] = true
			steps = append(steps, s)
		}
	}
	return steps
}

// TestNewBoardRandom checks NewBoard's verdict (acyclic or not) against
// compound.TopologicalOrder on random step sets and boards, and Potential
// against a board large enough for any cycle of the steps to fit.
func TestNewBoardRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	accepted, refused := 0, 0
	for range 3000 {
		steps := randomSteps(rng, 5, 3)
		rows, cols := 1+rng.IntN(7), 1+rng.IntN(7)
		b, err := NewBoard(rows, cols, steps)
		_, cycle := compound.TopologicalOrder(&Board{Rows: rows, Cols: cols, Steps: steps})
		if (err == nil) != (cycle == nil) {
			t.Fatalf("%d x %d %v: NewBoard says %v, TopologicalOrder says %v", rows, cols, steps, err, cycle)
		}
		if err == nil {
			accepted++
			if !reflect.DeepEqual(b.Steps, steps) {
				t.Fatalf("steps %v, want %v", b.Steps, steps)
			}
		} else {
			refused++
			if !strings.Contains(err.Error(), "allow cycles on the") {
				t.Fatalf("%d x %d %v: %v", rows, cols, steps, err)
			}
		}

		// Any cycle of steps with deltas within 3 fits on 40 x 40.
		a, bb, ok := Potential(steps)
		_, cycle = compound.TopologicalOrder(&Board{Rows: 40, Cols: 40, Steps: steps})
		if ok != (cycle == nil) {
			t.Fatalf("%v: Potential says %v, TopologicalOrder on 40 x 40 says %v", steps, ok, cycle)
		}
		for _, s := range steps {
			if ok && a*s.DR+bb*s.DC >= 0 {
				t.Fatalf("Potential(%v) = %d, %d does not decrease along %v", steps, a, bb, s)
			}
		}
	}
	if accepted < 300 || refused < 300 {
		t.Errorf("accepted %d, refused %d: too few of one kind", accepted, refused)
	}
}

func TestParseSteps(t *testing.T) {
	tests := []struct {
		in   string
		want []Step
	}{
		{"1,-2;-1,-2;-2,1;-2,-1", Knight},
		{"1,-2;-1,-2;-2,1;-2,-1;", Knight},
		{" 1, -2 ; -1 ,-2;\t-2,1 ; -2,-1 ", Knight},
		{"(1,-2) (-1,-2) (-2,1) (-2,-1)", Knight},
		{"(1,-2),(-1,-2),(-2,1),(-2,-1)", Knight},
		{"(1,-2), (-1,-2) ,(-2,1)(-2,-1)", Knight},
		{"(1,-2);(-1,-2);(-2,1);(-2,-1)", Knight},
		{"( 1 , -2 ) ( -1, -2 )\n(-2, 1) (-2,-1)", Knight},
		{"1,-2 -1,-2 -2,1 -2,-1", Knight},
		{"+1,-2", []Step{{1, -2}}},
		{"0,1", []Step{{0, 1}}},
		{"-10000,10000", []Step{{-10000, 10000}}},
	}
	for _, tt := range tests {
		got, err := ParseSteps(tt.in)
		if err != nil {
			t.Errorf("ParseSteps(%q): %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseSteps(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	if got := FormatSteps(Knight); got != "1,-2;-1,-2;-2,1;-2,-1" {
		t.Errorf("FormatSteps(Knight) = %q", got)
	}
	if got := fmt.Sprint(Knight); got != "[(1,-2) (-1,-2) (-2,1) (-2,-1)]" {
		t.Errorf("Knight prints as %q", got)
	}
}

func TestParseStepsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		steps := randomSteps(rng, 12, 1+rng.IntN(MaxSide))
		for _, s := range []string{FormatSteps(steps), strings.Trim(fmt.Sprint(steps), "[]")} {
			got, err := ParseSteps(s)
			if err != nil {
				t.Fatalf("ParseSteps(%q): %v", s, err)
			}
			if !reflect.DeepEqual(got, steps) {
				t.Fatalf("ParseSteps(%q) = %v, want %v", s, got, steps)
			}
		}
	}
}

func TestParseStepsErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `no steps in ""`},
		{"  ", `no steps in "  "`},
		{"1,-2;;-2,1", `step 2 is empty (two ';' in a row)`},
		{";1,-2", `step 1 is empty (two ';' in a row)`},
		{"1,-2;-1", `step 2 "-1": want row,column, two integers`},
		{"1,-2;1,2,3", `step 2 "1,2,3": want row,column, two integers`},
		{"1,-2;-1,x", `step 2 "-1,x": "x" is not an integer`},
		{"1,-2;,1", `step 2 ",1": "" is not an integer`},
		{"1.5,2", `step 1 "1.5,2": "1.5" is not an integer`},
		{"(1,-2) (-1,-2", `step 2 "(-1,-2": missing ")"`},
		{"(1,-2);(-1,-2", `step 2 "(-1,-2": missing ")"`},
		{"(1,-2);-1,-2)", `step 2 "-1,-2)": missing "("`},
		{"1,-2 -1,-2)", `step 2 "-1,-2)": missing "("`},
		{"(1,-2) (a,b)", `step 2 "(a,b)": "a" is not an integer`},
		{"1,-2 1, -2", `step 2 "1,": "" is not an integer`},
		{"1,-2;0,0", `step 2 "0,0" does not move`},
		{"(1,-2) (-1,-2) (1,-2)", `step 3 "(1,-2)" repeats step 1`},
		{"1,-2;+1,-2", `step 2 "+1,-2" repeats step 1`},
		{"1,10001", `step 1 "1,10001": deltas out of range -10000..10000`},
		{"1,99999999999999999999", `step 1 "1,99999999999999999999": deltas out of range -10000..10000`},
		{"1,--2", `step 1 "1,--2": "--2" is not an integer`},
		{strings.Repeat("1,1;", 257), "257 steps, limit 256"},
	}
	for _, tt := range tests {
		got, err := ParseSteps(tt.in)
		if err == nil {
			t.Errorf("ParseSteps(%q) = %v, want error %s", tt.in, got, tt.want)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("ParseSteps(%q):\n got %s\nwant %s", tt.in, err, tt.want)
		}
	}
}
