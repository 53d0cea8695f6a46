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
	// Map is the element of each heap 0..Heaps by name, as a JSON array,
	// and PElements the P-portion's elements, the same way: with Order and
	// Presentation they tell equal quotients of two codes. Empty in rows
	// stored before they were kept.
	Map       string `json:"map,omitempty"`
	PElements string `json:"p_portion,omitempty"`
	// Seconds is the time the computation took; Worker and ComputedAt say
	// who computed it and when.
	Seconds    float64   `json:"seconds"`
	Worker     string    `json:"worker,omitempty"`
	ComputedAt time.Time `json:"computed_at"`
}

// quotientColumns are the stored columns of a quotient, in the order of
// scanQuotient.
const quotientColumns = `code, given, heaps, ord, p_size, presentation, stable_from, periodic, preperiod, period, proved_at,
	seconds, worker, computed_at, map, p_portion`

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
	res, err := s.db.ExecContext(ctx, `INSERT INTO quotients (`+quotientColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (code, heaps) DO NOTHING`,
		q.Canonical, q.Code, q.Heaps, q.Order, q.PPortion, q.Presentation, q.StableFrom, q.Periodic, q.Preperiod, q.Period,
		q.ProvedAt, q.Seconds, q.Worker, q.ComputedAt.UTC().Format(time.RFC3339Nano), q.Map, q.PElements)
	if err != nil {
		return false, fmt.Errorf("storing the quotient of %s to %d heaps: %w", q.Canonical, q.Heaps, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Quotients returns the stored quotients of the code canonical (of every
// code when it is empty), by code and heaps.
func (s *Store) Quotients(ctx context.Context, canonical string) ([]QuotientRun, error) {
	query, args := ofCode(`SELECT `+quotientColumns+` FROM quotients`, canonical)
	return queryRows(ctx, s.db, query+` ORDER BY code, heaps`, args, scanQuotient)
}

// BestQuotient returns the stored quotient of the code canonical that
// answers heaps 1..atLeast: proved for every heap (periodic), else the one
// of the most heaps, at least atLeast; ok is false when none does.
func (s *Store) BestQuotient(ctx context.Context, canonical string, atLeast int) (q QuotientRun, ok bool, err error) {
	return first(queryRows(ctx, s.db, `SELECT `+quotientColumns+` FROM quotients WHERE code = ? AND (periodic OR heaps >= ?)
		ORDER BY periodic DESC, heaps DESC LIMIT 1`, []any{canonical, atLeast}, scanQuotient))
}

// BestQuotients returns the best stored quotient of each code, as
// BestQuotient chooses (periodic first, then the most heaps), by code.
func (s *Store) BestQuotients(ctx context.Context) ([]QuotientRun, error) {
	return queryRows(ctx, s.db, `SELECT `+quotientColumns+` FROM quotients q WHERE NOT EXISTS (SELECT 1 FROM quotients b
		WHERE b.code = q.code AND (b.periodic > q.periodic OR b.periodic = q.periodic AND b.heaps > q.heaps)) ORDER BY code`, nil, scanQuotient)
}

// ofCode returns query limited to the rows of the code canonical, unless
// it is empty, and the query's arguments.
func ofCode(query, canonical string) (string, []any) {
	if canonical == "" {
		return query, nil
	}
	return query + ` WHERE code = ?`, []any{canonical}
}

// scanQuotient reads a row of quotientColumns.
func scanQuotient(row scanner) (QuotientRun, error) {
	var q QuotientRun
	var at string
	err := row.Scan(&q.Canonical, &q.Code, &q.Heaps, &q.Order, &q.PPortion, &q.Presentation, &q.StableFrom, &q.Periodic,
		&q.Preperiod, &q.Period, &q.ProvedAt, &q.Seconds, &q.Worker, &at, &q.Map, &q.PElements)
	if err != nil {
		return q, err
	}
	q.ComputedAt, err = time.Parse(time.RFC3339Nano, at)
	return q, err
}

// QuotientStop is a quotient computation stopped by a limit: the code,
// asked for heaps 1..Heaps under the limits Memory, Checks and Timeout,
// stopped while adding heap StoppedAt, the quotient of heaps
// 1..StoppedAt-1 having order Order.
type QuotientStop struct {
	// Code is the code as given; Canonical its canonical form, the key.
	Code      string `json:"code"`
	Canonical string `json:"canonical"`
	Heaps     int    `json:"heaps"`
	StoppedAt int    `json:"stopped_at"`
	Order     int    `json:"order"`
	// Reason is what stopped it, in the engine's words.
	Reason string `json:"reason"`
	// Memory (bytes) and Checks are the engine's limits, Timeout the
	// time allowed (0: none).
	Memory  int64         `json:"memory"`
	Checks  int           `json:"checks"`
	Timeout time.Duration `json:"timeout"`
	// Seconds is the time spent; Worker and ComputedAt say who stopped
	// and when.
	Seconds    float64   `json:"seconds"`
	Worker     string    `json:"worker,omitempty"`
	ComputedAt time.Time `json:"computed_at"`
}

const stopColumns = `code, given, heaps, stopped_at, ord, reason, memory, checks, timeout_ms, seconds, worker, computed_at`

// PutQuotientStop remembers a stopped computation unless the same stop
// (code, heap, limits) is stored already: inserted reports whether it was
// written. ComputedAt is set to now when zero.
func (s *Store) PutQuotientStop(ctx context.Context, q QuotientStop) (inserted bool, err error) {
	switch {
	case q.Canonical == "":
		return false, errors.New("quotient stop: canonical code is empty")
	case q.StoppedAt < 1 || q.StoppedAt > q.Heaps || q.Order < 1 || q.Memory < 1 || q.Checks < 1 || q.Timeout < 0 || 0 < q.Timeout && q.Timeout < time.Millisecond:
		return false, fmt.Errorf("quotient stop %s: heap %d of %d, order %d, memory %d, checks %d, timeout %v out of range",
			q.Canonical, q.StoppedAt, q.Heaps, q.Order, q.Memory, q.Checks, q.Timeout)
	}
	if q.ComputedAt.IsZero() {
		q.ComputedAt = time.Now()
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO quotient_stops (`+stopColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT DO NOTHING`,
		q.Canonical, q.Code, q.Heaps, q.StoppedAt, q.Order, q.Reason, q.Memory, q.Checks, q.Timeout.Milliseconds(), q.Seconds,
		q.Worker, q.ComputedAt.UTC().Format(time.RFC3339Nano))
	if err != nil {
		return false, fmt.Errorf("storing the stop of %s at heap %d: %w", q.Canonical, q.StoppedAt, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// QuotientStopped returns a stored stop that answers the quotient of the
// code canonical to heaps under the limits memory, checks and timeout (0:
// none): one that stopped at a heap up to heaps under limits as high or
// higher, so that the computation would stop again. Of several, it
// returns the earliest heap. ok is false when none does.
func (s *Store) QuotientStopped(ctx context.Context, canonical string, heaps int, memory int64, checks int, timeout time.Duration) (q QuotientStop, ok bool, err error) {
	return first(queryRows(ctx, s.db, `SELECT `+stopColumns+` FROM quotient_stops WHERE code = ? AND stopped_at <= ? AND memory >= ? AND checks >= ?
		AND (timeout_ms = 0 OR (? > 0 AND timeout_ms >= ?)) ORDER BY stopped_at, computed_at LIMIT 1`,
		[]any{canonical, heaps, memory, checks, timeout.Milliseconds(), timeout.Milliseconds()}, scanStop))
}

// QuotientStops returns the stored stops of the code canonical (of every
// code when it is empty), by code and heap.
func (s *Store) QuotientStops(ctx context.Context, canonical string) ([]QuotientStop, error) {
	query, args := ofCode(`SELECT `+stopColumns+` FROM quotient_stops`, canonical)
	return queryRows(ctx, s.db, query+` ORDER BY code, stopped_at, computed_at`, args, scanStop)
}

// scanStop reads a row of stopColumns.
func scanStop(row scanner) (QuotientStop, error) {
	var q QuotientStop
	var at string
	var ms int64
	err := row.Scan(&q.Canonical, &q.Code, &q.Heaps, &q.StoppedAt, &q.Order, &q.Reason, &q.Memory, &q.Checks, &ms,
		&q.Seconds, &q.Worker, &at)
	if err != nil {
		return q, err
	}
	q.Timeout = time.Duration(ms) * time.Millisecond
	q.ComputedAt, err = time.Parse(time.RFC3339Nano, at)
	return q, err
}
