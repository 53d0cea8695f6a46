// Package wythoff is Wythoff's game through the game API: two piles of
// tokens, and a move takes one token or more from one pile, or the same
// number from both; the player who cannot move loses. A position is one
// pair of piles or a sum of several, each pair a part.
//
// The losing pairs are (⌊kφ⌋, ⌊kφ²⌋), k = 0, 1, 2, ..., φ the golden ratio
// (W. A. Wythoff, 1907); the Grundy values have no known closed form. The
// package's accelerator computes them for every pair up to the largest
// piles of a position by a dynamic programme over the rectangle of pairs,
// with bitsets of the values met on each row, column and diagonal (Solve).
package wythoff

import (
	"context"
	"fmt"
	"iter"
	"math"
	"math/bits"
	"strings"
	"unicode"

	"nimber/game"
)

// Name is the game's name in the registry.
const Name = "wythoff"

// Limits of a position.
const (
	// MaxPile bounds a pile. It keeps every Grundy value below 3·MaxPile
	// (a pair (a, b), a <= b, has at most 2a+b options), within 16 bits.
	MaxPile = 1 << 14
	// MaxCells bounds the table of the accelerator: the pairs (i, j) with
	// i and j up to the largest smaller and larger piles of a position,
	// two bytes each. Pairs up to 4095,4095 take about a second.
	MaxCells = 1 << 24
	// MaxPairs bounds the pairs of a position.
	MaxPairs = 1 << 8
	// MaxMoves bounds the moves of a position, all pairs together, which
	// its analysis lists.
	MaxMoves = 1 << 17
)

// The capabilities of Rules.
var (
	_ game.Rules[Pair, Move]   = Rules{}
	_ game.Namer[Pair]         = Rules{}
	_ game.PartDescriber[Pair] = Rules{}
	_ game.Accelerator[Pair]   = Rules{}
)

// Rules is Wythoff's game as game.Rules[Pair, Move]. A position is pairs
// of piles "3,5" separated by spaces or '+' (also written "(3,5)"); pairs
// of empty piles are dropped.
type Rules struct{}

// Pair is a part: two piles, the smaller first.
type Pair struct{ Small, Large int }

// NewPair returns the pair of piles a and b, the smaller first.
func NewPair(a, b int) Pair {
	if a > b {
		a, b = b, a
	}
	return Pair{a, b}
}

// Move is a move of a pair: take FromSmall tokens from its smaller pile and
// FromLarge from its larger one. One of them is zero, or both are equal.
type Move struct{ FromSmall, FromLarge int }

// Game returns Wythoff's game through the game API.
func Game() game.Game { return game.Of(Rules{}) }

// Parse reads pairs "a,b" or "(a,b)" separated by white space or '+'.
func (Rules) Parse(text string) (game.Sum[Pair], error) {
	var s game.Sum[Pair]
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == '+' || unicode.IsSpace(r) })
	for i, f := range fields {
		inner := f
		if strings.HasPrefix(inner, "(") && strings.HasSuffix(inner, ")") && len(inner) >= 2 {
			inner = inner[1 : len(inner)-1]
		}
		a, b, ok := strings.Cut(inner, ",")
		if !ok || strings.Contains(b, ",") {
			return game.Sum[Pair]{}, fmt.Errorf("%q at field %d is not a pair of piles like \"3,5\"", clip(f), i+1)
		}
		var piles [2]int
		for j, x := range []string{a, b} {
			n, large, ok := game.ParseCount(x, 0, math.MaxInt)
			switch {
			case large:
				return game.Sum[Pair]{}, fmt.Errorf("%q in %q at field %d is too large a pile (limit %d tokens)", clip(x), clip(f), i+1, MaxPile)
			case !ok:
				return game.Sum[Pair]{}, fmt.Errorf("%q in %q at field %d is not a pile size", clip(x), clip(f), i+1)
			}
			piles[j] = n
		}
		if p := NewPair(piles[0], piles[1]); p.Large > 0 {
			s.Parts = append(s.Parts, p)
		}
	}
	return s, nil
}

// Format writes the pairs separated by spaces, "3,5 4,7", leaving out
// pairs of empty piles.
func (Rules) Format(s game.Sum[Pair]) string { return join(s.Parts, "%d,%d", " ") }

// Name implements game.Namer: "(3,5)+(4,7)", or "0" when no pair is
// left.
func (Rules) Name(s game.Sum[Pair]) string {
	if name := join(s.Parts, "(%d,%d)", "+"); name != "" {
		return name
	}
	return "0"
}

// join writes the non-empty pairs in format, separated by sep.
func join(pairs []Pair, format, sep string) string {
	var b strings.Builder
	for _, p := range pairs {
		p = NewPair(p.Small, p.Large)
		if p.Large <= 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		fmt.Fprintf(&b, format, p.Small, p.Large)
	}
	return b.String()
}

// Moves yields the moves of a pair: taking 1, 2, ... from the smaller
// pile, then from the larger pile (unless the piles are equal, when that
// leaves the same pairs), then from both; each with the pair it leaves,
// none when both piles are empty.
func (Rules) Moves(p Pair) iter.Seq2[Move, []Pair] {
	return func(yield func(Move, []Pair) bool) {
		var buf [1]Pair
		emit := func(m Move) bool {
			left := buf[:0]
			if q := NewPair(p.Small-m.FromSmall, p.Large-m.FromLarge); q.Large > 0 {
				left = append(left, q)
			}
			return yield(m, left)
		}
		for k := 1; k <= p.Small; k++ {
			if !emit(Move{FromSmall: k}) {
				return
			}
		}
		if p.Small != p.Large {
			for k := 1; k <= p.Large; k++ {
				if !emit(Move{FromLarge: k}) {
					return
				}
			}
		}
		for k := 1; k <= p.Small; k++ {
			if !emit(Move{FromSmall: k, FromLarge: k}) {
				return
			}
		}
	}
}

// Describe says a move: "take 2 from the pile of 3, leaving 1,5", "take 2
// from both, leaving 1,3", "take 3 from both, leaving nothing".
func (Rules) Describe(p Pair, m Move) string {
	var what string
	switch {
	case m.FromSmall > 0 && m.FromLarge > 0:
		what = fmt.Sprintf("take %d from both", m.FromSmall)
	case m.FromSmall > 0:
		what = fmt.Sprintf("take %d from the pile of %d", m.FromSmall, p.Small)
	default:
		what = fmt.Sprintf("take %d from the pile of %d", m.FromLarge, p.Large)
	}
	q := NewPair(p.Small-m.FromSmall, p.Large-m.FromLarge)
	if q.Large <= 0 {
		return what + ", leaving nothing"
	}
	return fmt.Sprintf("%s, leaving %d,%d", what, q.Small, q.Large)
}

// moveCount returns the number of moves of p.
func moveCount(p Pair) int {
	if p.Small == p.Large {
		return 2 * p.Small
	}
	return 2*p.Small + p.Large
}

// Check refuses a position with a pile over MaxPile, more than MaxPairs
// pairs or MaxMoves moves, or whose table would be over MaxCells.
func (Rules) Check(s game.Sum[Pair]) error {
	var small, large, moves int
	for i, p := range s.Parts {
		p = NewPair(p.Small, p.Large)
		if p.Small < 0 {
			return fmt.Errorf("pair %d has a pile of %d tokens", i+1, p.Small)
		}
		if err := game.CheckLimit(fmt.Sprintf("pair %d, larger pile", i+1), "tokens", int64(p.Large), MaxPile); err != nil {
			return err
		}
		small, large = max(small, p.Small), max(large, p.Large)
		moves += moveCount(p)
	}
	if err := game.CheckLimit("position", "pairs", int64(len(s.Parts)), MaxPairs); err != nil {
		return err
	}
	if err := game.CheckLimit("position", "moves", int64(moves), MaxMoves); err != nil {
		return err
	}
	return game.CheckLimit(fmt.Sprintf("table of pairs up to %d,%d", small, large), "cells", int64(small+1)*int64(large+1), MaxCells)
}

// PartNoun implements game.PartDescriber: a part is a pair of piles.
func (Rules) PartNoun() string { return "pair" }

// DescribePart implements game.PartDescriber: "piles of 3 and 5 tokens".
func (Rules) DescribePart(p Pair) string {
	return fmt.Sprintf("piles of %d and %d tokens", p.Small, p.Large)
}

// Accelerate implements game.Accelerator: the table of every pair up to
// the largest piles of s (Solve).
func (r Rules) Accelerate(ctx context.Context, s game.Sum[Pair]) (game.Valuer[Pair], error) {
	if err := r.Check(s); err != nil {
		return nil, err
	}
	var small, large int
	for _, p := range s.Parts {
		p = NewPair(p.Small, p.Large)
		small, large = max(small, p.Small), max(large, p.Large)
	}
	return Solve(ctx, small, large)
}

// Table holds the Grundy values of the pairs (i, j), i <= Small and
// j <= Large, Small <= Large.
type Table struct {
	Small, Large int
	vals         []uint16 // vals[j*(Small+1)+i] = G(i, j)
}

// Solve returns the Table of the pairs with a pile up to small and the
// other up to large, small <= large.
//
// G(i, j) is the mex of the values in its row to the left (i, j' < j), in
// its column below (i' < i, j) and on its diagonal (i-k, j-k). The loop
// visits the columns j in order and, within one, the rows i in order,
// keeping a bitset of the values already seen on each row, on the current
// column, and on each diagonal still to be met (a ring of small+1). The
// union of the three has its mex at or above the mex of each, which each
// bitset keeps as values are added; the scan for the union's mex starts
// there. Every bitset holds values below 2·small+large+1, the most
// options a pair has, so memory is O(small·(small+large)/64) words beside
// the table. Time is one pass over the pairs, each scanning the words of
// the three bitsets from the largest of their mexes to the value: a few
// words, growing with small (about 4 words a pair for a table of 1000 x
// 1000, 14 for 4000 x 4000), so O(small·large·(1 + small/64)) in all.
func Solve(ctx context.Context, small, large int) (*Table, error) {
	if small < 0 || small > large {
		return nil, fmt.Errorf("a table of pairs up to %d,%d: want 0 <= %d <= %d", small, large, small, large)
	}
	if err := game.CheckLimit("pile", "tokens", int64(large), MaxPile); err != nil {
		return nil, err
	}
	if err := game.CheckLimit(fmt.Sprintf("table of pairs up to %d,%d", small, large), "cells", int64(small+1)*int64(large+1), MaxCells); err != nil {
		return nil, err
	}
	rows := small + 1
	words := (2*small+large+1)/64 + 1
	t := &Table{Small: small, Large: large, vals: make([]uint16, rows*(large+1))}
	newLines := func(n int) ([][]uint64, []int) {
		flat := make([]uint64, n*words)
		lines := make([][]uint64, n)
		for k := range lines {
			lines[k] = flat[k*words : (k+1)*words : (k+1)*words]
		}
		return lines, make([]int, n)
	}
	row, rowMex := newLines(rows)   // row i: the values G(i, 0..j-1)
	diag, diagMex := newLines(rows) // diagonal d = j-i, at d mod rows
	col := make([]uint64, words)    // the current column: G(0..i-1, j)
	for j := 0; j <= large; j++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		clear(col)
		colMex := 0
		for i := 0; i <= small; i++ {
			d := ((j-i)%rows + rows) % rows
			if i == 0 || j == 0 {
				// The first pair of its diagonal: the slot held a
				// diagonal already done.
				clear(diag[d])
				diagMex[d] = 0
			}
			r, dg := row[i], diag[d]
			from := max(rowMex[i], colMex, diagMex[d])
			var v int
			for w := from >> 6; ; w++ {
				u := r[w] | col[w] | dg[w]
				if w == from>>6 {
					u |= 1<<(from&63) - 1
				}
				if u != ^uint64(0) {
					v = w<<6 + bits.TrailingZeros64(^u)
					break
				}
			}
			t.vals[j*rows+i] = uint16(v)
			bit := uint64(1) << (v & 63)
			r[v>>6] |= bit
			col[v>>6] |= bit
			dg[v>>6] |= bit
			rowMex[i] = advance(r, rowMex[i])
			colMex = advance(col, colMex)
			diagMex[d] = advance(dg, diagMex[d])
		}
	}
	return t, nil
}

// advance returns the mex of the bitset b, given that it is at least m.
func advance(b []uint64, m int) int {
	for {
		w := m >> 6
		if u := ^b[w] >> (m & 63); u != 0 {
			return m + bits.TrailingZeros64(u)
		}
		m = (w + 1) << 6
	}
}

// Grundy returns the value of pair p, which must be within the table.
func (t *Table) Grundy(_ context.Context, p Pair) (int, error) {
	p = NewPair(p.Small, p.Large)
	if p.Small < 0 || p.Small > t.Small || p.Large > t.Large {
		return 0, fmt.Errorf("pair %d,%d is outside the table of pairs up to %d,%d", p.Small, p.Large, t.Small, t.Large)
	}
	return int(t.vals[p.Large*(t.Small+1)+p.Small]), nil
}

// clip shortens s to 24 bytes for an error message.
func clip(s string) string { return game.Clip(s, 24) }
