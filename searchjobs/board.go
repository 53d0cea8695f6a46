package searchjobs

import (
	"context"
	"errors"

	"nimber/game"
	"nimber/grid"
)

// Search is what a split run needs of the search of one board of Game,
// which the game's own package provides: this package imports no game.
// The registry registers Domineering's (registry.init, through Register),
// so every program that reaches games through the registry has it.
type Search struct {
	// ParseBoard reads one board, or refuses it in one line.
	ParseBoard func(text string) (grid.Grid, error)
	// CheckBoard refuses a board the search does not take.
	CheckBoard func(g grid.Grid) error
	// SelfTranspose reports whether a board is its own transpose, so
	// that Right first is Left first.
	SelfTranspose func(g grid.Grid) bool
	// Split returns the mover's first moves worth searching as the boards
	// they leave, or settled and who wins.
	Split func(g grid.Grid, mover game.Side) (children []grid.Grid, settled, win bool, err error)
	// NewSolver returns a Solver of rows x cols boards with o's table,
	// threads and progress, its table kept from one board to the next.
	NewSolver func(rows, cols int, o game.OutcomeOptions) (Solver, error)
	// DefaultTableMiB is a queue job's table when the run names none (a
	// run in process leaves it to NewSolver, whose default grows with the
	// board: a worker may run several jobs at once); MaxTableMiB bounds a
	// search's table.
	DefaultTableMiB, MaxTableMiB int
}

// Solver decides whether mover wins moving first on board g, with the
// positions it searched.
type Solver func(ctx context.Context, g grid.Grid, mover game.Side) (win bool, positions int64, err error)

var search Search

// Register makes s the search of one board that runs and workers use.
func Register(s Search) { search = s }

// errNoSearch is the error of a run in a program that registered no
// search (one that does not import the registry).
var errNoSearch = errors.New("searchjobs: no board search registered (import nimber/registry)")

// ParseBoard reads one board of Game (its game's rows joined by '|').
func ParseBoard(text string) (grid.Grid, error) {
	if search.ParseBoard == nil {
		return grid.Grid{}, errNoSearch
	}
	return search.ParseBoard(text)
}
