package inventor

import (
	"fmt"
	"testing"
)

// answer is the official output line of case k: the number of winning first
// moves.
func answer(k int, _ bool, winning []Move) string {
	return fmt.Sprintf("Case #%d: %d", k, len(winning))
}

// TestOfficialData solves the official Code Jam data with both solvers and
// compares every answer with the official one.
func TestOfficialData(t *testing.T) {
	game.Official(t, "sample", "set1", "set2")
}
