package loopy

// An Outcome is the result of play from a position with a given player
// to move: Left wins, Right wins, or play goes on forever (a draw).
type Outcome int8

const (
	RightWins Outcome = -1
	Draw      Outcome = 0
	LeftWins  Outcome = 1
)

func (o Outcome) String() string {
	switch o {
	case LeftWins:
		return "Left wins"
	case RightWins:
		return "Right wins"
	}
	return "draw"
}

// wins returns the outcome in which player p wins.
func wins(p Player) Outcome {
	if p == Left {
		return LeftWins
	}
	return RightWins
}

// Outcomes are who wins from every node of a graph under normal play
// (a player unable to move loses; endless play is a draw): First[p][v]
// with player p to move at node v.
type Outcomes struct {
	First [2][]Outcome
}

// Solve decides every node of g with each player to move, by retrograde
// analysis: a player with no move loses; a player wins who has a move to
// a position her opponent, to move, loses; she loses when every move
// leads to one he wins; whatever is left undecided is a draw.
func Solve(g *Graph) Outcomes { return solveFrom(g, nil) }

// solveFrom is Solve with the states that fixed decides (not a Draw)
// taken as decided before the analysis starts.
func solveFrom(g *Graph, fixed *Outcomes) Outcomes {
	n := g.Len()
	into := g.into()
	return solveStates(n,
		func(v int, p Player) int { return len(g.Options(v, p)) },
		func(w int, p Player, buf []int) []int { return append(buf, into[p][w]...) },
		fixed)
}

// solveStates is the retrograde analysis of Solve over a graph of n
// nodes given by its moves' count (the moves of p from v) and into
// (appends to buf each node that has a move of p to w, once a move, and
// returns it), with the states fixed decides taken as decided first.
func solveStates(n int, count func(v int, p Player) int, into func(w int, p Player, buf []int) []int, fixed *Outcomes) Outcomes {
	r := newRetro(n, count, into, fixed)
	r.run()
	return r.out
}

// A retro is a retrograde analysis under way (solveStates): states may
// be decided from outside between runs, and a run goes on from where
// the last stopped, for what a state decided stays decided.
type retro struct {
	out  Outcomes // Draw while undecided
	into func(w int, p Player, buf []int) []int
	// pairs, when set, gives the moves into states of a difference of
	// two graphs instead of into (without a call for each state).
	pairs *pairMoves
	// pending[p][v]: node v's moves for p not yet known to lose for p.
	pending [2][]int32
	queue   []int // states 2v+p decided, their predecessors not yet told
	from    []int
	// watch, when set, marks nodes whose state with Right to move, once
	// won by Right, ends the run (stopped): what sideLEAll waits for.
	watch   []bool
	stopped bool
}

// newRetro starts solveStates' analysis: every state fixed decides,
// and every state whose player has no move, is decided and queued.
func newRetro(n int, count func(v int, p Player) int, into func(w int, p Player, buf []int) []int, fixed *Outcomes) *retro {
	r := &retro{into: into}
	for p := range 2 {
		r.out.First[p] = make([]Outcome, n)
		r.pending[p] = make([]int32, n)
	}
	for v := range n {
		for _, p := range []Player{Left, Right} {
			r.pending[p][v] = int32(count(v, p))
			switch {
			case fixed != nil && fixed.First[p][v] != Draw:
				r.decide(v, p, fixed.First[p][v])
			case r.pending[p][v] == 0:
				r.decide(v, p, wins(p.Opponent()))
			}
		}
	}
	return r
}

// decide sets the outcome of node v with p to move and queues it.
func (r *retro) decide(v int, p Player, o Outcome) {
	r.out.First[p][v] = o
	r.queue = append(r.queue, 2*v+int(p))
	if r.watch != nil && p == Right && o == RightWins && r.watch[v] {
		r.stopped = true
	}
}

// run tells every queued state's predecessors, deciding those it
// settles, until the queue is empty.
func (r *retro) run() {
	for len(r.queue) > 0 && !r.stopped {
		s := r.queue[len(r.queue)-1]
		r.queue = r.queue[:len(r.queue)-1]
		v, p := s/2, Player(s%2)
		// State (v, p) is decided; the states that move into it are
		// (u, q) with q the other player and u a node with a move of q
		// to v.
		q := p.Opponent()
		won := r.out.First[p][v] == wins(q)
		if m := r.pairs; m != nil {
			// Moves of q in H to y, and in -G (q's opponent's, p's, in G)
			// to x.
			x, y := v/m.n2, v%m.n2
			for _, w := range m.hInto[q][y] {
				r.tell(x*m.n2+w, q, won)
			}
			for _, w := range m.gInto[p][x] {
				r.tell(w*m.n2+y, q, won)
			}
			continue
		}
		r.from = r.into(v, q, r.from[:0])
		for _, u := range r.from {
			r.tell(u, q, won)
		}
	}
}

// tell tells state (u, q), undecided or not, that one of its moves
// reaches a decided state, won for q or not: it is then won for q, or
// lost when that was its last move left.
func (r *retro) tell(u int, q Player, won bool) {
	switch {
	case r.out.First[q][u] != Draw:
	case won:
		r.decide(u, q, wins(q))
	default:
		if r.pending[q][u]--; r.pending[q][u] == 0 {
			r.decide(u, q, wins(q.Opponent()))
		}
	}
}

// newPairRetro is newRetro for the states of h - g (pairMoves), nothing
// fixed, each state's moves counted from the two graphs' nodes.
func newPairRetro(g, h *Graph) *retro {
	n1, n2 := g.Len(), h.Len()
	r := &retro{pairs: newPairMoves(g, h)}
	for _, p := range []Player{Left, Right} {
		r.out.First[p] = make([]Outcome, n1*n2)
		r.pending[p] = make([]int32, n1*n2)
		for x := range n1 {
			inG := int32(len(g.Options(x, p.Opponent())))
			for y := range n2 {
				v := x*n2 + y
				if r.pending[p][v] = inG + int32(len(h.Options(y, p))); r.pending[p][v] == 0 {
					r.decide(v, p, wins(p.Opponent()))
				}
			}
		}
	}
	return r
}

// pairMoves are the moves into the states of H - G, for graphs g and h
// of n1 and n2 nodes, a state (x, y) (x in G, y in H) numbered x*n2+y:
// a move of p is in H (to y's option for p) or in -G (to x's option for
// p's opponent).
type pairMoves struct {
	n2 int
	// gInto[p][x], hInto[p][y]: the nodes with a move of p to x in g, to
	// y in h.
	gInto, hInto [2][][]int
}

// newPairMoves returns the moves into the states of h - g.
func newPairMoves(g, h *Graph) *pairMoves {
	m := &pairMoves{n2: h.Len(), gInto: g.into(), hInto: h.into()}
	return m
}

// Class is an outcome class of a game, with draws: who wins with Left
// to move and with Right to move, named as CGSuite names the nine.
type Class struct {
	LeftFirst, RightFirst Outcome
}

// classNames are CGSuite's names of the classes, by who wins with Left
// to move and with Right to move (each RightWins, Draw, LeftWins).
var classNames = [3][3]string{
	{"R", "PCheck", "P"},
	{"NCheck", "D", "PHat"},
	{"N", "NHat", "L"},
}

// String returns CGSuite's name of the class: L, R, N, P, D, PHat,
// PCheck, NHat or NCheck.
func (c Class) String() string { return classNames[c.LeftFirst+1][c.RightFirst+1] }

// ClassOf returns the outcome class of g.
func ClassOf(g Game) Class {
	o := Solve(g.Graph)
	return Class{o.First[Left][g.Start], o.First[Right][g.Start]}
}
