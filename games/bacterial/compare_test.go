package bacterial

// Randomized cross-checks of the two solvers against the exhaustive twin of
// exhaustive_test.go and against each other. Every test uses fixed seeds,
// so a failure reproduces; the failing board is printed in input form.

import (
	"fmt"
	"testing"

	"nimber/games/internal/gridtest"
)

// harness describes Bacterial Tactics to the shared tests of package gridtest.
var harness = gridtest.Game[exhSet, Move]{
	Noun: "board",
	Spec: Spec,
	Boards: gridtest.Boards{
		Blank: Empty, Marked: Radioactive,
		// From all empty to all radioactive.
		Densities: []float64{0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 0.9, 1},
		Stream:    0x6261637465726961,
	},
	Rules:   exhRules,
	Dense:   gridtest.AsSolver(Solve),
	Generic: gridtest.AsSolver(SolveGeneric),
	// "(row,col)H" with 0-based coordinates.
	FormatMove: func(m Move) string { return fmt.Sprintf("(%d,%d)%c", m.Row, m.Col, m.Colony) },
	Answer:     gridtest.CaseCount[Move],
}

// exhSample is the sample of the comparisons with the exhaustive search:
// boards up to 5 x 5 (4 x 4 in short mode).
var exhSample = gridtest.Sample{N: 5000, MaxSide: 5, ShortN: 1000, ShortMaxSide: 4}

// TestSolvers checks Solve and SolveGeneric against the exhaustive search,
// and against each other, Grundy value and winning moves, on boards up to
// 12 x 12, far beyond the reach of the exhaustive search.
func TestSolvers(t *testing.T) {
	harness.CompareSolvers(t, exhSample, gridtest.Sample{N: 400, MaxSide: 12, ShortN: 100, ShortMaxSide: 8})
}
