package rules

import (
	"context"
	"errors"
	"strings"
	"testing"

	"nimber/game"
)

// count returns the number of options the rules yield for p.
func count(r game.Rules[Pos, int], p Pos) int {
	n := 0
	for range r.Moves(p) {
		n++
	}
	return n
}

// TestBind checks the bound rules: they yield the options of the script,
// stop yielding once it failed, and report the first failure once.
func TestBind(t *testing.T) {
	r := compile(t, "def moves(n):\n    if n == 3:\n        fail('three')\n    return [[n - 1]] if n > 0 else []\n", Options{})
	b, failed := r.Bind(context.Background())
	if got := count(b, Pos{n: 2}); got != 1 {
		t.Fatalf("2 has %d options, want 1", got)
	}
	if err := failed(); err != nil {
		t.Fatalf("failure %v, want none", err)
	}
	b, failed = r.Bind(context.Background())
	if got := count(b, Pos{n: 3}); got != 0 {
		t.Fatalf("3 has %d options after its failure, want 0", got)
	}
	if got := count(b, Pos{n: 2}); got != 0 {
		t.Fatalf("2 has %d options after a failure, want 0", got)
	}
	wantError(t, failed(), `^test\.star:3:13: moves\(3\): fail: three$`)
	// Unbound rules yield nothing for a failing position, and the
	// options of the others.
	if count(r, Pos{n: 3}) != 0 || count(r, Pos{n: 1}) != 1 {
		t.Fatal("unbound moves")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b, failed = r.Bind(ctx)
	if got := count(b, Pos{n: 7}); got != 0 {
		t.Fatalf("a cancelled bind yields %d options", got)
	}
	err := failed()
	wantError(t, err, `^test\.star: cancelled: context canceled$`)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("%v is not context.Canceled", err)
	}
}

// TestRanges checks the refusals of values out of range.
func TestRanges(t *testing.T) {
	r := load(t, "subtraction")
	if _, err := r.Heap(-1); err == nil {
		t.Fatal("Heap(-1): no error")
	}
	if _, err := r.Sequence(context.Background(), -1); err == nil {
		t.Fatal("Sequence(-1): no error")
	}
	_, err := r.Sequence(context.Background(), MaxSequence+1)
	var le *game.LimitError
	if !errors.As(err, &le) {
		t.Fatalf("Sequence over the limit: %v, want a *game.LimitError", err)
	}
	if seq, err := r.Sequence(context.Background(), 0); err != nil || len(seq) != 0 {
		t.Fatalf("Sequence(0) = %v, %v", seq, err)
	}
	_, err = r.Game().Parse(strings.Repeat("1\n", MaxParts+1))
	if !errors.As(err, &le) {
		t.Fatalf("Parse of too many parts: %v, want a *game.LimitError", err)
	}
	coins := load(t, "coins")
	_, err = coins.Game().Parse(strings.Repeat("x\n", MaxParts+1))
	if !errors.As(err, &le) {
		t.Fatalf("Parse of too many lines: %v, want a *game.LimitError", err)
	}
}
