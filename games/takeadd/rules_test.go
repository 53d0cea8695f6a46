package takeadd_test

import (
	"strconv"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/takeadd"
	"nimber/sg"
)

// TestValues pins the values of takeadd:2,3:1:6 (examples/rules/take_or_add.star),
// worked by the labelling in docs/loopy.md: heaps 0 to 12 are worth
// 0 0 ∞(0) ∞(0) ∞(0) ∞(0) 0 0 ∞(0) 1 ∞(0) 0 0.
func TestValues(t *testing.T) {
	g := gametest.Must(t, takeadd.Parse, "takeadd:2,3:1:6")
	inf0 := game.Infinite([]int{0})
	want := []game.Value{game.Nimber(0), game.Nimber(0), inf0, inf0, inf0, inf0, game.Nimber(0), game.Nimber(0), inf0,
		game.Nimber(1), inf0, game.Nimber(0), game.Nimber(0)}
	gametest.HeapValues(t, g, game.Options{}, want...)
}

// TestAcyclic: with no addition the game is the subtraction game, whose
// values the generic solver gives (no cycle, Cyclic false): sub:2,3 is
// 0 0 1 1 2 0 0 1 1 2 ...
func TestAcyclic(t *testing.T) {
	g := gametest.Must(t, takeadd.Parse, "takeadd:2,3::0")
	var want []game.Value
	for _, w := range []int{0, 0, 1, 1, 2, 0, 0, 1, 1, 2} {
		want = append(want, game.Nimber(w))
	}
	for n, a := range gametest.HeapValues(t, g, game.Options{}, want...) {
		if a != nil && a.Cyclic {
			t.Errorf("heap %d: cyclic, want acyclic", n)
		}
	}
}

// TestSums holds sums of two heaps of several games of the family to the
// retrograde analysis of the whole sum.
func TestSums(t *testing.T) {
	total := map[sg.Outcome]int{}
	for _, name := range []string{"takeadd:2,3:1:6", "takeadd:1,4:2:5", "takeadd:3:1,2:4", "takeadd:2,5:3:9"} {
		g := gametest.Must(t, takeadd.Parse, name)
		var positions []string
		for x := 0; x <= 14; x++ {
			for y := 0; y <= x; y++ {
				positions = append(positions, strconv.Itoa(x)+" "+strconv.Itoa(y))
			}
		}
		for o, n := range gametest.CheckCyclic(t, g, positions) {
			total[o] += n
		}
	}
	if total[sg.N] == 0 || total[sg.P] == 0 || total[sg.D] == 0 {
		t.Fatalf("outcomes %v: want some of each", total)
	}
}

func TestParse(t *testing.T) {
	r, err := takeadd.ParseRules("takeadd:3,2,3:1:6")
	if err != nil || r.String() != "takeadd:2,3:1:6" {
		t.Fatalf("%v, %v", r, err)
	}
	for _, tc := range []struct{ name, want string }{
		{"takeadd:2,3:1", "want takeadd:TAKE:ADD:BELOW"},
		{"takeadd:2,x:1:6", `"x" at element 2 of "takeadd:2,x:1:6" is not a TAKE amount`},
		{"takeadd:2:0:6", `"0" at element 1 of "takeadd:2:0:6" is not an ADD amount`},
		{"takeadd:2:1:-1", `BELOW of "takeadd:2:1:-1"`},
		{"takeadd:2:1:99999999", `BELOW of`},
	} {
		if _, err := takeadd.ParseRules(tc.name); err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: %v, want one line with %q", tc.name, err, tc.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	gametest.FuzzName(f, takeadd.ParseRules, "takeadd:2,3:1:6", "takeadd:::", "takeadd:1:1:1", "takeadd:,:,:x")
}
