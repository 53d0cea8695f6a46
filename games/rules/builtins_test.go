package rules

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
)

// TestBuiltinExamples checks that the example files written with the Go
// builtins have the same nim-sequences as their plain Starlark twins, and
// the same values through the bound rules.
func TestBuiltinExamples(t *testing.T) {
	for _, tc := range []struct {
		plain, fast string
		to          int
	}{{"kayles", "kayles_fast", 600}, {"subtraction", "subtraction_fast", 5000}} {
		want := sequence(t, load(t, tc.plain), tc.to)
		if got := sequence(t, load(t, tc.fast), tc.to); !slices.Equal(got, want) {
			t.Fatalf("%s: the sequence differs from %s's", tc.fast, tc.plain)
		}
		g := load(t, tc.fast).Game()
		for _, n := range []int{0, 1, 2, 7, tc.to / 3} {
			a, err := g.Analyze(context.Background(), gametest.Parse(t, g, fmt.Sprint(n)), game.Options{})
			// The value compared by its text: "3" for a nimber.
			if err != nil || fmt.Sprint(a.Value) != fmt.Sprint(want[n]) {
				t.Fatalf("%s: G(%d) = %v, %v; want %d", tc.fast, n, a, err, want[n])
			}
		}
	}
}

// TestBuiltins checks what splits and takes return, and that they refuse
// bad arguments in one line at the place of the call.
func TestBuiltins(t *testing.T) {
	for _, tc := range []struct{ expr, want string }{
		{"splits(0, 1)", "[]"},
		{"splits(1, 1)", "[[]]"},
		{"splits(5, 1)", "[[4], [1, 3], [2, 2]]"},
		{"splits(6, 2)", "[[4], [1, 3], [2, 2]]"},
		{"splits(2, 3)", "[]"},
		{"takes(5, (1, 3, 4))", "[4, 2, 1]"},
		{"takes(3, [1, 3, 4])", "[2, 0]"},
		{"takes(5, range(2, 5))", "[3, 2, 1]"},
		{"takes(0, (1, 2))", "[]"},
	} {
		r := compile(t, "X = "+tc.expr+"\ndef moves(n):\n    return X\n", Options{})
		b, failed := r.bind(context.Background())
		v, err := b.rn.call(r.moves, r.table.value(Pos{}), func() string { return "moves(0)" })
		if err := failed(); err != nil {
			t.Fatal(err)
		}
		if err != nil || v.String() != tc.want {
			t.Errorf("%s = %v, %v; want %s", tc.expr, v, err, tc.want)
		}
	}
	for _, tc := range []struct {
		src  string
		o    Options
		want string
	}{
		{"def moves(n):\n    return splits(n, 0)\n", Options{}, `^test\.star:2:18: moves\(5\): splits: take 0, want 1 or more$`},
		{"def moves(n):\n    return splits(n)\n", Options{}, `^test\.star:2:18: moves\(5\): splits: got 1 arguments, want 2$`},
		{"def moves(n):\n    return takes(n, (1, 0))\n", Options{}, `^test\.star:2:17: moves\(5\): takes: amount 2 is 0, want 1 or more$`},
		{"def moves(n):\n    return takes(n, (1, 'x'))\n", Options{}, `^test\.star:2:17: moves\(5\): takes: amount 2 is a string, want an int$`},
		{"def moves(n):\n    return takes(n, 3)\n", Options{}, `^test\.star:2:17: moves\(5\): takes: for parameter 2: got int, want iterable$`},
		// The builtins count their steps against the budget of the call,
		// before they make anything.
		{"def moves(n):\n    return splits(n * 1000000, 1)\n", Options{StepBudget: 10000}, `^test\.star:2:18: moves\(5\): splits: exceeded the step budget of 10000 steps per call$`},
		{"def moves(n):\n    return takes(n, range(1, 100000))\n", Options{StepBudget: 10000}, `^test\.star:2:17: moves\(5\): takes: exceeded the step budget of 10000 steps per call$`},
		{"def moves(n):\n    return splits(n * 100000000, 1)\n", Options{}, `^test\.star:2:18: moves\(5\): splits\(500000000, 1\): 250000000 options, limit 4194304$`},
	} {
		r := compile(t, tc.src, Options{StepBudget: tc.o.StepBudget})
		g := r.Game()
		_, err := g.Analyze(context.Background(), gametest.Parse(t, g, "5"), game.Options{})
		wantError(t, err, tc.want)
		if tc.o.StepBudget != 0 {
			if se, ok := errorsAsStep(err); !ok || se.Budget != tc.o.StepBudget {
				t.Errorf("%v: the cause is not the StepError of the budget", err)
			}
		}
	}
}

// errorsAsStep returns the StepError in err.
func errorsAsStep(err error) (*StepError, bool) { return errors.AsType[*StepError](err) }
