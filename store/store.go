// Package store keeps the results of censuses of heap games in SQLite
// (modernc.org/sqlite, pure Go): one row per code and number of heaps
// computed, written once. The schema is the SQL files of migrations/,
// applied in order by Open; the database runs in WAL mode, so several
// processes may read and write it at once.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" driver
)

// Status of a code.
const (
	StatusProven   = "proven"   // a period proven by the Guy–Smith condition
	StatusApparent = "apparent" // a period (or arithmetic period) seen, not proven
	StatusOpen     = "open"     // no period in the values computed
)

// Run is what a census found of one code computed to Heaps heaps.
type Run struct {
	// Code is the code as given; Canonical its canonical form, the key.
	Code      string `json:"code"`
	Canonical string `json:"canonical"`
	// Heaps is how far the code was computed: G(0..Heaps-1).
	Heaps  int    `json:"heaps"`
	Status string `json:"status"`
	// Proven repeats Status == "proven", for readers of the JSON.
	Proven    bool `json:"proven"`
	Period    int  `json:"period"`
	Preperiod int  `json:"preperiod"`
	Saltus    int  `json:"saltus"`
	// LastExceptional is the last heap whose value is not the periodic one
	// (Preperiod-1); -1 when there is none or no period.
	LastExceptional int `json:"last_exceptional"`
	// Mask splits the values into rare and common (the sparse-space
	// engine's), Rare counts the heaps whose value is rare under it and
	// LastRare is the last of them (-1: none, or Mask 0).
	Mask     int `json:"mask"`
	Rare     int `json:"rare_heaps"`
	LastRare int `json:"last_rare_heap"`
	Largest  int `json:"largest_value"`
	// Seconds is the time the computation took (of this run only when it
	// extended an earlier one, from Extended heaps).
	Seconds  float64 `json:"seconds"`
	Extended int     `json:"extended_from,omitempty"`
	// ValuesSHA256 is the SHA-256 of the values G(0..Heaps-1), two bytes
	// each, little-endian: codes with equal values are the same game as far
	// as computed.
	ValuesSHA256 string `json:"values_sha256"`
	// HeadSHA256 and TailSHA256 hash G(0..Heaps-2) and G(1..Heaps-1) the
	// same way: a code whose head is another's tail has that code's values
	// one heap on.
	HeadSHA256 string `json:"head_sha256,omitempty"`
	TailSHA256 string `json:"tail_sha256,omitempty"`
	// SeqPath and SeqSHA256 are the sequence file the run wrote and its
	// SHA-256, when it wrote one (on the worker's machine).
	SeqPath   string `json:"seq_path,omitempty"`
	SeqSHA256 string `json:"seq_sha256,omitempty"`
	// Worker names the worker that computed it: host/pid for "nimber
	// worker", host/pid/k for the k-th worker inside "nimber census".
	Worker string `json:"worker,omitempty"`
	// ComputedAt is when the run was computed: the worker's clock when it
	// finished, or the time it was stored when the worker did not say.
	ComputedAt time.Time `json:"computed_at"`
	// Note says what a census notices of the code, such as another code
	// with the same values. It is not stored.
	Note string `json:"note,omitempty"`
	// Cached reports a run read from the store rather than computed now.
	// It is not stored.
	Cached bool `json:"cached,omitempty"`
}

//go:embed migrations/*.sql
var migrations embed.FS

// Store is an open results database. It is safe for concurrent use.
type Store struct {
	db   *sql.DB
	path string
}

// DefaultPath is the database of a user who names none: census.db in
// nimber's folder of the user's cache directory, which it creates.
func DefaultPath() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for the results store (give --db FILE): %w", err)
	}
	dir = filepath.Join(dir, "nimber")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	return filepath.Join(dir, "census.db"), nil
}

// Open opens (or creates) the database at path and brings its schema up to
// date. A database written by a newer nimber, with migrations this one
// does not know, is refused.
func Open(ctx context.Context, path string) (*Store, error) {
	db, err := openDB(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	s := &Store{db: db, path: path}
	if err := s.wal(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// busyTimeout is how long a statement waits for another connection's or
// process's lock before it fails with SQLITE_BUSY.
const busyTimeout = 10 * time.Second

// openDB opens the SQLite file at path with a busy timeout for the other
// processes' writes (WAL mode is set by wal, once). Transactions begin
// IMMEDIATE: one takes the write lock at BEGIN, waiting out the busy
// timeout, rather than failing at its first write when another process
// wrote in between.
func openDB(path string) (*sql.DB, error) {
	q := url.Values{}
	for _, p := range []string{fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()), "synchronous(NORMAL)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	// One connection: SQLite has one writer at a time anyway, and a single
	// connection keeps this process's writes from waiting on each other.
	db.SetMaxOpenConns(1)
	return db, nil
}

// wal puts the database in WAL mode, which the file keeps. It is not a
// pragma of the DSN: a connection switching a new database to WAL while
// another process does the same may get SQLITE_BUSY at once, without the
// busy timeout, and a DSN pragma that fails fails the connection. Here
// that is retried until the busy timeout has passed.
func (s *Store) wal(ctx context.Context) error {
	var mode string
	err := retryBusy(ctx, func() error {
		return s.db.QueryRowContext(ctx, `PRAGMA journal_mode = WAL`).Scan(&mode)
	})
	if err != nil {
		return fmt.Errorf("setting WAL mode: %w", err)
	}
	if !strings.EqualFold(mode, "wal") {
		return fmt.Errorf("the database stays in journal mode %q, not WAL", mode)
	}
	return nil
}

// retryBusy calls f until it returns anything but SQLITE_BUSY, for at most
// busyTimeout.
func retryBusy(ctx context.Context, f func() error) error {
	deadline := time.Now().Add(busyTimeout)
	for wait := time.Millisecond; ; wait = min(2*wait, 50*time.Millisecond) {
		err := f()
		if !isBusy(err) || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
	}
}

// isBusy reports whether err is SQLite's SQLITE_BUSY (any extended code).
func isBusy(err error) bool {
	var e interface{ Code() int }
	return errors.As(err, &e) && e.Code()&0xff == 5 // SQLITE_BUSY
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Path returns the database's file.
func (s *Store) Path() string { return s.path }

// migration is one SQL file of migrations/, numbered by its name's prefix.
type migration struct {
	version int
	name    string
	sql     string
}

func loadMigrations() ([]migration, error) {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, name := range names {
		base := filepath.Base(name)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v < 1 {
			return nil, fmt.Errorf("migration %s: the name must start with its number, e.g. 0003_", base)
		}
		b, err := migrations.ReadFile(name)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: base, sql: string(b)})
	}
	slices.SortFunc(out, func(a, b migration) int { return a.version - b.version })
	for i, m := range out {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: want number %d (the migrations are numbered 1, 2, ... without gaps)", m.name, i+1)
		}
	}
	return out, nil
}

// Version returns the schema version of the database: the number of
// migrations applied.
func (s *Store) Version(ctx context.Context) (int, error) {
	var v int
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&v)
	return v, err
}

// migrate applies the migrations the database lacks, each in a transaction
// with its row in schema_migrations.
func (s *Store) migrate(ctx context.Context) error {
	return s.migrateTo(ctx, -1)
}

// migrateTo applies the migrations up to version to (all when to < 0),
// each in its own transaction, which holds the write lock from its start
// and reads the version again under it: processes that open a new
// database at once apply each migration once.
func (s *Store) migrateTo(ctx context.Context, to int) error {
	ms, err := loadMigrations()
	if err != nil {
		return err
	}
	if to < 0 || to > len(ms) {
		to = len(ms)
	}
	// Up to date (the usual case): no write lock taken.
	var have int
	err = s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have)
	if err == nil && have > len(ms) {
		return newer(have, len(ms))
	}
	if err == nil && have >= to {
		return nil
	}
	for {
		done, err := s.migrateOne(ctx, ms, to)
		if err != nil || done {
			return err
		}
	}
}

func newer(have, know int) error {
	return fmt.Errorf("the database has schema version %d, this nimber knows %d: it was written by a newer nimber", have, know)
}

// migrateOne applies the next migration the database lacks, unless it has
// version to already (done).
func (s *Store) migrateOne(ctx context.Context, ms []migration, to int) (done bool, err error) {
	tx, err := s.db.BeginTx(ctx, nil) // BEGIN IMMEDIATE (_txlock)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`); err != nil {
		return false, err
	}
	var have int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
		return false, err
	}
	if have > len(ms) {
		return false, newer(have, len(ms))
	}
	if have >= to {
		return true, tx.Commit()
	}
	m := ms[have]
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return false, fmt.Errorf("migration %s: %w", m.name, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
		m.version, m.name, time.Now().UTC().Format(time.RFC3339)); err != nil {
		return false, fmt.Errorf("migration %s: %w", m.name, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("migration %s: %w", m.name, err)
	}
	return false, nil
}

// columns are the stored columns of a run, in the order of scan.
const columns = `code, given, heaps, status, period, preperiod, saltus, last_exceptional, mask, rare, last_rare,
	largest, seconds, extended, worker, computed_at, values_sha256, seq_path, seq_sha256, head_sha256, tail_sha256`

func check(r Run) error {
	switch {
	case r.Canonical == "":
		return errors.New("run: canonical code is empty")
	case r.Heaps < 1:
		return fmt.Errorf("run %s: heaps %d, want at least 1", r.Canonical, r.Heaps)
	case r.Status != StatusProven && r.Status != StatusApparent && r.Status != StatusOpen:
		return fmt.Errorf("run %s: status %q is not proven, apparent or open", r.Canonical, r.Status)
	}
	return nil
}

// Put stores r unless a run of the same code and heaps is stored already,
// which it keeps: inserted reports whether r was written. ComputedAt is
// set to now when zero.
func (s *Store) Put(ctx context.Context, r Run) (inserted bool, err error) {
	if err := check(r); err != nil {
		return false, err
	}
	if r.ComputedAt.IsZero() {
		r.ComputedAt = time.Now()
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO runs (`+columns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (code, heaps) DO NOTHING`,
		r.Canonical, r.Code, r.Heaps, r.Status, r.Period, r.Preperiod, r.Saltus, r.LastExceptional, r.Mask, r.Rare, r.LastRare,
		r.Largest, r.Seconds, r.Extended, r.Worker, r.ComputedAt.UTC().Format(time.RFC3339Nano), r.ValuesSHA256, r.SeqPath, r.SeqSHA256, r.HeadSHA256, r.TailSHA256)
	if err != nil {
		return false, fmt.Errorf("storing %s to %d heaps: %w", r.Canonical, r.Heaps, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// scanner is a row to read: *sql.Row or *sql.Rows.
type scanner interface{ Scan(...any) error }

// queryRows runs query and reads each row it returns with scan.
func queryRows[T any](ctx context.Context, db *sql.DB, query string, args []any, scan func(scanner) (T, error)) ([]T, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// first returns the first of rows, the answer of a query and its error;
// ok is false when there is none.
func first[T any](rows []T, err error) (v T, ok bool, _ error) {
	if err != nil || len(rows) == 0 {
		return v, false, err
	}
	return rows[0], true, nil
}

func scan(rows scanner) (Run, error) {
	var r Run
	var at string
	err := rows.Scan(&r.Canonical, &r.Code, &r.Heaps, &r.Status, &r.Period, &r.Preperiod, &r.Saltus, &r.LastExceptional,
		&r.Mask, &r.Rare, &r.LastRare, &r.Largest, &r.Seconds, &r.Extended, &r.Worker, &at, &r.ValuesSHA256, &r.SeqPath, &r.SeqSHA256, &r.HeadSHA256, &r.TailSHA256)
	if err != nil {
		return r, err
	}
	r.Proven = r.Status == StatusProven
	r.ComputedAt, err = time.Parse(time.RFC3339Nano, at)
	return r, err
}

// Best returns the longest stored run of the code canonical with at least
// atLeast heaps; ok is false when there is none.
func (s *Store) Best(ctx context.Context, canonical string, atLeast int) (r Run, ok bool, err error) {
	return s.one(ctx, `SELECT `+columns+` FROM runs WHERE code = ? AND heaps >= ? ORDER BY heaps DESC LIMIT 1`, canonical, atLeast)
}

// Longest returns the longest stored run of the code canonical, to extend;
// ok is false when there is none.
func (s *Store) Longest(ctx context.Context, canonical string) (r Run, ok bool, err error) {
	return s.Best(ctx, canonical, 1)
}

func (s *Store) one(ctx context.Context, query string, args ...any) (Run, bool, error) {
	r, err := scan(s.db.QueryRowContext(ctx, query, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return Run{}, false, nil
	}
	if err != nil {
		return Run{}, false, err
	}
	return r, true, nil
}

// Orders are the columns List sorts by.
var Orders = []string{"code", "heaps", "status", "period", "preperiod", "last_exceptional", "last_rare", "largest", "seconds"}

// ListOptions choose and sort the runs of List.
type ListOptions struct {
	// Codes, when not empty, are the canonical codes to list.
	Codes []string
	// OrderBy is one of Orders ("code" when empty); Desc reverses it.
	OrderBy string
	Desc    bool
}

// List returns the longest run of each stored code.
func (s *Store) List(ctx context.Context, o ListOptions) ([]Run, error) {
	order := o.OrderBy
	if order == "" {
		order = "code"
	}
	if !slices.Contains(Orders, order) {
		return nil, fmt.Errorf("cannot sort by %q: want one of %s", order, strings.Join(Orders, ", "))
	}
	dir := "ASC"
	if o.Desc {
		dir = "DESC"
	}
	query := `SELECT ` + columns + ` FROM runs r WHERE heaps = (SELECT MAX(heaps) FROM runs m WHERE m.code = r.code)`
	var args []any
	var want map[string]bool // many codes: filtered here, not by SQL variables
	if len(o.Codes) > 500 {
		want = map[string]bool{}
		for _, c := range o.Codes {
			want[c] = true
		}
	} else if len(o.Codes) > 0 {
		query += ` AND code IN (` + strings.TrimSuffix(strings.Repeat("?, ", len(o.Codes)), ", ") + `)`
		for _, c := range o.Codes {
			args = append(args, c)
		}
	}
	query += ` ORDER BY ` + order + ` ` + dir + `, code ASC`
	out, err := queryRows(ctx, s.db, query, args, scan)
	if err != nil || want == nil {
		return out, err
	}
	return slices.DeleteFunc(out, func(r Run) bool { return !want[r.Canonical] }), nil
}
