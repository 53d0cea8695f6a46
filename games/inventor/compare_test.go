package inventor

// Randomized cross-checks of the two solvers against the exhaustive twin of
// exhaustive_test.go and against each other. Every test uses fixed seeds,
// so a failure reproduces; the failing board is printed in input form.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"nimber/games/grid"
)

// cmpSolver is the signature shared by Solve and SolveGeneric.
type cmpSolver func(context.Context, grid.Grid) (Result, error)

// cmpDensities are the probabilities of a building spot used for random
// boards, from no spot at all to all spots.
var cmpDensities = []float64{0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 0.9, 1}

// cmpMaxFailures bounds the mismatches reported before a test gives up.
const cmpMaxFailures = 10

// cmpBoards returns test boards with sides 1..maxSide: every size with no
// spot and all spots, then n random boards of varied densities drawn from a
// generator seeded with seed.
func cmpBoards(seed uint64, n, maxSide int) []grid.Grid {
	var boards []grid.Grid
	for r := 1; r <= maxSide; r++ {
		for c := 1; c <= maxSide; c++ {
			boards = append(boards, grid.New(r, c, Blank), grid.New(r, c, Spot))
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x696e76656e746f72))
	for range n {
		rows, cols := 1+rng.IntN(maxSide), 1+rng.IntN(maxSide)
		d := cmpDensities[rng.IntN(len(cmpDensities))]
		boards = append(boards, grid.Random(rng, rows, cols, d, Blank, Spot))
	}
	return boards
}

// cmpMoves formats moves as "(row,col)" with 0-based coordinates.
func cmpMoves(ms []Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = fmt.Sprintf("(%d,%d)", m.Row, m.Col)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// cmpAgainstExhaustive runs solve on n small boards and checks the outcome
// (Grundy != 0 iff the first player wins) and the exact list of winning
// moves against exhaustiveSolve.
func cmpAgainstExhaustive(t *testing.T, solve cmpSolver, seed uint64) {
	n, maxSide := 5000, 5
	if testing.Short() {
		n, maxSide = 1000, 4
	}
	var wins, losses, contested, failures int
	for k, g := range cmpBoards(seed, n, maxSide) {
		res, err := solve(t.Context(), g)
		if err != nil {
			t.Fatalf("seed %d, board %d (%d x %d):\n%serror: %v", seed, k, g.Rows, g.Cols, g, err)
		}
		firstWins, want := exhaustiveSolve(g)
		if firstWins {
			wins++
		} else {
			losses++
			if exhHasMove(g) {
				contested++
			}
		}
		if (res.Grundy != 0) != firstWins || !slices.Equal(res.Winning, want) {
			t.Errorf("seed %d, board %d (%d x %d):\n%sgot Grundy %d, winning %s\nexhaustive: first wins %v, winning %s",
				seed, k, g.Rows, g.Cols, g, res.Grundy, cmpMoves(res.Winning), firstWins, cmpMoves(want))
			if failures++; failures >= cmpMaxFailures {
				t.Fatalf("giving up after %d mismatches", failures)
			}
		}
	}
	t.Logf("%d boards: %d won by the first player, %d with Grundy 0 (%d of them with a legal first move)",
		wins+losses, wins, losses, contested)
	if wins == 0 || losses == 0 || contested == 0 {
		t.Errorf("vacuous sample: %d won, %d lost, %d lost with a legal move; want each > 0", wins, losses, contested)
	}
}

// TestSolveMatchesExhaustive checks Solve against the exhaustive search.
func TestSolveMatchesExhaustive(t *testing.T) {
	cmpAgainstExhaustive(t, Solve, 1)
}

// TestGenericMatchesExhaustive checks SolveGeneric against the exhaustive
// search.
func TestGenericMatchesExhaustive(t *testing.T) {
	cmpAgainstExhaustive(t, SolveGeneric, 2)
}

// TestSolveMatchesGeneric checks that Solve and SolveGeneric agree exactly,
// Grundy value and winning moves, on boards up to 10 x 10, far beyond the
// reach of the exhaustive search.
func TestSolveMatchesGeneric(t *testing.T) {
	const seed = 3
	n, maxSide := 400, 10
	if testing.Short() {
		n, maxSide = 100, 8
	}
	boards := cmpBoards(seed, n, maxSide)
	zero, failures := 0, 0
	for k, g := range boards {
		got, err := Solve(t.Context(), g)
		if err != nil {
			t.Fatalf("seed %d, board %d (%d x %d):\n%sSolve: %v", seed, k, g.Rows, g.Cols, g, err)
		}
		want, err := SolveGeneric(t.Context(), g)
		if err != nil {
			t.Fatalf("seed %d, board %d (%d x %d):\n%sSolveGeneric: %v", seed, k, g.Rows, g.Cols, g, err)
		}
		if want.Grundy == 0 {
			zero++
		}
		if got.Grundy != want.Grundy || !slices.Equal(got.Winning, want.Winning) {
			t.Errorf("seed %d, board %d (%d x %d):\n%sSolve: Grundy %d, winning %s\nSolveGeneric: Grundy %d, winning %s",
				seed, k, g.Rows, g.Cols, g, got.Grundy, cmpMoves(got.Winning), want.Grundy, cmpMoves(want.Winning))
			if failures++; failures >= cmpMaxFailures {
				t.Fatalf("giving up after %d mismatches", failures)
			}
		}
	}
	t.Logf("%d boards, %d with Grundy 0", len(boards), zero)
	if zero == 0 || zero == len(boards) {
		t.Errorf("vacuous sample: %d of %d boards have Grundy 0", zero, len(boards))
	}
}
