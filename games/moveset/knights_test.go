package moveset

import (
	"context"
	"strings"
	"testing"

	"nimber/compound"
	"nimber/internal/golden"
)

// TestKnightTablesGolden reproduces the seed's 8 x 8 knight tables, all
// eight invariants (testdata/knights-8-<function>.txt; the grundy, w and
// w-misere tables are the ones printed in the seed slides).
func TestKnightTablesGolden(t *testing.T) {
	b, err := NewBoard(8, 8, Knight)
	if err != nil {
		t.Fatal(err)
	}
	inv, err := compound.Compute(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range compound.Functions {
		data := golden.Read(t, "testdata/knights-8-"+f+".txt")
		rows := strings.Split(strings.TrimSpace(string(data)), "\n")
		if len(rows) != 8 {
			t.Fatalf("%s: %d rows", f, len(rows))
		}
		for r, line := range rows {
			for c, want := range strings.Fields(line) {
				got, err := inv.Value(f, b.Position(r, c))
				if err != nil || got != want {
					t.Errorf("%s at (%d,%d): got %s, want %s", f, r+1, c+1, got, want)
				}
			}
		}
	}
}

// BenchmarkKnightTables computes all eight invariants of every square of a
// 1000 x 1000 board in one pass (target: under 2 s).
func BenchmarkKnightTables(b *testing.B) {
	board, err := NewBoard(1000, 1000, Knight)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := compound.Compute(context.Background(), board); err != nil {
			b.Fatal(err)
		}
	}
}
