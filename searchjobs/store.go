package searchjobs

// The decided boards in the results store (package store, table
// outcomes).

import (
	"context"
	"time"

	"nimber/game"
	"nimber/grid"
	"nimber/store"
)

// Stored is a board answered from the store.
type Stored struct {
	// Row is the stored row: of the board itself, or of a board its
	// symmetry (As) makes it.
	Row store.Outcome
	// As says how the board is the stored one: "" for the same board,
	// else "upside down", "left to right", "turned half round" (who wins
	// the same), "transposed", ... (Left and Right swapped).
	As string
	// LeftFirst and RightFirst report whether the player moving first
	// wins on the board asked, Left and Right.
	LeftFirst, RightFirst bool
}

// symmetry is one of the eight symmetries of a board: flips, then a
// transposition, which swaps the players.
type symmetry struct {
	name               string
	flipRows, flipCols bool
	transpose          bool
}

var symmetries = []symmetry{
	{"", false, false, false},
	{"upside down", true, false, false},
	{"left to right", false, true, false},
	{"turned half round", true, true, false},
	{"transposed", false, false, true},
	{"transposed, upside down", true, false, true},
	{"transposed, left to right", false, true, true},
	{"transposed, turned half round", true, true, true},
}

// apply returns board g under the symmetry.
func (s symmetry) apply(g grid.Grid) grid.Grid {
	rows, cols := g.Rows, g.Cols
	if s.transpose {
		rows, cols = cols, rows
	}
	out := grid.Grid{Rows: rows, Cols: cols, Cells: make([]byte, rows*cols)}
	for r := range g.Rows {
		for c := range g.Cols {
			rr, cc := r, c
			if s.flipRows {
				rr = g.Rows - 1 - r
			}
			if s.flipCols {
				cc = g.Cols - 1 - c
			}
			if s.transpose {
				rr, cc = cc, rr
			}
			out.Set(rr, cc, g.At(r, c))
		}
	}
	return out
}

// Lookup returns the stored outcome of board g, found as itself or as
// one of its seven symmetric boards: flipping keeps every player's moves,
// and transposing swaps the players (Right first on a board is Left first
// on its transpose).
func Lookup(ctx context.Context, st *store.Store, g grid.Grid) (Stored, bool, error) {
	tried := map[string]bool{}
	for _, s := range symmetries {
		text := BoardText(s.apply(g))
		if tried[text] {
			continue
		}
		tried[text] = true
		row, ok, err := st.Outcome(ctx, Game, text)
		if err != nil || !ok {
			if err != nil {
				return Stored{}, false, err
			}
			continue
		}
		lf, rf := row.LeftFirst == "Left", row.RightFirst == "Right"
		if s.transpose {
			lf, rf = rf, lf
		}
		return Stored{Row: row, As: s.name, LeftFirst: lf, RightFirst: rf}, true, nil
	}
	return Stored{}, false, nil
}

// Keep stores the outcome of board g, decided by worker in seconds over
// positions: inserted is false when the board was stored already (the
// first row stays).
func Keep(ctx context.Context, st *store.Store, g grid.Grid, leftFirst, rightFirst bool, positions int64, seconds float64, worker string) (inserted bool, err error) {
	if worker == "" {
		worker = workerName()
	}
	return st.PutOutcome(ctx, store.Outcome{Game: Game, Position: BoardText(g), Outcome: outcomeClass(leftFirst, rightFirst),
		LeftFirst: winner(game.Left, leftFirst), RightFirst: winner(game.Right, rightFirst),
		Positions: positions, Seconds: seconds, Worker: worker, ComputedAt: time.Now().UTC()})
}
