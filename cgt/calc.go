// Package cgt computes with short partizan games (Conway's combinatorial
// game theory): canonical forms, sums, negation and comparison.
//
// A Calc holds games hash-consed: each distinct game in canonical form is
// stored once, so two games are equal exactly when they are the same
// Game. A number is held as its value (a Dyadic, 64-bit), its options
// made when asked for; any other game as the sorted lists of its
// canonical Left and Right options. Comparisons and sums are memoised in
// the Calc. Number-up-stars x + n·↑ + *m (numbers and nimbers among them)
// are held by value, as CGSuite does (NUS).
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

// node is a game: its Left and Right options, sorted; for a
// number-up-star, its value, the options made on demand (expanded).
type node struct {
	l, r     []Game
	nus      bool
	v        NUS
	expanded bool
	// canonical: the node is a canonical form (every number-up-star, and
	// each form Make returns), so its stops are its value's.
	canonical bool
	// stopped: ls and rs, its left and right stops, are known.
	stopped bool
	ls, rs  Dyadic
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
	// facts memoises Birthday, thermographs and uptimal forms.
	facts map[Game]*facts
	// nuses maps a number-up-star to its node.
	nuses map[NUS]Game
	// upSums holds ^[1], ^[2], ... as UpSum makes them.
	upSums []Game
	// theoryMemo memoises atomic weights, heating and the like.
	theoryMemo *theoryMemo
	// limit bounds the estimate of the memory held (bytes).
	limit int64
	words int64 // option ids held
	// steps counts the comparisons asked for (memoised or not); past
	// maxSteps no new game is made.
	steps, maxSteps int64
}

// DefaultLimit is the memory a Calc may hold by its estimate when New is
// given 0.
const DefaultLimit = 1 << 30

// ErrLimit is the error of an operation that would take a Calc past its
// memory limit.
var ErrLimit = errors.New("cgt: the games and memos would pass the memory limit")

// ErrWork is the error of an operation that would take a Calc past its
// work limit (SetWorkLimit).
var ErrWork = errors.New("cgt: the computation would pass the work limit")

// DefaultWork is the work limit of a new Calc: comparisons of games that
// are not both number-up-stars, some seconds' worth.
const DefaultWork = 1 << 27

// SetWorkLimit bounds the comparisons a Calc is asked for (memoised or
// not, other than of two number-up-stars) to n; past it, no new game is
// made and operations fail with ErrWork. n <= 0 restores DefaultWork.
func (c *Calc) SetWorkLimit(n int64) {
	if n <= 0 {
		n = DefaultWork
	}
	c.maxSteps = n
}

// Limit returns the most bytes the Calc holds by its estimate (New's
// limit).
func (c *Calc) Limit() int64 { return c.limit }

// New returns a Calc holding at most limit bytes by its estimate
// (DefaultLimit when limit <= 0).
func New(limit int64) *Calc {
	if limit <= 0 {
		limit = DefaultLimit
	}
	c := &Calc{index: map[string]Game{}, canon: map[Game]Game{}, le: map[uint64]bool{},
		add: map[uint64]Game{}, neg: map[Game]Game{}, facts: map[Game]*facts{}, nuses: map[NUS]Game{},
		limit: limit, maxSteps: DefaultWork}
	c.nodes = append(c.nodes, node{nus: true, expanded: true, canonical: true})
	c.nuses[NUS{}] = Zero
	c.index[key(nil, nil)] = Zero
	c.canon[Zero] = Zero
	c.neg[Zero] = Zero
	return c
}

// bytes estimates the memory the Calc holds: nodes and their options,
// the index, and the memo entries.
func (c *Calc) bytes() int64 {
	return int64(len(c.nodes))*(80+64) + c.words*8 + int64(len(c.le)+len(c.add)+len(c.neg)+len(c.canon))*32 +
		int64(len(c.facts))*96 + int64(len(c.nuses))*56 + c.theoryMemo.entries()*40
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
	if c.steps > c.maxSteps {
		return 0, ErrWork
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
func (c *Calc) numberNode(x Dyadic) Game { return c.nusNode(NUS{X: x}) }

// expand makes the canonical options of the number-up-star g, once.
func (c *Calc) expand(g Game) {
	if nd := c.nodes[g]; !nd.nus || nd.expanded {
		return
	}
	l, r := c.expandNUS(c.nodes[g].v)
	c.nodes[g].l, c.nodes[g].r, c.nodes[g].expanded = sortedSet(l), sortedSet(r), true
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

// Ups returns n·↑ (n·↓ when down), ↑ = {0 | ∗}, n at most MaxUps.
func (c *Calc) Ups(n int, down bool) (Game, error) {
	if n < 0 {
		return 0, fmt.Errorf("cgt: %d ups: a count must not be negative", n)
	}
	ups := int64(n)
	if down {
		ups = -ups
	}
	return c.Uptimal(NUS{Ups: ups})
}

// Nimber returns *n = {0, *1, ..., *(n-1) | 0, *1, ..., *(n-1)}, n from
// 0 to MaxNim.
func (c *Calc) Nimber(n int) (Game, error) {
	if n < 0 {
		return 0, fmt.Errorf("cgt: nimber *%d: must not be negative", n)
	}
	return c.Uptimal(NUS{Nim: uint64(n)})
}

// Work returns the comparisons the Calc has been asked for so far, what
// SetWorkLimit bounds: a caller gives one computation a budget of n by
// SetWorkLimit(Work() + n).
func (c *Calc) Work() int64 { return c.steps }
