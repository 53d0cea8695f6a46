package compound

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The topological order of a game graph (Kahn's algorithm), and the cycle
// it names when there is none.

// positionNamer is a Game whose positions have names (Graph, a move-set board).
type positionNamer interface {
	Name(p int) string
}

// positionName names position p of g in a cycle: its name when g has names, else
// its index.
func positionName(g GameGraph, p int) string {
	if nm, ok := g.(positionNamer); ok {
		return clipText(nm.Name(p))
	}
	return strconv.Itoa(p)
}

// TopologicalOrder returns the positions of g so that every position comes
// after all its options (positions with no option first). It uses Kahn's
// algorithm, without recursion, in memory proportional to the number of
// positions and options. When g has a cycle, the error names one:
// "cycle: a -> b -> c -> a", by name when g has names (a Name(int) string
// method), else by index; when g has an option out of range, the error says
// which. It calls g.Options three times per position, which must yield the
// same options each time (an 8192 x 8192 knight board takes about 8 s and
// 1.8 GB).
func TopologicalOrder(g GameGraph) ([]int32, error) {
	return TopologicalOrderContext(context.Background(), g)
}

// TopologicalOrderContext is TopologicalOrder that stops with ctx's error
// once ctx is done.
func TopologicalOrderContext(ctx context.Context, g GameGraph) ([]int32, error) {
	n := g.Len()
	if n < 0 || n > math.MaxInt32 {
		return nil, fmt.Errorf("game has %d positions, more than %d", n, math.MaxInt32)
	}
	// left[p] counts the options of p not yet placed.
	left := make([]int32, n)
	edges := 0
	var bad error
	// The callbacks are made once, outside the loops over positions, so
	// that they are not allocated once per position.
	var p int
	count := func(q int) {
		if q < 0 || q >= n {
			if bad == nil {
				bad = fmt.Errorf("position %s: option %d out of range 0..%d", positionName(g, p), q, n-1)
			}
			return
		}
		left[p]++
		edges++
	}
	for p = 0; p < n; p++ {
		if p&0xffff == 0 && ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		g.Options(p, count)
		if bad != nil {
			return nil, bad
		}
	}
	var order []int32
	if edges <= math.MaxInt32 {
		order = kahn[int32](ctx, g, left, edges)
	} else {
		order = kahn[int](ctx, g, left, edges)
	}
	if err := ctx.Err(); err != nil {
		return nil, context.Cause(ctx)
	}
	if len(order) == n {
		return order, nil
	}
	return nil, topoFindCycle(g, left)
}

// kahn places the positions of g in topological order by Kahn's algorithm,
// given the number of options of every position (which it counts down) and
// of all of them; offsets of type T index the lists of parents. It returns
// fewer than g.Len() positions when g has a cycle, or when ctx is done.
func kahn[T int32 | int](ctx context.Context, g GameGraph, left []int32, edges int) []int32 {
	n := len(left)
	// parents[start[q]:start[q+1]] lists the positions having q as an
	// option (with repetitions when an option is listed twice). start[q]
	// first counts them, then, summed, marks the end of q's list, and is
	// counted down to its start while the list is filled.
	start := make([]T, n+1)
	countParents := func(q int) { start[q]++ }
	for p := range n {
		if p&0xffff == 0 && ctx.Err() != nil {
			return nil
		}
		g.Options(p, countParents)
	}
	for q := 1; q < n; q++ {
		start[q] += start[q-1]
	}
	if n > 0 {
		start[n] = start[n-1]
	}
	parents := make([]int32, edges)
	var p int
	addParent := func(q int) {
		start[q]--
		parents[start[q]] = int32(p)
	}
	for p = 0; p < n; p++ {
		if p&0xffff == 0 && ctx.Err() != nil {
			return nil
		}
		g.Options(p, addParent)
	}

	order := make([]int32, 0, n)
	for p := range n {
		if left[p] == 0 {
			order = append(order, int32(p))
		}
	}
	for head := 0; head < len(order); head++ {
		if head&0xffff == 0 && ctx.Err() != nil {
			return nil
		}
		q := order[head]
		for _, p := range parents[start[q]:start[q+1]] {
			left[p]--
			if left[p] == 0 {
				order = append(order, p)
			}
		}
	}
	return order
}

// topoFindCycle returns an error naming a cycle among the positions Kahn's
// algorithm could not place (left[p] > 0). Each of them has an option that
// could not be placed either, so walking from one to such an option must
// come back to a position already visited: the walk from there on is a
// cycle.
func topoFindCycle(g GameGraph, left []int32) error {
	start := -1
	for p, l := range left {
		if l > 0 {
			start = p
			break
		}
	}
	// step[p] is 1 + the step of the walk at which it reached p, 0 when
	// it has not.
	step := make([]int32, len(left))
	var walk []int
	next := -1
	pick := func(q int) {
		if next < 0 && left[q] > 0 {
			next = q
		}
	}
	for p := start; ; p = next {
		if at := step[p]; at > 0 {
			return topoCycleError(g, append(walk[at-1:], p))
		}
		walk = append(walk, p)
		step[p] = int32(len(walk))
		next = -1
		g.Options(p, pick)
	}
}

// topoCycleError names the positions of cycle (whose last is its first), the
// middle ones elided when there are many.
func topoCycleError(g GameGraph, cycle []int) error {
	const head, tail = 8, 4
	var parts []string
	if len(cycle) <= head+tail+1 {
		for _, p := range cycle {
			parts = append(parts, positionName(g, p))
		}
	} else {
		for _, p := range cycle[:head] {
			parts = append(parts, positionName(g, p))
		}
		parts = append(parts, fmt.Sprintf("... (%d more)", len(cycle)-head-tail))
		for _, p := range cycle[len(cycle)-tail:] {
			parts = append(parts, positionName(g, p))
		}
	}
	return &CycleError{Path: parts}
}

// CycleError reports a game graph with a cycle given to a computation that
// needs an acyclic one (the invariants of the compounds): Path names the
// positions of the cycle, the first again at the end, the middle ones
// elided when there are many.
type CycleError struct {
	Path []string
}

func (e *CycleError) Error() string { return "cycle: " + strings.Join(e.Path, " -> ") }
