package caos3

import "testing"

// answer is the official output line of a case: the name of the winner,
// Asuna moving first.
func answer(_ int, firstWins bool, _ []Move) string {
	if firstWins {
		return "Asuna"
	}
	return "Kirito"
}

// TestOfficialData solves the official data with both solvers and compares
// every answer with the official one.
func TestOfficialData(t *testing.T) {
	harness.Official(t, "sample")
}
