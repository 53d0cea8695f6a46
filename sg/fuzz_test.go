package sg

import (
	"context"
	"encoding/binary"
	"errors"
	"iter"
	"math"
	"strings"
	"testing"
)

// ints reads data as little-endian int64s, a trailing partial one dropped.
func ints(data []byte) []int {
	out := make([]int, 0, len(data)/8)
	for ; len(data) >= 8; data = data[8:] {
		out = append(out, int(int64(binary.LittleEndian.Uint64(data))))
	}
	return out
}

// intSeeds are edge inputs: empty, negative, huge.
func intSeeds() [][]byte {
	enc := func(vs ...int64) []byte {
		var b []byte
		for _, v := range vs {
			b = binary.LittleEndian.AppendUint64(b, uint64(v))
		}
		return b
	}
	return [][]byte{nil, enc(0), enc(-1), enc(1, 2, 3), enc(math.MaxInt64), enc(math.MinInt64, -5, 0, 1),
		enc(255, 256, 257, 0, 1), enc(1<<40, 0), enc(0, 1, 2, 3, 4, 5, 6, 7, 8), {1, 2, 3}}
}

// FuzzMex checks Mex, MexSet and NimSum on any values, negative and huge
// ones included: the mex is the least non-negative value missing, and
// NimSum is the XOR.
func FuzzMex(f *testing.F) {
	for _, s := range intSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		vs := ints(data)
		m := Mex(vs...)
		if m < 0 || m > len(vs) {
			t.Fatalf("Mex(%v) = %d, want 0..%d", vs, m, len(vs))
		}
		seen := map[int]bool{}
		x := 0
		for _, v := range vs {
			seen[v] = true
			x ^= v
		}
		for k := range m {
			if !seen[k] {
				t.Fatalf("Mex(%v) = %d, but %d is missing", vs, m, k)
			}
		}
		if seen[m] {
			t.Fatalf("Mex(%v) = %d, which is present", vs, m)
		}
		if got := NimSum(vs...); got != x {
			t.Fatalf("NimSum(%v) = %d, want %d", vs, got, x)
		}
		// A MexSet allocates a bit per value up to the largest added, so
		// values are bounded here (Mex above takes any).
		var s MexSet
		for _, v := range vs {
			if v < 1<<16 {
				s.Add(v)
			}
		}
		for k := range s.Mex() {
			if !s.Has(k) {
				t.Fatalf("MexSet of %v: mex %d, but %d is missing", vs, s.Mex(), k)
			}
		}
		if s.Has(s.Mex()) || s.Has(-1) {
			t.Fatalf("MexSet of %v has its mex %d, or -1", vs, s.Mex())
		}
		s.Reset()
		if s.Mex() != 0 {
			t.Fatalf("MexSet after Reset: mex %d", s.Mex())
		}
	})
}

// FuzzRetrograde runs Retrograde on graphs read from data, options out of
// range and negative counts included: an error or an outcome for every
// position, never a panic; a position with no option is P.
func FuzzRetrograde(f *testing.F) {
	f.Add(int16(0), []byte{})
	f.Add(int16(-1), []byte{})
	f.Add(int16(3), []byte{1, 1, 2, 0})
	f.Add(int16(2), []byte{1, 5})
	f.Add(int16(4), []byte{2, 1, 2, 1, 3, 0, 0})
	f.Add(int16(1), []byte{1, 255})
	f.Fuzz(func(t *testing.T, n int16, data []byte) {
		// data: for each position, a count then that many options, each
		// a signed byte (negative and beyond n allowed).
		var opts [][]int
		for i := 0; i < int(n) && i < 1<<12; i++ {
			var o []int
			if len(data) > 0 {
				k := int(data[0] % 4)
				data = data[1:]
				for ; k > 0 && len(data) > 0; k-- {
					o = append(o, int(int8(data[0])))
					data = data[1:]
				}
			}
			opts = append(opts, o)
		}
		count := int(n)
		if count > len(opts) {
			count = len(opts) // a negative n stays negative
		}
		out, rem, err := Retrograde(context.Background(), count, func(p int, yield func(int)) {
			for _, q := range opts[p] {
				yield(q)
			}
		})
		if err != nil {
			if count >= 0 && !strings.Contains(err.Error(), "out of range") {
				t.Fatalf("Retrograde of %v: %v", opts, err)
			}
			return
		}
		if count < 0 || len(out) != count || len(rem) != count {
			t.Fatalf("Retrograde of %d positions: %d outcomes, %d remotenesses, no error", count, len(out), len(rem))
		}
		for p, o := range out {
			if o != N && o != P && o != D {
				t.Fatalf("position %d: outcome %v", p, o)
			}
			if len(opts[p]) == 0 && (o != P || rem[p] != 0) {
				t.Fatalf("position %d has no option: %v remoteness %d, want P 0", p, o, rem[p])
			}
		}
	})
}

// table is a game read from bytes: component c (any int) has the options
// of row c mod len(rows), each one component or none; cycles allowed.
type table [][]int

func (g table) Moves(c int) iter.Seq2[int, []int] {
	return func(yield func(int, []int) bool) {
		if len(g) == 0 {
			return
		}
		row := g[((c%len(g))+len(g))%len(g)]
		for i, q := range row {
			parts := []int{q}
			if q < 0 {
				parts = nil // a move that leaves nothing
			}
			if !yield(i, parts) {
				return
			}
		}
	}
}

// FuzzSolver runs the generic solver on games read from data, cycles and
// negative components included: a value, or a *CycleError naming a cycle,
// never a panic; Value of no component is 0 and Outcome agrees with
// Value.
func FuzzSolver(f *testing.F) {
	f.Add([]byte{}, int8(0))
	f.Add([]byte{2, 1, 255, 0}, int8(0))
	f.Add([]byte{1, 0}, int8(-3))
	f.Add([]byte{3, 1, 2, 255, 1, 2, 0}, int8(5))
	f.Fuzz(func(t *testing.T, data []byte, start int8) {
		var g table
		for len(data) > 0 && len(g) < 64 {
			k := int(data[0] % 4)
			data = data[1:]
			var row []int
			for ; k > 0 && len(data) > 0; k-- {
				row = append(row, int(int8(data[0]))) // negative: leaves nothing
				data = data[1:]
			}
			g = append(g, row)
		}
		ctx := context.Background()
		s := NewSolver[int, int](g, NewMapMemo[int]())
		if v, err := s.Value(ctx); v != 0 || err != nil {
			t.Fatalf("Value of no component: %d, %v", v, err)
		}
		v, err := s.Grundy(ctx, int(start))
		var ce *CycleError[int]
		if err != nil {
			if !errors.As(err, &ce) || len(ce.Path) < 2 || ce.Path[0] != ce.Path[len(ce.Path)-1] {
				t.Fatalf("Grundy(%d) of %v: %v, want a value or a cycle", start, g, err)
			}
			return
		}
		o, err := s.Outcome(ctx, int(start))
		if err != nil || o != OutcomeOf(v) || v < 0 {
			t.Fatalf("Grundy(%d) = %d but Outcome %v, %v", start, v, o, err)
		}
		if _, wins, err := s.Solve(ctx, int(start), int(start)); err != nil || len(wins) != 0 {
			t.Fatalf("Solve of a sum of two equal components: %d winning moves, %v; want none", len(wins), err)
		}
	})
}
