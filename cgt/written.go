package cgt

import (
	"errors"
	"fmt"
	"math"
)

// MaxWritten is the most characters CheckNotation lets a canonical form
// be written in, by NotationBound's count. A form's text can grow
// exponentially with its birthday where the form itself, shared
// subgames held once, stays small: a heap of 200 of partizan subtraction
// {1,3 | 2,3} is valued in a fraction of a second, and its text would not
// fit in any memory.
const MaxWritten = 1 << 26

// ErrNotation is the error of a canonical form too long to write.
var ErrNotation = errors.New("cgt: the canonical form is too long to write")

// CheckNotation refuses, before any text is built, a game whose text
// NotationBound counts past MaxWritten characters.
func (c *Calc) CheckNotation(g Game) error { return c.checkNotation(g, MaxWritten) }

// checkNotation is CheckNotation under the limit of limit characters.
func (c *Calc) checkNotation(g Game, limit int64) error {
	switch n := c.NotationBound(g); {
	case n >= math.MaxInt64/2:
		return fmt.Errorf("%w: beyond 2^62 characters by its bound (limit %d)", ErrNotation, limit)
	case n > limit:
		return fmt.Errorf("%w: up to %d characters (limit %d)", ErrNotation, n, limit)
	}
	return nil
}

// NotationBound returns an upper bound on the length of Notation(g),
// counted without writing it: a game written compactly (a number-up-star,
// an uptimal, Tiny or Miny) by its text or the text in its parentheses,
// any other by its options' bounds, a comma between two, and room for
// braces, bars and parentheses. Each game's bound is kept, so the count
// visits each distinct subgame once. Bounds saturate at math.MaxInt64/2.
func (c *Calc) NotationBound(g Game) int64 {
	f := c.factsOf(g)
	if f.textBound > 0 {
		return f.textBound
	}
	var n int64
	if u, ok := c.uptimal(g); ok && u.written() {
		n = int64(len(u.String())) + 2
	} else if prefix, name, sub, ok := c.tinyParts(g); ok {
		n = int64(len(prefix)+len(name)) + 4 + c.NotationBound(sub)
	} else {
		l, r := c.Left(g), c.Right(g)
		n = int64(len(l)+len(r)) + 4 + MaxBars
		for _, side := range [2][]Game{l, r} {
			for _, o := range side {
				n = min(n+c.NotationBound(o), math.MaxInt64/2)
			}
		}
	}
	c.factsOf(g).textBound = n
	return n
}
