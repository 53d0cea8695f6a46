package gametest

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"iter"
	"slices"
	"sync"
	"testing"
	"time"

	"nimber/cgt"
	"nimber/game"
)

// OutcomeOptions tune CheckOutcome. The zero value checks with the
// defaults.
type OutcomeOptions struct {
	// Searches are the options of the PartizanGame.Outcome calls compared
	// with the twins; nil for DefaultOutcomeSearches.
	Searches []game.OutcomeOptions
	// TwinLimit bounds the whole positions the minimax twin remembers for
	// one position (default 100000); a position whose twin would remember
	// more is not checked against the twin.
	TwinLimit int
	// ValueWork bounds the cgt.Calc comparisons of valuing one position
	// (default 1<<22); a position whose canonical form takes more, or more
	// than ValueMiB, is not checked against its value.
	ValueWork int64
	// ValueMiB is the memory of the Calc that values the positions
	// (default 256).
	ValueMiB int
	// Generic, when set, also decides each position by game.SearchSum over
	// its parts written as text (the regions' options are the game's
	// whole-position options, read back into parts): with no region
	// valued, with every region valued and with regions valued by a hash
	// of their text, each on one goroutine and on three with a table of
	// 1 MiB, within 16 times the minimax twin's positions (only where the
	// twin decides). It checks the generic search of who wins whatever the
	// game's own search (SumSearcher), normal forms and size estimates.
	Generic bool
	// Cold, with Generic, also decides each position by the generic search
	// over text with every region valued but the first three of each
	// goroutine, which fail as too costly (cgt.ErrWork): a goroutine whose
	// Calc holds less may find a region too costly that another values,
	// and the goroutines of a search must agree on the root's moves all
	// the same.
	Cold bool
	// Neg, when not nil, writes the negative of a region's text (the
	// players' roles swapped): with Generic, the search over text is also
	// made with it as its game.Negater, which cancels a region against its
	// negative and searches a sum equal to its own negative with Left
	// first only.
	Neg func(string) string
	// Timeout bounds the whole check of one position (default one minute).
	Timeout time.Duration
}

// DefaultOutcomeSearches are the Outcome calls that CheckOutcome compares
// with its twins by default: one goroutine with the default tables; three
// goroutines sharing a table of 1 MiB (so that entries are replaced in
// the larger searches); and the same with canonical forms in 1 MiB (so
// that a goroutine's Calc fills up and it searches on without values).
var DefaultOutcomeSearches = []game.OutcomeOptions{
	{Threads: 1},
	{Threads: 3, TableMiB: 1},
	{Threads: 3, TableMiB: 1, ValueMiB: 1},
}

// OutcomeCounts say what CheckOutcome checked: how many positions, how
// many of them against each twin, and how many were searched.
type OutcomeCounts struct {
	Positions int // positions checked
	Twin      int // of them, also decided by the minimax twin
	Value     int // of them, also valued by their canonical form
	// Searched counts the positions that some Outcome call decided by a
	// search (Nodes > 0), not by values alone.
	Searched int
	// Generic counts the positions decided by the generic search over
	// parts written as text (OutcomeOptions.Generic).
	Generic int
	// Nodes sums the positions searched by the Outcome calls, and
	// TwinNodes the whole positions the twin decided.
	Nodes, TwinNodes int64
}

// Add adds the counts of d to c.
func (c *OutcomeCounts) Add(d OutcomeCounts) {
	c.Positions += d.Positions
	c.Twin += d.Twin
	c.Value += d.Value
	c.Searched += d.Searched
	c.Generic += d.Generic
	c.Nodes += d.Nodes
	c.TwinNodes += d.TwinNodes
}

// String writes the counts on one line.
func (c OutcomeCounts) String() string {
	return fmt.Sprintf("%d positions: %d by the twin (%d nodes), %d by values, %d searched (%d nodes), %d by the generic search of text",
		c.Positions, c.Twin, c.TwinNodes, c.Value, c.Searched, c.Nodes, c.Generic)
}

// outcomeFailure is one disagreement found by CheckOutcome.
type outcomeFailure struct {
	text string
	msg  string
}

// CheckOutcome checks the search of who wins of the partizan game g,
// PartizanGame.Outcome, on each of positions (read by ParseSearch): every
// search of o.Searches must agree, with Left moving first and with Right
// moving first, with
//
//   - the minimax twin, a search of whole positions written straight from
//     the rules: the player to move wins iff one of her options
//     (PartizanGame.Options) is lost for the other player moving first;
//     memoised by the position's text (Format) and side, and nothing more:
//     no values, no parts, no bounds, no table replacement;
//   - the outcome class of the position's canonical form (Values, then
//     cgt.Calc.OutcomeOf: L and N mean Left wins moving first, R and N
//     Right), where the value is found within o.ValueWork;
//
// and the twins with each other; with o.Generic, so must game.SearchSum
// over the position's parts as text (SearchText), where the twin decides.
// A position neither twin decides is an error (the check would prove
// nothing), and so is a search's error, its time (o.Timeout) included.
// Failures are reported smallest position first (by text length), so that
// the first message is the smallest counterexample. It returns what it
// checked.
func CheckOutcome(t testing.TB, g game.Game, positions []string, o OutcomeOptions) OutcomeCounts {
	t.Helper()
	pg := As(t, g, game.PartizanOf, "partizan rules")
	if o.Searches == nil {
		o.Searches = DefaultOutcomeSearches
	}
	if o.TwinLimit <= 0 {
		o.TwinLimit = 100_000
	}
	if o.ValueWork <= 0 {
		o.ValueWork = 1 << 22
	}
	if o.ValueMiB <= 0 {
		o.ValueMiB = 256
	}
	if o.Timeout <= 0 {
		o.Timeout = time.Minute
	}
	var counts OutcomeCounts
	var failures []outcomeFailure
	fail := func(text, format string, args ...any) {
		failures = append(failures, outcomeFailure{text, fmt.Sprintf("%q: ", text) + fmt.Sprintf(format, args...)})
	}
	calc := cgt.New(int64(o.ValueMiB) << 20)
	ev := pg.NewEvaluator(calc)
	for _, text := range positions {
		pos, err := pg.ParseSearch(text)
		if err != nil {
			fail(text, "ParseSearch: %v", err)
			continue
		}
		counts.Positions++
		ctx, cancel := context.WithTimeout(context.Background(), o.Timeout)
		// The twins: who wins moving first, Left's answer then Right's.
		var want [2]bool
		var wantFrom string
		tw := &outcomeTwin{g: pg, memo: map[string]bool{}, limit: o.TwinLimit}
		if l, ok := tw.wins(pos, game.Left); ok {
			if r, ok := tw.wins(pos, game.Right); ok {
				want, wantFrom = [2]bool{l, r}, "the minimax twin"
				counts.Twin++
				counts.TwinNodes += int64(len(tw.memo))
			}
		}
		calc.SetWorkLimit(calc.Work() + o.ValueWork)
		x, _, err := pg.Values(ctx, ev, pos)
		var limit *game.LimitError
		switch {
		case err == nil:
			oc := calc.OutcomeOf(x)
			byValue := [2]bool{oc == cgt.L || oc == cgt.N, oc == cgt.R || oc == cgt.N}
			counts.Value++
			if wantFrom != "" && byValue != want {
				fail(text, "the minimax twin says Left first wins %v, Right first %v; its canonical form %s (%v) says %v, %v",
					want[0], want[1], calc.String(x), oc, byValue[0], byValue[1])
			}
			if wantFrom == "" {
				want, wantFrom = byValue, fmt.Sprintf("its canonical form %s (%v)", calc.String(x), oc)
			}
		case errors.Is(err, cgt.ErrWork), errors.As(err, &limit), errors.Is(err, context.DeadlineExceeded):
		case errors.Is(err, cgt.ErrLimit):
			calc = cgt.New(int64(o.ValueMiB) << 20) // full: start afresh
			ev = pg.NewEvaluator(calc)
		default:
			fail(text, "Values: %v", err)
		}
		if wantFrom == "" {
			fail(text, "neither the minimax twin (within %d positions) nor the canonical form (within %d comparisons) decides it: make it smaller", o.TwinLimit, o.ValueWork)
			cancel()
			continue
		}
		searched := false
		for _, so := range o.Searches {
			res, err := pg.Outcome(ctx, pos, so)
			if err != nil {
				fail(text, "Outcome %s: %v", outcomeOptionsText(so), err)
				continue
			}
			counts.Nodes += res.Nodes
			searched = searched || res.Nodes > 0
			if got := [2]bool{res.LeftFirst, res.RightFirst}; got != want {
				fail(text, "Outcome %s says Left first wins %v, Right first %v (method %s, %d nodes); %s says %v, %v",
					outcomeOptionsText(so), got[0], got[1], res.Method, res.Nodes, wantFrom, want[0], want[1])
			}
			if !slices.Contains([]string{game.MethodSearch, game.MethodValues, game.MethodSearchValues}, res.Method) {
				fail(text, "Outcome %s: method %q", outcomeOptionsText(so), res.Method)
			}
		}
		if searched {
			counts.Searched++
		}
		if o.Generic && wantFrom == "the minimax twin" {
			// Bounded by the twin's work: without values the generic
			// search meets about the twin's positions, more where its
			// table of 1 MiB forgets them.
			most := 16*int64(len(tw.memo)) + 10_000
			generic := true
			for _, v := range textValuings {
				if (v.cold > 0 && !o.Cold) || (v.neg && o.Neg == nil) {
					continue
				}
				neg := o.Neg
				if !v.neg {
					neg = nil
				}
				for _, so := range []game.OutcomeOptions{{Threads: 1, TableMiB: 1, MaxNodes: most}, {Threads: 3, TableMiB: 1, MaxNodes: most}} {
					res, err := searchText(ctx, pg, pos, v.small, v.cold, neg, so)
					if errors.Is(err, game.ErrSearchLimit) {
						generic = false
						continue
					}
					if err != nil {
						fail(text, "SearchText (%s) %s: %v", v.name, outcomeOptionsText(so), err)
						generic = false
						continue
					}
					if got := [2]bool{res.LeftFirst, res.RightFirst}; got != want {
						fail(text, "SearchText (%s) %s says Left first wins %v, Right first %v (method %s, %d nodes); %s says %v, %v",
							v.name, outcomeOptionsText(so), got[0], got[1], res.Method, res.Nodes, wantFrom, want[0], want[1])
						generic = false
					}
				}
			}
			if generic {
				counts.Generic++
			}
		}
		cancel()
	}
	slices.SortStableFunc(failures, func(a, b outcomeFailure) int { return len(a.text) - len(b.text) })
	for i, f := range failures {
		if i == 20 {
			t.Errorf("... and %d more failures", len(failures)-i)
			break
		}
		t.Error(f.msg)
	}
	return counts
}

// outcomeOptionsText writes the options of a search that matter here.
func outcomeOptionsText(o game.OutcomeOptions) string {
	return fmt.Sprintf("{Threads %d, TableMiB %d, ValueMiB %d}", o.Threads, o.TableMiB, o.ValueMiB)
}

// outcomeTwin decides positions of a partizan game by minimax over whole
// positions, from the rules alone: the player to move wins iff one of her
// options is lost for the other player to move. It is memoised by the
// position's text and the player to move, within limit entries.
type outcomeTwin struct {
	g     game.PartizanGame
	memo  map[string]bool
	limit int
}

// wins reports whether side, moving first in pos, wins; ok is false when
// the twin would remember more than its limit of positions.
func (w *outcomeTwin) wins(pos game.Position, side game.Side) (won, ok bool) {
	key := side.String() + ":" + w.g.Format(pos)
	if won, ok := w.memo[key]; ok {
		return won, true
	}
	if len(w.memo) >= w.limit {
		return false, false
	}
	for _, next := range w.g.Options(pos, side) {
		theirs, ok := w.wins(next, 1-side)
		if !ok {
			return false, false
		}
		if !theirs {
			won = true
			break
		}
	}
	w.memo[key] = won
	return won, true
}

// textValuings are the ways SearchText is asked to value regions by
// CheckOutcome: none (a search of wins and losses alone), all, and about
// half, chosen by a hash of the region's text.
var textValuings = []struct {
	name  string
	small func(string) bool
	cold  int  // valuations of each goroutine that fail first
	neg   bool // with OutcomeOptions.Neg as the Negater
}{
	{"no region valued", func(string) bool { return false }, 0, false},
	{"every region valued", func(string) bool { return true }, 0, false},
	{"regions valued by hash", hashSmall, 0, false},
	{"no region valued, negatives", func(string) bool { return false }, 0, true},
	{"regions valued by hash, negatives", hashSmall, 0, true},
	// A region's valuation may be too costly in one goroutine and not in
	// another, whose Calc holds more: here the first three of each
	// goroutine are.
	{"every region valued but a goroutine's first three", func(string) bool { return true }, 3, false},
}

// hashSmall says about half the regions are small, by a hash of their
// text.
func hashSmall(q string) bool {
	h := fnv.New32a()
	h.Write([]byte(q))
	return h.Sum32()%2 == 0
}

// SearchText decides who wins pos, a position of the partizan game g, by
// game.SearchSum over its parts written as text (Format of each part):
// a region's options are g's options of the position its text reads
// back to (ParseSearch), each read into the parts it leaves, its normal
// form its text, its value the canonical form of that position; small
// says which regions the search values (SearchRules.Small). It exercises
// the generic search on any partizan game, whatever the game's own
// search and estimates.
func SearchText(ctx context.Context, g game.PartizanGame, pos game.Position, small func(string) bool, o game.OutcomeOptions) (game.OutcomeResult, error) {
	return searchText(ctx, g, pos, small, 0, nil, o)
}

// searchText is SearchText where the first cold valuations of each
// SearchRules fail as too costly (cgt.ErrWork), and, when neg is not nil,
// the rules are a game.Negater by neg.
func searchText(ctx context.Context, g game.PartizanGame, pos game.Position, small func(string) bool, cold int, neg func(string) string, o game.OutcomeOptions) (game.OutcomeResult, error) {
	parts := partTexts(g, pos)
	return game.SearchSum(ctx, func(ctx context.Context, c *cgt.Calc) (game.SearchRules[string], func() error) {
		r := &textRegions{g: g, e: g.NewEvaluator(c), small: small, cold: cold, options: map[textOption][][]string{}}
		if neg != nil {
			return negTextRegions{r, neg}, r.failure
		}
		return r, r.failure
	}, parts, o)
}

// negTextRegions are textRegions with the negative of a region's text:
// a game.Negater.
type negTextRegions struct {
	*textRegions
	neg func(string) string
}

// Neg returns the text of q's negative.
func (r negTextRegions) Neg(q string) string { return r.neg(q) }

// partTexts returns the text of each part of pos.
func partTexts(g game.PartizanGame, pos game.Position) []string {
	var out []string
	for _, p := range g.Parts(pos) {
		out = append(out, g.Format(p))
	}
	return out
}

// textOption is a region's text and a player: a key of the options memo.
type textOption struct {
	q    string
	side game.Side
}

// textRegions are the game.SearchRules of SearchText, one per goroutine
// of the search.
type textRegions struct {
	g       game.PartizanGame
	e       *game.Evaluator
	small   func(string) bool
	cold    int // valuations left to fail as too costly
	options map[textOption][][]string
	mu      sync.Mutex
	err     error // the first text that did not read back
}

// read returns the position the region's text q reads back to.
func (r *textRegions) read(q string) (game.Position, bool) {
	pos, err := r.g.ParseSearch(q)
	if err != nil {
		r.mu.Lock()
		if r.err == nil {
			r.err = fmt.Errorf("the region %q does not read back: %v", q, err)
		}
		r.mu.Unlock()
		return game.Position{}, false
	}
	return pos, true
}

// failure reports the first region whose text did not read back.
func (r *textRegions) failure() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// Options yields side's options of the region q: the parts each of the
// game's options of q leaves, as text.
func (r *textRegions) Options(q string, side game.Side) iter.Seq[[]string] {
	k := textOption{q, side}
	opts, ok := r.options[k]
	if !ok {
		if pos, ok := r.read(q); ok {
			for _, next := range r.g.Options(pos, side) {
				opts = append(opts, partTexts(r.g, next))
			}
		}
		r.options[k] = opts
	}
	return func(yield func([]string) bool) {
		for _, o := range opts {
			if !yield(o) {
				return
			}
		}
	}
}

// Key returns q: equal texts are equal regions.
func (r *textRegions) Key(q string) string { return q }

// Small says whether the search values q.
func (r *textRegions) Small(q string) bool { return r.small(q) }

// Value returns the canonical form of the position q reads back to,
// valuing at most most new distinct parts (0: no bound but the Calc's), as
// game.ValuePart does: past them an error wrapping cgt.ErrWork, and one
// wrapping cgt.ErrLimit when the Evaluator is full.
func (r *textRegions) Value(ctx context.Context, q string, most int) (cgt.Game, error) {
	if r.cold > 0 {
		r.cold--
		return cgt.Zero, fmt.Errorf("%w: a cold goroutine", cgt.ErrWork)
	}
	pos, ok := r.read(q)
	if !ok {
		return cgt.Zero, r.failure()
	}
	full := int(min(game.DefaultMaxParts, max(1, r.e.Calc().Limit()/game.PartBytes)))
	saved := r.e.MaxParts
	r.e.MaxParts = full
	if most > 0 {
		r.e.MaxParts = min(full, r.e.Len()+most)
	}
	budget := r.e.MaxParts
	x, _, err := r.g.Values(ctx, r.e, pos)
	r.e.MaxParts = saved
	var limit *game.LimitError
	switch {
	case errors.As(err, &limit) && budget < full:
		return cgt.Zero, fmt.Errorf("%w: %w", cgt.ErrWork, err)
	case errors.As(err, &limit):
		return cgt.Zero, fmt.Errorf("%w: %w", cgt.ErrLimit, err)
	}
	return x, err
}
