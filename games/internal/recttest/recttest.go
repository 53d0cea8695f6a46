// Package recttest holds the comparison shared by the games whose dense
// solver tables the value of every sub-rectangle of a board (Bacterial
// Tactics, Crosscut): the table against the generic solver on every
// sub-rectangle.
package recttest

import (
	"context"
	"testing"

	"nimber/games/rect"
)

// Match checks that the table's value of every sub-rectangle r of a
// rows x cols board (rect.All: rows r[0]..r[1], columns r[2]..r[3]) is
// the generic solver's, failing t at the first that differs; where names
// the board in the message.
func Match(t *testing.T, where string, rows, cols int, table func(r [4]int) int, generic func(ctx context.Context, r [4]int) (int, error)) {
	t.Helper()
	for r := range rect.All(rows, cols) {
		want, err := generic(t.Context(), r)
		if err != nil {
			t.Fatal(err)
		}
		if got := table(r); got != want {
			t.Fatalf("%s, rect %v: table %d, generic %d", where, r, got, want)
		}
	}
}
