package rules

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"testing"

	"go.starlark.net/starlark"

	"nimber/game"
)

// stepsOf returns the Starlark steps that fn(arg) takes.
func stepsOf(t *testing.T, fn starlark.Value, arg int) uint64 {
	t.Helper()
	th := &starlark.Thread{}
	if _, err := starlark.Call(th, fn, starlark.Tuple{starlark.MakeInt(arg)}, nil); err != nil {
		t.Fatal(err)
	}
	return th.Steps
}

// TestStepBudgetPerCall checks that the step budget bounds each call of
// moves, not the whole computation: a game whose every call takes 60% of
// the budget is computed over many calls, by Sequence and by the bound
// rules, and a call that takes more is refused with one line naming
// moves(p) and the budget.
func TestStepBudgetPerCall(t *testing.T) {
	const src = `
def moves(n):
    x = 0
    for i in range(2000 * (3 if n == HEAVY else 1)):
        x += i
    return [n - 1] if n > 0 else []
`
	const calls = 300
	for _, heavy := range []int{-1, 150} {
		full := fmt.Sprintf("HEAVY = %d\n%s", heavy, src)
		probe := compile(t, full, Options{})
		per := stepsOf(t, probe.moves, 1)
		budget := per * 10 / 6 // a call takes 60% of the budget
		if heavy < 0 {
			// The budget per call is far below the steps of the whole
			// computation.
			if total := per * calls; total < 100*budget {
				t.Fatalf("the test's calls take %d steps in all, want over 100 budgets of %d", total, budget)
			}
		}
		for _, how := range []string{"Sequence", "Analyze"} {
			t.Run(fmt.Sprintf("heavy %d/%s", heavy, how), func(t *testing.T) {
				r := compile(t, full, Options{StepBudget: budget})
				var err error
				if how == "Sequence" {
					_, err = r.Sequence(context.Background(), calls)
				} else {
					g := r.Game()
					pos, perr := g.Parse(fmt.Sprint(calls - 1))
					if perr != nil {
						t.Fatal(perr)
					}
					_, err = g.Analyze(context.Background(), pos, game.Options{})
				}
				if heavy < 0 {
					if err != nil {
						t.Fatalf("%d calls of %d steps each under a budget of %d per call: %v", calls, per, budget, err)
					}
					return
				}
				wantError(t, err, fmt.Sprintf(`^test\.star:\d+:\d+: moves\(150\): exceeded the step budget of %d steps per call$`, budget))
				var se *StepError
				if !errors.As(err, &se) || se.Budget != budget || se.Work {
					t.Errorf("the error's cause is %#v, want the StepError of the budget per call", se)
				}
			})
		}
	}
}

// TestWorkSteps checks that WorkSteps bounds a whole work, whose calls
// each stay within the budget per call.
func TestWorkSteps(t *testing.T) {
	const src = "def moves(n):\n    x = 0\n    for i in range(1000):\n        x += i\n    return [n - 1] if n > 0 else []\n"
	probe := compile(t, src, Options{})
	per := stepsOf(t, probe.moves, 1)
	r := compile(t, src, Options{WorkSteps: 50 * per})
	if _, err := r.Sequence(context.Background(), 40); err != nil {
		t.Fatalf("40 calls within a work budget of 50: %v", err)
	}
	_, err := r.Sequence(context.Background(), 100)
	wantError(t, err, fmt.Sprintf(`^test\.star(:\d+:\d+)?: moves\(\d+\): exceeded the step budget of %d steps for the whole computation$`, 50*per))
	var se *StepError
	if !errors.As(err, &se) || !se.Work {
		t.Errorf("the error's cause is %#v, want the StepError of the work", se)
	}
}

// TestDefaultStepBudget checks that rules loaded without a step budget
// get DefaultStepBudget per call.
func TestDefaultStepBudget(t *testing.T) {
	r := compile(t, "def moves(n):\n    return []\n", Options{})
	if r.opts.StepBudget != DefaultStepBudget || r.opts.WorkSteps != 0 {
		t.Errorf("budgets %d per call, %d per work; want %d and none", r.opts.StepBudget, r.opts.WorkSteps, DefaultStepBudget)
	}
}

// TestSequenceBeyondMemo checks that a sequence whose moves pass a quarter
// of the memory budget still runs: the moves of the last heaps are handed
// to the values without being kept, and the values are right.
func TestSequenceBeyondMemo(t *testing.T) {
	// Each heap n has 3000 options that leave n - 1 (about 9 KB encoded):
	// the moves of 3000 heaps take about 27 MB, past a quarter of the 96
	// MiB budget, and G(n) is n % 2. The budget bounds the whole process's
	// heap, garbage included, so it leaves room for the garbage of the
	// calls' lists, and the test starts from a collected heap.
	const to = 3000
	runtime.GC()
	r := compile(t, "def moves(n):\n    return [n - 1] * 3000 if n > 0 else []\n", Options{MemoryBudget: 96 << 20})
	for n, v := range sequence(t, r, to) {
		if v != n%2 {
			t.Fatalf("G(%d) = %d, want %d", n, v, n%2)
		}
	}
	if _, kept := r.memo.get(Pos{n: to - 1}); kept || r.memo.size() > r.opts.MemoryBudget/keepShare+chunkSize {
		t.Errorf("heap %d kept %v, memo of %d bytes: want the last heaps not kept, the memo within %d and a chunk", to-1, kept, r.memo.size(), r.opts.MemoryBudget/keepShare)
	}
}
