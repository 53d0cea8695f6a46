package loopy

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"nimber/cgt"
)

// randomGraph returns a graph of 1 to n nodes, each with up to three
// Left and three Right options anywhere in the graph, itself included.
func randomGraph(rng *rand.Rand, n int) *Graph {
	g := NewGraph(1 + rng.IntN(n))
	for v := range g.Len() {
		for range rng.IntN(4) {
			g.AddLeft(v, rng.IntN(g.Len()))
		}
		for range rng.IntN(4) {
			g.AddRight(v, rng.IntN(g.Len()))
		}
	}
	return g
}

// twinSolve decides every state straight from the rules, sweeping all
// states until nothing changes: the player to move loses with no move,
// wins with a move to a state her opponent loses, loses when every move
// reaches a state he wins; what no sweep decides is a draw.
func twinSolve(g *Graph) Outcomes {
	var o Outcomes
	known := [2][]bool{make([]bool, g.Len()), make([]bool, g.Len())}
	for p := range 2 {
		o.First[p] = make([]Outcome, g.Len())
	}
	for changed := true; changed; {
		changed = false
		for v := range g.Len() {
			for _, p := range []Player{Left, Right} {
				if known[p][v] {
					continue
				}
				q := p.Opponent()
				win, allLost := false, true
				for _, w := range g.Options(v, p) {
					if known[q][w] && o.First[q][w] == wins(p) {
						win = true
					}
					if !known[q][w] || o.First[q][w] != wins(q) {
						allLost = false
					}
				}
				switch {
				case win:
					o.First[p][v], known[p][v], changed = wins(p), true, true
				case allLost: // no move at all, or only losing ones
					o.First[p][v], known[p][v], changed = wins(q), true, true
				}
			}
		}
	}
	return o
}

// twinStopper reports whether some state reachable from g (any node
// reachable by any moves, either player to move) can return to itself
// by alternating play, by a search from each state.
func twinStopper(g Game) bool {
	type state struct {
		v int
		p Player
	}
	next := func(s state) []state {
		var out []state
		for _, w := range g.Graph.Options(s.v, s.p) {
			out = append(out, state{w, s.p.Opponent()})
		}
		return out
	}
	for _, v := range g.Reachable() {
		for _, p := range []Player{Left, Right} {
			start := state{v, p}
			seen := map[state]bool{}
			todo := next(start)
			for len(todo) > 0 {
				s := todo[len(todo)-1]
				todo = todo[:len(todo)-1]
				if s == start {
					return false
				}
				if !seen[s] {
					seen[s] = true
					todo = append(todo, next(s)...)
				}
			}
		}
	}
	return true
}

// TestSolveAgainstTwin holds the retrograde analysis to the sweeping
// twin on every node of 3,000 random graphs with cycles.
func TestSolveAgainstTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 1))
	for i := range 3000 {
		g := randomGraph(rng, 8)
		got, want := Solve(g), twinSolve(g)
		for p := range 2 {
			if !slices.Equal(got.First[p], want.First[p]) {
				t.Fatalf("graph %d %+v, %v first: Solve %v, twin %v", i, g, Player(p), got.First[p], want.First[p])
			}
		}
	}
}

// TestStopperAgainstTwin holds IsStopper, and stopperParts, to the
// search from each state on 3,000 random graphs, and checks that both
// kinds turn up.
func TestStopperAgainstTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 2))
	counts := [2]int{}
	for i := range 3000 {
		g := Game{randomGraph(rng, 6), 0}
		got := IsStopper(g)
		want := twinStopper(g)
		if got != want {
			t.Fatalf("graph %d %+v: IsStopper %v, twin %v", i, g.Graph, got, want)
		}
		if parts := stopperParts(g.Graph, components(g.Graph, []int{0})); parts != want {
			t.Fatalf("graph %d %+v: stopperParts %v, twin %v", i, g.Graph, parts, want)
		}
		if got {
			counts[1]++
		} else {
			counts[0]++
		}
	}
	if counts[0] < 100 || counts[1] < 100 {
		t.Errorf("stoppers and not: %v, too few of one kind", counts)
	}
}

// randomShort returns a random short game of c built up from 0 by
// options drawn from the games made before it.
func randomShort(rng *rand.Rand, c *cgt.Calc, pool *[]cgt.Game) cgt.Game {
	pick := func() []cgt.Game {
		var out []cgt.Game
		for range rng.IntN(3) {
			out = append(out, (*pool)[rng.IntN(len(*pool))])
		}
		return out
	}
	g, err := c.Make(pick(), pick())
	if err != nil {
		panic(err)
	}
	*pool = append(*pool, g)
	return g
}

// shortPairs calls check with n pairs of random short games of c, from
// the seed, and their nodes on one graph.
func shortPairs(t *testing.T, seed uint64, n int, check func(c *cgt.Calc, x, y cgt.Game, gx, gy Game)) {
	rng := rand.New(rand.NewPCG(31, seed))
	c := cgt.New(0)
	pool := []cgt.Game{cgt.Zero}
	for range n {
		x, y := randomShort(rng, c, &pool), randomShort(rng, c, &pool)
		gr := NewGraph(0)
		seen := map[cgt.Game]int{}
		vx, err := AddShort(c, x, gr, seen, 0)
		if err != nil {
			t.Fatal(err)
		}
		vy, err := AddShort(c, y, gr, seen, 0)
		if err != nil {
			t.Fatal(err)
		}
		check(c, x, y, Game{gr, vx}, Game{gr, vy})
	}
}

// TestShortGamesAgree checks the survival test against cgt's order on
// pairs of random short games, and the classes against cgt's outcomes.
func TestShortGamesAgree(t *testing.T) {
	shortPairs(t, 3, 600, func(c *cgt.Calc, x, y cgt.Game, gx, gy Game) {
		if !IsStopper(gx) {
			t.Fatalf("%s: not a stopper", c.String(x))
		}
		le, err := LE(gx, gy, 0)
		if err != nil {
			t.Fatal(err)
		}
		if want := c.LE(x, y); le != want {
			t.Fatalf("%s <= %s: survival test %v, cgt %v", c.String(x), c.String(y), le, want)
		}
		class := ClassOf(gx)
		if class.LeftFirst == Draw || class.RightFirst == Draw {
			t.Fatalf("%s: a short game drawn: %v", c.String(x), class)
		}
		leftWins := c.LE(x, cgt.Zero) == false // x > 0 or x fuzzy: Left wins first
		if got := class.LeftFirst == LeftWins; got != leftWins {
			t.Fatalf("%s: Left first %v, cgt says Left wins first %v", c.String(x), class.LeftFirst, leftWins)
		}
	})
}

// TestSumsAndNegatives checks on random graphs that sums commute, that
// the negative's class is the class with the players swapped, and that
// negation is an involution.
func TestSumsAndNegatives(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 4))
	for range 1000 {
		g, h := Game{randomGraph(rng, 4), 0}, Game{randomGraph(rng, 4), 0}
		gh, err := Sum(0, g, h)
		if err != nil {
			t.Fatal(err)
		}
		hg, err := Sum(0, h, g)
		if err != nil {
			t.Fatal(err)
		}
		if ClassOf(gh) != ClassOf(hg) {
			t.Fatalf("G+H %v, H+G %v", ClassOf(gh), ClassOf(hg))
		}
		c, n := ClassOf(g), ClassOf(g.Neg())
		if n.LeftFirst != -c.RightFirst || n.RightFirst != -c.LeftFirst {
			t.Fatalf("G %v, -G %v", c, n)
		}
		back := g.Neg().Neg()
		for v := range g.Graph.Len() {
			if !slices.Equal(back.Graph.Left(v), g.Graph.Left(v)) || !slices.Equal(back.Graph.Right(v), g.Graph.Right(v)) {
				t.Fatalf("-(-G) differs from G at node %d", v)
			}
		}
	}
}

// TestStopperOrder checks the survival test's order on random stoppers:
// reflexive, transitive, on above all and off below all, and a stopper
// minus itself never lost by the second player.
func TestStopperOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 5))
	var stoppers []Game
	for len(stoppers) < 60 {
		if g := (Game{randomGraph(rng, 5), 0}); IsStopper(g) {
			stoppers = append(stoppers, g)
		}
	}
	on, off := named(t, "on"), named(t, "off")
	le := func(a, b Game) bool {
		r, err := LE(a, b, 0)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	for i, a := range stoppers {
		if !le(a, a) {
			t.Fatalf("stopper %d %+v: not <= itself", i, a.Graph)
		}
		if !le(a, on) || !le(off, a) {
			t.Fatalf("stopper %d: off <= G <= on fails", i)
		}
		for _, b := range stoppers[:i] {
			for _, c := range stoppers[:i] {
				if le(a, b) && le(b, c) && !le(a, c) {
					t.Fatalf("order not transitive: %+v <= %+v <= %+v", a.Graph, b.Graph, c.Graph)
				}
			}
		}
	}
}

// TestOrderAgainstLE checks the pairwise order of a graph's nodes, all
// stoppers, against the survival test of each pair's own difference.
func TestOrderAgainstLE(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 6))
	for tried := 0; tried < 300; {
		g := randomGraph(rng, 6)
		all := true
		for v := range g.Len() {
			all = all && IsStopper(Game{g, v})
		}
		if !all {
			continue
		}
		tried++
		le, err := Order(g, 0)
		if err != nil {
			t.Fatal(err)
		}
		for x := range g.Len() {
			for y := range g.Len() {
				want, err := LE(Game{g, x}, Game{g, y}, 0)
				if err != nil {
					t.Fatal(err)
				}
				if le[x][y] != want {
					t.Fatalf("%+v: Order says %d <= %d is %v, LE %v", g, x, y, le[x][y], want)
				}
			}
		}
	}
	if _, err := Order(NewGraph(100), 1000); err == nil {
		t.Error("Order of 100 nodes within 1000 positions: no error")
	}
}

// simplifyChecked is the twin of Simplify: the simplest form of the stopper g (Siegel,
// "Combinatorial Game Theory", VI.3): a graph of g's reachable positions
// in which no option is dominated (a Left option at most another, a
// Right option at least another), none is reversible (a Left option with
// a Right option at most the position, bypassed by that option's Left
// options; Right's alike), and no two positions are equal (fused into
// one). Each step is kept only when the game stays a stopper equal to g
// by the survival test: fusing two equal positions can make a cycle (the
// position {*|*} fused with its follower 0 would become dud), so a class
// of equal positions is fused into the first of them that keeps the
// value. limit bounds the positions compared (the square of the graph's
// size, and the sums of each check; 0 for none).
func simplifyChecked(g Game, limit int) (Game, error) {
	if !IsStopper(g) {
		return Game{}, ErrNotStopper
	}
	cur := restrictGame(g)
	// A step is checked against the form before it (equal to g by the
	// steps before), which is smaller than g.
	keeps := func(cand Game) (bool, error) {
		if !IsStopper(cand) {
			return false, nil
		}
		eq, err := Equal(cand, cur, limit)
		if err != nil {
			return false, fmt.Errorf("loopy: checking a simplification: %w", err)
		}
		return eq, nil
	}
	for {
		le, err := Order(cur.Graph, limit)
		if err != nil {
			return Game{}, err
		}
		next, ok, err := firstKept(keeps,
			func() []Game { return undominate(cur, le) },
			func() []Game { return bypasses(cur, le) },
			func() []Game { return fusions(cur, le) })
		if err != nil {
			return Game{}, err
		}
		if !ok {
			return cur, nil
		}
		cur = next
	}
}

// firstKept returns the first candidate of the lists, made in turn,
// that keeps the value, reporting whether there was one.
func firstKept(keeps func(Game) (bool, error), lists ...func() []Game) (Game, bool, error) {
	for _, list := range lists {
		for _, cand := range list() {
			ok, err := keeps(cand)
			if err != nil {
				return Game{}, false, err
			}
			if ok {
				return cand, true, nil
			}
		}
	}
	return Game{}, false, nil
}

// fusions (of the twin) returns the graphs that fuse one class of equal positions
// into one of them: for each class, each of its members in turn.
func fusions(g Game, le [][]bool) []Game {
	n := g.Graph.Len()
	var out []Game
	done := make([]bool, n)
	for v := range n {
		if done[v] {
			continue
		}
		class := []int{v}
		for u := v + 1; u < n; u++ {
			if le[u][v] && le[v][u] {
				class = append(class, u)
				done[u] = true
			}
		}
		if len(class) == 1 {
			continue
		}
		for _, r := range class {
			to := make([]int, n)
			for i := range to {
				to[i] = i
			}
			for _, u := range class {
				to[u] = r
			}
			h, at := restrict(g.Graph, []int{g.Start}, to)
			out = append(out, Game{h, at[0]})
		}
	}
	return out
}

// undominate (of the twin) returns the graph without dominated options, if g has any:
// a Left option at most another Left option, a Right option at least
// another Right option (of two equal options, the first stays).
func undominate(g Game, le [][]bool) []Game {
	out := NewGraph(g.Graph.Len())
	changed := false
	for v := range g.Graph.Len() {
		for _, p := range []Player{Left, Right} {
			opts := g.Graph.Options(v, p)
			for _, o := range opts {
				dominated := false
				for _, k := range opts {
					if k == o {
						continue
					}
					below := p == Left && le[o][k] || p == Right && le[k][o]
					equal := le[o][k] && le[k][o]
					if below && (!equal || k < o) {
						dominated = true
						break
					}
				}
				if dominated {
					changed = true
				} else {
					out.AddMove(p, v, o)
				}
			}
		}
	}
	if !changed {
		return nil
	}
	return []Game{restrictGame(Game{out, g.Start})}
}

// bypasses (of the twin) returns the graphs that bypass one reversible option: a
// Left option o of v with a Right option r ≤ v replaced by r's Left
// options (Right's alike).
func bypasses(g Game, le [][]bool) []Game {
	gr := g.Graph
	var out []Game
	for v := range gr.Len() {
		for _, p := range []Player{Left, Right} {
			for _, o := range gr.Options(v, p) {
				for _, r := range gr.Options(o, p.Opponent()) {
					if p == Left && !le[r][v] || p == Right && !le[v][r] {
						continue
					}
					var opts []int
					for _, k := range gr.Options(v, p) {
						if k != o {
							opts = append(opts, k)
						}
					}
					opts = append(opts, gr.Options(r, p)...)
					slices.Sort(opts)
					opts = slices.Compact(opts)
					if slices.Equal(opts, gr.Options(v, p)) {
						continue
					}
					h := &Graph{left: slices.Clone(gr.left), right: slices.Clone(gr.right)}
					if p == Left {
						h.left[v] = opts
					} else {
						h.right[v] = opts
					}
					out = append(out, restrictGame(Game{h, g.Start}))
				}
			}
		}
	}
	return out
}

// TestSimplifyAgainstTwin checks on random stoppers, many of them of
// several strongly connected parts, and their sums that Simplify gives
// the twin's simplest form, position for position.
func TestSimplifyAgainstTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 9))
	for range 600 {
		g := randomStopper(rng, 7)
		if rng.IntN(2) == 0 {
			s, err := Sum(0, g, randomStopper(rng, 3))
			if err != nil {
				t.Fatal(err)
			}
			if !IsStopper(s) {
				continue
			}
			g = s
		}
		got, err := Simplify(g, 0)
		if err != nil {
			t.Fatal(err)
		}
		want, err := simplifyChecked(g, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !isomorphic(t, got, want) {
			t.Fatalf("%+v: simplest form %+v, twin's %+v", g.Graph, got.Graph, want.Graph)
		}
	}
}

// sideFormChecked, the twin of SideForm, returns the onside (onside set) or the offside of g as a
// stopper in simplest form, found by deleting options one at a time, each
// deletion kept when the game's side stays equal to g's (SideLE both
// ways): once the graph is a stopper, it is its own side, so it is g's.
// When no deletion makes a stopper, SideForm fails with ErrSides. limit
// bounds the positions compared (0 for none).
func sideFormChecked(g Game, onside bool, limit int) (Game, error) {
	cur := restrictGame(g)
	for !IsStopper(cur) {
		next, ok, err := deleteOneChecked(cur, g, onside, limit)
		if err != nil {
			return Game{}, err
		}
		if !ok {
			return Game{}, ErrSides
		}
		cur = next
	}
	return simplifyChecked(cur, limit)
}

// deleteOneChecked returns cur without one option, the first (Right's before
// Left's on the onside, Left's before Right's on the offside) whose
// deletion keeps the side equal to g's.
func deleteOneChecked(cur, g Game, onside bool, limit int) (Game, bool, error) {
	order := []Player{Right, Left}
	if !onside {
		order = []Player{Left, Right}
	}
	for _, p := range order {
		for v := range cur.Graph.Len() {
			opts := cur.Graph.Options(v, p)
			for i := range opts {
				h := &Graph{left: slices.Clone(cur.Graph.left), right: slices.Clone(cur.Graph.right)}
				rest := slices.Delete(slices.Clone(opts), i, i+1)
				if p == Left {
					h.left[v] = rest
				} else {
					h.right[v] = rest
				}
				cand := restrictGame(Game{h, cur.Start})
				le, err := SideLE(cand, g, onside, limit)
				if err != nil {
					return Game{}, false, err
				}
				if !le {
					continue
				}
				ge, err := SideLE(g, cand, onside, limit)
				if err != nil {
					return Game{}, false, err
				}
				if ge {
					return cand, true, nil
				}
			}
		}
	}
	return Game{}, false, nil
}

// randomNonStoppers returns n random games of up to size positions that
// are not stoppers.
func randomNonStoppers(rng *rand.Rand, size, n int) []Game {
	var out []Game
	for len(out) < n {
		if g := (Game{randomGraph(rng, size), 0}); !IsStopper(g) {
			out = append(out, g)
		}
	}
	return out
}

// TestSideFormAgainstTwin checks on random games that are not stoppers,
// of several strongly connected parts, that SideForm finds the sides
// the twin finds (when both find them), and that each side it finds is
// the game's side by the comparison of sides both ways.
func TestSideFormAgainstTwin(t *testing.T) {
	compared, tried := 0, 300
	for _, g := range randomNonStoppers(rand.New(rand.NewPCG(31, 14)), 6, tried) {
		for _, onside := range []bool{true, false} {
			got, err1 := SideForm(g, onside, 0)
			want, err2 := sideFormChecked(g, onside, 0)
			if err1 != nil && !errors.Is(err1, ErrSides) || err2 != nil && !errors.Is(err2, ErrSides) {
				t.Fatal(err1, err2)
			}
			if err1 == nil {
				le, err := SideLE(got, g, onside, 0)
				ge, err2 := SideLE(g, got, onside, 0)
				if err != nil || err2 != nil || !le || !ge || !IsStopper(got) {
					t.Fatalf("%+v (onside %v): side %+v is not the game's side", g.Graph, onside, got.Graph)
				}
			}
			if err1 != nil || err2 != nil {
				continue
			}
			compared++
			if !isomorphic(t, got, want) {
				t.Fatalf("%+v (onside %v): side %+v, twin's %+v", g.Graph, onside, got.Graph, want.Graph)
			}
		}
	}
	if compared < tried {
		t.Errorf("compared %d sides of %d games", compared, tried)
	}
}

// TestWithWorkers checks that a simplification bounded to one goroutine
// gives the same forms as one on every core.
func TestWithWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 16))
	one := WithWorkers(context.Background(), 1)
	for range 100 {
		g := randomStopper(rng, 8)
		want, err := Simplify(g, 0)
		if err != nil {
			t.Fatal(err)
		}
		h, at, err := byParts(one, g.Graph, []int{g.Start}, 0, func(local *Graph, roots []int, _ bool) (*Graph, []int, error) {
			return simplifyRoots(local, roots, 0)
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := (Game{h, at[0]}); !isomorphic(t, got, want) {
			t.Fatalf("%+v: on one goroutine %+v, on every core %+v", g.Graph, got.Graph, want.Graph)
		}
	}
}

// TestSidesMonotone checks the fact SideForm's deletions rely on: a game
// without some of Right's options is at least the game, without some of
// Left's at most, on either side (Left mirrors Right's moves in the
// difference), so a deletion keeps a side when one comparison holds.
func TestSidesMonotone(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 17))
	for _, g := range randomNonStoppers(rng, 6, 300) {
		for _, p := range []Player{Left, Right} {
			var edges []edge
			for v := range g.Graph.Len() {
				for _, w := range g.Graph.Options(v, p) {
					if rng.IntN(3) == 0 {
						edges = append(edges, edge{v, w, p})
					}
				}
			}
			h := Game{without(g.Graph, edges), g.Start}
			for _, onside := range []bool{true, false} {
				lo, hi := h, g // without Left's options: h ≤ g
				if p == Right {
					lo, hi = g, h
				}
				le, err := SideLE(lo, hi, onside, 0)
				if err != nil || !le {
					t.Fatalf("%+v without %v (onside %v): not %v's way (%v)", g.Graph, edges, onside, p, err)
				}
			}
		}
	}
}

// TestLooseSides checks the sides that are not stoppers (looseSides) on
// random games: each graph found has the game's side, by the comparison
// of sides both ways, and is no larger than the game's.
func TestLooseSides(t *testing.T) {
	loose := 0
	for _, g := range randomNonStoppers(rand.New(rand.NewPCG(31, 18)), 8, 3000) {
		for _, onside := range []bool{true, false} {
			h, at, err := sideForms(context.Background(), g.Graph, []int{g.Start}, onside, 0)
			if err != nil {
				t.Fatal(err)
			}
			side := Game{h, at[0]}
			if IsStopper(side) {
				continue
			}
			loose++
			le, err1 := SideLE(side, g, onside, 0)
			ge, err2 := SideLE(g, side, onside, 0)
			if err1 != nil || err2 != nil || !le || !ge {
				t.Fatalf("%+v (onside %v): %+v is not its side", g.Graph, onside, h)
			}
			if restrictGame(side).Graph.Len() > restrictGame(g).Graph.Len() {
				t.Fatalf("%+v (onside %v): side %+v larger than the game", g.Graph, onside, h)
			}
		}
	}
	if loose < 50 {
		t.Errorf("%d sides that are not stoppers, want at least 50", loose)
	}
}

// TestAlike checks alike on sums of random stoppers with themselves:
// the positions it puts together are equal by Order, and it puts some
// together (x + y and y + x, at least).
func TestAlike(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 8))
	fused := 0
	for tried := 0; tried < 1000; {
		g := randomStopper(rng, 5)
		s, err := Sum(0, g, g)
		if err != nil {
			t.Fatal(err)
		}
		h := restrictGame(s).Graph
		if !allStoppers(h) {
			continue
		}
		tried++
		le, err := Order(h, 0)
		if err != nil {
			t.Fatal(err)
		}
		for v, u := range h.alike() {
			if u != v {
				fused++
				if !le[u][v] || !le[v][u] {
					t.Fatalf("%+v: alike puts %d with %d, which differ", h, v, u)
				}
			}
		}
	}
	if fused < 1000 {
		t.Errorf("alike fused %d positions in 1,000 sums", fused)
	}
}

// allStoppers reports whether every node of g is a stopper.
func allStoppers(g *Graph) bool {
	all := make([]int, g.Len())
	for v := range all {
		all[v] = v
	}
	return stopperFrom(g, all)
}
