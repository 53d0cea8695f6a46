package misere

import (
	"context"
	"math"
	"strings"
	"testing"

	"nimber/game/gametest"
	"nimber/heap"
	"nimber/registry"
)

// fuzzCodes are the heap games FuzzSolver asks about: tame, wild, with
// splits into two and three heaps.
var fuzzCodes = []string{"0.77", "0.07", "0.137", "4.7", "0.8F", "0.31", "0.6"}

// fuzzHeaps reads heaps from data, one a byte: a signed byte, or at 127
// and -128 the largest and the least int (edge inputs).
func fuzzHeaps(data []byte) []int {
	out := make([]int, 0, len(data))
	for _, b := range data[:min(len(data), 6)] {
		switch h := int(int8(b)); h {
		case 127:
			out = append(out, math.MaxInt)
		case -128:
			out = append(out, math.MinInt)
		default:
			out = append(out, h)
		}
	}
	return out
}

// FuzzSolver asks every question of the exported API of a Solver, and of
// a Quotient, with heaps that are empty, negative, small or huge: each
// returns an answer or a one-line error, never a panic or a hang.
func FuzzSolver(f *testing.F) {
	for c := range fuzzCodes {
		for _, d := range []string{"", "\x00", "\xff", "\x05\x07\x09", "\x7f", "\x80", "\x03\xfe\x02", "\x0c\x01"} {
			for op := range 6 {
				f.Add(uint8(c), uint8(op), []byte(d))
			}
		}
	}
	f.Fuzz(func(t *testing.T, code, op uint8, data []byte) {
		g, err := heap.Parse(fuzzCodes[int(code)%len(fuzzCodes)])
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		s := New(g, 20000)
		s.SetQuotientChecks(20000)
		heaps := fuzzHeaps(data)
		n := 0
		if len(heaps) > 0 {
			n = heaps[0]
		}
		// failed reports whether err is set, failing t when it is not one
		// line.
		failed := func(what string, err error) bool {
			if err != nil {
				gametest.OneLine(t, what, err)
			}
			return err != nil
		}
		switch op % 6 {
		case 0:
			_, err := s.Outcome(ctx, heaps)
			failed("Outcome", err)
		case 1:
			if v, err := s.Value(ctx, heaps); !failed("Value", err) && v < 0 {
				t.Fatalf("Value(%v) = %d", heaps, v)
			}
		case 2:
			_, err := s.Genus(ctx, n)
			failed("Genus", err)
		case 3:
			_, err := s.Phylum(ctx, n)
			failed("Phylum", err)
		case 4:
			q, err := s.Quotient(ctx, min(n, 12))
			if failed("Quotient", err) {
				return
			}
			q.StableFrom()
			q.PPortion()
			_, err = q.Element(heaps)
			failed("Element", err)
			_, err = s.Outcome(ctx, heaps) // by the quotient
			failed("Outcome", err)
		case 5:
			if n >= -64 && n <= 64 {
				gen := Nim(n)
				_ = gen.String()
				gen.Tame()
				gen.TameGenus()
			}
		}
	})
}

// TestElementNegativeHeap is issue 19's: Element of a negative heap is an
// error that names it, not an index out of range.
func TestElementNegativeHeap(t *testing.T) {
	g, err := heap.Parse("0.77")
	if err != nil {
		t.Fatal(err)
	}
	q, err := New(g, 0).Quotient(context.Background(), 6)
	if err != nil {
		t.Fatal(err)
	}
	for _, heaps := range [][]int{{-1}, {3, -5}, {math.MinInt}} {
		_, err := q.Element(heaps)
		if err == nil || !strings.Contains(err.Error(), "want 0 or more") {
			t.Fatalf("Element(%v): %v, want an error naming the negative heap", heaps, err)
		}
	}
	if _, err := q.Element(nil); err != nil {
		t.Fatalf("Element of no heap: %v", err)
	}
}

// FuzzOutcomeGame decides positions of every game of the catalogue in
// misère play, from texts the fuzzer mutates: an outcome or a one-line
// error, never a panic.
func FuzzOutcomeGame(f *testing.F) {
	entries := registry.Entries()
	for i, e := range entries {
		f.Add(uint8(i), e.ExamplePosition)
		f.Add(uint8(i), "")
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		g, err := entries[int(which)%len(entries)].ExampleGame()
		if err != nil {
			t.Fatal(err)
		}
		pos, err := g.Parse(gametest.Bounded(text, 40))
		if err != nil {
			return
		}
		if _, err := OutcomeGame(context.Background(), g, pos, 20000); err != nil {
			gametest.OneLine(t, "OutcomeGame", err)
		}
	})
}
