package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nimber/internal/golden"
	"nimber/store"
)

// TestOutcomeStore decides a board with --db (kept), answers it again
// from the store, its transpose too (the players swapped), and lists the
// store.
func TestOutcomeStore(t *testing.T) {
	db := filepath.Join(t.TempDir(), "o.db")
	const b = "......|......|......|......|......" // 5 rows of 6: Right's
	first := printed[outcomeReport](t, "outcome", "--game", "domineering", b, "--db", db, "--json")
	if first.Outcome != "R" || first.Method != "search" || !first.Kept || first.Stored != nil || first.Positions <= 0 {
		t.Fatalf("the first run: %+v", first)
	}
	again := printed[outcomeReport](t, "outcome", "--game", "domineering", b, "--db", db, "--json")
	if s := again.Stored; again.Outcome != "R" || again.Method != "store" || again.Kept || s == nil || s.Position != b || s.As != "" ||
		s.Positions != first.Positions || s.Database != db || s.Worker == "" || s.ComputedAt.IsZero() {
		t.Fatalf("from the store: %+v %+v", again, s)
	}
	// Its transpose, 6 rows of 5: Left's.
	const tb = ".....|.....|.....|.....|.....|....."
	code, out, errOut := nimber(t, "", "outcome", "--game", "domineering", tb, "--db", db)
	if code != 0 || !strings.HasPrefix(out, "outcome L: Left wins whoever starts\n") || !strings.Contains(out, "from the store "+db+": "+b+" (transposed), decided by ") {
		t.Fatalf("the transpose: exit %d, %s%s", code, out, errOut)
	}
	// A split run keeps its board too.
	const c = "#....|.....|.....|.....|....#"
	split := printed[outcomeReport](t, "outcome", "--game", "domineering", c, "--db", db, "--out", filepath.Join(t.TempDir(), "c.jsonl"), "--json")
	if split.Method != "split" || !split.Kept || split.Subtrees < 1 {
		t.Fatalf("a split run: %+v", split)
	}
	rows := printed[[]store.Outcome](t, "outcome", "--game", "domineering", "--db", db, "--list", "--json")
	if len(rows) != 2 || rows[0].Position != c || rows[1].Position != b || rows[1].Outcome != "R" || rows[1].Positions != first.Positions {
		t.Fatalf("--list: %+v", rows)
	}
	code, out, _ = nimber(t, "", "outcome", "--game", "domineering", "--db", db, "--list")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 4 || !strings.HasPrefix(lines[0], "position") || !strings.HasPrefix(lines[2], b+"  R") ||
		lines[3] != "2 boards of domineering stored in "+db {
		t.Errorf("--list:\n%s", out)
	}
}

// TestOutcomeJobRefusals checks the one-line refusals of outcome's long
// runs, exit 2.
func TestOutcomeJobRefusals(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "c.jsonl")
	succeeds(t, "outcome", "--game", "domineering", "....|....", "--out", out)
	for _, tc := range []struct {
		want string
		args []string
	}{
		{"take --game domineering (one board)", []string{"outcome", "--game", "clobber", "xo", "--out", out}},
		{"--out, --nats and --db take one board, got 2 positions", []string{"outcome", "--game", "domineering", "..", "..", "--db", filepath.Join(dir, "o.db")}},
		{"give --out", []string{"outcome", "--game", "domineering", "..", "--resume"}},
		{"already exists: go on from it with --resume", []string{"outcome", "--game", "domineering", "....|....", "--out", out}},
		{"the checkpoint of the board ....|...., not ...#|....", []string{"outcome", "--game", "domineering", "...#|....", "--out", out, "--resume"}},
		{"does not exist: nothing to resume", []string{"outcome", "--game", "domineering", "..", "--out", filepath.Join(dir, "none"), "--resume"}},
		{"--list lists the boards stored in --db FILE", []string{"outcome", "--game", "domineering", "--list"}},
		{"--list lists the boards stored in --db FILE", []string{"outcome", "--game", "domineering", "..", "--list", "--db", filepath.Join(dir, "o.db")}},
		{"bounds one search; a split run", []string{"outcome", "--game", "domineering", "..", "--out", filepath.Join(dir, "m"), "--max-positions", "9"}},
		{"position 1 \"..x\": row 1, column 3", []string{"outcome", "--game", "domineering", "..x", "--out", filepath.Join(dir, "x")}},
		{"connecting to nats://127.0.0.1:1", []string{"outcome", "--game", "domineering", "....|....", "--nats", "nats://127.0.0.1:1"}},
		{"--ack-wait -1s", []string{"outcome", "--game", "domineering", "..", "--nats", "nats://127.0.0.1:1", "--ack-wait", "-1s"}},
		{"--split-depth 3: want 1", []string{"outcome", "--game", "domineering", "..", "--out", filepath.Join(dir, "d"), "--split-depth", "3"}},
		{"--split-depth 0: want 1", []string{"outcome", "--game", "domineering", "..", "--out", filepath.Join(dir, "d"), "--split-depth", "0"}},
		{"--split-depth splits a run with --out FILE or --nats URL", []string{"outcome", "--game", "domineering", "..", "--split-depth", "1"}},
	} {
		refused(t, tc.want, tc.args...)
	}
}

// TestOutcomeSplitDepth decides a board with --out at --split-depth 1
// and at the default, 2 (the replies to each move in the checkpoint),
// to the one search's answer; a checkpoint of version 1 is resumed with
// --split-depth 1 and refused in one line without it.
func TestOutcomeSplitDepth(t *testing.T) {
	dir := t.TempDir()
	const b = "#......|.......|.......|.......|......." // 5 rows of 7, a corner filled: Right's
	want := printed[outcomeReport](t, "outcome", "--game", "domineering", b, "--json")
	for _, depth := range []string{"1", ""} {
		out := filepath.Join(dir, "d"+depth+".jsonl")
		args := []string{"outcome", "--game", "domineering", b, "--out", out, "--json"}
		if depth != "" {
			args = append(args, "--split-depth", depth)
		}
		got := printed[outcomeReport](t, args...)
		data := golden.Read(t, out)
		if got.Outcome != want.Outcome || got.Method != "split" || got.Subtrees < 1 || strings.Contains(string(data), `"parent":`) != (depth == "") {
			t.Errorf("--split-depth %q: %+v; want %s, grandchildren in the checkpoint at depth 2 alone:\n%s", depth, got, want.Outcome, data)
		}
	}
	// The depth-1 checkpoint cut and made version 1, as an older nimber
	// left it.
	data, _ := os.ReadFile(filepath.Join(dir, "d1.jsonl"))
	lines := strings.SplitAfter(string(data), "\n")
	old := filepath.Join(dir, "v1.jsonl")
	os.WriteFile(old, []byte(strings.Replace(strings.Join(lines[:len(lines)-4], ""), `"version":2`, `"version":1`, 1)), 0o644)
	refused(t, "is a checkpoint of version 1, split at depth 1: resume it with --split-depth 1", "outcome", "--game", "domineering", b, "--out", old, "--resume")
	got := printed[outcomeReport](t, "outcome", "--game", "domineering", b, "--out", old, "--resume", "--split-depth", "1", "--json")
	if got.Outcome != want.Outcome || got.FromCheckpoint < 1 {
		t.Errorf("version 1 resumed: %+v; want %s", got, want.Outcome)
	}
}
