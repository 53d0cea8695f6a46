package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// QuotientRun is a stored misère quotient: that of the sums of heaps
// 1..Heaps of a code (misere.Solver.Quotient).
type QuotientRun struct {
	// Code is the code as given; Canonical its canonical form, the key.
	Code      string `json:"code"`
	Canonical string `json:"canonical"`
	Heaps     int    `json:"heaps"`
	Order     int    `json:"order"`
	// PPortion is the number of elements of the P-portion.
	PPortion int `json:"p_portion_size"`
	// Presentation is the generators and relations, as JSON:
	// {"generators": [{"name", "heap"}...], "relations": [{"left", "right"}...]}.
	Presentation string `json:"presentation"`
	// StableFrom is the heap from which the order stays the same up to
	// Heaps.
	StableFrom int `json:"stable_from"`
	// Periodic reports a quotient proved for every heap by the periodicity
	// theorem: heap n+Period has the element of heap n for n >= Preperiod,
	// proved from the heaps 1..ProvedAt.
	Periodic  bool `json:"periodic"`
	Preperiod int  `json:"preperiod,omitempty"`
	Period    int  `json:"period,omitempty"`
	ProvedAt  int  `json:"proved_at,omitempty"`
	// Seconds is the time the computation took; Worker and ComputedAt say
	// who computed it and when.
	Seconds    float64   `json:"seconds"`
	Worker     string    `json:"worker,omitempty"`
	ComputedAt time.Time `json:"computed_at"`
}

// quotientColumns are the stored columns of a quotient, in the order of
// scanQuotient.
const quotientColumns = `code, given, heaps, ord, p_size, presentation, stable_from, periodic, preperiod, period, proved_at,
	seconds, worker, computed_at`

// PutQuotient stores q unless a quotient of the same code and heaps is
// stored already, which it keeps: inserted reports whether q was written.
// ComputedAt is set to now when zero.
func (s *Store) PutQuotient(ctx context.Context, q QuotientRun) (inserted bool, err error) {
	switch {
	case q.Canonical == "":
		return false, errors.New("quotient: canonical code is empty")
	case q.Heaps < 0 || q.Order < 1 || q.PPortion < 0 || q.PPortion > q.Order:
		return false, fmt.Errorf("quotient %s: heaps %d, order %d, P-portion %d out of range", q.Canonical, q.Heaps, q.Order, q.PPortion)
	}
	if q.ComputedAt.IsZero() {
		q.ComputedAt = time.Now()
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO quotients (`+quotientColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (code, heaps) DO NOTHING`,
		q.Canonical, q.Code, q.Heaps, q.Order, q.PPortion, q.Presentation, q.StableFrom, q.Periodic, q.Preperiod, q.Period,
		q.ProvedAt, q.Seconds, q.Worker, q.ComputedAt.UTC().Format(time.RFC3339Nano))
	if err != nil {
		return false, fmt.Errorf("storing the quotient of %s to %d heaps: %w", q.Canonical, q.Heaps, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Quotients returns the stored quotients of the code canonical (of every
// code when it is empty), by code and heaps.
func (s *Store) Quotients(ctx context.Context, canonical string) ([]QuotientRun, error) {
	query := `SELECT ` + quotientColumns + ` FROM quotients`
	var args []any
	if canonical != "" {
		query += ` WHERE code = ?`
		args = append(args, canonical)
	}
	rows, err := s.db.QueryContext(ctx, query+` ORDER BY code, heaps`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []QuotientRun
	for rows.Next() {
		var q QuotientRun
		var at string
		if err := rows.Scan(&q.Canonical, &q.Code, &q.Heaps, &q.Order, &q.PPortion, &q.Presentation, &q.StableFrom, &q.Periodic,
			&q.Preperiod, &q.Period, &q.ProvedAt, &q.Seconds, &q.Worker, &at); err != nil {
			return nil, err
		}
		if q.ComputedAt, err = time.Parse(time.RFC3339Nano, at); err != nil {
			return nil, err
		}
		out = append(out, q)
	}
	return out, rows.Err()
}
