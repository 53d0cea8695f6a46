package sg

import (
	"context"
	"fmt"
	"iter"
)

// Mover is the moves of an impartial game whose moves split a component into independent
// components. C identifies a component and must be comparable; M describes a
// move in terms the caller understands.
//
// Moves returns the moves available in c: each move with the components it
// leaves (an empty list for a move that leaves nothing). The move and the
// parts slice are valid until the next step of the iteration: a game may
// reuse them. The moves must describe a finite, acyclic game: no component
// may be reachable from itself.
type Mover[C comparable, M any] interface {
	Moves(c C) iter.Seq2[M, []C]
}

// Memo stores the Grundy values of solved components.
type Memo[C comparable] interface {
	// Lookup returns the stored value of c and whether there is one.
	Lookup(c C) (int, bool)
	// Store records the value of c.
	Store(c C, v int)
}

// MapMemo is a Memo keyed by hashing the component: the choice when
// components are sparse or have no natural dense numbering.
type MapMemo[C comparable] struct{ m map[C]int }

// NewMapMemo returns an empty hash-keyed memo.
func NewMapMemo[C comparable]() *MapMemo[C] { return &MapMemo[C]{m: make(map[C]int)} }

// Lookup implements Memo.
func (m *MapMemo[C]) Lookup(c C) (int, bool) { v, ok := m.m[c]; return v, ok }

// Store implements Memo.
func (m *MapMemo[C]) Store(c C, v int) { m.m[c] = v }

// Len returns the number of stored components.
func (m *MapMemo[C]) Len() int { return len(m.m) }

// DenseMemo is a Memo backed by a flat table: the choice when components
// have a dense numbering 0..size-1, such as sub-rectangles of a board.
type DenseMemo[C comparable] struct {
	index func(C) int
	vals  []uint32 // value+1, 0 when unknown
}

// NewDenseMemo returns a memo for components numbered by index, which must
// map every component to a distinct integer in [0, size).
func NewDenseMemo[C comparable](size int, index func(C) int) *DenseMemo[C] {
	return &DenseMemo[C]{index: index, vals: make([]uint32, size)}
}

// Lookup implements Memo.
func (d *DenseMemo[C]) Lookup(c C) (int, bool) {
	v := d.vals[d.index(c)]
	return int(v) - 1, v != 0
}

// Store implements Memo.
func (d *DenseMemo[C]) Store(c C, v int) { d.vals[d.index(c)] = uint32(v) + 1 }

// Solver computes Grundy values of a Mover's components, remembering every
// value it computes. Its search uses an explicit stack, so the depth of the
// game is bounded by memory, not by the goroutine stack. A Solver is not safe
// for concurrent use.
type Solver[C comparable, M any] struct {
	game  Mover[C, M]
	memo  Memo[C]
	mex   MexSet
	steps int
}

// NewSolver returns a solver for game that stores values in memo.
func NewSolver[C comparable, M any](game Mover[C, M], memo Memo[C]) *Solver[C, M] {
	return &Solver[C, M]{game: game, memo: memo}
}

// CycleError reports a game that is not acyclic: Component can be reached
// from itself, along Path (which starts and ends with Component).
type CycleError[C any] struct {
	Component C
	Path      []C
}

func (e *CycleError[C]) Error() string {
	return fmt.Sprintf("sg: game has a cycle through component %v", e.Component)
}

// frame is one component under evaluation: its unresolved options are
// pending[start:end] of the solver's pending stack, next is the first one
// not yet visited.
type frame[C comparable] struct {
	c                C
	start, next, end int
}

// Grundy returns the Grundy value of component c. It returns ctx.Err() when
// ctx is cancelled, and a *CycleError when the game is cyclic.
func (s *Solver[C, M]) Grundy(ctx context.Context, c C) (int, error) {
	if v, ok := s.memo.Lookup(c); ok {
		return v, nil
	}
	var (
		stack   []frame[C]
		pending []C
		onPath  = map[C]bool{}
	)
	push := func(c C) {
		start := len(pending)
		for _, parts := range s.game.Moves(c) {
			for _, p := range parts {
				if _, ok := s.memo.Lookup(p); !ok {
					pending = append(pending, p)
				}
			}
		}
		onPath[c] = true
		stack = append(stack, frame[C]{c: c, start: start, next: start, end: len(pending)})
	}
	push(c)
	for len(stack) > 0 {
		if s.steps++; s.steps&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		f := &stack[len(stack)-1]
		if f.next < f.end {
			p := pending[f.next]
			f.next++
			if _, ok := s.memo.Lookup(p); ok {
				continue
			}
			if onPath[p] {
				return 0, cycleError(stack, p)
			}
			push(p)
			continue
		}
		s.memo.Store(f.c, s.mexOfOptions(f.c))
		delete(onPath, f.c)
		pending = pending[:f.start]
		stack = stack[:len(stack)-1]
	}
	v, _ := s.memo.Lookup(c)
	return v, nil
}

// cycleError returns the error of meeting p again while it is on the path
// of the search (the components of stack).
func cycleError[C comparable](stack []frame[C], p C) error {
	var path []C
	for i, f := range stack {
		if f.c == p {
			for _, g := range stack[i:] {
				path = append(path, g.c)
			}
			break
		}
	}
	return &CycleError[C]{Component: p, Path: append(path, p)}
}

// mexOfOptions computes the value of c once all its options are solved.
func (s *Solver[C, M]) mexOfOptions(c C) int {
	s.mex.Reset()
	for _, parts := range s.game.Moves(c) {
		s.mex.Add(s.partsValue(parts))
	}
	return s.mex.Mex()
}

// partsValue is the nim-sum of solved components.
func (s *Solver[C, M]) partsValue(parts []C) int {
	x := 0
	for _, p := range parts {
		v, _ := s.memo.Lookup(p)
		x ^= v
	}
	return x
}

// Value returns the Grundy value of the sum of components: the nim-sum of
// their values.
func (s *Solver[C, M]) Value(ctx context.Context, components ...C) (int, error) {
	return ValueOf(ctx, components, s.Grundy)
}

// ValueOf returns the nim-sum of the Grundy values grundy gives parts:
// the value of their sum, for a game with a solver of its own. It stops at
// grundy's first error.
func ValueOf[C any](ctx context.Context, parts []C, grundy func(context.Context, C) (int, error)) (int, error) {
	x := 0
	for _, p := range parts {
		v, err := grundy(ctx, p)
		if err != nil {
			return 0, err
		}
		x ^= v
	}
	return x, nil
}

// Outcome returns the outcome class of the sum of components.
func (s *Solver[C, M]) Outcome(ctx context.Context, components ...C) (Outcome, error) {
	v, err := s.Value(ctx, components...)
	if err != nil {
		return 0, err
	}
	return OutcomeOf(v), nil
}

// WinningMove is a move in one component of a sum that leaves a sum of value
// zero: the opponent then loses with best play.
type WinningMove[M any] struct {
	Component int // index into the components of the sum
	Move      M
}

// WinningMoves returns every winning move of the sum of components, in the
// order of the components and, within one, in the order the game yields
// them. It returns no moves when the sum's value is zero.
func (s *Solver[C, M]) WinningMoves(ctx context.Context, components ...C) ([]WinningMove[M], error) {
	values := make([]int, len(components))
	total := 0
	for i, c := range components {
		v, err := s.Grundy(ctx, c)
		if err != nil {
			return nil, err
		}
		values[i] = v
		total ^= v
	}
	var wins []WinningMove[M]
	if total == 0 {
		return nil, nil
	}
	for i, c := range components {
		// Options may have values above the component's own, so every
		// component is searched, not only those whose value exceeds target.
		target := total ^ values[i]
		// Grundy(c) solved every option of c, so lookups suffice here.
		for m, parts := range s.game.Moves(c) {
			if s.partsValue(parts) == target {
				wins = append(wins, WinningMove[M]{Component: i, Move: m})
			}
		}
	}
	return wins, nil
}

// Solve returns the value of the sum of components and its winning moves
// (Value, then WinningMoves).
func (s *Solver[C, M]) Solve(ctx context.Context, components ...C) (int, []WinningMove[M], error) {
	v, err := s.Value(ctx, components...)
	if err != nil {
		return 0, nil, err
	}
	wins, err := s.WinningMoves(ctx, components...)
	return v, wins, err
}
