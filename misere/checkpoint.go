package misere

import (
	"context"
	"fmt"
	"slices"
)

// CheckpointVersion is the version of the Checkpoint format.
const CheckpointVersion = 1

// Checkpoint is a quotient computation stopped after a heap: the verified
// quotient of heaps 1..Heap as the computation holds it. QuotientFrom goes
// on from it to the result of a computation that never stopped. It is
// plain data, written as JSON by the command line; QuotientFrom checks it
// before use, so a damaged one is refused, not trusted.
type Checkpoint struct {
	Version int    `json:"version"`
	Code    string `json:"code"` // the game, as its canonical code
	Heap    int    `json:"heap"` // the last heap added
	Order   int    `json:"order"`
	// Mul is the multiplication table, Mul[x*Order+y] = xy, 0 the
	// identity; P marks the P-portion.
	Mul []int32 `json:"mul"`
	P   []bool  `json:"p"`
	// Img[h] is the element of heap h, h = 0..Heap.
	Img []int32 `json:"img"`
	// Words[x] is a sum of heaps that reaches element x, or nil: the count
	// of each heap of Moving in it.
	Words [][]int `json:"words"`
	// Growth[h] is the order of the quotient of heaps 1..h; Moving are the
	// heaps up to Heap that have a move.
	Growth []int `json:"growth"`
	Moving []int `json:"moving"`
}

// Clone returns a copy of c that stays valid after the call that handed c
// out.
func (c *Checkpoint) Clone() *Checkpoint {
	d := *c
	d.Mul, d.P, d.Img = slices.Clone(c.Mul), slices.Clone(c.P), slices.Clone(c.Img)
	d.Words, d.Growth, d.Moving = slices.Clone(c.Words), slices.Clone(c.Growth), slices.Clone(c.Moving)
	for i, w := range d.Words {
		d.Words[i] = slices.Clone(w)
	}
	return &d
}

// CheckpointError is a checkpoint refused by QuotientFrom, and why.
type CheckpointError struct{ Msg string }

func (e *CheckpointError) Error() string { return "checkpoint: " + e.Msg }

// SetQuotientCheckpoint makes Quotient and QuotientFrom call f with a
// Checkpoint after each heap they add, valid during the call only (it
// shares the computation's slices: f writes it out, and keeps nothing); an
// error of f stops the computation with it (nil f: no calls).
func (s *Solver) SetQuotientCheckpoint(f func(*Checkpoint) error) { s.quotientCheckpoint = f }

// checkpoint reports the state after heap h to the checkpoint function.
func (s *Solver) checkpoint(h int, st *stage, growth, moving []int) error {
	if s.quotientCheckpoint == nil {
		return nil
	}
	return s.quotientCheckpoint(&Checkpoint{Version: CheckpointVersion, Code: s.g.String(), Heap: h, Order: st.m.n,
		Mul: st.m.table(), P: st.isP, Img: st.img, Words: st.words, Growth: growth, Moving: moving})
}

// resume checks c against the game of s and returns its stage.
func (s *Solver) resume(c *Checkpoint) (*stage, error) {
	bad := func(format string, args ...any) error {
		return &CheckpointError{Msg: fmt.Sprintf(format, args...)}
	}
	switch {
	case c.Version != CheckpointVersion:
		return nil, bad("version %d, want %d", c.Version, CheckpointVersion)
	case c.Code != s.g.String():
		return nil, bad("of the game %q, not %q", c.Code, s.g.String())
	case c.Heap < 0 || c.Heap > MaxQuotientHeaps:
		return nil, bad("heap %d out of range 0..%d", c.Heap, MaxQuotientHeaps)
	case c.Order < 1 || int64(c.Order)*int64(c.Order) != int64(len(c.Mul)):
		return nil, bad("order %d with a table of %d entries", c.Order, len(c.Mul))
	case len(c.P) != c.Order || len(c.Words) != c.Order:
		return nil, bad("order %d with %d P-marks and %d words", c.Order, len(c.P), len(c.Words))
	case len(c.Img) != c.Heap+1 || len(c.Growth) != c.Heap+1:
		return nil, bad("heap %d with %d elements and %d orders", c.Heap, len(c.Img), len(c.Growth))
	case c.Growth[c.Heap] != c.Order:
		return nil, bad("order %d, but %d after heap %d", c.Order, c.Growth[c.Heap], c.Heap)
	}
	inRange := func(xs []int32) bool {
		return !slices.ContainsFunc(xs, func(x int32) bool { return x < 0 || int(x) >= c.Order })
	}
	if !inRange(c.Mul) || !inRange(c.Img) {
		return nil, bad("an element out of range 0..%d", c.Order-1)
	}
	heapsIn := func(hs []int) bool {
		return !slices.ContainsFunc(hs, func(h int) bool { return h < 1 || h > c.Heap })
	}
	if !heapsIn(c.Moving) || !slices.IsSorted(c.Moving) {
		return nil, bad("the heaps with a move are not ascending heaps of 1..%d", c.Heap)
	}
	for _, w := range c.Words {
		if len(w) > len(c.Moving) || slices.ContainsFunc(w, func(k int) bool { return k < 0 }) {
			return nil, bad("a word of %d counts for %d heaps with a move, or a negative count", len(w), len(c.Moving))
		}
	}
	return &stage{m: monoidOf(c.Order, c.Mul), isP: slices.Clone(c.P), img: slices.Clone(c.Img),
		words: slices.Clone(c.Words)}, nil
}

// QuotientFrom is Quotient going on from the checkpoint c of an earlier
// computation of the same game (from the start when c is nil): the result
// is the one the computation would have reached without stopping. A
// checkpoint of another game, of a later heap than n, or damaged, is
// refused.
func (s *Solver) QuotientFrom(ctx context.Context, c *Checkpoint, n int) (*Quotient, error) {
	if c == nil {
		return s.Quotient(ctx, n)
	}
	if c.Heap > n {
		return nil, &CheckpointError{Msg: fmt.Sprintf("heap %d is past the heaps asked, 1..%d", c.Heap, n)}
	}
	st, err := s.resume(c)
	if err != nil {
		return nil, err
	}
	return s.quotientFrom(ctx, st, slices.Clone(c.Growth), slices.Clone(c.Moving), c.Heap+1, n)
}
