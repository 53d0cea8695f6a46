package rules

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
)

// table is a random finite acyclic game given by its move table: position
// i has the options opts[i], each the positions (all below i) it leaves.
// Its positions are written keys[i]: an int, a string or a tuple.
type moveTable struct {
	keys []string
	opts [][][]int
}

// randomTable returns a random table of n positions; with ints, position
// i is the int i.
func randomTable(rng *rand.Rand, n int, ints bool) moveTable {
	t := moveTable{keys: make([]string, n), opts: make([][][]int, n)}
	for i := range n {
		switch {
		case ints:
			t.keys[i] = fmt.Sprint(i)
		case i%3 == 0:
			t.keys[i] = fmt.Sprintf("%q", fmt.Sprintf("p%d", i))
		case i%3 == 1:
			t.keys[i] = fmt.Sprintf("(%d, \"x\", (None, True))", i)
		default:
			t.keys[i] = fmt.Sprint(i * 7)
		}
		if i == 0 {
			continue
		}
		for range rng.IntN(5) {
			parts := make([]int, []int{0, 0, 1, 1, 1, 1, 2, 2, 2, 3}[rng.IntN(10)])
			for k := range parts {
				parts[k] = rng.IntN(i)
			}
			t.opts[i] = append(t.opts[i], parts)
		}
	}
	return t
}

// source writes the table as a rules file: a dict literal and a lookup.
func (t moveTable) source() string {
	var b strings.Builder
	b.WriteString("TABLE = {\n")
	for i, opts := range t.opts {
		var os []string
		for _, parts := range opts {
			var ps []string
			for _, p := range parts {
				ps = append(ps, t.keys[p])
			}
			os = append(os, "["+strings.Join(ps, ", ")+"]")
		}
		fmt.Fprintf(&b, "    %s: [%s],\n", t.keys[i], strings.Join(os, ", "))
	}
	b.WriteString("}\n\ndef moves(p):\n    return TABLE[p]\n")
	return b.String()
}

// search decides sums of the table's positions by a search of whole sums
// (a sorted list of positions), knowing nothing of Grundy values: a sum is
// won when some move leads to a lost sum. It gives up (over) beyond limit
// sums.
type search struct {
	t     moveTable
	memo  map[string]bool
	limit int
	over  bool
}

func (s *search) wins(sum []int) bool {
	sum = slices.Sorted(slices.Values(sum))
	key := fmt.Sprint(sum)
	if w, ok := s.memo[key]; ok {
		return w
	}
	if len(s.memo) >= s.limit {
		s.over = true
		return false
	}
	won := false
	for i, p := range sum {
		if i > 0 && sum[i-1] == p {
			continue
		}
		for _, parts := range s.t.opts[p] {
			next := append(append(slices.Clone(sum[:i]), sum[i+1:]...), parts...)
			if !s.wins(next) {
				won = true
				break
			}
		}
		if won {
			break
		}
	}
	s.memo[key] = won
	return won
}

// TestBruteForce checks random rules files against the search of whole
// sums: the outcome of sums of up to three positions and of every move,
// and the values: two positions have equal values exactly when their sum
// is lost.
func TestBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 30 {
		t.Run(fmt.Sprint(round), func(t *testing.T) {
			// A table whose sums of two positions the search can decide.
			var (
				table moveTable
				s     *search
			)
			for {
				table = randomTable(rng, 6+rng.IntN(10), round%2 == 0)
				s = &search{t: table, memo: map[string]bool{}, limit: 200000}
				for p := range table.keys {
					for q := range table.keys {
						s.wins([]int{p, q})
					}
				}
				if !s.over {
					break
				}
			}
			r, err := New("random.star", []byte(table.source()), Options{})
			if err != nil {
				t.Fatalf("%v\n%s", err, table.source())
			}
			g := r.Game()
			n := len(table.keys)
			values := make([]int, n)
			for i := range n {
				values[i] = gametest.Nimber(t, gametest.AnalyzeWith(t, g, table.keys[i], game.Options{}).Value)
			}
			for range 40 {
				sum := make([]int, 1+rng.IntN(2))
				text := make([]string, len(sum))
				for k := range sum {
					sum[k] = rng.IntN(n)
					text[k] = table.keys[sum[k]]
				}
				a := gametest.AnalyzeWith(t, g, strings.Join(text, "\n"), game.Options{Engine: game.Generic})
				if won := s.wins(sum); won != !a.Value.Equal(game.Nimber(0)) {
					t.Fatalf("%v: the search says won = %v, the analysis value %v\n%s", text, won, a.Value, table.source())
				}
				i := 0 // the moves of the analysis, in the order of the parts
				for k, p := range sum {
					if slices.Contains(sum[:k], p) {
						continue
					}
					for _, parts := range table.opts[p] {
						next := append(append(slices.Clone(sum[:k]), sum[k+1:]...), parts...)
						if m := a.Moves[i]; m.Winning != !s.wins(next) {
							t.Fatalf("%v: move %q wins = %v, the search says %v", text, m.Text, m.Winning, !s.wins(next))
						}
						i++
					}
				}
				if i != len(a.Moves) {
					t.Fatalf("%v: %d moves, the table has %d", text, len(a.Moves), i)
				}
			}
			for p := range n {
				for q := range n {
					if equal := !s.wins([]int{p, q}); equal != (values[p] == values[q]) {
						t.Fatalf("%s and %s: values %d and %d, but their sum is lost = %v", table.keys[p], table.keys[q], values[p], values[q], equal)
					}
				}
			}
			if round%2 == 0 {
				if seq := sequence(t, r, n); !slices.Equal(seq, values) {
					t.Fatalf("Sequence %v, heap by heap %v", seq, values)
				}
			}
		})
	}
}

// TestSequenceParts checks Sequence on heap games whose options leave
// parts that are not heaps below: larger heaps, negative ones, strings and
// tuples, which the generic solver values.
func TestSequenceParts(t *testing.T) {
	src := `
def moves(p):
    if type(p) == "string":
        return [[len(p) // 2]]
    if type(p) == "tuple":
        return [[p[0] - 1, p[1]]] if p[0] > 0 else [[p[1]]]
    if p < 0:
        return [[-p // 2]]
    options = []
    if p % 5:
        options.append([p // 2, "x" * (p % 5)])
    if p > 0:
        options.append([(p // 3, p // 4)])
        options.append(-p)
    if p % 7 == 3:
        options.append([p + 1])
    return options
`
	const to = 200
	seq := sequence(t, compile(t, src, Options{}), to)
	g := compile(t, src, Options{}).Game()
	for n := range to {
		pos := gametest.Heap(t, g, n)
		a, err := g.Analyze(context.Background(), pos, game.Options{Engine: game.Generic})
		if err != nil {
			t.Fatal(err)
		}
		if !a.Value.Equal(game.Nimber(seq[n])) {
			t.Fatalf("G(%d): Sequence %d, analysis %v", n, seq[n], a.Value)
		}
	}
}

// TestSharedMemo checks that the moves of a position are computed once,
// whether by Sequence or by the bound rules, and that concurrent use
// agrees with itself.
func TestSharedMemo(t *testing.T) {
	var out strings.Builder
	r := compile(t, "def moves(n):\n    print(n)\n    return [n - k for k in (1, 2, 5) if k <= n]\n", Options{Print: &out})
	g, ok := game.HeapsOf(r.Game())
	if !ok {
		t.Fatal("a game of integer positions has no heaps")
	}
	var wg sync.WaitGroup
	values := make([]int, 8)
	for i := range values {
		wg.Go(func() {
			pos, err := g.Heap(300 + i)
			if err != nil {
				t.Error(err)
				return
			}
			a, err := g.Analyze(context.Background(), pos, game.Options{})
			if err != nil {
				t.Error(err)
				return
			}
			values[i], _ = a.Value.Grundy()
		})
	}
	seq, err := r.Sequence(context.Background(), 400)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range values {
		if seq[300+i] != v {
			t.Fatalf("G(%d): analysis %d, Sequence %d", 300+i, v, seq[300+i])
		}
	}
	lines := strings.Fields(out.String())
	if len(lines) != 400 {
		t.Fatalf("moves ran %d times for 400 positions", len(lines))
	}
	if !slices.Equal(slices.Compact(slices.Sorted(slices.Values(lines))), slices.Sorted(slices.Values(lines))) {
		t.Fatal("moves ran twice for a position")
	}
}
