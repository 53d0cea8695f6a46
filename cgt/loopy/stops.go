package loopy

import (
	"cmp"

	"nimber/cgt"
)

// A Pseudonumber is a number x, x over, x under, on or off: the values
// the stops of a stopper take (Siegel, "Combinatorial Game Theory",
// VI.2). x over is {x | pass}, x under {pass | x}.
type Pseudonumber struct {
	Kind PseudoKind
	X    cgt.Dyadic // the number, unless Kind is On or Off
}

// PseudoKind says which kind of pseudonumber.
type PseudoKind int8

// The kinds, in the order of their values beside the same number: off
// below all, then x under < x < x over, on above all.
const (
	Off PseudoKind = iota - 2
	Under
	Exact
	Over
	On
)

// Cmp compares pseudonumbers: -1, 0 or 1 as p is less than, equal to or
// greater than q.
func (p Pseudonumber) Cmp(q Pseudonumber) int {
	infinite := func(k PseudoKind) int {
		switch k {
		case On:
			return 1
		case Off:
			return -1
		}
		return 0
	}
	if a, b := infinite(p.Kind), infinite(q.Kind); a != 0 || b != 0 {
		return cmp.Compare(a, b)
	}
	if c := p.X.Cmp(q.X); c != 0 {
		return c
	}
	return cmp.Compare(p.Kind, q.Kind)
}

// String writes the pseudonumber as CGSuite does: on, off, 5, 5over,
// -3/2under, and over and under for 0over and 0under.
func (p Pseudonumber) String() string {
	switch p.Kind {
	case On:
		return "on"
	case Off:
		return "off"
	}
	x := p.X.String()
	if p.Kind == Exact {
		return x
	}
	if x == "0" {
		x = ""
	}
	if p.Kind == Over {
		return x + "over"
	}
	return x + "under"
}

// shorts finds the short games of a graph's nodes: those from which no
// cycle is reachable, built in a calc and memoised.
type shorts struct {
	c      *cgt.Calc
	g      *Graph
	memo   map[int]cgt.Game // a node's game, or noGame
	onPath map[int]bool
	err    error // the first error of the calc (a limit), which makes a short node look loopy
}

func newShorts(c *cgt.Calc, g *Graph) *shorts {
	return &shorts{c: c, g: g, memo: map[int]cgt.Game{}, onPath: map[int]bool{}}
}

// of returns the short game of node v, if no cycle is reachable from v.
func (s *shorts) of(v int) (cgt.Game, bool) {
	if x, ok := s.memo[v]; ok {
		return x, x != noGame
	}
	if s.onPath[v] {
		return noGame, false
	}
	s.onPath[v] = true
	defer delete(s.onPath, v)
	var opts [2][]cgt.Game
	ok := true
	for _, p := range []Player{Left, Right} {
		for _, w := range s.g.Options(v, p) {
			x, isShort := s.of(w)
			if !isShort {
				ok = false
				continue
			}
			opts[p] = append(opts[p], x)
		}
	}
	if ok {
		x, err := s.c.Make(opts[Left], opts[Right])
		if err == nil {
			s.memo[v] = x
			return x, true
		}
		s.err = cmp.Or(s.err, err)
	}
	s.memo[v] = noGame
	return noGame, false
}

// number returns the number of node v, if it is one.
func (s *shorts) number(v int) (cgt.Dyadic, bool) {
	x, ok := s.of(v)
	if !ok {
		return cgt.Dyadic{}, false
	}
	return s.c.Number(x)
}

// pseudonumber returns the pseudonumber of node v of a graph in simplest
// form, if it is one: a number, on {pass|}, off {|pass}, x over {x|pass}
// or x under {pass|x}.
func (s *shorts) pseudonumber(v int) (Pseudonumber, bool) {
	if _, ok := s.of(v); ok {
		d, ok := s.number(v)
		return Pseudonumber{Exact, d}, ok
	}
	l, r := s.g.Left(v), s.g.Right(v)
	switch {
	case len(l) == 1 && l[0] == v && len(r) == 0:
		return Pseudonumber{Kind: On}, true
	case len(r) == 1 && r[0] == v && len(l) == 0:
		return Pseudonumber{Kind: Off}, true
	case len(l) == 1 && len(r) == 1 && r[0] == v:
		if d, ok := s.number(l[0]); ok {
			return Pseudonumber{Over, d}, true
		}
	case len(l) == 1 && len(r) == 1 && l[0] == v:
		if d, ok := s.number(r[0]); ok {
			return Pseudonumber{Under, d}, true
		}
	}
	return Pseudonumber{}, false
}

// noGame marks a node that is not short.
const noGame = cgt.Game(1<<32 - 1)

// Stops returns the Left and Right stops of the stopper g in simplest
// form (see Simplify): a pseudonumber position stops play at itself;
// elsewhere the Left stop is the greatest Right stop of Left's options
// and the Right stop the least Left stop of Right's options. Play that
// alternates ends in a stopper, so the recursion ends; a player without
// a move in a position that is no pseudonumber gives the stop of her
// running out of moves, off for Left and on for Right.
func Stops(c *cgt.Calc, g Game) (left, right Pseudonumber, err error) {
	if !IsStopper(g) {
		return left, right, ErrNotStopper
	}
	gr := g.Graph
	sh := newShorts(c, gr)
	type state struct {
		v int
		p Player
	}
	stops := map[state]Pseudonumber{}
	var stop func(v int, p Player) Pseudonumber
	stop = func(v int, p Player) Pseudonumber {
		if s, ok := stops[state{v, p}]; ok {
			return s
		}
		s, ok := sh.pseudonumber(v)
		if !ok {
			opts := gr.Options(v, p)
			if len(opts) == 0 {
				s = Pseudonumber{Kind: Off}
				if p == Right {
					s = Pseudonumber{Kind: On}
				}
			}
			for i, w := range opts {
				t := stop(w, p.Opponent())
				if i == 0 || p == Left && t.Cmp(s) > 0 || p == Right && t.Cmp(s) < 0 {
					s = t
				}
			}
		}
		stops[state{v, p}] = s
		return s
	}
	left, right = stop(g.Start, Left), stop(g.Start, Right)
	return left, right, sh.err
}
