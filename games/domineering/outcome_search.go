package domineering

import (
	"context"
	"fmt"

	"nimber/game"
	"nimber/games/internal/pgrid"
	"nimber/grid"
)

// DefaultOutcomeTableMiB is the size of SolveOutcome's transposition
// table when game.OutcomeOptions.TableMiB is 0.
const DefaultOutcomeTableMiB = 64

// MaxOutcomeTableMiB is the largest transposition table SolveOutcome
// accepts, 4 GiB.
const MaxOutcomeTableMiB = 4096

// SearchSum decides who wins the sum s with each player moving first:
// Domineering's game.SumSearcher, which nimber outcome calls. One region of
// at most MaxOutcomeCells cells is searched by SolveOutcome; a sum of
// several, or a larger region, by the generic search (game.SearchParts),
// in which small regions are valued.
func (rules) SearchSum(ctx context.Context, s game.Sum[pgrid.Region], o game.OutcomeOptions) (game.OutcomeResult, error) {
	if len(s.Parts) == 1 {
		if g := s.Parts[0].Grid(); g.Rows*g.Cols <= MaxOutcomeCells {
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
// does, by a depth-first win/loss search (alpha-beta reduced to wins and
// losses) that adds what the literature's solvers use (Breuker, Uiterwijk
// and van den Herik, "Solving 8x8 Domineering", 2000; Bullock, "Domineering:
// Solving Large Combinatorial Search Spaces", 2002), each cut sound:
//
//   - Safe-move bounds. A cell is out of the opponent's reach when neither
//     of its neighbours along the opponent's direction is empty; cells only
//     ever fill, so it stays so. Two such cells next to each other along
//     the player's own direction are a safe move: no opponent move can take
//     it away, and playing it takes nothing from the opponent. The safe
//     moves counted are disjoint (⌊k/2⌋ in a run of k such cells), so the
//     player can play all of them, one per turn, whatever the opponent
//     does. Her other moves counted, on disjoint pairs of the cells within
//     the opponent's reach, are vulnerable: an opponent move covers two
//     cells, so it takes at most two of them. Playing those first, between
//     opponent moves that take two each, she plays at least ⌈v/3⌉ of v
//     moving first and ⌊v/3⌋ moving second, before her safe ones. The
//     opponent's moves in the rest of the game are at most the largest set
//     of disjoint opponent dominoes on the empty cells (⌊k/2⌋ in each run of
//     k empty cells along the opponent's direction). So the player to move
//     wins when her safe moves and ⌈v/3⌉ exceed the opponent's possible
//     moves (she answers every one of them and still has a move), and loses
//     when the opponent's safe moves and ⌊v/3⌋ of his vulnerable ones are at
//     least her possible moves. The bounds are checked on every position a
//     move leaves before it is searched: such a position is never searched.
//   - Transposition table. A position is its set of empty cells and the
//     player to move, stored whole in each entry and compared in full, so
//     an entry found is an exact win or loss, never a guess; a full table
//     overwrites an entry (a bucket of two: one kept for the position that
//     took the larger search, one always replaced), which costs time, never
//     soundness. Left-first and Right-first searches share the table.
//   - Symmetry. Flipping the board upside down or left to right keeps
//     every player's moves, so a position and its flips have one entry
//     (keyed by the least of the four as a number); a board equal to its
//     own transpose (a square, empty) is searched once, since transposing
//     swaps the players: Right first on a board is Left first on its
//     transpose.
//   - Move ordering, which changes only the time: first the moves that
//     leave the mover's safe moves furthest above the opponent's possible
//     moves, then her possible moves furthest above his safe ones (so a
//     move that takes two of his moves or makes her a safe move comes
//     early, and spending a safe move, which takes nothing from him, late),
//     ties broken by the history heuristic: the moves that refuted other
//     positions.
//
// It returns ctx's error once cancelled, and ErrOutcomeLimit past
// opts.MaxNodes positions. A board of more than MaxOutcomeCells cells, or
// a table over MaxOutcomeTableMiB, is refused with a one-line error.
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
	probe := newSearcher(ctx, s.sh, s.start)
	problems := []problem{s.root(0, probe)}
	if !s.selfTranspose() {
		problems = append(problems, s.root(1, probe))
	}
	st, err := s.solve(problems)
	if err != nil {
		return game.OutcomeResult{}, err
	}
	st.add(probe.stats())
	res := game.OutcomeResult{LeftFirst: problems[0].win, RightFirst: problems[len(problems)-1].win}
	res.Nodes, res.Cutoffs, res.TableHits = st.Nodes, st.Cutoffs, st.TableHits
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
