package searchjobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// corner is a 5 x 7 board with a corner filled: at split depth 2 its
// checkpoint has about 110 lines, children settled at their splits,
// children lost by a reply and a child won by all its replies among them
// (Right wins whoever starts), in about 0.05 s.
const corner = "#......|.......|.......|.......|......."

// keyOf names the subtree of a checkpoint line: first/child for a child,
// first/parent/child for a grandchild; leaf is false for a child decided
// by its split (a line with "by"), which is no search.
func keyOf(t *testing.T, line string) (key string, leaf, ok bool) {
	t.Helper()
	var s subtreeLine
	if !strings.HasPrefix(line, `{"type":"subtree"`) || !strings.HasSuffix(line, "\n") {
		return "", false, false
	}
	if err := json.Unmarshal([]byte(line), &s); err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	key = s.First + "/" + s.Child
	if s.Parent != nil {
		key = fmt.Sprintf("%s/%d/%s", s.First, *s.Parent, s.Child)
	}
	return key, s.By == "", true
}

// TestDepthsAgree decides random boards with filled cells and rectangles
// at split depth 2, on one and two threads, with and without a
// checkpoint, and holds each to depth 1 and to SolveOutcome.
func TestDepthsAgree(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	texts := withRandomBoards(rand.New(rand.NewPCG(31, 7)), 50, 0.3, corner, "......|......|......|......|......",
		".....|.....|.....|.....|.....|.....", "......|......|......|......|......|......",
		"#.....|......|......|......|......|.....#", "..|..", "#", "...|...|...")
	for k, text := range texts {
		g := board(t, text)
		lf, rf := solve(t, g)
		one, err := Run(ctx, g, Options{Threads: 1, TableMiB: 2, Depth: 1})
		if err != nil {
			t.Fatalf("%s at depth 1: %v", text, err)
		}
		o := Options{Threads: 1 + k%2, TableMiB: 2, Depth: 2}
		if k%2 == 0 {
			o.Out = filepath.Join(dir, strings.Repeat("d", k+1)+".jsonl")
		}
		two, err := Run(ctx, g, o)
		if err != nil {
			t.Fatalf("%s at depth 2: %v", text, err)
		}
		if two.LeftFirst != lf || two.RightFirst != rf || one.LeftFirst != lf || one.RightFirst != rf {
			t.Fatalf("%s: Left first %v, Right first %v at depth 2 (%d threads), %v, %v at depth 1; SolveOutcome says %v, %v",
				text, two.LeftFirst, two.RightFirst, o.Threads, one.LeftFirst, one.RightFirst, lf, rf)
		}
		if o.Out != "" {
			// The checkpoint's leaves are the subtrees searched, each once.
			seen := map[string]bool{}
			n := 0
			for _, l := range lines(t, o.Out) {
				if key, leaf, ok := keyOf(t, l); ok && leaf {
					if seen[key] {
						t.Errorf("%s: %s searched twice", text, key)
					}
					seen[key] = true
					n++
				}
			}
			if n != two.Subtrees {
				t.Errorf("%s: %d subtrees in the checkpoint, the run says %d", text, n, two.Subtrees)
			}
		}
	}
	// The default is depth 2, and other depths are refused.
	if _, err := Run(ctx, board(t, corner), Options{Threads: 1, Depth: 3}); err == nil || !strings.Contains(err.Error(), "split depth 3: want 1") {
		t.Errorf("depth 3: %v", err)
	}
	path := filepath.Join(dir, "default.jsonl")
	if _, err := Run(ctx, board(t, corner), Options{Threads: 1, Out: path}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), `"parent":`) || !strings.Contains(string(data), `"version":2`) {
		t.Errorf("the default run's checkpoint has no grandchild, or is not of version 2:\n%s", data)
	}
}

// TestDepthResume cuts the checkpoint of a finished depth-2 run after
// every number of its lines, the next line torn for every other cut, and
// resumes it: the same answer, every grandchild kept counted from the
// checkpoint and not searched again, the lines kept unchanged, each
// subtree once in the file, and the file read whole again.
func TestDepthResume(t *testing.T) {
	ctx := context.Background()
	g := board(t, corner)
	dir := t.TempDir()
	full := filepath.Join(dir, "full.jsonl")
	want, err := Run(ctx, g, Options{Threads: 1, Out: full})
	if err != nil {
		t.Fatal(err)
	}
	all := lines(t, full)
	all = all[:len(all)-1] // the "" after the last newline
	kinds := map[string]int{}
	for _, l := range all {
		var s struct {
			Type   string
			Parent *int
			By     string
		}
		json.Unmarshal([]byte(l), &s)
		kinds[s.Type+map[bool]string{true: "+parent"}[s.Parent != nil]+map[bool]string{true: "+by"}[s.By != ""]]++
	}
	if want.LeftFirst || !want.RightFirst || kinds["split+parent"] < 10 || kinds["subtree+parent"] < 20 || kinds["subtree+by"] < 10 {
		t.Fatalf("the 5 x 7 board: %+v, lines %v; want R, its lines of every kind", want, kinds)
	}
	path := filepath.Join(dir, "cut.jsonl")
	for kept := 1; kept < len(all); kept++ {
		tail := ""
		if kept%2 == 1 {
			tail = all[kept][:len(all[kept])/2] // a kill in the middle of a write
		}
		os.Remove(path)
		if err := os.WriteFile(path, []byte(strings.Join(all[:kept], "")+tail), 0o644); err != nil {
			t.Fatal(err)
		}
		leaves := map[string]bool{}
		for _, l := range all[:kept] {
			if key, leaf, ok := keyOf(t, l); ok && leaf {
				leaves[key] = true
			}
		}
		res, err := Run(ctx, g, Options{Threads: 1, Out: path, Resume: true})
		if err != nil {
			t.Fatalf("resume after %d lines: %v", kept, err)
		}
		if res.LeftFirst != want.LeftFirst || res.RightFirst != want.RightFirst || res.FromCheckpoint != len(leaves) {
			t.Errorf("resume after %d lines: %+v; want %+v with %d from the checkpoint", kept, res, want, len(leaves))
		}
		got := lines(t, path)
		if strings.Join(got[:kept], "") != strings.Join(all[:kept], "") {
			t.Errorf("resume after %d lines: the lines kept changed", kept)
		}
		n := 0
		for _, l := range got[kept:] {
			if key, leaf, ok := keyOf(t, l); ok && leaf {
				if leaves[key] {
					t.Errorf("resume after %d lines: %s searched again", kept, key)
				}
				leaves[key] = true
				n++
			}
		}
		if n != res.Subtrees-res.FromCheckpoint {
			t.Errorf("resume after %d lines: %d subtrees written, the run says %d", kept, n, res.Subtrees-res.FromCheckpoint)
		}
		again, err := Run(ctx, g, Options{Threads: 1, Out: path, Resume: true, Depth: 1})
		if err != nil || again.LeftFirst != want.LeftFirst || again.RightFirst != want.RightFirst || again.FromCheckpoint != again.Subtrees {
			t.Errorf("resume after %d lines, finished: %+v, %v", kept, again, err)
		}
	}
}

// TestDepthCheckpointLines checks the refusals of depth-2 lines that do
// not fit, and the checkpoints of version 1: resumed at depth 1, refused
// at depth 2 in one line.
func TestDepthCheckpointLines(t *testing.T) {
	ctx := context.Background()
	g := board(t, corner)
	dir := t.TempDir()
	full := filepath.Join(dir, "full.jsonl")
	if _, err := Run(ctx, g, Options{Threads: 1, Out: full}); err != nil {
		t.Fatal(err)
	}
	all := lines(t, full)
	kid, grand := -1, -1 // a child's split, and its first grandchild
	for i, l := range all {
		if kid < 0 && strings.Contains(l, `"type":"split"`) && strings.Contains(l, `"parent":`) && !strings.Contains(l, `"settled":true`) {
			kid = i
		}
		if kid >= 0 && grand < 0 && strings.Contains(l, `"type":"subtree"`) && strings.Contains(l, `"parent":`) {
			grand = i
		}
	}
	if kid < 0 || grand < 0 {
		t.Fatalf("no child's split or grandchild in\n%s", strings.Join(all, ""))
	}
	path := filepath.Join(dir, "c.jsonl")
	head := strings.Join(all[:kid], "")
	for _, tc := range []struct{ name, file, want string }{
		{"a grandchild before its split", head + all[grand], "before the split of that child"},
		{"a second split of a child", head + all[kid] + all[kid], "a second split of child"},
		{"a split of another child", head + strings.Replace(all[kid], `"child":"#`, `"child":"x`, 1), "the split of child"},
		{"a grandchild of another board", head + all[kid] + strings.Replace(all[grand], `"child":"#`, `"child":"x`, 1), "the split says"},
		{"a child decided by a guess", head + all[kid] + strings.Replace(all[grand], `"parent":`, `"by":"guess","parent":`, 1), `decided "guess"`},
		{"version 1 with a grandchild", strings.Replace(head, `"version":2`, `"version":1`, 1) + all[kid], "in a checkpoint of version 1"},
	} {
		if err := os.WriteFile(path, []byte(tc.file), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Run(ctx, g, Options{Threads: 1, Out: path, Resume: true})
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v; want %q", tc.name, err, tc.want)
		}
	}
	// A checkpoint of version 1 (a run at depth 1 of an older nimber).
	one := filepath.Join(dir, "one.jsonl")
	want, err := Run(ctx, g, Options{Threads: 1, Out: one, Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	v1 := lines(t, one)
	v1[0] = strings.Replace(v1[0], `"version":2`, `"version":1`, 1)
	v1 = v1[:len(v1)-3] // its last subtrees and done line cut
	if err := os.WriteFile(path, []byte(strings.Join(v1, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(ctx, g, Options{Threads: 1, Out: path, Resume: true}); err == nil || !strings.Contains(err.Error(), "is a checkpoint of version 1, split at depth 1: resume it with --split-depth 1") || strings.Contains(err.Error(), "\n") {
		t.Errorf("version 1 at depth 2: %v", err)
	}
	res, err := Run(ctx, g, Options{Threads: 1, Out: path, Resume: true, Depth: 1})
	if err != nil || res.LeftFirst != want.LeftFirst || res.RightFirst != want.RightFirst || res.FromCheckpoint == 0 {
		t.Fatalf("version 1 at depth 1: %+v, %v; want %+v", res, err, want)
	}
	if data, _ := os.ReadFile(path); strings.Contains(string(data), `"parent"`) || strings.Contains(string(data), `"by"`) {
		t.Errorf("version 1 resumed: lines of version 2 added:\n%s", data)
	}
}

// TestDepthProgress checks that a depth-2 run's progress counts the
// grandchildren: many more than the moves, Done moving up to the
// subtrees searched.
func TestDepthProgress(t *testing.T) {
	saved := progressEvery
	progressEvery = 2 * time.Millisecond
	defer func() { progressEvery = saved }()
	var mu sync.Mutex
	var got []Progress
	res, err := Run(context.Background(), board(t, blocked), Options{Threads: 1, Progress: func(p Progress) {
		mu.Lock()
		got = append(got, p)
		mu.Unlock()
	}})
	if err != nil || res.LeftFirst || !res.RightFirst {
		t.Fatalf("%+v, %v", res, err)
	}
	if len(got) < 3 {
		t.Fatalf("%d progress reports", len(got))
	}
	first, last := got[0], got[len(got)-1]
	if first.Total < 200 || last.Done <= first.Done || last.Done > res.Subtrees || last.Total < last.Done || last.Left < 0 {
		t.Errorf("progress from %+v to %+v; the run searched %d subtrees", first, last, res.Subtrees)
	}
}

// TestDepthDistributed decides the 6 x 8 board blocked at depth 2 over
// the queue, with a checkpoint: a worker takes the first job (Left's best
// move's best reply, which decides that move) and dies in the middle of
// it, the other does the rest and, after the ack wait, the dead worker's
// job. The answer is SolveOutcome's, each subtree once in the checkpoint,
// by the survivor. Then the run is cancelled midway and resumed over the
// queue: the results the worker stored meanwhile are collected.
func TestDepthDistributed(t *testing.T) {
	const ackWait = time.Second
	b := broker(t)
	path := filepath.Join(t.TempDir(), "d.jsonl")
	g := board(t, blocked)
	res, job := killedWorkerRun(t, b, g, Options{Threads: 1, Out: path, NATS: b.URL(), AckWait: ackWait, TableMiB: 4}, Worker(WorkerOptions{Threads: 1}))
	var lost Job
	if err := json.Unmarshal(job.Payload, &lost); err != nil {
		t.Fatal(err)
	}
	lf, rf := solve(t, g)
	if res.LeftFirst != lf || res.RightFirst != rf || len(res.Workers) != 1 || res.Workers[0] != "survivor" {
		t.Fatalf("%+v; want Left first %v, Right first %v, by the survivor", res, lf, rf)
	}
	seen := map[string]bool{}
	again, grand := 0, 0
	for _, l := range lines(t, path) {
		key, leaf, ok := keyOf(t, l)
		if !ok || !leaf {
			continue
		}
		var s subtreeLine
		json.Unmarshal([]byte(l), &s)
		if seen[key] || s.Worker != "survivor" {
			t.Errorf("%s again, or by %s", key, s.Worker)
		}
		seen[key] = true
		if s.Parent != nil {
			grand++
		}
		if s.Attempt > 1 {
			again++
			if s.Child != lost.Board {
				t.Errorf("%s delivered again, not the doomed worker's %s", s.Child, lost.Board)
			}
		}
	}
	// Left, who loses, needs her best move's best reply (its other
	// replies wait for it); Right's first job may be left for another.
	if grand < 37 || again > 1 || lost.ToMove == "Left" && again != 1 {
		t.Errorf("%d grandchildren, %d delivered again (the doomed worker's job, Left to move: %v)", grand, again, lost.ToMove == "Left")
	}

	// Cancelled midway over the queue, resumed over the queue.
	cut := filepath.Join(t.TempDir(), "r.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	saved := progressEvery
	progressEvery = 5 * time.Millisecond
	defer func() { progressEvery = saved }()
	_, err := Run(ctx, g, Options{Threads: 1, Out: cut, NATS: b.URL(), TableMiB: 4, Progress: func(p Progress) {
		if p.Done >= 10 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	kept := 0
	for _, l := range lines(t, cut) {
		if _, leaf, ok := keyOf(t, l); ok && leaf {
			kept++
		}
	}
	res, err = Run(context.Background(), g, Options{Threads: 1, Out: cut, Resume: true, NATS: b.URL(), TableMiB: 4})
	if err != nil || res.LeftFirst != lf || res.RightFirst != rf || res.FromCheckpoint != kept || kept < 10 {
		t.Fatalf("resumed: %+v, %v; want %d from the checkpoint", res, err, kept)
	}
	seen = map[string]bool{}
	for _, l := range lines(t, cut) {
		if key, leaf, ok := keyOf(t, l); ok && leaf {
			if seen[key] {
				t.Errorf("resumed: %s twice", key)
			}
			seen[key] = true
		}
	}
}
