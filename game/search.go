package game

import (
	"context"
	"errors"
)

// ErrSearchLimit is the error of a search of who wins that reached its
// bound on positions (OutcomeOptions.MaxNodes) before deciding.
var ErrSearchLimit = errors.New("the search reached its limit of positions")

// OutcomeOptions bound an OutcomeSearcher's search.
type OutcomeOptions struct {
	// TableMiB is the memory of the search's table of positions in MiB: 0
	// for the game's default. The table never grows past it.
	TableMiB int
	// MaxNodes is the most positions searched before the search gives up
	// with an error wrapping ErrSearchLimit; 0 (or less) for no limit.
	MaxNodes int64
}

// OutcomeResult is who wins a position of a partizan game with each
// player moving first, and the work the search took.
type OutcomeResult struct {
	LeftFirst  bool  // Left wins moving first
	RightFirst bool  // Right wins moving first
	Nodes      int64 // positions searched, table hits included (what MaxNodes bounds)
	Cutoffs    int64 // positions settled by the game's bounds without a search, not in Nodes
	TableHits  int64 // positions settled by the table
}

// OutcomeSearcher is implemented by partizan games that decide who wins a
// whole position by a search of wins and losses alone, without values,
// past what canonical forms reach (Domineering's 8 x 8 board). The
// outcome of a sum is not its parts' outcomes, so the search takes the
// whole position, as text in the game's position format.
type OutcomeSearcher interface {
	// SearchOutcome decides who wins the position text with each player
	// moving first. Text the game cannot search (a sum, a board too large)
	// is refused in one line; ctx stops the search.
	SearchOutcome(ctx context.Context, text string, o OutcomeOptions) (OutcomeResult, error)
}

// OutcomeSearcherOf returns g's search of who wins; ok is false when g
// has none (its outcomes then come from canonical forms).
func OutcomeSearcherOf(g Game) (s OutcomeSearcher, ok bool) {
	s, ok = g.Rules().(OutcomeSearcher)
	return s, ok
}
