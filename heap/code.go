// Package heap is nimber's heap-game engine: take-and-break games on heaps
// of tokens given by octal or hexadecimal codes, subtraction games, and
// Grundy's game; their nim-sequences, and proofs of periodicity.
package heap

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"nimber/game"
)

// Code is a heap game: from one heap, a move removes k tokens (k = 0 for
// pure splitting) and leaves a number of non-empty heaps, as its code allows.
type Code struct {
	game.HeapText
	// Text is the code as given.
	Text string
	// Digits[k] is the code digit for removing k tokens: bit 1 allows
	// leaving no heap (the heap had exactly k tokens), bit 2 one heap, bit 4
	// two heaps, bit 8 three heaps.
	Digits []uint8
	// Unequal restricts splits into two heaps to unequal heaps (Grundy's
	// game, "4!.0").
	Unequal bool
}

// The capabilities of Game.
var (
	_ game.Rules[int, Move]   = (*Code)(nil)
	_ game.Heaps[int]         = (*Code)(nil)
	_ game.Accelerator[int]   = (*Code)(nil)
	_ game.Sizer[int]         = (*Code)(nil)
	_ game.PartDescriber[int] = (*Code)(nil)
)

// MaxHeaps is the most heaps a move may leave (bit 8 of a hexadecimal digit).
const MaxHeaps = 3

// MaxDigits bounds the digits of a code (the largest removal is MaxDigits-1).
const MaxDigits = 1 << 16

// Parse reads a game: an octal or hexadecimal code ("0.07", ".07", "4.07",
// "0.137", "0.8F"), Grundy's game ("grundy" or CGSuite's "4!.0"), or a
// subtraction game ("sub:1,3,4").
func Parse(code string) (*Code, error) {
	s := strings.TrimSpace(code)
	switch strings.ToLower(s) {
	case "grundy", "4!.0":
		return &Code{Text: s, Digits: []uint8{4}, Unequal: true}, nil
	}
	if rest, ok := strings.CutPrefix(strings.ToLower(s), "sub:"); ok {
		return parseSubtraction(s, rest)
	}
	whole, frac, ok := strings.Cut(s, ".")
	if !ok {
		return nil, fmt.Errorf("code %q: want an octal code such as 0.07, grundy, or sub:1,3,4", code)
	}
	if len(whole) > 1 {
		return nil, fmt.Errorf("code %q: want one digit before the point", code)
	}
	digits := whole + frac
	if whole == "" {
		digits = "0" + frac
	}
	if len(digits) < 2 {
		return nil, fmt.Errorf("code %q: no digits after the point", code)
	}
	if len(digits) > MaxDigits {
		return nil, fmt.Errorf("code %q: more than %d digits", clip(code), MaxDigits)
	}
	g := &Code{Text: s, Digits: make([]uint8, len(digits))}
	for i, c := range digits {
		v, err := strconv.ParseUint(string(c), 16, 8)
		if err != nil {
			return nil, fmt.Errorf("code %q: %q at position %d is not a digit 0-9 or A-F", clip(code), c, i+1)
		}
		g.Digits[i] = uint8(v)
	}
	if d0 := g.Digits[0]; d0&3 != 0 {
		return nil, fmt.Errorf("code %q: the digit before the point (splitting without removing) may only use bits 4 and 8, got %d", clip(code), d0)
	}
	// Trailing zeros say nothing.
	for len(g.Digits) > 1 && g.Digits[len(g.Digits)-1] == 0 {
		g.Digits = g.Digits[:len(g.Digits)-1]
	}
	return g, nil
}

func parseSubtraction(code, list string) (*Code, error) {
	var set []int
	for _, f := range strings.Split(list, ",") {
		n, _, ok := game.ParseCount(strings.TrimSpace(f), 1, MaxDigits-1)
		if !ok {
			return nil, fmt.Errorf("code %q: %q is not a removal in 1..%d", clip(code), f, MaxDigits-1)
		}
		set = append(set, n)
	}
	slices.Sort(set)
	set = slices.Compact(set)
	g := &Code{Text: code, Digits: make([]uint8, set[len(set)-1]+1)}
	for _, s := range set {
		g.Digits[s] = 3 // remove s, leaving nothing or one heap
	}
	return g, nil
}

func clip(s string) string { return game.Clip(s, 40) }

// MaxRemoval returns t, the largest number of tokens a move removes.
func (g *Code) MaxRemoval() int { return len(g.Digits) - 1 }

// Octal reports whether the game is octal (no digit above 7, no unequal
// split): the games the Guy–Smith periodicity theorem covers.
func (g *Code) Octal() bool {
	if g.Unequal {
		return false
	}
	for _, d := range g.Digits {
		if d > 7 {
			return false
		}
	}
	return true
}

// String returns the code in canonical form, e.g. "0.07" or "4!.0".
func (g *Code) String() string {
	var b strings.Builder
	b.WriteString(strconv.FormatUint(uint64(g.Digits[0]), 16))
	if g.Unequal {
		b.WriteByte('!')
	}
	b.WriteByte('.')
	for _, d := range g.Digits[1:] {
		b.WriteString(strings.ToUpper(strconv.FormatUint(uint64(d), 16)))
	}
	if len(g.Digits) == 1 {
		b.WriteByte('0')
	}
	return b.String()
}
