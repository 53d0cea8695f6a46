package main

import (
	"path/filepath"
	"strings"
	"testing"

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
	} {
		refused(t, tc.want, tc.args...)
	}
}
