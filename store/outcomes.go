package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Outcome is who wins a stored position of a partizan game, with each
// player moving first (nimber outcome --db).
type Outcome struct {
	// Game names the game (domineering); Position is the position as the
	// game writes it, the key with Game.
	Game     string `json:"game"`
	Position string `json:"position"`
	// Outcome is the outcome class, L, R, N or P; LeftFirst and
	// RightFirst say who wins ("Left" or "Right") with Left and with
	// Right moving first.
	Outcome    string `json:"outcome"`
	LeftFirst  string `json:"left_first"`
	RightFirst string `json:"right_first"`
	// Positions is what the search searched, Seconds its wall-clock time
	// (of every run of a search resumed from a checkpoint); Worker and
	// ComputedAt say who decided it and when.
	Positions  int64     `json:"positions"`
	Seconds    float64   `json:"seconds"`
	Worker     string    `json:"worker"`
	ComputedAt time.Time `json:"computed_at"`
}

// OutcomeClass returns the outcome class of who wins with Left moving
// first and with Right moving first ("Left" or "Right" each): L, R, N or
// P, or "" when either is neither name.
func OutcomeClass(leftFirst, rightFirst string) string {
	return map[[2]string]string{{"Left", "Left"}: "L", {"Right", "Right"}: "R", {"Left", "Right"}: "N", {"Right", "Left"}: "P"}[[2]string{leftFirst, rightFirst}]
}

// outcomeColumns are the stored columns of an outcome, in the order of
// scanOutcome.
const outcomeColumns = `game, position, outcome, left_first, right_first, positions, seconds, worker, computed_at`

// PutOutcome stores o unless the same position of the same game is stored
// already, which it keeps: inserted reports whether o was written.
// ComputedAt is set to now when zero.
func (s *Store) PutOutcome(ctx context.Context, o Outcome) (inserted bool, err error) {
	switch {
	case o.Game == "" || o.Position == "":
		return false, errors.New("outcome: the game or the position is empty")
	case o.Outcome == "" || OutcomeClass(o.LeftFirst, o.RightFirst) != o.Outcome:
		return false, fmt.Errorf("outcome of %s %s: class %q with %q winning moving first as Left and %q as Right", o.Game, o.Position, o.Outcome, o.LeftFirst, o.RightFirst)
	case o.Positions < 0 || o.Seconds < 0:
		return false, fmt.Errorf("outcome of %s %s: %d positions, %g s", o.Game, o.Position, o.Positions, o.Seconds)
	}
	if o.ComputedAt.IsZero() {
		o.ComputedAt = time.Now()
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO outcomes (`+outcomeColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game, position) DO NOTHING`,
		o.Game, o.Position, o.Outcome, o.LeftFirst, o.RightFirst, o.Positions, o.Seconds, o.Worker, o.ComputedAt.UTC().Format(time.RFC3339Nano))
	if err != nil {
		return false, fmt.Errorf("storing the outcome of %s %s: %w", o.Game, o.Position, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Outcome returns the stored outcome of position of game; ok is false when
// there is none.
func (s *Store) Outcome(ctx context.Context, game, position string) (o Outcome, ok bool, err error) {
	return first(queryRows(ctx, s.db, `SELECT `+outcomeColumns+` FROM outcomes WHERE game = ? AND position = ?`,
		[]any{game, position}, scanOutcome))
}

// Outcomes returns the stored outcomes of game (of every game when it is
// empty), by game and position.
func (s *Store) Outcomes(ctx context.Context, game string) ([]Outcome, error) {
	query, args := `SELECT `+outcomeColumns+` FROM outcomes`, []any(nil)
	if game != "" {
		query, args = query+` WHERE game = ?`, []any{game}
	}
	return queryRows(ctx, s.db, query+` ORDER BY game, position`, args, scanOutcome)
}

// scanOutcome reads a row of outcomeColumns.
func scanOutcome(row scanner) (Outcome, error) {
	var o Outcome
	var at string
	if err := row.Scan(&o.Game, &o.Position, &o.Outcome, &o.LeftFirst, &o.RightFirst, &o.Positions, &o.Seconds, &o.Worker, &at); err != nil {
		return o, err
	}
	var err error
	o.ComputedAt, err = time.Parse(time.RFC3339Nano, at)
	return o, err
}
