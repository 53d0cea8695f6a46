package misere

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"nimber/heap"
)

func solver(t testing.TB, code string) *Solver {
	t.Helper()
	g, err := heap.Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	return New(g, 0)
}

// TestGenusKayles reproduces the genera of Kayles' first heaps (Winning
// Ways, ch. 13): 0^120, 1^031, 2^20, 3^31, 1^031, 4^146.
func TestGenusKayles(t *testing.T) {
	s := solver(t, "0.77")
	want := []string{"0^120", "1^031", "2^20", "3^31", "1^031", "4^146"}
	for n, w := range want {
		g, err := s.Genus(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		if g.String() != w {
			t.Errorf("heap %d: genus %s %v, want %s", n, g, g.Gamma, w)
		}
		if g.Tame() != (n < 5) {
			t.Errorf("heap %d: tame %v", n, g.Tame())
		}
	}
	for n, w := range []string{"0^120", "1^031", "2^20", "3^31", "4^46", "12^12,14"} {
		if got := Nim([]int{0, 1, 2, 3, 4, 12}[n]).String(); got != w {
			t.Errorf("Nim(%d) = %s, want %s", []int{0, 1, 2, 3, 4, 12}[n], got, w)
		}
	}
}

// twinWins decides a position of heaps in misère play straight from the
// rules: the player to move wins when he has no move or a move after
// which the opponent does not win. Positions are the heaps in order, as
// played, with nothing dropped or sorted.
func twinWins(g *heap.Code, heaps []int, memo map[string]bool) bool {
	k := fmt.Sprint(heaps)
	if w, ok := memo[k]; ok {
		return w
	}
	moved, win := false, false
	for i, h := range heaps {
		for _, left := range g.Moves(h) {
			moved = true
			if !twinWins(g, slices.Concat(heaps[:i], left, heaps[i+1:]), memo) {
				win = true
			}
		}
	}
	memo[k] = win || !moved
	return win || !moved
}

// TestOutcomeAgainstTwin compares Outcome with the twin on random sums of
// tame and wild codes, and checks every winning move.
func TestOutcomeAgainstTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	ctx := context.Background()
	methods := map[string]int{}
	for _, code := range []string{"0.3", "0.31", "0.33", "0.51", "0.75", "0.71", "0.77", "0.07", "0.137", "0.4", "sub:1,2", "4.7", "grundy"} {
		s := solver(t, code)
		g := s.g
		memo := map[string]bool{}
		for range 160 {
			heaps := make([]int, 1+rng.IntN(3))
			for i := range heaps {
				heaps[i] = rng.IntN(8)
			}
			got, err := s.Outcome(ctx, heaps)
			if err != nil {
				t.Fatal(err)
			}
			methods[code+" "+got.Method]++
			if want := twinWins(g, heaps, memo); got.Wins != want {
				t.Fatalf("%s %v: wins %v by %s, the twin says %v", code, heaps, got.Wins, got.Method, want)
			}
			if got.Wins != (got.Move != nil) && !(got.Wins && len(heaps) == 0) {
				// a position with no move is won with no move to make
				if !(got.Wins && got.Move == nil && !hasMove(g, heaps)) {
					t.Fatalf("%s %v: wins %v, move %v", code, heaps, got.Wins, got.Move)
				}
			}
			if got.Move != nil {
				if !isOption(g, heaps, got.Move) || twinWins(g, got.Move, memo) {
					t.Fatalf("%s %v: %v is not a winning move", code, heaps, got.Move)
				}
			}
		}
	}
	t.Logf("methods: %v", methods)
}

func hasMove(g *heap.Code, heaps []int) bool {
	for _, h := range heaps {
		for range g.Moves(h) {
			return true
		}
	}
	return false
}

func isOption(g *heap.Code, heaps, after []int) bool {
	for i, h := range heaps {
		for _, left := range g.Moves(h) {
			if slices.Equal(slices.Concat(heaps[:i], left, heaps[i+1:]), after) {
				return true
			}
		}
	}
	return false
}

// TestBudget: a search beyond its budget is refused with a LimitError.
func TestBudget(t *testing.T) {
	g, _ := heap.Parse("0.77")
	s := New(g, 500)
	_, err := s.Outcome(context.Background(), []int{20, 21, 22})
	if le, ok := err.(*LimitError); !ok || le.Budget != 500 {
		t.Errorf("got %v", err)
	}
}
