package gridtest

import (
	"slices"
	"strings"
	"testing"
)

// maxFailures bounds the mismatches reported before a comparison gives up.
const maxFailures = 10

// Sample is how many random boards a comparison draws and their largest
// side, in a full run and under -short. Every size up to the largest side
// is also tried all Blank and all Marked.
type Sample struct {
	N, MaxSide           int
	ShortN, ShortMaxSide int
}

// SmallBoards is the usual sample of the comparisons with an exhaustive
// search: 5000 boards up to 5 x 5 (1000 up to 4 x 4 in short mode).
var SmallBoards = Sample{N: 5000, MaxSide: 5, ShortN: 1000, ShortMaxSide: 4}

// size returns the sample's count and largest side for this run.
func (s Sample) size() (n, maxSide int) {
	if testing.Short() {
		return s.ShortN, s.ShortMaxSide
	}
	return s.N, s.MaxSide
}

// formatMoves formats a list of moves with gm.FormatMove.
func (gm *Game[S, M]) formatMoves(ms []M) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = gm.FormatMove(m)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// MatchesExhaustive runs solve on the boards of the sample drawn with seed
// and checks the outcome (Grundy != 0 iff the first player wins) and the
// exact list of winning moves against the exhaustive search. It fails when
// the sample is vacuous: no board won, none lost, or none lost with a legal
// first move.
func (gm *Game[S, M]) MatchesExhaustive(t *testing.T, solve Solver[M], seed uint64, sample Sample) {
	t.Helper()
	n, maxSide := sample.size()
	var wins, losses, contested, failures int
	for k, g := range gm.Boards.Generate(seed, n, maxSide) {
		res, err := solve(t.Context(), g)
		if err != nil {
			t.Fatalf("seed %d, %s %d (%d x %d):\n%serror: %v", seed, gm.noun(), k, g.Rows, g.Cols, g, err)
		}
		firstWins, want := gm.Exhaustive(g)
		if firstWins {
			wins++
		} else {
			losses++
			if gm.HasMove(g) {
				contested++
			}
		}
		if (res.Grundy != 0) != firstWins || !slices.Equal(res.Winning, want) {
			t.Errorf("seed %d, %s %d (%d x %d):\n%sgot Grundy %d, winning %s\nexhaustive: first wins %v, winning %s",
				seed, gm.noun(), k, g.Rows, g.Cols, g, res.Grundy, gm.formatMoves(res.Winning), firstWins, gm.formatMoves(want))
			if failures++; failures >= maxFailures {
				t.Fatalf("giving up after %d mismatches", failures)
			}
		}
	}
	t.Logf("%d %ss: %d won by the first player, %d with Grundy 0 (%d of them with a legal first move)",
		wins+losses, gm.noun(), wins, losses, contested)
	if wins == 0 || losses == 0 || contested == 0 {
		t.Errorf("vacuous sample: %d won, %d lost, %d lost with a legal move; want each > 0", wins, losses, contested)
	}
}

// MatchesGeneric checks that Dense (Solve) and Generic (SolveGeneric) agree
// exactly, Grundy value and winning moves, on the boards of the sample drawn
// with seed. It fails when the sample is vacuous: no board or every board
// with Grundy value 0.
func (gm *Game[S, M]) MatchesGeneric(t *testing.T, seed uint64, sample Sample) {
	t.Helper()
	n, maxSide := sample.size()
	boards := gm.Boards.Generate(seed, n, maxSide)
	zero, failures := 0, 0
	for k, g := range boards {
		got, err := gm.Dense(t.Context(), g)
		if err != nil {
			t.Fatalf("seed %d, %s %d (%d x %d):\n%sSolve: %v", seed, gm.noun(), k, g.Rows, g.Cols, g, err)
		}
		want, err := gm.Generic(t.Context(), g)
		if err != nil {
			t.Fatalf("seed %d, %s %d (%d x %d):\n%sSolveGeneric: %v", seed, gm.noun(), k, g.Rows, g.Cols, g, err)
		}
		if want.Grundy == 0 {
			zero++
		}
		if got.Grundy != want.Grundy || !slices.Equal(got.Winning, want.Winning) {
			t.Errorf("seed %d, %s %d (%d x %d):\n%sSolve: Grundy %d, winning %s\nSolveGeneric: Grundy %d, winning %s",
				seed, gm.noun(), k, g.Rows, g.Cols, g, got.Grundy, gm.formatMoves(got.Winning), want.Grundy, gm.formatMoves(want.Winning))
			if failures++; failures >= maxFailures {
				t.Fatalf("giving up after %d mismatches", failures)
			}
		}
	}
	t.Logf("%d %ss, %d with Grundy 0", len(boards), gm.noun(), zero)
	if zero == 0 || zero == len(boards) {
		t.Errorf("vacuous sample: %d of %d %ss have Grundy 0", zero, len(boards), gm.noun())
	}
}

// CompareSolvers runs the three comparisons of a game's solvers, each a
// subtest: the dense and the generic solver against the exhaustive search
// on the boards of exh, and the two against each other on the larger boards
// of generic.
func (gm *Game[S, M]) CompareSolvers(t *testing.T, exh, generic Sample) {
	t.Run("dense-vs-exhaustive", func(t *testing.T) { gm.MatchesExhaustive(t, gm.Dense, 1, exh) })
	t.Run("generic-vs-exhaustive", func(t *testing.T) { gm.MatchesExhaustive(t, gm.Generic, 2, exh) })
	t.Run("dense-vs-generic", func(t *testing.T) { gm.MatchesGeneric(t, 3, generic) })
}
