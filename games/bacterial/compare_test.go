package bacterial

// Randomized cross-checks of the two solvers against the exhaustive twin of
// exhaustive_test.go and against each other. Every test uses fixed seeds,
// so a failure reproduces; the failing board is printed in input form.

import (
	"fmt"
	"testing"

	"nimber/games/internal/gametest"
)

// game describes Bacterial Tactics to the shared tests of package gametest.
var game = gametest.Game[exhSet, Move]{
	Noun: "board",
	Spec: Spec,
	Boards: gametest.Boards{
		Blank: Empty, Marked: Radioactive,
		// From all empty to all radioactive.
		Densities: []float64{0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 0.9, 1},
		Stream:    0x6261637465726961,
	},
	Rules:   exhRules,
	Dense:   gametest.AsSolver(Solve),
	Generic: gametest.AsSolver(SolveGeneric),
	// "(row,col)H" with 0-based coordinates.
	FormatMove: func(m Move) string { return fmt.Sprintf("(%d,%d)%c", m.Row, m.Col, m.Colony) },
	Answer:     answer,
}

// exhSample is the sample of the comparisons with the exhaustive search:
// boards up to 5 x 5 (4 x 4 in short mode).
var exhSample = gametest.Sample{N: 5000, MaxSide: 5, ShortN: 1000, ShortMaxSide: 4}

// TestSolveMatchesExhaustive checks Solve against the exhaustive search.
func TestSolveMatchesExhaustive(t *testing.T) {
	game.MatchesExhaustive(t, game.Dense, 1, exhSample)
}

// TestGenericMatchesExhaustive checks SolveGeneric against the exhaustive
// search.
func TestGenericMatchesExhaustive(t *testing.T) {
	game.MatchesExhaustive(t, game.Generic, 2, exhSample)
}

// TestSolveMatchesGeneric checks that Solve and SolveGeneric agree exactly,
// Grundy value and winning moves, on boards up to 12 x 12, far beyond the
// reach of the exhaustive search.
func TestSolveMatchesGeneric(t *testing.T) {
	game.MatchesGeneric(t, 3, gametest.Sample{N: 400, MaxSide: 12, ShortN: 100, ShortMaxSide: 8})
}
