package searchjobs

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"nimber/game"
	"nimber/games/domineering"
	"nimber/grid"
	"nimber/heap/seqfile"
	"nimber/internal/golden"
)

// solve is the reference: domineering.SolveOutcome.
func solve(t *testing.T, g grid.Grid) (leftFirst, rightFirst bool) {
	t.Helper()
	res, err := domineering.SolveOutcome(context.Background(), g, game.OutcomeOptions{TableMiB: 4})
	if err != nil {
		t.Fatal(err)
	}
	return res.LeftFirst, res.RightFirst
}

func board(t *testing.T, text string) grid.Grid {
	t.Helper()
	g, err := ParseBoard(text)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// blocked is a 6 x 8 board with two cells filled, no two of its boards
// after a move equal up to flips: Left moving first loses every one of
// her 37 subtrees, Right wins by his first (about 1.6 s on one core).
const blocked = "#.......|........|...#....|........|........|........"

// withRandomBoards returns the boards texts and n random ones after them,
// of 2 to 6 rows and 2 to 7 columns, up to 5% + spread of their cells
// filled.
func withRandomBoards(rng *rand.Rand, n int, spread float64, texts ...string) []string {
	for range n {
		g := grid.Random(rng, 2+rng.IntN(5), 2+rng.IntN(6), 0.05+spread*rng.Float64(), '.', '#')
		texts = append(texts, BoardText(g))
	}
	return texts
}

// TestRunAgainstSolveOutcome decides random boards with filled cells by
// the split run, in process on one and two goroutines, at split depth 1
// and 2, with and without a checkpoint, and holds each to SolveOutcome.
func TestRunAgainstSolveOutcome(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	texts := withRandomBoards(rand.New(rand.NewPCG(30, 5)), 40, 0.25, "......|......|......|......|......",
		"#.....|......|......|......|......|.....#", "....|....|....|....|....|....|....", ".....|.....|.....|.....|.....", "#")
	for k, text := range texts {
		g := board(t, text)
		lf, rf := solve(t, g)
		o := Options{Threads: 1 + k%2, TableMiB: 2, Depth: 1 + k/2%2}
		if k%3 == 0 {
			o.Out = filepath.Join(dir, strings.Repeat("x", k+1)+".jsonl")
		}
		res, err := Run(ctx, g, o)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if res.LeftFirst != lf || res.RightFirst != rf || res.Board != text {
			t.Fatalf("%s (%d threads, depth %d): Left first %v, Right first %v; SolveOutcome says %v, %v", text, o.Threads, o.Depth, res.LeftFirst, res.RightFirst, lf, rf)
		}
		if res.FromCheckpoint != 0 || res.Subtrees < 0 || res.Positions < 0 {
			t.Fatalf("%s: %+v", text, res)
		}
	}
}

// TestStopsDecidedPlayer checks that a first player's remaining subtrees
// are not searched once one of her moves wins (split depth 1): on 7 x 7
// each player's first move wins, and a square board asks Left alone.
func TestStopsDecidedPlayer(t *testing.T) {
	for _, threads := range []int{1, 2} {
		res, err := Run(context.Background(), board(t, ".......|.......|.......|.......|.......|.......|......."), Options{Threads: threads, Depth: 1})
		if err != nil {
			t.Fatal(err)
		}
		if !res.LeftFirst || !res.RightFirst || res.Subtrees != 1 {
			t.Errorf("7 x 7 on %d threads: %+v; want N from one subtree", threads, res)
		}
	}
}

// lines returns the lines of a checkpoint file.
func lines(t *testing.T, path string) []string {
	t.Helper()
	data := golden.Read(t, path)
	return strings.SplitAfter(string(data), "\n")
}

// TestResume cuts the checkpoint of a finished run after some of its
// subtrees, with a torn last line or a line of zeros, and resumes it: the
// same answer, the subtrees kept not searched again, the lines kept as
// they were, each subtree once in the file. On 5 x 8 with a corner
// filled Left moving first loses her 31 subtrees, Right wins by his
// first (split depth 1; depth_test.go has depth 2's).
func TestResume(t *testing.T) {
	ctx := context.Background()
	g := board(t, "#.......|........|........|........|........")
	dir := t.TempDir()
	full := filepath.Join(dir, "full.jsonl")
	want, err := Run(ctx, g, Options{Threads: 2, Out: full, Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if want.LeftFirst || !want.RightFirst || want.Subtrees < 32 {
		t.Fatalf("the 5 x 8 board: %+v; want R", want)
	}
	all := lines(t, full)
	// header, Left's split, Right's split, the subtrees, done.
	for i, tail := range []string{`{"type":"subtree","run":1,"fi`, "\x00\x00\x00\x00", "", `{"type":"subtree","run":1,"first":"Left","index":0,"child":"x","win":false,"positions":1,"seconds":0,"elapsed":1}` + "\n"} {
		kept := 3 + 5*i
		path := filepath.Join(dir, "cut.jsonl")
		os.Remove(path)
		if err := os.WriteFile(path, []byte(strings.Join(all[:kept], "")+tail), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := Run(ctx, g, Options{Threads: 2, Out: path, Resume: true, Depth: 1})
		if i == 3 {
			// A whole last line that is not the split's child: refused,
			// not dropped.
			if err == nil || !strings.Contains(err.Error(), "subtree 0 of Left is x, the split says") {
				t.Errorf("a wrong last line: %v", err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("resume after %d lines and %q: %v", kept, tail, err)
		}
		if res.LeftFirst != want.LeftFirst || res.RightFirst != want.RightFirst || res.FromCheckpoint != kept-3 || res.Subtrees < 32 {
			t.Errorf("resume after %d lines: %+v; want %+v with %d from the checkpoint", kept, res, want, kept-3)
		}
		got := lines(t, path)
		if strings.Join(got[:kept], "") != strings.Join(all[:kept], "") {
			t.Errorf("resume after %d lines: the lines kept changed", kept)
		}
		run := 2
		if kept == 3 {
			run = 1 // no subtree kept: no run counted
		}
		seen := map[string]bool{}
		for _, l := range got[kept:] {
			if strings.HasPrefix(l, `{"type":"subtree"`) {
				var s subtreeLine
				json.Unmarshal([]byte(l), &s)
				key := s.First + "/" + s.Child
				if seen[key] || s.Run != run {
					t.Errorf("resume after %d lines: %s searched again, or in run %d", kept, key, s.Run)
				}
				seen[key] = true
			}
		}
		for _, l := range got[:kept] {
			var s subtreeLine
			if json.Unmarshal([]byte(l), &s) == nil && seen[s.First+"/"+s.Child] {
				t.Errorf("resume after %d lines: %s of the checkpoint searched again", kept, s.Child)
			}
		}
		// A finished checkpoint answers at once.
		again, err := Run(ctx, g, Options{Threads: 1, Out: path, Resume: true, Depth: 1})
		if err != nil || again.LeftFirst != want.LeftFirst || again.RightFirst != want.RightFirst || again.FromCheckpoint != again.Subtrees {
			t.Errorf("a finished checkpoint: %+v, %v", again, err)
		}
	}
}

// TestCheckpointRefusals checks the one-line refusals of checkpoint
// files.
func TestCheckpointRefusals(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	g := board(t, "....|....|....")
	path := filepath.Join(dir, "c.jsonl")
	if _, err := Run(ctx, g, Options{Threads: 1, Out: path}); err != nil {
		t.Fatal(err)
	}
	good := lines(t, path)
	write := func(text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name, file, board string
		resume            bool
		want              string
	}{
		{"exists", strings.Join(good, ""), "....|....|....", false, "already exists: go on from it with --resume"},
		{"another board", strings.Join(good, ""), "....|....|...#", true, "line 1: the checkpoint of the board ....|....|...., not ....|....|...#"},
		{"a bad middle line", good[0] + "{\"type\":\"split\"\n" + strings.Join(good[1:], ""), "....|....|....", true, "line 2: not a line of a checkpoint"},
		{"no header", "", "....|....|....", true, "holds no checkpoint header"},
		{"another file", "hello\nworld\n", "....|....|....", true, "line 1: not a line of a checkpoint"},
		{"no newline", "hello", "....|....|....", true, "line 1: not a line of a checkpoint (no newline)"},
		{"a later version", strings.Replace(good[0], `"version":2`, `"version":9`, 1), "....|....|....", true, "version 9"},
	} {
		write(tc.file)
		_, err := Run(ctx, board(t, tc.board), Options{Threads: 1, Out: path, Resume: tc.resume})
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v; want %q", tc.name, err, tc.want)
		}
	}
	if _, err := Run(ctx, g, Options{Threads: 1, Out: filepath.Join(dir, "none.jsonl"), Resume: true}); err == nil || !strings.Contains(err.Error(), "does not exist: nothing to resume") {
		t.Errorf("--resume of no file: %v", err)
	}
	if _, err := Run(ctx, g, Options{Threads: 1, Resume: true}); err == nil || !strings.Contains(err.Error(), "give --out") {
		t.Errorf("--resume without --out: %v", err)
	}
	// A file another run writes.
	l, err := seqfile.Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var le *seqfile.LockedError
	if _, err := Run(ctx, g, Options{Threads: 1, Out: path, Resume: true}); !errors.As(err, &le) {
		t.Errorf("a checkpoint being written: %v", err)
	}
}

// TestCancel stops a run by its context: the error is the context's, and
// the subtrees done are kept for a resume.
func TestCancel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	var got []Progress
	saved := progressEvery
	progressEvery = 20 * time.Millisecond
	defer func() { progressEvery = saved }()
	_, err := Run(ctx, board(t, blocked), Options{Threads: 2, Out: path, Progress: func(p Progress) {
		got = append(got, p)
		if p.Done >= 4 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled run: %v", err)
	}
	if len(got) == 0 {
		t.Fatal("no progress")
	}
	last := got[len(got)-1]
	if last.Positions <= 0 || last.Total < 38 || last.Left < 0 || last.Elapsed <= 0 {
		t.Errorf("progress %+v", last)
	}
	res, err := Run(context.Background(), board(t, blocked), Options{Threads: 2, Out: path, Resume: true})
	if err != nil || res.LeftFirst || !res.RightFirst || res.FromCheckpoint < 4 {
		t.Errorf("resumed: %+v, %v", res, err)
	}
	if res.TotalSeconds <= res.Seconds {
		t.Errorf("resumed: every run's seconds %g, this run's %g", res.TotalSeconds, res.Seconds)
	}
}

// TestRepresentatives checks that the moves of the empty 6 x 8 board
// (Left's, which all lose) are searched once for each class of boards
// equal up to flips: a board and its flips have one representative, the
// first of them, and the run decides Left's 40 moves by their classes
// (split depth 1).
func TestRepresentatives(t *testing.T) {
	g := board(t, "........|........|........|........|........|........")
	children, _, _, err := domineering.Split(g, game.Left)
	if err != nil {
		t.Fatal(err)
	}
	texts := make([]string, len(children))
	for i, c := range children {
		texts[i] = BoardText(c)
	}
	rep, err := representatives(texts)
	if err != nil {
		t.Fatal(err)
	}
	classes := 0
	for i, c := range children {
		if rep[i] == i {
			classes++
		}
		for _, s := range symmetries[:4] {
			f := BoardText(s.apply(c))
			j := slices.Index(texts, f)
			if j >= 0 && rep[j] != rep[i] || rep[i] > i || j >= 0 && rep[i] > j {
				t.Errorf("child %d %s, %s is child %d: representatives %d and %d", i, texts[i], s.name, j, rep[i], rep[max(j, 0)])
			}
		}
	}
	res, err := Run(context.Background(), g, Options{Threads: 1, Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.LeftFirst || !res.RightFirst || res.Subtrees != classes+1 || classes >= len(children)/3 {
		t.Errorf("%d classes of %d moves; the run: %+v, want R from %d subtrees", classes, len(children), res, classes+1)
	}
}
