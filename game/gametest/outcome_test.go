package gametest

import (
	"context"
	"errors"
	"iter"
	"testing"

	"nimber/cgt"
	"nimber/game"
)

// chains are regions that are counters: either player takes one from a
// positive counter. Their values never come (Value waits for the end of
// its context), so every answer is the search's.
type chains struct{}

func (chains) Options(q int, _ game.Side) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		if q > 0 {
			yield([]int{q - 1})
		}
	}
}
func (chains) Key(q int) int  { return q }
func (chains) Small(int) bool { return false }
func (chains) Value(ctx context.Context, _ int, _ int) (cgt.Game, error) {
	<-ctx.Done()
	return cgt.Zero, ctx.Err()
}

// TestSearchSumLimit checks that a search stopped by MaxNodes fails with
// an error wrapping game.ErrSearchLimit on one goroutine and on several.
// With two large regions and two goroutines or more, SearchSum races the
// search against the value of the whole sum; the search's failure cancels
// the values, whose context.Canceled was once returned instead.
func TestSearchSumLimit(t *testing.T) {
	newRules := func(context.Context, *cgt.Calc) (game.SearchRules[int], func() error) {
		return chains{}, func() error { return nil }
	}
	for threads := 1; threads <= 3; threads++ {
		_, err := game.SearchSum(context.Background(), newRules, []int{40_000, 40_000}, game.OutcomeOptions{MaxNodes: 1000, Threads: threads, TableMiB: 1})
		if !errors.Is(err, game.ErrSearchLimit) {
			t.Errorf("threads %d: %v, want an error wrapping game.ErrSearchLimit", threads, err)
		}
	}
}
