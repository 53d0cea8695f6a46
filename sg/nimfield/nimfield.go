// Package nimfield is nim arithmetic: the field that Conway's nim-addition
// (XOR) and nim-multiplication make of the integers below 2^(2^k), here
// the 64-bit words, the largest such field a uint64 holds.
//
// Nim-multiplication is defined by the mex rule
//
//	a ⊗ b = mex{ a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b },
//
// and with it the words 0..2^64-1 form the field GF(2^64) (Conway, On
// Numbers and Games, ch. 6; Lenstra, "Nim multiplication"). Mul computes it
// by the Fermat 2-powers F = 2^(2^k): below F, the words below F are a
// subfield; F ⊗ F = F ⊕ F/2, and a word is a1·F ⊕ a0 with a1, a0 < F, so
//
//	(a1·F ⊕ a0) ⊗ (b1·F ⊕ b0) = (a1b1 ⊕ a1b0 ⊕ a0b1)·F ⊕ a0b0 ⊕ a1b1⊗(F/2),
//
// with products of bytes read from a table of 256 x 256 made once by the
// same rule. It is the value of a heads coin at (x, y) in Turning Corners
// (the Tartan theorem).
package nimfield

import "sync"

// table holds the products of all pairs of bytes: table[a<<8|b] = a ⊗ b.
var (
	table     [1 << 16]uint8
	tableOnce sync.Once
)

// makeTable fills table by the splitting rule down to bits.
func makeTable() {
	for a := range uint64(256) {
		for b := range uint64(256) {
			table[a<<8|b] = uint8(split(a, b, 3))
		}
	}
}

// split multiplies a and b, both below 2^(2^level), by the splitting rule
// alone, down to single bits.
func split(a, b uint64, level uint) uint64 {
	if level == 0 {
		return a & b
	}
	return halves(a, b, level, split)
}

// halves is one step of the splitting rule at level (words below
// 2^(2^level)): three products of halves, by Karatsuba's trick, and one
// by F/2, each by mul one level down.
func halves(a, b uint64, level uint, mul func(a, b uint64, level uint) uint64) uint64 {
	h := uint(1) << (level - 1) // bits in a half
	mask := uint64(1)<<h - 1
	a0, a1 := a&mask, a>>h
	b0, b1 := b&mask, b>>h
	p00 := mul(a0, b0, level-1)
	p11 := mul(a1, b1, level-1)
	mid := mul(a0^a1, b0^b1, level-1) // a0b0 ⊕ a0b1 ⊕ a1b0 ⊕ a1b1
	high := mid ^ p00                 // a1b1 ⊕ a1b0 ⊕ a0b1
	low := p00 ^ mul(p11, uint64(1)<<(h-1), level-1)
	return high<<h | low
}

// fast multiplies a and b below 2^(2^level), bytes from the table.
func fast(a, b uint64, level uint) uint64 {
	if level <= 3 {
		return uint64(table[a<<8|b])
	}
	return halves(a, b, level, fast)
}

// Mul returns the nim-product a ⊗ b.
func Mul(a, b uint64) uint64 {
	tableOnce.Do(makeTable)
	level := uint(3)
	for m := a | b; level < 6 && m>>(uint(1)<<level) != 0; level++ {
	}
	return fast(a, b, level)
}

// Square returns a ⊗ a.
func Square(a uint64) uint64 { return Mul(a, a) }

// Pow returns a raised to the nim-power e (a ⊗ a ⊗ ... e times; 1 for
// e = 0).
func Pow(a, e uint64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = Mul(r, a)
		}
		a = Mul(a, a)
	}
	return r
}

// Inv returns the nim-inverse of a, the x with a ⊗ x = 1, and false for
// a = 0, which has none. In the field of 2^64 elements the nonzero words
// form a group of order 2^64-1, so x = a^(2^64-2).
func Inv(a uint64) (uint64, bool) {
	if a == 0 {
		return 0, false
	}
	return Pow(a, ^uint64(0)-1), true
}

// Sqrt returns the nim-square root of a, the one x with x ⊗ x = a:
// squaring is an automorphism of a field of characteristic 2, whose 64th
// power is the identity on GF(2^64), so x = a squared 63 times.
func Sqrt(a uint64) uint64 {
	for range 63 {
		a = Mul(a, a)
	}
	return a
}
