// Package cgt computes with short partizan games (Conway's combinatorial
// game theory): canonical forms, sums, negation and comparison.
//
// A Calc holds games hash-consed: each distinct game in canonical form is
// stored once, as the sorted lists of its canonical Left and Right
// options, so two games are equal exactly when they are the same Game.
// Comparisons and sums are memoised in the Calc. This is the first slice
// of issue 21: games are held by their options only (numbers, nimbers and
// ups are not yet special-cased), so a game's size grows with its
// birthday.
package cgt

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Game is a short partizan game held by a Calc: the number of its node.
// The zero Game is the game 0 = { | } in every Calc.
type Game uint32

// Zero is the game { | }, in which neither player can move.
const Zero Game = 0

// node is a game: its Left and Right options, sorted.
type node struct {
	l, r []Game
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
		add: map[uint64]Game{}, neg: map[Game]Game{}, facts: map[Game]*facts{}, limit: limit}
	c.nodes = append(c.nodes, node{})
	c.index[key(nil, nil)] = Zero
	c.canon[Zero] = Zero
	c.neg[Zero] = Zero
	return c
}

// bytes estimates the memory the Calc holds: nodes and their options,
// the index, and the memo entries.
func (c *Calc) bytes() int64 {
	return int64(len(c.nodes))*(48+64) + c.words*8 + int64(len(c.le)+len(c.add)+len(c.neg)+len(c.canon))*32 +
		int64(len(c.facts))*96
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

// Left returns the Left options of g (not to be modified).
func (c *Calc) Left(g Game) []Game { return c.nodes[g].l }

// Right returns the Right options of g (not to be modified).
func (c *Calc) Right(g Game) []Game { return c.nodes[g].r }

// String writes g in braces, {L | R}, options by the same rule, 0 for the
// empty game (a plain notation; CGSuite's comes with the next slice).
func (c *Calc) String(g Game) string {
	if g == Zero {
		return "0"
	}
	var b strings.Builder
	write := func(gs []Game) {
		for i, o := range gs {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(c.String(o))
		}
	}
	b.WriteString("{")
	write(c.Left(g))
	b.WriteString("|")
	write(c.Right(g))
	b.WriteString("}")
	return b.String()
}

// Integer returns the canonical form of the integer n: {n-1 | } for n > 0,
// { | n+1} for n < 0. Its size grows with |n| in this slice, so |n| is
// bounded by maxSimpleInteger.
func (c *Calc) Integer(n int) (Game, error) {
	if n > maxSimpleInteger || n < -maxSimpleInteger {
		return 0, fmt.Errorf("cgt: integer %d beyond ±%s in this slice", n, strconv.Itoa(maxSimpleInteger))
	}
	g := Zero
	for i := 0; i < n; i++ {
		var err error
		if g, err = c.Make([]Game{g}, nil); err != nil {
			return 0, err
		}
	}
	for i := 0; i > n; i-- {
		var err error
		if g, err = c.Make(nil, []Game{g}); err != nil {
			return 0, err
		}
	}
	return g, nil
}

// maxSimpleInteger bounds Integer until numbers are held compactly.
const maxSimpleInteger = 1 << 16

// Nimber returns *n = {0, *1, ..., *(n-1) | 0, *1, ..., *(n-1)}, n >= 0,
// n at most maxSimpleInteger.
func (c *Calc) Nimber(n int) (Game, error) {
	if n < 0 || n > maxSimpleInteger {
		return 0, fmt.Errorf("cgt: nimber *%d out of range 0..%d in this slice", n, maxSimpleInteger)
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
