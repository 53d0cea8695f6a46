package game_test

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/domineering"
	"nimber/internal/testsize"
)

// kayles2 is a partizan Kayles for the search's tests: from a row of n
// pins Left knocks down one pin, Right two adjacent ones, either splitting
// the row in two. small is the most pins of a row the search values
// (PartSizer); -1 values none, so that the search searches every row.
type kayles2 struct{ small int }

func (k kayles2) Options(n int, side game.Side) iter.Seq[[]int] {
	take := 1 + int(side)
	return func(yield func([]int) bool) {
		for a := 0; a+take <= n; a++ {
			var leaves []int
			for _, m := range []int{a, n - take - a} {
				if m > 0 {
					leaves = append(leaves, m)
				}
			}
			if !yield(leaves) {
				return
			}
		}
	}
}

// Parse and Format write the rows as kayles, the example's game, does.
func (kayles2) Parse(text string) (game.Sum[int], error) { return kayles{}.Parse(text) }
func (kayles2) Format(s game.Sum[int]) string            { return kayles{}.Format(s) }

func (kayles2) Check(game.Sum[int]) error { return nil }
func (kayles2) Size(n int) int            { return n }
func (k kayles2) SmallSize() int          { return k.small }

// twinWins is the plain minimax of a sum of kayles2 rows, written from the
// rules with no values and no search tricks: side to move wins when some
// move leaves a sum the other loses.
func twinWins(rows []int, side game.Side, memo map[string]bool) bool {
	rows = slices.Sorted(slices.Values(rows))
	key := fmt.Sprint(side, rows)
	if w, ok := memo[key]; ok {
		return w
	}
	win := false
	for i, n := range rows {
		for leaves := range (kayles2{}).Options(n, side) {
			next := append(slices.Concat(rows[:i], rows[i+1:]), leaves...)
			if !twinWins(next, 1-side, memo) {
				win = true
				break
			}
		}
		if win {
			break
		}
	}
	memo[key] = win
	return win
}

// TestSearchSumTwin checks the search against the plain minimax on random
// sums of up to four rows, searched whole (no row valued), with small
// rows valued, and with every row valued; on one, two and three threads
// with a table small enough to overwrite.
func TestSearchSumTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	memo := map[string]bool{}
	n := testsize.N(300, 60)
	for i := range n {
		rows := make([]int, 1+rng.IntN(4))
		for j := range rows {
			rows[j] = 1 + rng.IntN(10)
		}
		want := [2]bool{twinWins(rows, game.Left, memo), twinWins(rows, game.Right, memo)}
		small := []int{-1, 4, 100}[i%3]
		g, _ := game.PartizanOf(game.OfPartizan[int](kayles2{small}))
		pos, err := g.ParseSearch(fmt.Sprint(strings.Trim(fmt.Sprint(rows), "[]")))
		if err != nil {
			t.Fatal(err)
		}
		for _, threads := range []int{1, 2, 3} {
			res, err := g.Outcome(context.Background(), pos, game.OutcomeOptions{Threads: threads, TableMiB: 1, ValueMiB: 1})
			if err != nil {
				t.Fatalf("%v: %v", rows, err)
			}
			if [2]bool{res.LeftFirst, res.RightFirst} != want {
				t.Fatalf("rows %v, rows of up to %d valued, %d threads: Left first, Right first win %v %v; the twin says %v",
					rows, small, threads, res.LeftFirst, res.RightFirst, want)
			}
			// With two threads or more, the whole sum's value races the
			// search and may answer first.
			wantMethod := map[int]string{-1: game.MethodSearch, 100: game.MethodValues}[small]
			if threads == 1 && wantMethod != "" && res.Method != wantMethod {
				t.Errorf("rows %v with rows of up to %d valued: method %q, want %q", rows, small, res.Method, wantMethod)
			}
		}
	}
}

// searchedChain is either with no part valued by the search.
type searchedChain struct{ either }

func (searchedChain) Size(n int) int { return n }
func (searchedChain) SmallSize() int { return -1 }

// TestSearchSumNegatives checks the search of Domineering sums with a
// board's negative (its transpose) in them, which the search cancels at
// the root, and of boards equal to their own negatives, against the
// outcome class of their canonical forms.
func TestSearchSumNegatives(t *testing.T) {
	g, _ := game.PartizanOf(domineering.Game())
	rng := rand.New(rand.NewPCG(5, 6))
	for range 60 {
		h, w := 2+rng.IntN(3), 2+rng.IntN(3)
		var a, tr []string
		for range h {
			row := make([]byte, w)
			for j := range row {
				row[j] = ".#"[min(1, rng.IntN(4))]
			}
			a = append(a, string(row))
		}
		for j := range w {
			col := make([]byte, h)
			for i := range h {
				col[i] = a[i][j]
			}
			tr = append(tr, string(col))
		}
		board, neg := strings.Join(a, "|"), strings.Join(tr, "|")
		for _, text := range []string{board + " + " + neg, board + " + " + neg + " + ..", board + " + " + board} {
			pos, err := g.Parse(text)
			if err != nil {
				t.Fatal(err)
			}
			c := cgt.New(0)
			x, _, err := g.Values(context.Background(), g.NewEvaluator(c), pos)
			if err != nil {
				t.Fatal(err)
			}
			o := c.OutcomeOf(x)
			for _, threads := range []int{1, 2, 3} {
				res, err := g.Outcome(context.Background(), pos, game.OutcomeOptions{Threads: threads})
				if err != nil {
					t.Fatal(err)
				}
				if res.LeftFirst != (o == cgt.L || o == cgt.N) || res.RightFirst != (o == cgt.R || o == cgt.N) {
					t.Fatalf("%s, %d threads: %+v, value %s (%s)", text, threads, res, c.String(x), o)
				}
			}
		}
	}
}

// TestSearchSumBounds checks the search's limits: MaxNodes, a cancelled
// context, Progress, a game deeper than MaxDepth, and a failing rules
// file's error.
func TestSearchSumBounds(t *testing.T) {
	g, _ := game.PartizanOf(game.OfPartizan[int](kayles2{-1}))
	pos, err := g.ParseSearch("30 30")
	if err != nil {
		t.Fatal(err)
	}
	var seen int64
	_, err = g.Outcome(context.Background(), pos, game.OutcomeOptions{MaxNodes: 100_000, Progress: func(n int64) { seen = n }})
	if !errors.Is(err, game.ErrSearchLimit) || seen < 65536 {
		t.Errorf("30 30 within 100000 positions: %v with progress at %d, want ErrSearchLimit after progress", err, seen)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, threads := range []int{1, 2, 3} {
		if _, err := g.Outcome(ctx, pos, game.OutcomeOptions{Threads: threads}); !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled, %d threads: %v", threads, err)
		}
	}

	down, _ := game.PartizanOf(game.OfPartizan[int](searchedChain{either{chain{step: func(n int) int { return n - 1 }}}}))
	deep, _ := down.ParseSearch(strconv.Itoa(game.MaxDepth + 10))
	var le *game.LimitError
	if _, err := down.Outcome(context.Background(), deep, game.OutcomeOptions{}); !errors.As(err, &le) || le.Limit != game.MaxDepth {
		t.Errorf("a chain of MaxDepth+10 moves: %v, want a *LimitError of %d", err, game.MaxDepth)
	}

	bad, _ := game.PartizanOf(game.OfPartizan[int](failing{chain{step: func(n int) int { return n - 1 }, fail: 3}}))
	five, _ := bad.ParseSearch("5")
	for _, threads := range []int{1, 2} {
		if _, err := bad.Outcome(context.Background(), five, game.OutcomeOptions{Threads: threads}); err == nil || err.Error() != "the options of 3 failed" {
			t.Errorf("5 above the failure, %d threads: %v, want it", threads, err)
		}
	}
}

// BenchmarkSearchSum measures the generic search on a sum of two kayles2
// rows, searched whole and with rows of up to 8 pins valued.
func BenchmarkSearchSum(b *testing.B) {
	for _, small := range []int{-1, 8} {
		b.Run(fmt.Sprintf("small=%d", small), func(b *testing.B) {
			gametest.BenchOutcome(b, game.OfPartizan[int](kayles2{small}), "14 13")
		})
	}
}
