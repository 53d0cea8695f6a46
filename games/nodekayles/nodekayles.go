// Package nodekayles is Node Kayles through the game API: a position is a
// graph, a move takes a vertex and removes it with all its neighbours, and
// the player who cannot move loses.
//
// The connected components of a graph are independent parts, and a move
// splits its component into the components of what it leaves. On a path
// of n vertices Node Kayles is Dawson's Kayles, the octal game 0.137; on a
// cycle of n >= 3 vertices its first move leaves the path of n-3. Deciding
// it on general graphs is PSPACE-complete (Schaefer, 1978), so the package
// keeps graphs to 64 vertices, one bit each, and refuses components whose
// positions would be too many to search.
package nodekayles

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"strings"

	"nimber/game"
	"nimber/sg"
)

// Name is the game's name in the registry.
const Name = "node-kayles"

// Limits of a position.
const (
	// MaxVertices bounds the vertices of a graph: one bit each in a
	// machine word.
	MaxVertices = 64
	// MaxComponent bounds the vertices of a component that is not a path
	// or a cycle. The positions reachable from a component can grow
	// exponentially with its vertices; from paths and cycles they are
	// only their sub-paths.
	MaxComponent = 40
	// MaxPositions bounds the components the accelerator values for one
	// graph: a component within MaxComponent vertices may still reach
	// too many, such as a star of many short paths.
	MaxPositions = 1 << 22
)

// Rules is Node Kayles as game.Rules[Part, Move]. A position is a graph
// written as its edges and vertices separated by spaces: "a-b" is an edge,
// "a-b-c" a path of edges, and a lone name a vertex, as in "a-b b-c d".
// Vertex names are letters, digits and '_'; an edge may be repeated, a
// vertex may not be its own neighbour.
type Rules struct{}

// The capabilities of Rules.
var (
	_ game.Rules[Part, Move]   = Rules{}
	_ game.PartDescriber[Part] = Rules{}
	_ game.Accelerator[Part]   = Rules{}
)

// graph is a parsed graph: its vertices 0..n-1 in the natural order of
// their names, and the neighbours of each as a bit set.
type graph struct {
	names []string
	adj   []uint64
}

// Part is a part of a position: a connected set of vertices of a graph.
// The frame of a position is the empty set of its graph.
type Part struct {
	g   *graph
	set uint64
}

// Vertices returns the names of the vertices of p in their natural order.
func (p Part) Vertices() []string {
	var names []string
	for s := p.set; s != 0; s &= s - 1 {
		names = append(names, p.g.names[bits.TrailingZeros64(s)])
	}
	return names
}

// Move is a move of a part: a vertex taken, and the vertices it removes.
type Move struct {
	vertex  int
	removed uint64
}

// Game returns Node Kayles through the game API.
func Game() game.Game { return game.Of(Rules{}) }

// Parse reads a graph: edges "a-b" (or paths "a-b-c") and lone vertices
// separated by white space. Its parts are its connected components.
func (Rules) Parse(text string) (game.Sum[Part], error) {
	type edge struct{ u, v string }
	var (
		edges []edge
		seen  = map[string]bool{}
		names []string
	)
	add := func(name string) {
		if !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	for i, tok := range strings.Fields(text) {
		path := strings.Split(tok, "-")
		for k, name := range path {
			if name == "" {
				return game.Sum[Part]{}, fmt.Errorf("%q at token %d has an empty vertex name", clip(tok), i+1)
			}
			if !validName(name) {
				return game.Sum[Part]{}, fmt.Errorf("%q at token %d: %q is not a vertex name (letters, digits and '_')", clip(tok), i+1, clip(name))
			}
			if k > 0 {
				if name == path[k-1] {
					return game.Sum[Part]{}, fmt.Errorf("%q at token %d is a loop on %s: a vertex cannot be its own neighbour", clip(tok), i+1, clip(name))
				}
				edges = append(edges, edge{path[k-1], name})
			}
			add(name)
		}
		if len(names) > MaxVertices {
			return game.Sum[Part]{}, &game.LimitError{What: "graph", Measure: "vertices", Got: int64(len(names)), Limit: MaxVertices}
		}
	}
	slices.SortFunc(names, compareNames)
	g := &graph{names: names, adj: make([]uint64, len(names))}
	index := make(map[string]int, len(names))
	for i, name := range names {
		index[name] = i
	}
	var all uint64
	for i := range names {
		all |= 1 << i
	}
	for _, e := range edges {
		u, v := index[e.u], index[e.v]
		g.adj[u] |= 1 << v
		g.adj[v] |= 1 << u
	}
	s := game.Sum[Part]{Frame: Part{g: g}}
	for _, c := range g.components(all, nil) {
		s.Parts = append(s.Parts, Part{g: g, set: c})
	}
	return s, nil
}

// validName reports whether name is made of ASCII letters, digits and '_'.
func validName(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// compareNames orders vertex names naturally: runs of digits by their
// numbers, so that v2 comes before v10, the rest byte by byte, and names
// equal so far by their bytes.
func compareNames(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if isDigit(a[i]) && isDigit(b[j]) {
			ei, ej := digitsEnd(a, i), digitsEnd(b, j)
			na := strings.TrimLeft(a[i:ei], "0")
			nb := strings.TrimLeft(b[j:ej], "0")
			if c := cmp.Compare(len(na), len(nb)); c != 0 {
				return c
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			i, j = ei, ej
			continue
		}
		if c := cmp.Compare(a[i], b[j]); c != 0 {
			return c
		}
		i, j = i+1, j+1
	}
	if c := cmp.Compare(len(a)-i, len(b)-j); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// digitsEnd returns the end of the run of digits of s at i.
func digitsEnd(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

// components appends to dst the connected components of the vertices set,
// in the order of their first vertices.
func (g *graph) components(set uint64, dst []uint64) []uint64 {
	for set != 0 {
		comp := set & -set
		frontier := comp
		for frontier != 0 {
			u := bits.TrailingZeros64(frontier)
			frontier &= frontier - 1
			next := g.adj[u] & set &^ comp
			comp |= next
			frontier |= next
		}
		dst = append(dst, comp)
		set &^= comp
	}
	return dst
}

// Format writes the graph the parts make, component by component in the
// order of their first vertices: the edges of a component in the order of
// their ends, a lone vertex as its name. Parts of one graph that are the
// same are written once; a position is a set of vertices of a graph.
func (Rules) Format(s game.Sum[Part]) string {
	var (
		graphs []*graph
		sets   []uint64
	)
	for _, p := range s.Parts {
		i := slices.Index(graphs, p.g)
		if i < 0 {
			graphs, sets = append(graphs, p.g), append(sets, 0)
			i = len(graphs) - 1
		}
		sets[i] |= p.set
	}
	var b strings.Builder
	for i, g := range graphs {
		for _, c := range g.components(sets[i], nil) {
			g.writeComponent(&b, c)
		}
	}
	return b.String()
}

// writeComponent writes the connected set c to b.
func (g *graph) writeComponent(b *strings.Builder, c uint64) {
	sep := func() {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
	}
	if c&(c-1) == 0 {
		sep()
		b.WriteString(g.names[bits.TrailingZeros64(c)])
		return
	}
	for s := c; s != 0; s &= s - 1 {
		u := bits.TrailingZeros64(s)
		for t := g.adj[u] & c &^ (1<<(u+1) - 1); t != 0; t &= t - 1 {
			sep()
			b.WriteString(g.names[u])
			b.WriteByte('-')
			b.WriteString(g.names[bits.TrailingZeros64(t)])
		}
	}
}

// Moves yields the moves of a part, taking each of its vertices in turn,
// each with the components it leaves.
func (Rules) Moves(p Part) iter.Seq2[Move, []Part] {
	return func(yield func(Move, []Part) bool) {
		var (
			sets  [MaxVertices]uint64
			parts [MaxVertices]Part
		)
		for s := p.set; s != 0; s &= s - 1 {
			v := bits.TrailingZeros64(s)
			removed := (p.g.adj[v] | 1<<v) & p.set
			left := parts[:0]
			for _, c := range p.g.components(p.set&^removed, sets[:0]) {
				left = append(left, Part{g: p.g, set: c})
			}
			if !yield(Move{vertex: v, removed: removed}, left) {
				return
			}
		}
	}
}

// Describe says a move: "take c (removing b, c, d)".
func (Rules) Describe(p Part, m Move) string {
	removed := Part{g: p.g, set: m.removed}.Vertices()
	return fmt.Sprintf("take %s (removing %s)", p.g.names[m.vertex], strings.Join(removed, ", "))
}

// Check refuses a component of more than MaxComponent vertices, unless it
// is a path or a cycle.
func (Rules) Check(s game.Sum[Part]) error {
	for i, p := range s.Parts {
		n := bits.OnesCount64(p.set)
		if n <= MaxComponent || p.thin() {
			continue
		}
		return game.CheckLimit(fmt.Sprintf("component %d (not a path or a cycle)", i+1), "vertices", int64(n), MaxComponent)
	}
	return nil
}

// thin reports whether every vertex of p has at most two neighbours in p:
// a connected p is then a path or a cycle.
func (p Part) thin() bool {
	for s := p.set; s != 0; s &= s - 1 {
		if bits.OnesCount64(p.g.adj[bits.TrailingZeros64(s)]&p.set) > 2 {
			return false
		}
	}
	return true
}

// PartNoun implements game.PartDescriber: a part is a component.
func (Rules) PartNoun() string { return "component" }

// DescribePart implements game.PartDescriber: "4 vertices, 3 edges".
func (Rules) DescribePart(p Part) string {
	n, m := bits.OnesCount64(p.set), 0
	for s := p.set; s != 0; s &= s - 1 {
		m += bits.OnesCount64(p.g.adj[bits.TrailingZeros64(s)] & p.set)
	}
	return fmt.Sprintf("%s, %s", plural(n, "vertex", "vertices"), plural(m/2, "edge", "edges"))
}

// plural writes n and the noun in the number n takes.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Accelerate implements game.Accelerator: a search of the components of
// each graph, keyed by their vertex sets, that values each once and counts
// them against MaxPositions. Values are computed when asked for.
func (Rules) Accelerate(ctx context.Context, _ game.Sum[Part]) (game.Valuer[Part], error) {
	return &valuer{solvers: map[*graph]*solver{}, limit: MaxPositions}, ctx.Err()
}

// valuer values parts, with a solver for each graph they stand in, each
// valuing at most limit components.
type valuer struct {
	solvers map[*graph]*solver
	limit   int
}

func (v *valuer) Grundy(ctx context.Context, p Part) (int, error) {
	s := v.solvers[p.g]
	if s == nil {
		s = &solver{g: p.g, memo: map[uint64]uint8{}, limit: v.limit}
		v.solvers[p.g] = s
	}
	x, err := s.grundy(ctx, p.set)
	if errors.Is(err, errTooMany) {
		return 0, &game.LimitError{What: "component of " + clip(p.g.names[bits.TrailingZeros64(p.set)]) + fmt.Sprintf(" (%d vertices)", bits.OnesCount64(p.set)),
			Measure: "positions reached", Got: int64(len(s.memo)) + 1, Limit: int64(s.limit)}
	}
	return x, err
}

// errTooMany stops a search that reaches more components than its limit.
var errTooMany = errors.New("too many positions")

// solver values the connected vertex sets of a graph by the definition:
// the mex over its vertices v of the nim-sum of the values of the
// components left when v and its neighbours are removed.
type solver struct {
	g     *graph
	memo  map[uint64]uint8 // connected set -> value; values are at most 64
	limit int              // the most sets memo may hold
}

func (s *solver) grundy(ctx context.Context, set uint64) (int, error) {
	if set&(set-1) == 0 {
		return int(min(set, 1)), nil // no vertex: 0; one vertex: 1
	}
	if v, ok := s.memo[set]; ok {
		return int(v), nil
	}
	if len(s.memo)&4095 == 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
	}
	var (
		seen  [2]uint64 // the values of the options; each below 128
		comps [MaxVertices]uint64
	)
	for rest := set; rest != 0; rest &= rest - 1 {
		v := bits.TrailingZeros64(rest)
		x, err := sg.ValueOf(ctx, s.g.components(set&^(s.g.adj[v]|1<<v), comps[:0]), s.grundy)
		if err != nil {
			return 0, err
		}
		seen[x>>6] |= 1 << (x & 63)
	}
	mex := bits.TrailingZeros64(^seen[0])
	if mex == 64 {
		mex += bits.TrailingZeros64(^seen[1])
	}
	if len(s.memo) >= s.limit {
		return 0, errTooMany
	}
	s.memo[set] = uint8(mex)
	return mex, nil
}

// clip shortens s to 24 bytes for an error message.
func clip(s string) string { return game.Clip(s, 24) }
