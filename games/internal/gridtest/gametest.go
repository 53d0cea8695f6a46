// Package gridtest holds the test scaffolding shared by the grid games
// (bacterial, inventor, caos3): a memoized win/lose search over whole-board
// positions for their exhaustive twins, random boards, the comparisons of a
// solver with the exhaustive search and with the other solver, the runners
// of the official data and the benchmark boards.
//
// A game package describes itself once in a Game value: its rules (the
// exhaustive search's move generator, written in the game's own package
// straight from the rules), its board generator parameters, its two solvers
// and its answer format. Its tests then call the methods of that value.
package gridtest

import (
	"context"
	"fmt"
	"testing"

	"nimber/grid"
)

// Result is a game package's Result as the shared tests see it: the
// Sprague–Grundy value of the whole board and every winning first move, in
// the game's order.
type Result[M any] struct {
	Grundy  int
	Winning []M
}

// Solver is a solve function of a game package, with its result as a Result.
type Solver[M any] func(context.Context, grid.Grid) (Result[M], error)

// AsSolver adapts a game package's solve function, whose result type has the
// fields of Result, to a Solver.
func AsSolver[M any, R ~struct {
	Grundy  int
	Winning []M
}](solve func(context.Context, grid.Grid) (R, error)) Solver[M] {
	return func(ctx context.Context, g grid.Grid) (Result[M], error) {
		r, err := solve(ctx, g)
		return Result[M](r), err
	}
}

// Game describes one grid game to the shared tests: S is the position of
// its exhaustive search, M its move.
type Game[S Position, M comparable] struct {
	// Noun names a board in messages ("map"; "board" when empty); its
	// plural adds an "s".
	Noun string
	// Spec is the input format of the official data.
	Spec grid.Spec
	// Boards draws the random boards of the comparisons and benchmarks.
	Boards Boards
	// Rules returns the move generator of the exhaustive search on g: a
	// position is typically the set of cells taken so far, the zero S
	// (the empty set) at the start, and the moves come in the order of
	// Result.Winning. It is written from the rules of the game, in the
	// game's own package.
	Rules func(g grid.Grid) Moves[S, M]
	// Dense and Generic are the package's Solve and SolveGeneric.
	Dense, Generic Solver[M]
	// FormatMove formats one move for failure messages.
	FormatMove func(M) string
	// Answer is the official answer line of case k (1-based) of a board
	// where the first player wins iff firstWins, with the winning first
	// moves winning; nil means CaseCount, the Code Jam answer.
	Answer func(k int, firstWins bool, winning []M) string
	// API is the game through the game API and the map from its positions
	// to the states of the exhaustive search, for MovesMatchRules and
	// Battery.
	API API[S]
}

// noun is gm.Noun, "board" when empty.
func (gm *Game[S, M]) noun() string {
	if gm.Noun == "" {
		return "board"
	}
	return gm.Noun
}

// answer is gm.Answer, CaseCount when nil.
func (gm *Game[S, M]) answer(k int, firstWins bool, winning []M) string {
	if gm.Answer == nil {
		return CaseCount(k, firstWins, winning)
	}
	return gm.Answer(k, firstWins, winning)
}

// Exhaustive decides g by the exhaustive search of gm.Rules: whether the
// first player wins, and every winning first move in the order of
// Result.Winning. It panics on boards of more cells than an S can hold.
func (gm *Game[S, M]) Exhaustive(g grid.Grid) (firstWins bool, winning []M) {
	var start S
	if g.Rows*g.Cols > start.Cap() {
		panic(fmt.Sprintf("gametest: %d x %d %s has more than %d cells", g.Rows, g.Cols, gm.noun(), start.Cap()))
	}
	winning = NewSearch(gm.Rules(g)).WinningMoves(start)
	return len(winning) > 0, winning
}

// HasMove reports whether the first player has any move on g by the rules
// of gm.Rules.
func (gm *Game[S, M]) HasMove(g grid.Grid) bool {
	var start S
	return NewSearch(gm.Rules(g)).HasMove(start)
}

// fits reports whether an S can hold every cell of g.
func (gm *Game[S, M]) fits(g grid.Grid) bool {
	var start S
	return g.Rows*g.Cols <= start.Cap()
}

// Bench runs solve on the benchmark board of size bb in b's loop.
func (gm *Game[S, M]) Bench(b *testing.B, solve Solver[M], bb BenchBoard) {
	g := gm.Boards.Bench(bb)
	for b.Loop() {
		if _, err := solve(context.Background(), g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchSizes runs Bench as one sub-benchmark per board, named
// "NxN-density".
func (gm *Game[S, M]) BenchSizes(b *testing.B, solve Solver[M], boards []BenchBoard) {
	for _, bb := range boards {
		b.Run(fmt.Sprintf("%dx%d-%g", bb.N, bb.N, bb.Density), func(b *testing.B) {
			gm.Bench(b, solve, bb)
		})
	}
}
