// Package cgt computes with short partizan games (Conway's combinatorial
// game theory): canonical forms, sums, negation and comparison.
//
// A Calc holds games hash-consed: each distinct game in canonical form is
// stored once, so two games are equal exactly when they are the same
// Game. A number is held as its value (a Dyadic, 64-bit), its options
// made when asked for; any other game as the sorted lists of its
// canonical Left and Right options. Comparisons and sums are memoised in
// the Calc. This is the first slice of issue 21: nimbers and ups are held
// by their options for now.
package cgt

import (
	"errors"
	"fmt"
	"slices"
)

// Game is a short partizan game held by a Calc: the number of its node.
// The zero Game is the game 0 = { | } in every Calc.
type Game uint32

// Zero is the game { | }, in which neither player can move.
const Zero Game = 0

// node is a game: its Left and Right options, sorted; for a number, its
// value, the options made on demand (expanded).
type node struct {
	l, r     []Game
	num      bool
	x        Dyadic
	expanded bool
}

// Calc holds games and the memos of the operations on them. It is not
// safe for concurrent use.
type Calc struct {
	nodes []node
	index map[string]Game // the options of a node -> the node
	canon map[Game]Game   // a node -> its canonical form
	le    map[uint64]bool
	add   map[uint64]Game
	neg   map[Game]Game
	// facts memoises Number, the stops and Birthday.
	facts map[Game]*facts
	// numbers maps a number to its node.
	numbers map[Dyadic]Game
	// limit bounds the estimate of the memory held (bytes).
	limit int64
	words int64 // option ids held
}

// DefaultLimit is the memory a Calc may hold by its estimate when New is
// given 0.
const DefaultLimit = 1 << 30

// ErrLimit is the error of an operation that would take a Calc past its
// memory limit.
var ErrLimit = errors.New("cgt: the games and memos would pass the memory limit")

// New returns a Calc holding at most limit bytes by its estimate
// (DefaultLimit when limit <= 0).
func New(limit int64) *Calc {
	if limit <= 0 {
		limit = DefaultLimit
	}
	c := &Calc{index: map[string]Game{}, canon: map[Game]Game{}, le: map[uint64]bool{},
		add: map[uint64]Game{}, neg: map[Game]Game{}, facts: map[Game]*facts{}, numbers: map[Dyadic]Game{},
		limit: limit}
	c.nodes = append(c.nodes, node{num: true, expanded: true})
	c.numbers[Dyadic{}] = Zero
	c.index[key(nil, nil)] = Zero
	c.canon[Zero] = Zero
	c.neg[Zero] = Zero
	return c
}

// bytes estimates the memory the Calc holds: nodes and their options,
// the index, and the memo entries.
func (c *Calc) bytes() int64 {
	return int64(len(c.nodes))*(80+64) + c.words*8 + int64(len(c.le)+len(c.add)+len(c.neg)+len(c.canon))*32 +
		int64(len(c.facts))*96 + int64(len(c.numbers))*48
}

// key writes the sorted options l and r as a map key.
func key(l, r []Game) string {
	b := make([]byte, 0, 4*(len(l)+len(r))+1)
	for _, g := range l {
		b = append(b, byte(g), byte(g>>8), byte(g>>16), byte(g>>24))
	}
	b = append(b, '|')
	for _, g := range r {
		b = append(b, byte(g), byte(g>>8), byte(g>>16), byte(g>>24))
	}
	return string(b)
}

// intern returns the node with options l and r (sorted and deduplicated
// here), storing it the first time.
func (c *Calc) intern(l, r []Game) (Game, error) {
	l, r = sortedSet(l), sortedSet(r)
	k := key(l, r)
	if g, ok := c.index[k]; ok {
		return g, nil
	}
	if c.bytes() > c.limit {
		return 0, ErrLimit
	}
	if len(c.nodes) >= 1<<32-1 {
		return 0, ErrLimit
	}
	g := Game(len(c.nodes))
	c.nodes = append(c.nodes, node{l: l, r: r})
	c.words += int64(len(l) + len(r))
	c.index[k] = g
	return g, nil
}

func sortedSet(gs []Game) []Game {
	gs = slices.Clone(gs)
	slices.Sort(gs)
	return slices.Compact(gs)
}

// numberNode returns the node of the number x.
func (c *Calc) numberNode(x Dyadic) Game {
	if g, ok := c.numbers[x]; ok {
		return g
	}
	g := Game(len(c.nodes))
	c.nodes = append(c.nodes, node{num: true, x: x})
	c.numbers[x] = g
	return g
}

// expand makes the canonical options of the number g, once: n-1 on the
// left of a positive integer n, n+1 on the right of a negative one, and
// (m-1)/2^k and (m+1)/2^k around m/2^k.
func (c *Calc) expand(g Game) {
	if nd := c.nodes[g]; !nd.num || nd.expanded {
		return
	}
	x := c.nodes[g].x
	var l, r []Game
	switch {
	case x.Exp > 0:
		l = []Game{c.numberNode(norm(x.Num-1, uint(x.Exp)))}
		r = []Game{c.numberNode(norm(x.Num+1, uint(x.Exp)))}
	case x.Num > 0:
		l = []Game{c.numberNode(Int(x.Num - 1))}
	case x.Num < 0:
		r = []Game{c.numberNode(Int(x.Num + 1))}
	}
	c.nodes[g].l, c.nodes[g].r, c.nodes[g].expanded = l, r, true
	c.words += int64(len(l) + len(r))
}

// Left returns the Left options of g in canonical form (not to be
// modified).
func (c *Calc) Left(g Game) []Game {
	c.expand(g)
	return c.nodes[g].l
}

// Right returns the Right options of g in canonical form (not to be
// modified).
func (c *Calc) Right(g Game) []Game {
	c.expand(g)
	return c.nodes[g].r
}

// String writes g in CGSuite's notation (Notation).
func (c *Calc) String(g Game) string { return c.Notation(g) }

// Integer returns the integer n.
func (c *Calc) Integer(n int64) Game { return c.numberNode(Int(n)) }

// maxByOptions bounds Nimber and Ups until nimbers and ups are held
// compactly: *n is held through its n options, and making it compares
// them pairwise.
const maxByOptions = 64

// Ups returns n·↑ (n·↓ when down), ↑ = {0 | ∗}, n at most maxByOptions.
func (c *Calc) Ups(n int, down bool) (Game, error) {
	if n < 0 || n > maxByOptions {
		return 0, fmt.Errorf("cgt: %d ups out of range 0..%d in this slice", n, maxByOptions)
	}
	star, err := c.Nimber(1)
	if err != nil {
		return 0, err
	}
	up, err := c.Make([]Game{Zero}, []Game{star})
	if err != nil {
		return 0, err
	}
	if down {
		if up, err = c.Neg(up); err != nil {
			return 0, err
		}
	}
	g := Zero
	for range n {
		if g, err = c.Add(g, up); err != nil {
			return 0, err
		}
	}
	return g, nil
}

// Nimber returns *n = {0, *1, ..., *(n-1) | 0, *1, ..., *(n-1)}, n >= 0,
// n at most maxByOptions.
func (c *Calc) Nimber(n int) (Game, error) {
	if n < 0 || n > maxByOptions {
		return 0, fmt.Errorf("cgt: nimber *%d out of range 0..%d in this slice", n, maxByOptions)
	}
	var opts []Game
	g := Zero
	for i := 0; i < n; i++ {
		opts = append(opts, g)
		var err error
		if g, err = c.Make(opts, opts); err != nil {
			return 0, err
		}
	}
	return g, nil
}
