package game

import (
	"context"
	"errors"
	"fmt"
	"iter"

	"nimber/cgt"
)

// ErrSearchLimit is the error of a search of who wins that reached its
// bound on positions (OutcomeOptions.MaxNodes) before deciding.
var ErrSearchLimit = errors.New("the search reached its limit of positions")

// DefaultTableMiB is the memory of a search's table of positions when
// OutcomeOptions.TableMiB is 0, and DefaultValueMiB that of its canonical
// forms of small regions when OutcomeOptions.ValueMiB is 0.
const (
	DefaultTableMiB = 64
	DefaultValueMiB = 256
)

// The methods by which a search of who wins answered (OutcomeResult.Method).
const (
	// MethodSearch: a search of wins and losses alone, no region valued.
	MethodSearch = "search"
	// MethodValues: every region valued by its canonical form, no search.
	MethodValues = "values"
	// MethodSearchValues: a search in which small regions were valued.
	MethodSearchValues = "search+values"
)

// OutcomeOptions bound a search of who wins.
type OutcomeOptions struct {
	// TableMiB is the memory of the search's table of positions in MiB: 0
	// for the game's default (DefaultTableMiB). The table never grows past
	// it; with several threads, it is shared out among them.
	TableMiB int
	// ValueMiB is the memory of the canonical forms of the small regions
	// valued inside the search (a cgt.Calc's limit), 0 for
	// DefaultValueMiB; with several threads, it is shared out among them.
	ValueMiB int
	// MaxNodes is the most positions searched before the search gives up
	// with an error wrapping ErrSearchLimit; 0 (or less) for no limit.
	MaxNodes int64
	// Threads is the number of goroutines searching (0 or 1: one).
	Threads int
	// Progress, when not nil, is called now and then (about every 65536
	// positions, from any of the search's goroutines, never at once) with
	// the positions searched so far.
	Progress func(nodes int64)
}

// OutcomeResult is who wins a position of a partizan game with each
// player moving first, and the work the search took.
type OutcomeResult struct {
	LeftFirst  bool  // Left wins moving first
	RightFirst bool  // Right wins moving first
	Nodes      int64 // positions searched, table hits included (what MaxNodes bounds)
	Cutoffs    int64 // positions settled by the game's bounds or by values without a search, not in Nodes
	TableHits  int64 // positions settled by the table
	Valued     int64 // regions valued by canonical forms (by each thread; the sum's regions when the whole sum was valued)
	// ThreadNodes is the positions each thread searched, where the search
	// reports them (nil otherwise).
	ThreadNodes []int64
	// Method is how the answer was found: MethodSearch, MethodValues or
	// MethodSearchValues.
	Method string
}

// SumSearcher is implemented by partizan rules with their own search of
// who wins a sum of their parts (Clobber's bitboards, Domineering's board
// search); PartizanGame.Outcome calls it instead of the generic search.
type SumSearcher[P comparable] interface {
	SearchSum(ctx context.Context, s Sum[P], o OutcomeOptions) (OutcomeResult, error)
}

// SearchChecker is implemented by partizan rules whose search of who wins
// reaches further than their canonical forms (Check): CheckSearch refuses
// a position too large for the search, by an estimate made before
// anything is allocated. Rules without it are searched within Check.
type SearchChecker[P comparable] interface {
	CheckSearch(s Sum[P]) error
}

// SearchRules are what the generic search of who wins (SearchSum) needs
// of a game's regions, Q: a region is an independent part of a sum. The
// search makes one SearchRules for each of its goroutines, tied to that
// goroutine's cgt.Calc.
type SearchRules[Q comparable] interface {
	// Options yields side's options of region q, each the regions the
	// move leaves (none when it leaves nothing); the slice is valid until
	// the next step of the iteration.
	Options(q Q, side Side) iter.Seq[[]Q]
	// Key returns the normal form of q: equal regions (under the board's
	// symmetries) have the same key. It may return q.
	Key(q Q) Q
	// Small says whether q is worth valuing by its canonical form, by an
	// estimate: small regions are valued (within a work budget, and a
	// region found too costly is searched instead), large ones searched.
	Small(q Q) bool
	// Value returns the canonical form of q in the SearchRules' Calc,
	// valuing at most most new distinct regions (0: no bound but the
	// Calc's memory), as ValuePart does: an error wrapping cgt.ErrWork
	// says q is too costly, cgt.ErrLimit that the Calc is full.
	Value(ctx context.Context, q Q, most int) (cgt.Game, error)
}

// ValueParts is the most distinct parts the search values for one region
// beyond those its Evaluator holds (SearchRules.Value's most): a region
// that needs more is searched instead of valued.
const ValueParts = 1 << 13

// ValuePart returns the canonical form of the part p in e's Calc, valued
// as Values values a part (memoised in e by its normal form), with at most
// most new distinct parts (0: no bound but e's): past them it fails with
// an error wrapping cgt.ErrWork (too costly), and with cgt.ErrLimit when e
// is full. It is the Value of a SearchRules whose regions are the game's
// parts; e must be an Evaluator of a game of parts P.
func ValuePart[P comparable](ctx context.Context, e *Evaluator, p P, most int) (cgt.Game, error) {
	g, ok := e.game.(*partizan[P])
	if !ok {
		return cgt.Zero, errors.New("value part: an Evaluator of a game of other parts")
	}
	r, failure := g.bind(ctx)
	x, err := g.valuePart(ctx, e, r, p, most)
	if ferr := failure(); ferr != nil {
		clear(e.memo)
		return cgt.Zero, ferr
	}
	return x, err
}

// valuePart is ValuePart with the rules r bound to its work.
func (g *partizan[P]) valuePart(ctx context.Context, e *Evaluator, r PartizanRules[P], p P, most int) (cgt.Game, error) {
	full := int(min(DefaultMaxParts, max(1, e.c.Limit()/PartBytes)))
	if e.MaxParts > 0 {
		full = min(full, e.MaxParts)
	}
	saved := e.MaxParts
	e.MaxParts = full
	if most > 0 {
		e.MaxParts = min(full, len(e.memo)+most)
	}
	x, err := g.value(ctx, e, r, p)
	budget := e.MaxParts
	e.MaxParts = saved
	if _, ok := errors.AsType[*LimitError](err); ok && budget < full {
		return cgt.Zero, fmt.Errorf("%w: %w", cgt.ErrWork, err)
	}
	if ok := errors.As(err, new(*LimitError)); ok {
		return cgt.Zero, fmt.Errorf("%w: %w", cgt.ErrLimit, err)
	}
	return x, err
}
