package domineering

import (
	"context"
	"fmt"
	"os"
	"strings"

	"nimber/game"
	"nimber/games/internal/pgrid"
	"nimber/grid"
)

// DefaultOutcomeTableMiB is the size of SolveOutcome's transposition
// table when game.OutcomeOptions.TableMiB is 0, for boards of up to 64
// cells (see DefaultTableMiB).
const DefaultOutcomeTableMiB = 64

// DefaultTableMiB returns the size of the table SolveOutcome takes when
// game.OutcomeOptions.TableMiB is 0, for a board of cells cells: 64 MiB
// up to 64 cells (8 x 8 searches about 3 million positions, and a larger
// table only costs cache misses), 1 GiB up to 90 (9 x 9 searches about a
// billion: before the deeper bounds, with 64 MiB it did not finish in 20
// minutes where 1 GiB took 27), 4 GiB beyond; never more than a quarter
// of the machine's memory, where that can be read (/proc/meminfo).
func DefaultTableMiB(cells int) int {
	mib := DefaultOutcomeTableMiB
	switch {
	case cells > 90:
		mib = MaxOutcomeTableMiB
	case cells > 64:
		mib = 1024
	}
	if total := memTotalMiB(); total > 0 {
		mib = min(mib, max(DefaultOutcomeTableMiB, total/4))
	}
	return mib
}

// memTotalMiB returns the machine's memory in MiB from /proc/meminfo, or
// 0 where it cannot be read.
func memTotalMiB() int {
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
			var kib int
			if _, err := fmt.Sscanf(rest, "%d kB", &kib); err == nil {
				return kib >> 10
			}
		}
	}
	return 0
}

// MaxOutcomeTableMiB is the largest transposition table SolveOutcome
// accepts, 4 GiB.
const MaxOutcomeTableMiB = 4096

// SearchSum decides who wins the sum s with each player moving first:
// Domineering's game.SumSearcher, which nimber outcome calls. One region of
// at most MaxSide rows and columns is searched by SolveOutcome; a sum of
// several, or a larger region, by the generic search (game.SearchParts),
// in which small regions are valued.
func (rules) SearchSum(ctx context.Context, s game.Sum[pgrid.Region], o game.OutcomeOptions) (game.OutcomeResult, error) {
	if len(s.Parts) == 1 {
		if g := s.Parts[0].Grid(); g.Rows <= MaxSide && g.Cols <= MaxSide {
			res, err := SolveOutcome(ctx, g, o)
			res.Method = game.MethodSearch
			return res, err
		}
	}
	return game.SearchParts(ctx, theGame, s.Parts, o)
}

// CheckSearch accepts every position Parse reads: the search's memory is
// its table's, and its time what the caller allows.
func (rules) CheckSearch(game.Sum[pgrid.Region]) error { return nil }

// SolveOutcome decides who wins the board g ('.' empty, anything else
// filled) with Left moving first and with Right moving first, as Outcome
// does, by a depth-first win/loss search with what the record solvers use
// (Breuker, Uiterwijk and van den Herik, "Solving 8x8 Domineering", 2000;
// Bullock, "Domineering: Solving Large Combinatorial Search Spaces", 2002,
// and his solver Obsequi), each cut sound and each held to the plain
// search on random boards with blocked cells by the tests:
//
//   - The board is held as rows of 32-bit words twice, once in each
//     player's view (see board), so that counts are read per row and a
//     move updates the counts of its few rows.
//   - Bounds (counts.settle, checked on every position a move leaves before
//     it is searched, and board.settleDeep on each position searched). A
//     cell is out of the opponent's reach when neither of its neighbours
//     along his direction is empty; cells only fill, so it stays so. Two
//     such cells side by side along the player's direction are a safe
//     move, which he can never take. Her other dominoes are vulnerable;
//     2 x 2 empty blocks against a wall are areas, worth two moves to
//     whoever plays in them first. The moves a player is sure of (her safe
//     moves, and what her areas and vulnerable dominoes give her when the
//     race for them is played out exactly, see sureTable) are set against
//     the moves the other can make (at most his possible moves, fewer
//     those her areas deny him, and at most half the empty cells her sure
//     moves and the cells out of his reach leave him): the player to move
//     wins when her sure moves exceed his possible ones, and loses when
//     his sure moves are at least hers.
//   - Safe moves are never searched while the player has another move
//     (Bullock's rule; a safe move keeps, so it can wait). When she has
//     nothing else, every move of the opponent is safe too (a cell of his
//     within her reach would be a vulnerable move of hers), so the bounds
//     settle the position exactly: she wins when her safe moves exceed his.
//     The rule was checked against the exhaustive search on 20,000 random
//     boards of up to 6 x 6 cells with blocked cells (every position of
//     each search), and the tests keep checking it.
//   - Transposition table (table): a position with the player to move is
//     a 128-bit Zobrist fingerprint, 120 bits of it compared with each of
//     a bucket's two entries, so a false match has odds of 2^-119 a probe
//     (2^-79 in 2^40 probes, a long run's); buckets of two entries, one
//     kept for the larger search, one always replaced, shared by the
//     threads without locks.
//   - Symmetry. Flipping the board upside down or left to right keeps both
//     players' moves, so a position and its flips share an entry; on a
//     square board a position with Right to move shares the entry of its
//     transpose with Left to move (transposing swaps the players), and a
//     board equal to its own transpose is searched once.
//   - Move ordering, which changes only the time: first the moves that
//     leave the mover's possible and safe moves furthest above the
//     opponent's, then by where they lie (setPlaces).
//   - Threads (opts.Threads): all search the same root and share the
//     table; a thread puts off a move whose position another thread is
//     searching (ABDADA), so they spread over the moves of a position.
//
// It returns ctx's error once cancelled, and ErrOutcomeLimit past
// opts.MaxNodes positions. A board of more than MaxSide rows or columns,
// or a table over MaxOutcomeTableMiB, is refused with a one-line error.
func SolveOutcome(ctx context.Context, g grid.Grid, opts game.OutcomeOptions) (game.OutcomeResult, error) {
	return solveWith(ctx, g, opts, nil)
}

// solveWith is SolveOutcome, with set (when not nil) changing the search
// before it starts: the tests' way to a tiny table.
func solveWith(ctx context.Context, g grid.Grid, opts game.OutcomeOptions, set func(*run)) (game.OutcomeResult, error) {
	s, err := newSearch(ctx, g, opts)
	if err != nil {
		return game.OutcomeResult{}, err
	}
	if set != nil {
		set(s)
	}
	firsts := []int{0, 1}
	if SelfTranspose(g) { // Right first is Left first on the transpose
		firsts = firsts[:1]
	}
	wins, st, err := s.decide(firsts)
	if err != nil {
		return game.OutcomeResult{}, err
	}
	res := game.OutcomeResult{LeftFirst: wins[0], RightFirst: wins[len(wins)-1]}
	res.Nodes, res.Cutoffs, res.TableHits = st.Nodes, st.Cutoffs, st.TableHits
	res.ThreadNodes = st.Threads
	return res, nil
}

// ParseBoard reads one whole board for SolveOutcome, as Parse reads a
// position (rows joined by '|' or newlines, '.' empty, '#' filled) but
// kept whole, not split into regions: the outcome of a sum is not found
// from its parts' outcomes, so a sum ('+') is refused. A board of more
// than MaxSide rows or columns is refused with a *game.LimitError.
func ParseBoard(text string) (grid.Grid, error) {
	boards, err := pgrid.Parse(text, ".#")
	if err != nil {
		return grid.Grid{}, err
	}
	if len(boards) > 1 {
		return grid.Grid{}, fmt.Errorf("a sum of %d boards: the outcome search takes one board (put the boards side by side, apart by a column of '#')", len(boards))
	}
	g := boards[0]
	what := fmt.Sprintf("the %d x %d board", g.Rows, g.Cols)
	if err := game.CheckLimit(what, "rows", int64(g.Rows), MaxSide); err != nil {
		return grid.Grid{}, err
	}
	if err := game.CheckLimit(what, "columns", int64(g.Cols), MaxSide); err != nil {
		return grid.Grid{}, err
	}
	return g, nil
}
