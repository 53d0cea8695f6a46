package rules

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/sg"
)

// wantError fails the test unless err is one line matching pattern.
func wantError(t *testing.T, err error, pattern string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %s", pattern)
	}
	msg := err.Error()
	if strings.ContainsAny(msg, "\n\r") {
		t.Fatalf("error of more than one line: %q", msg)
	}
	if !regexp.MustCompile(pattern).MatchString(msg) {
		t.Fatalf("error %q\nwant      %s", msg, pattern)
	}
}

// TestLoadErrors checks the errors of loading a rules file: one line with
// the file, line and column where there are ones.
func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		o         Options
		want      string
	}{
		{"syntax error", "def moves(n)\n    return []\n", Options{},
			`^bad\.star:2:1: got newline, want ':'$`},
		{"indentation", "def moves(n):\nreturn []\n", Options{},
			`^bad\.star:2:7: got return, want indent$`},
		{"undefined name", "def moves(n):\n    return foo(n)\n", Options{},
			`^bad\.star:2:12: undefined: foo$`},
		{"load refused", "load(\"other.star\", \"x\")\ndef moves(n):\n    return []\n", Options{},
			`^bad\.star:1:1: load is not allowed`},
		{"no moves", "def move(n):\n    return []\n", Options{},
			`^bad\.star: no function moves\(p\), nor left\(p\) and right\(p\) for a partizan game$`},
		{"moves not a function", "moves = [1, 2]\n", Options{},
			`^bad\.star: no function moves\(p\), nor left\(p\) and right\(p\) for a partizan game$`},
		{"moves of two parameters", "def moves(a, b):\n    return []\n", Options{},
			`^bad\.star:1:1: moves takes 2 parameters, want moves\(p\)$`},
		{"moves of none", "def moves():\n    return []\n", Options{},
			`^bad\.star:1:1: moves takes 0 parameters, want moves\(p\)$`},
		{"name not a string", "name = 5\ndef moves(n):\n    return []\n", Options{},
			`^bad\.star: name is an int, want a string$`},
		{"show not a function", "show = 'x'\ndef moves(n):\n    return []\n", Options{},
			`^bad\.star: show is a string, want a function show\(p\)$`},
		{"top-level failure", "def moves(n):\n    return []\nx = 1 // 0\n", Options{},
			`^bad\.star:3:7: floating-point division by zero|^bad\.star:3:7: .*division by zero$`},
		{"top-level runaway", "def moves(n):\n    return []\nx = 0\nwhile True:\n    x += 1\n", Options{StepBudget: 10000},
			`^bad\.star:5:\d+: exceeded the step budget of 10000 steps per call$`},
		{"fail at top level", "fail('no\\ngood')\n", Options{},
			`^bad\.star:1:5: fail: no good$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New("bad.star", []byte(tc.src), tc.o)
			wantError(t, err, tc.want)
		})
	}
}

// TestMoveErrors checks the failures of moves(p), through the game: one
// line naming the file, the line and what is wrong.
func TestMoveErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, pos string
		o              Options
		want           string
	}{
		{"a dict", "def moves(n):\n    return {}\n", "5", Options{},
			`^bad\.star:2:5: moves\(5\) returned a dict, want a list of options$`},
		{"None", "def moves(n):\n    pass\n", "5", Options{},
			`^bad\.star:1:1: moves\(5\) returned None, want a list of options$`},
		{"an int", "def moves(n):\n    if n > 0:\n        return n - 1\n    return []\n", "5", Options{},
			`^bad\.star:1:1: moves\(5\) returned an int, want a list of options$`},
		{"a tuple", "moves = lambda n: (1, 2)\n", "5", Options{},
			`^bad\.star:1:19: moves\(5\) returned a tuple, want a list of options$`},
		{"a list in a part", "def moves(p):\n    return [[1], [[2]]]\n", "(1, 2)", Options{},
			`^bad\.star:2:5: moves\(\(1, 2\)\): option 2 holds a list; a position is an int, string, bool, None or a tuple of them$`},
		{"an unhashable option", "def moves(p):\n    return [{}]\n", `"x"`, Options{},
			`^bad\.star:2:5: moves\("x"\): option 1 is a dict; a position is`},
		{"a list in a tuple", "def moves(p):\n    return [[(1, [2])]]\n", "1", Options{},
			`^bad\.star:2:5: moves\(1\): option 1 holds a tuple holding a list; a position is`},
		{"a float", "def moves(p):\n    return [[0.5]]\n", "1", Options{},
			`^bad\.star:2:5: moves\(1\): option 1 holds a float; a position is`},
		{"a function", "def moves(p):\n    return [moves]\n", "1", Options{},
			`^bad\.star:2:5: moves\(1\): option 1 is a function;`},
		{"failure in the script", "def moves(n):\n    return [n // 0]\n", "5", Options{},
			`^bad\.star:2:15: moves\(5\): floored division by zero$`},
		{"failure deep down", "def f(n):\n    return [1][n]\n\ndef moves(n):\n    return f(n)\n", "5", Options{},
			`^bad\.star:2:15: moves\(5\): list index 5 out of range \[-1:0\]$`},
		{"fail", "def moves(n):\n    fail('no', 'moves')\n", "5", Options{},
			`^bad\.star:2:9: moves\(5\): fail: no moves$`},
		{"a failure at a position reached", "def moves(n):\n    if n == 2:\n        return 'x'\n    return [n - 1] if n > 0 else []\n", "4", Options{},
			`^bad\.star:1:1: moves\(2\) returned a string, want a list of options$`},
		{"runaway loop", "def moves(n):\n    while True:\n        n += 1\n", "5", Options{StepBudget: 100000},
			`^bad\.star:[23]:\d+: moves\(5\): exceeded the step budget of 100000 steps per call$`},
		{"runaway recursion", "def f(n):\n    return f(n + 1)\n\ndef moves(n):\n    return f(n)\n", "5", Options{},
			`^bad\.star:2:\d+: moves\(5\): Starlark stack overflow$`},
		{"work budget over many positions", "def moves(n):\n    x = 0\n    for i in range(100):\n        x += i\n    return [n + 1]\n", "0", Options{WorkSteps: 200000},
			`^bad\.star:\d+:\d+: moves\(\d+\): exceeded the step budget of 200000 steps for the whole computation$|^bad\.star: moves\(\d+\): exceeded the step budget of 200000 steps for the whole computation$`},
		{"too many options", "def moves(n):\n    return [[]] * 5000000\n", "5", Options{},
			`^bad\.star:2:5: moves\(5\) returned 5000000 options, limit 4194304$`},
		{"a long position", "def moves(n):\n    return ['x' * 100000]\n", "5", Options{},
			`^bad\.star:2:5: moves\(5\): option 1 is a position of over 65536 bytes$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := New("bad.star", []byte(tc.src), tc.o)
			if err != nil {
				t.Fatal(err)
			}
			g := r.Game()
			pos := gametest.Parse(t, g, tc.pos)
			_, err = g.Analyze(context.Background(), pos, game.Options{})
			wantError(t, err, tc.want)
			_, err = g.Moves(pos)
			if err == nil && tc.pos != "4" && !strings.Contains(tc.name, "many positions") {
				t.Fatalf("Moves: no error, Analyze said %v", err)
			}
		})
	}
}

// TestParseShowErrors checks the failures of the file's parse and show.
func TestParseShowErrors(t *testing.T) {
	const moves = "def moves(p):\n    return []\n"
	for _, tc := range []struct {
		name, src, text, want string
	}{
		{"parse fails", moves + "def parse(text):\n    return int(text)\n", "x",
			`^bad\.star:4:\d+: parse\("x"\): int: invalid literal`},
		{"parse returns a dict", moves + "def parse(text):\n    return {}\n", "x",
			`^bad\.star:4:5: parse\("x"\) returned a dict; a position is`},
		{"parse returns a list of lists", moves + "def parse(text):\n    return [[1]]\n", "x",
			`^bad\.star:4:5: parse\("x"\) returned a list holding a list; a position is`},
		{"show returns an int", moves + "def show(p):\n    return 5\n", "1",
			`^bad\.star:4:5: show\(1\) returned an int, want a string$`},
		{"show returns lines", moves + "def show(p):\n    return 'a\\nb'\n", "1",
			`^bad\.star:4:5: show\(1\) returned "a\\nb", which is more than one line$`},
		{"show returns blank", moves + "def show(p):\n    return '  '\n", "1",
			`^bad\.star:4:5: show\(1\) returned a blank string$`},
		{"show fails", moves + "def show(p):\n    return p + 'x'\n", "1",
			`^bad\.star:4:14: show\(1\): unknown binary op: int \+ string$`},
		{"parse runs away", moves + "def parse(text):\n    while True:\n        pass\n", "x",
			`^bad\.star:\d+:\d+: parse\("x"\): exceeded the step budget of 100000 steps per call$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := New("bad.star", []byte(tc.src), Options{StepBudget: 100000})
			if err != nil {
				t.Fatal(err)
			}
			_, err = r.Game().Parse(tc.text)
			wantError(t, err, tc.want)
		})
	}
}

// TestCycle checks that a cycle is reported as the game layer's
// *game.CycleError by the solvers that need an acyclic game (sequences),
// that Analyze values such a game by generalised Sprague–Grundy values
// instead (issue 23), and that nothing hangs.
func TestCycle(t *testing.T) {
	r := compile(t, "def moves(n):\n    return [[n + 1]] if n < 3 else [[1], [0]]\n", Options{})
	g := r.Game()
	pos := gametest.Parse(t, g, "0")
	for _, e := range []game.Engine{game.Fast, game.Generic} {
		// No position ends: play goes round 1 -> 2 -> 3 -> 1 for ever, so
		// every position is ∞ (no finite option) and a draw.
		a, err := g.Analyze(context.Background(), pos, game.Options{Engine: e})
		if err != nil || !a.Cyclic || !a.Value.Equal(game.Infinite(nil)) || a.Outcome != sg.D {
			t.Fatalf("Analyze (%s): %+v, %v; want ∞, a draw", e, a, err)
		}
	}
	_, err := r.Sequence(context.Background(), 10)
	var ce *game.CycleError
	if !errors.As(err, &ce) {
		t.Fatalf("Sequence: %v, want a *game.CycleError", err)
	}
	wantError(t, err, `^a position is reachable from itself: `)
	graph, err := g.Explore(context.Background(), []game.Position{pos}, 100)
	if err != nil || graph.Len() != 4 {
		t.Fatalf("Explore: %v", err)
	}
	self := compile(t, "def moves(n):\n    return [n]\n", Options{})
	_, err = self.Sequence(context.Background(), 3)
	wantError(t, err, `^a position is reachable from itself: 0 -> 0$`)
	if !strings.HasPrefix(self.MovesAt(), "test.star:1") {
		t.Fatalf("MovesAt %q", self.MovesAt())
	}
}

// TestCancel checks that a context's deadline stops a runaway script at
// once, with one line that tells what happened.
func TestCancel(t *testing.T) {
	src := "def moves(n):\n    x = 0\n    while True:\n        x += 1\n"
	r, err := New("slow.star", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := r.Game()
	pos, _ := g.Parse("5")
	for _, tc := range []struct {
		name string
		run  func(ctx context.Context) error
	}{
		{"analyze", func(ctx context.Context) error {
			_, err := g.Analyze(ctx, pos, game.Options{})
			return err
		}},
		{"sequence", func(ctx context.Context) error {
			_, err := r.Sequence(ctx, 100)
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			start := time.Now()
			err := tc.run(ctx)
			if took := time.Since(start); took > 5*time.Second {
				t.Fatalf("took %v to stop", took)
			}
			wantError(t, err, `^slow\.star:(\d+:\d+: moves\(\d+\): )?cancelled: context deadline exceeded$`)
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("%v is not context.DeadlineExceeded", err)
			}
		})
	}
}

// TestMemoryBudget checks that a script that makes the heap grow is
// stopped at the memory budget, with one line naming the file and the
// limit, and that the memo of moves is bounded too.
func TestMemoryBudget(t *testing.T) {
	for _, tc := range []struct {
		name, src, pos string
		want           string
	}{
		{"heap", "def moves(n):\n    rows = []\n    for i in range(100000):\n        rows.append('x' * 1000000)\n    return []\n", "5",
			`^big\.star:\d+:\d+: moves\(5\): the process heap passed the memory budget of 67108864 bytes \(64 MiB\)$`},
		{"memo", "def moves(n):\n    return [[n + 1]] + [[-i] for i in range(200)]\n", "0",
			`^big\.star(:\d+:\d+)?: moves\(\d+\): .*passed the memory budget of 67108864 bytes \(64 MiB\)$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := New("big.star", []byte(tc.src), Options{MemoryBudget: 64 << 20})
			if err != nil {
				t.Fatal(err)
			}
			g := r.Game()
			pos, _ := g.Parse(tc.pos)
			_, err = g.Analyze(context.Background(), pos, game.Options{})
			wantError(t, err, tc.want)
		})
	}
}

// TestFileLimits checks that files are refused before they are read
// whole when they are too large, and that errors name the file.
func TestFileLimits(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.star")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxFileSize + 1); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = Load(big, Options{})
	wantError(t, err, `big\.star: 1048577 bytes, limit 1048576$`)
	_, err = New("pasted.star", make([]byte, MaxFileSize+1), Options{})
	wantError(t, err, `^pasted\.star: 1048577 bytes, limit 1048576$`)
	_, err = Load(filepath.Join(dir, "none.star"), Options{})
	wantError(t, err, `none\.star`)
	_, err = Load(dir, Options{})
	wantError(t, err, `not a regular file`)
	small := filepath.Join(dir, "small.star")
	if err := os.WriteFile(small, []byte("def moves(n):\n    return [n - 1] if n else []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Load(small, Options{})
	if err != nil || r.Name() != "small" {
		t.Fatalf("Load: %v", err)
	}
}

// TestPrint checks that print goes to the writer of the options, and
// that a failed write fails the work.
func TestPrint(t *testing.T) {
	var out strings.Builder
	r := compile(t, "print('loaded')\ndef moves(n):\n    print('moves', n)\n    return []\n", Options{Print: &out})
	if _, err := r.Sequence(context.Background(), 2); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(got) != 3 || got[0] != "loaded" {
		t.Fatalf("printed %q", out.String())
	}
	r = compile(t, "def moves(n):\n    print('x')\n    return []\n", Options{Print: failWriter{}})
	_, err := r.Sequence(context.Background(), 1)
	wantError(t, err, `^test\.star:2:10: moves\(0\): print: disk full$`)
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }
