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
	// into[p][w]: the nodes v with a move of p to w.
	into := [2][][]int{make([][]int, n), make([][]int, n)}
	for v := range n {
		for _, p := range []Player{Left, Right} {
			for _, w := range g.Options(v, p) {
				into[p][w] = append(into[p][w], v)
			}
		}
	}
	return solveStates(n,
		func(v int, p Player) int { return len(g.Options(v, p)) },
		func(w int, p Player, f func(int)) {
			for _, v := range into[p][w] {
				f(v)
			}
		}, fixed)
}

// solveStates is the retrograde analysis of Solve over a graph of n
// nodes given by its moves' count (the moves of p from v) and into
// (calls f with each node that has a move of p to w, once a move), with
// the states fixed decides taken as decided first.
func solveStates(n int, count func(v int, p Player) int, into func(w int, p Player, f func(int)), fixed *Outcomes) Outcomes {
	var out Outcomes
	// pending[p][v]: node v's moves for p not yet known to lose for p.
	var pending [2][]int32
	for p := range 2 {
		out.First[p] = make([]Outcome, n)
		pending[p] = make([]int32, n)
	}
	type state struct {
		v int
		p Player
	}
	var queue []state
	decided := [2][]bool{make([]bool, n), make([]bool, n)}
	decide := func(v int, p Player, o Outcome) {
		decided[p][v] = true
		out.First[p][v] = o
		queue = append(queue, state{v, p})
	}
	for v := range n {
		for _, p := range []Player{Left, Right} {
			pending[p][v] = int32(count(v, p))
			switch {
			case fixed != nil && fixed.First[p][v] != Draw:
				decide(v, p, fixed.First[p][v])
			case pending[p][v] == 0:
				decide(v, p, wins(p.Opponent()))
			}
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		// State (s.v, s.p) is decided; the states that move into it are
		// (u, q) with q the other player and u a node with a move of q
		// to s.v.
		q := s.p.Opponent()
		won := out.First[s.p][s.v] == wins(q)
		into(s.v, q, func(u int) {
			if decided[q][u] {
				return
			}
			if won {
				decide(u, q, wins(q))
				return
			}
			if pending[q][u]--; pending[q][u] == 0 {
				decide(u, q, wins(s.p))
			}
		})
	}
	return out
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
