package rules

import (
	"fmt"

	"go.starlark.net/starlark"
)

// builtins are the Go functions that a rules file may call besides
// Starlark's own: what heap games do all the time, done in Go. Each
// counts one step per value it makes against the budget of the call.
var builtins = starlark.StringDict{
	"splits": starlark.NewBuiltin("splits", splits),
	"takes":  starlark.NewBuiltin("takes", takes),
}

// runnerKey is the thread-local key of a thread's runner.
const runnerKey = "nimber.rules.runner"

// charge counts steps of a builtin against the budget of the call in
// progress on thread t, before the builtin does the work: it returns the
// budget's failure when they do not fit.
func charge(t *starlark.Thread, steps uint64) error {
	rn, ok := t.Local(runnerKey).(*runner)
	if !ok {
		return nil
	}
	if steps >= rn.max-t.Steps {
		t.Steps = rn.max
		return rn.over
	}
	t.Steps += steps
	return nil
}

// splits(n, take) returns the options of removing take adjacent tokens
// from a row of n, which leaves the rows on either side: for each place,
// the list of the rows left that are not empty, [left, right] with left <=
// right (a move and its mirror image leave the same rows, so it is given
// once). Kayles is splits(n, 1) + splits(n, 2).
func splits(t *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var n, take int
	if err := starlark.UnpackPositionalArgs(b.Name(), args, kwargs, 2, &n, &take); err != nil {
		return nil, err
	}
	if take < 1 {
		return nil, fmt.Errorf("%s: take %d, want 1 or more", b.Name(), take)
	}
	if n < take {
		return starlark.NewList(nil), nil
	}
	rest := n - take
	count := rest/2 + 1
	if count > maxOptions {
		return nil, fmt.Errorf("%s(%d, %d): %d options, limit %d", b.Name(), n, take, count, maxOptions)
	}
	if err := charge(t, uint64(count)); err != nil {
		return nil, fmt.Errorf("%s: %w", b.Name(), err)
	}
	// One backing array for all the options' rows.
	rows := make([]starlark.Value, 0, 2*count)
	options := make([]starlark.Value, count)
	for left := range count {
		start := len(rows)
		if left > 0 {
			rows = append(rows, starlark.MakeInt(left))
		}
		if right := rest - left; right > 0 {
			rows = append(rows, starlark.MakeInt(right))
		}
		options[left] = starlark.NewList(rows[start:len(rows):len(rows)])
	}
	return starlark.NewList(options), nil
}

// takes(n, amounts) returns the heaps that taking each of amounts (ints
// of 1 or more: a tuple, a list, a range) from a heap of n leaves, n - k
// for each k <= n: the options of a subtraction game.
func takes(t *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var (
		n       int
		amounts starlark.Iterable
	)
	if err := starlark.UnpackPositionalArgs(b.Name(), args, kwargs, 2, &n, &amounts); err != nil {
		return nil, err
	}
	var out []starlark.Value
	if s, ok := amounts.(starlark.Sequence); ok {
		if l := s.Len(); l > maxOptions {
			return nil, fmt.Errorf("%s: %d amounts, limit %d", b.Name(), l, maxOptions)
		} else if err := charge(t, uint64(l)); err != nil {
			return nil, fmt.Errorf("%s: %w", b.Name(), err)
		}
		out = make([]starlark.Value, 0, s.Len())
	}
	it := amounts.Iterate()
	defer it.Done()
	var x starlark.Value
	for i := 0; it.Next(&x); i++ {
		if out == nil || i >= cap(out) {
			if err := charge(t, 1); err != nil {
				return nil, fmt.Errorf("%s: %w", b.Name(), err)
			}
		}
		if len(out) >= maxOptions {
			return nil, fmt.Errorf("%s: over %d amounts", b.Name(), maxOptions)
		}
		var k int
		if err := starlark.AsInt(x, &k); err != nil {
			return nil, fmt.Errorf("%s: amount %d is %s, want an int", b.Name(), i+1, article(x))
		}
		if k < 1 {
			return nil, fmt.Errorf("%s: amount %d is %d, want 1 or more", b.Name(), i+1, k)
		}
		if k <= n {
			out = append(out, starlark.MakeInt(n-k))
		}
	}
	return starlark.NewList(out), nil
}
