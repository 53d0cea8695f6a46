package cgt

import "fmt"

// UpSum returns ↑ + ↑^2 + ... + ↑^n (CGSuite's ^[n]), which is
// {↑^[n-1] | ∗} with ^[1] = ↑: the ordinal power ↑^→n. n from 1 to
// 256.
func (c *Calc) UpSum(n int) (Game, error) {
	if n < 1 || n > maxCount {
		return 0, fmt.Errorf("cgt: ^[%d]: n from 1 to %d", n, maxCount)
	}
	for len(c.upSums) < n {
		k := len(c.upSums)
		var g Game
		var err error
		if k == 0 {
			g, err = c.Uptimal(NUS{Ups: 1})
		} else {
			g, err = c.Make([]Game{c.upSums[k-1]}, []Game{c.nusNode(NUS{Nim: 1})})
		}
		if err != nil {
			return 0, err
		}
		c.upSums = append(c.upSums, g)
	}
	return c.upSums[n-1], nil
}

// UpPower returns ↑^n (CGSuite's ^<n>): {0 | ∗ - ^[n-1]}, ↑^1 = ↑. n from
// 1 to 256.
func (c *Calc) UpPower(n int) (Game, error) {
	if n < 1 || n > maxCount {
		return 0, fmt.Errorf("cgt: ^<%d>: n from 1 to %d", n, maxCount)
	}
	if n == 1 {
		return c.Uptimal(NUS{Ups: 1})
	}
	prev, err := c.UpSum(n - 1)
	if err != nil {
		return 0, err
	}
	r, err := c.Sub(c.nusNode(NUS{Nim: 1}), prev)
	if err != nil {
		return 0, err
	}
	return c.Make([]Game{Zero}, []Game{r})
}

// Tiny returns tiny-g, {0 || 0 | -g}: for a positive g, a positive
// infinitesimal smaller than every positive multiple of ↑.
func (c *Calc) Tiny(g Game) (Game, error) {
	m, err := c.Miny(g)
	if err != nil {
		return 0, err
	}
	return c.Neg(m)
}

// Miny returns miny-g, {g | 0 || 0}, the negative of tiny-g.
func (c *Calc) Miny(g Game) (Game, error) {
	l, err := c.Make([]Game{g}, []Game{Zero})
	if err != nil {
		return 0, err
	}
	return c.Make([]Game{l}, []Game{Zero})
}
