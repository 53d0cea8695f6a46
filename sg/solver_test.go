package sg

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// kayles: a row of n pins; a move knocks down one pin or two adjacent pins,
// leaving the pins on either side as two independent rows.
type kayles struct{}

func (kayles) Moves(n int) iter.Seq2[[2]int, []int] {
	return func(yield func(m [2]int, parts []int) bool) {
		var buf [2]int
		for take := 1; take <= 2; take++ {
			for left := 0; left+take <= n; left++ {
				buf = [2]int{left, n - left - take}
				if !yield([2]int{left, take}, buf[:]) {
					return
				}
			}
		}
	}
}

// Kayles values from the literature (OEIS A002186).
var kaylesValues = []int{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7}

func TestKaylesBothMemos(t *testing.T) {
	ctx := context.Background()
	memos := map[string]Memo[int]{
		"map":   NewMapMemo[int](),
		"dense": NewDenseMemo(len(kaylesValues), func(n int) int { return n }),
	}
	for name, memo := range memos {
		s := NewSolver[int, [2]int](kayles{}, memo)
		for n, want := range kaylesValues {
			got, err := s.Grundy(ctx, n)
			if err != nil || got != want {
				t.Fatalf("%s memo: G(kayles %d) = %d, %v; want %d", name, n, got, err, want)
			}
		}
	}
}

// dagGame is a random acyclic game: component i has moves to lists of
// components with smaller numbers.
type dagGame [][][]int

func (g dagGame) Moves(c int) iter.Seq2[int, []int] {
	return func(yield func(m int, parts []int) bool) {
		for i, parts := range g[c] {
			if !yield(i, parts) {
				return
			}
		}
	}
}

func randomDAG(rng *rand.Rand, n int) dagGame {
	g := make(dagGame, n)
	for c := 1; c < n; c++ {
		moves := rng.IntN(4)
		for m := 0; m < moves; m++ {
			parts := make([]int, rng.IntN(3))
			for k := range parts {
				parts[k] = rng.IntN(c)
			}
			g[c] = append(g[c], parts)
		}
	}
	return g
}

// exhaustiveWins decides a sum of components by searching the game tree of
// the whole sum, straight from the rules: the player to move wins iff some
// move (in any one component) leaves a position the opponent loses. No
// Grundy values are used.
func exhaustiveWins(g dagGame, sum []int, memo map[string]bool) bool {
	sum = slices.Clone(sum)
	slices.Sort(sum)
	key := fmt.Sprint(sum)
	if w, ok := memo[key]; ok {
		return w
	}
	win := false
	for i, c := range sum {
		for _, parts := range g[c] {
			next := append(append(slices.Clone(sum[:i]), sum[i+1:]...), parts...)
			if !exhaustiveWins(g, next, memo) {
				win = true
			}
		}
	}
	memo[key] = win
	return win
}

func TestSolverMatchesExhaustiveSums(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 11))
	losses := 0
	for trial := 0; trial < 2000; trial++ {
		g := randomDAG(rng, 2+rng.IntN(7))
		s := NewSolver[int, int](g, NewMapMemo[int]())
		sum := make([]int, 1+rng.IntN(3))
		for i := range sum {
			sum[i] = rng.IntN(len(g))
		}
		memo := map[string]bool{}
		want := exhaustiveWins(g, sum, memo)
		out, err := s.Outcome(ctx, sum...)
		if err != nil {
			t.Fatal(err)
		}
		if out.FirstPlayerWins() != want {
			t.Fatalf("trial %d: game %v sum %v: solver says %v, search says first player wins = %v", trial, g, sum, out, want)
		}
		if !want {
			losses++
		}
		wins, err := s.WinningMoves(ctx, sum...)
		if err != nil {
			t.Fatal(err)
		}
		// Every move of the sum is winning exactly when it is listed.
		listed := map[[2]int]bool{}
		for _, w := range wins {
			listed[[2]int{w.Component, w.Move}] = true
		}
		for i, c := range sum {
			for m, parts := range g[c] {
				next := append(append(slices.Clone(sum[:i]), sum[i+1:]...), parts...)
				winning := !exhaustiveWins(g, next, memo)
				if winning != listed[[2]int{i, m}] {
					t.Fatalf("trial %d: game %v sum %v: move %d in component %d winning=%v, listed=%v", trial, g, sum, m, i, winning, listed[[2]int{i, m}])
				}
			}
		}
	}
	if losses < 100 || losses > 1900 {
		t.Fatalf("only %d of 2000 sums were losses: the test does not cover both outcomes", losses)
	}
}

// chain is a game whose component n has one move, to n-1: a million-deep
// game that would overflow a recursive solver's stack.
type chain struct{}

func (chain) Moves(n int) iter.Seq2[struct{}, []int] {
	return func(yield func(struct{}, []int) bool) {
		if n > 0 {
			yield(struct{}{}, []int{n - 1})
		}
	}
}

func TestDeepGameNoStackOverflow(t *testing.T) {
	const depth = 1_000_000
	s := NewSolver[int, struct{}](chain{}, NewDenseMemo(depth+1, func(n int) int { return n }))
	v, err := s.Grundy(context.Background(), depth)
	if err != nil || v != depth%2 {
		t.Fatalf("G(chain %d) = %d, %v; want %d", depth, v, err, depth%2)
	}
}

// loop has a cycle: 2 -> 1 -> 0 -> 2.
type loop struct{}

func (loop) Moves(n int) iter.Seq2[int, []int] {
	return func(yield func(int, []int) bool) { yield(0, []int{(n + 2) % 3}) }
}

func TestCycleIsAnError(t *testing.T) {
	s := NewSolver[int, int](loop{}, NewMapMemo[int]())
	_, err := s.Grundy(context.Background(), 2)
	var ce *CycleError[int]
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "cycle") {
		t.Fatalf("err = %v, want a CycleError", err)
	}
	// 2 -> 1 -> 0 -> 2: the path starts and ends with the component met again.
	if want := []int{2, 1, 0, 2}; !slices.Equal(ce.Path, want) {
		t.Fatalf("cycle path %v, want %v", ce.Path, want)
	}
}

func TestCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := NewSolver[int, struct{}](chain{}, NewMapMemo[int]())
	if _, err := s.Grundy(ctx, 100000); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func BenchmarkSolverKayles(b *testing.B) {
	for b.Loop() {
		s := NewSolver[int, [2]int](kayles{}, NewDenseMemo(2001, func(n int) int { return n }))
		if _, err := s.Grundy(context.Background(), 2000); err != nil {
			b.Fatal(err)
		}
	}
}
