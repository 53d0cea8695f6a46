package bacterial

import (
	"testing"
)

// TestOfficialData solves the official Code Jam data with both solvers and
// compares every answer with the official one.
func TestOfficialData(t *testing.T) {
	harness.Official(t, "sample", "set1", "set2")
}
