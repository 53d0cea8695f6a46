package cgt

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// Dyadic is a dyadic rational Num/2^Exp, the value of a number game, kept
// in lowest terms (Num odd, or Exp 0). Num is 64-bit, never -2^63 (so that
// every Dyadic has a negative); an operation whose result does not fit
// refuses with ErrDyadicRange.
type Dyadic struct {
	Num int64
	Exp uint8 // at most MaxDyadicExp
}

// MaxDyadicExp bounds the exponent of a Dyadic's denominator.
const MaxDyadicExp = 62

// ErrDyadicRange is the error of a Dyadic result beyond 64 bits.
var ErrDyadicRange = errors.New("cgt: a dyadic rational beyond 64 bits")

// Int returns the integer n as a Dyadic.
func Int(n int64) Dyadic { return Dyadic{Num: n} }

// norm returns num/2^exp in lowest terms.
func norm(num int64, exp uint) Dyadic {
	if num == 0 {
		return Dyadic{}
	}
	z := uint(bits.TrailingZeros64(uint64(num)))
	z = min(z, exp)
	return Dyadic{Num: num >> z, Exp: uint8(exp - z)}
}

// IsInteger reports whether d is an integer.
func (d Dyadic) IsInteger() bool { return d.Exp == 0 }

// align returns d and e over the same denominator 2^exp, or false when a
// numerator would not fit.
func align(d, e Dyadic) (a, b int64, exp uint, ok bool) {
	exp = uint(max(d.Exp, e.Exp))
	a, ok1 := shift(d.Num, exp-uint(d.Exp))
	b, ok2 := shift(e.Num, exp-uint(e.Exp))
	return a, b, exp, ok1 && ok2
}

func shift(n int64, s uint) (int64, bool) {
	if s >= 63 || n > math.MaxInt64>>s || n < math.MinInt64>>s {
		return 0, n == 0
	}
	return n << s, true
}

// Add returns d + e.
func (d Dyadic) Add(e Dyadic) (Dyadic, error) {
	a, b, exp, ok := align(d, e)
	s := a + b
	if !ok || (a > 0 && b > 0 && s < 0) || (a < 0 && b < 0 && s >= 0) || s == math.MinInt64 {
		return Dyadic{}, ErrDyadicRange
	}
	return norm(s, exp), nil
}

// Neg returns -d.
func (d Dyadic) Neg() (Dyadic, error) {
	if d.Num == math.MinInt64 {
		return Dyadic{}, ErrDyadicRange
	}
	return Dyadic{Num: -d.Num, Exp: d.Exp}, nil
}

// Cmp returns -1, 0 or 1 as d is less than, equal to or greater than e.
func (d Dyadic) Cmp(e Dyadic) int {
	a, b, _, ok := align(d, e)
	if !ok {
		// Over 64 bits once aligned: compare exactly in big integers.
		x := new(big.Int).Lsh(big.NewInt(d.Num), uint(e.Exp))
		y := new(big.Int).Lsh(big.NewInt(e.Num), uint(d.Exp))
		return x.Cmp(y)
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Float returns d as a float64 (rounded).
func (d Dyadic) Float() float64 { return math.Ldexp(float64(d.Num), -int(d.Exp)) }

// String writes d as CGSuite does: 5, -1/2, 25/16.
func (d Dyadic) String() string {
	if d.Exp == 0 {
		return strconv.FormatInt(d.Num, 10)
	}
	return strconv.FormatInt(d.Num, 10) + "/" + strconv.FormatUint(1<<d.Exp, 10)
}

// ParseDyadic reads an integer or a fraction a/b with b a power of two,
// in lowest terms or not (6/4 is 3/2).
func ParseDyadic(s string) (Dyadic, error) {
	num, den, frac := strings.Cut(s, "/")
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n == math.MinInt64 {
		return Dyadic{}, fmt.Errorf("%q: not an integer within ±(2^63-1)", num)
	}
	if !frac {
		return Int(n), nil
	}
	m, err := strconv.ParseUint(den, 10, 64)
	if err != nil || m == 0 || m&(m-1) != 0 {
		return Dyadic{}, fmt.Errorf("%q: the denominator is not a power of two (a dyadic rational is a/2^k)", den)
	}
	exp := uint(bits.TrailingZeros64(m))
	if exp > MaxDyadicExp {
		return Dyadic{}, fmt.Errorf("%q: the denominator is beyond 2^%d", den, MaxDyadicExp)
	}
	return norm(n, exp), nil
}

// simplest returns the simplest number strictly between a and b (a < b):
// the integer of least magnitude between them if there is one, else the
// dyadic between them with the least denominator.
func simplest(a, b Dyadic) (Dyadic, error) {
	// Integers first.
	lo := floorInt(a) + 1 // the least integer > a
	hi := ceilInt(b) - 1  // the greatest integer < b
	if lo <= hi {
		switch {
		case lo > 0:
			return Int(lo), nil
		case hi < 0:
			return Int(hi), nil
		}
		return Int(0), nil
	}
	// Between two consecutive integers: the least k with a multiple of
	// 2^-k strictly between, floor(a·2^k)+1 over 2^k.
	for k := uint(1); k <= MaxDyadicExp; k++ {
		var fl int64
		if uint(a.Exp) <= k {
			var ok bool
			if fl, ok = shift(a.Num, k-uint(a.Exp)); !ok {
				return Dyadic{}, ErrDyadicRange
			}
		} else {
			fl = floorDiv(a.Num, int64(1)<<(uint(a.Exp)-k))
		}
		if c := norm(fl+1, k); c.Cmp(b) < 0 {
			return c, nil
		}
	}
	return Dyadic{}, ErrDyadicRange
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func floorInt(d Dyadic) int64 { return floorDiv(d.Num, int64(1)<<d.Exp) }

func ceilInt(d Dyadic) int64 { return -floorDiv(-d.Num, int64(1)<<d.Exp) }
