package loopy

import (
	"context"
	"encoding/binary"
	"errors"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Simplify returns the simplest form of the stopper g (Siegel,
// "Combinatorial Game Theory", VI.3): a graph of g's reachable positions
// in which no option is dominated (a Left option at most another, a
// Right option at least another), none is reversible (a Left option with
// a Right option at most the position, bypassed by that option's Left
// options; Right's alike), and no two positions are equal (fused into
// one). limit bounds the positions compared pairwise (the square of a
// part's size; 0 for none).
//
// A graph whose positions fall into several strongly connected parts is
// simplified part by part, followers first (byParts), so that the
// pairwise comparison covers one part and the simplest forms of what it
// reaches, not the whole graph.
func Simplify(g Game, limit int) (Game, error) {
	if !IsStopper(g) {
		return Game{}, ErrNotStopper
	}
	simplest := func(local *Graph, roots []int, _ bool) (*Graph, []int, error) {
		return simplifyRoots(local, roots, limit)
	}
	h, roots, err := byParts(context.Background(), g.Graph, []int{g.Start}, limit, simplest)
	if err != nil {
		return Game{}, err
	}
	return Game{h, roots[0]}, nil
}

// SumFolded returns a game equal to the sum of games: they are added two
// at a time, and each term and partial sum that is a small stopper is
// replaced by its simplest form (simplifySmall) before the next is added,
// so that n copies of a stopper take the size of its multiples rather
// than of n-tuples. limit bounds the positions of each sum (0 for none).
func SumFolded(limit int, games ...Game) (Game, error) {
	return foldSum(limit, games, func(g Game) (Game, error) { return simplifySmall(g), nil })
}

// foldSum returns norm of the sum of games, added two at a time with
// each term and partial sum replaced by norm of it: what SumFolded and
// foldSides share. limit bounds the positions of each sum.
func foldSum(limit int, games []Game, norm func(Game) (Game, error)) (Game, error) {
	if len(games) == 0 {
		return Sum(limit)
	}
	acc, err := norm(games[0])
	for _, g := range games[1:] {
		if err != nil {
			break
		}
		var s Game
		if s, err = norm(g); err == nil {
			if s, err = Sum(limit, acc, s); err == nil {
				acc, err = norm(s)
			}
		}
	}
	return acc, err
}

// simplifySmall returns the simplest form of g when g is a stopper of at
// most foldSize positions and moves whose parts compare within foldWork
// pairs each; else g as it is, to be simplified (or refused) whole later.
func simplifySmall(g Game) Game {
	if g.Graph.size() > foldSize || !IsStopper(g) {
		return g
	}
	if s, err := Simplify(g, foldWork); err == nil {
		return s
	}
	return g
}

// foldSize and foldWork bound what simplifySmall simplifies. A larger
// sum is kept whole: a long chain (the integer 7777 of 7777over) or a
// large nimber (*661) would cost more to fold than to keep.
const (
	foldSize = 1 << 12
	foldWork = 1 << 16
)

// simplifyRoots returns the simplest form of the stoppers at roots of
// graph g, all in one graph, and the node of each root in it. It works
// on one comparison of all pairs of positions (Order): rounds bypass
// every reversible option and remove every dominated one until none is
// left, which keeps the value of every position, so the one comparison
// serves them all; then equal positions are fused into one. Fusion
// comes last because only then are equal positions alike option for
// option: fusing {*|*} with its follower 0 before
// bypassing its reversible options would make a cycle, and dud. A
// scratch graph already in restrict's form is worked on in place.
func simplifyRoots(g *Graph, roots []int, limit int) (*Graph, []int, error) {
	cur, at := g, roots
	if !g.scratch || !clean(g, roots) {
		cur, at = restrict(g, roots, nil)
	}
	le, err := Order(cur, limit)
	if err != nil {
		return nil, nil, err
	}
	for changed := true; changed; {
		if changed, err = reduce(cur, le); err != nil {
			return nil, nil, err
		}
	}
	to, _ := fuse(le)
	h, at := restrict(cur, at, to)
	return h, at, nil
}

// clean reports whether g is as restrict would make it from roots:
// roots are its nodes in order, and every option list is sorted, without
// repeats, of capacity its length. simplifyRoots then works on a scratch
// graph as it is.
func clean(g *Graph, roots []int) bool {
	for i, r := range roots {
		if r != i {
			return false
		}
	}
	if len(roots) != g.Len() {
		return false
	}
	for v := range g.Len() {
		for _, p := range []Player{Left, Right} {
			o := g.Options(v, p)
			if cap(o) != len(o) {
				return false
			}
			for i := 1; i < len(o); i++ {
				if o[i-1] >= o[i] {
					return false
				}
			}
		}
	}
	return true
}

// errBypass is returned if bypassing reversible options does not end,
// which cannot happen in a stopper (each bypass would lie on a cycle of
// moves that alternate between the players).
var errBypass = errors.New("loopy: bypassing reversible options did not end")

// reduce bypasses every reversible option of g's positions and removes
// every dominated one, in place, using le, the order of g's positions,
// and reports whether anything changed. Each change keeps the value of
// every position, so le stays true of the positions throughout. g's
// option lists must not share arrays (as restrict makes them): a list
// is changed within its own.
func reduce(g *Graph, le [][]bool) (bool, error) {
	below := func(p Player, x, y int) bool { // x is no better than y for p
		if p == Left {
			return le[x][y]
		}
		return le[y][x]
	}
	changed := false
	var drop []bool
	for v := range g.Len() {
		for _, p := range []Player{Left, Right} {
			opts := g.Options(v, p)
			// A bypass adds options, which may be reversible in turn; in
			// a stopper this ends, and the guard turns a failure into an
			// error rather than a hang.
			guard := g.Len() * g.Len()
			for i := 0; i < len(opts); i++ {
				for _, r := range g.Options(opts[i], p.Opponent()) {
					if !below(p, r, v) {
						continue
					}
					if guard--; guard < 0 {
						return false, errBypass
					}
					opts = slices.Delete(opts, i, i+1)
					for _, k := range g.Options(r, p) {
						if !slices.Contains(opts, k) {
							opts = append(opts, k)
						}
					}
					i, changed = -1, true
					break
				}
			}
			dominated := func(i int) bool {
				o := opts[i]
				if slices.Contains(opts[:i], o) {
					return true
				}
				for j, k := range opts {
					// Of two equal options the first stays.
					if k != o && below(p, o, k) && (!(le[o][k] && le[k][o]) || j < i) {
						return true
					}
				}
				return false
			}
			// Whether an option is dominated depends on the others, so
			// all are judged before any is removed.
			drop = append(drop[:0], make([]bool, len(opts))...)
			for i := range opts {
				drop[i] = dominated(i)
			}
			kept := opts[:0]
			for i, o := range opts {
				if drop[i] {
					changed = true
				} else {
					kept = append(kept, o)
				}
			}
			if p == Left {
				g.left[v] = kept
			} else {
				g.right[v] = kept
			}
		}
	}
	return changed, nil
}

// fuse maps each position of g equal to an earlier one to the earliest
// of them (the rest to themselves), reporting whether any was.
func fuse(le [][]bool) ([]int, bool) {
	to := make([]int, len(le))
	fused := false
	for v := range to {
		to[v] = v
		for u := range v {
			if le[u][v] && le[v][u] {
				to[v], fused = u, true
				break
			}
		}
	}
	return to, fused
}

// restrict returns the positions of graph g reachable from roots,
// renumbered in the order met (the roots first), each node's options
// sorted and without repeats, and the new number of each root; to maps
// a node to the node whose edges it takes (nil for itself).
func restrict(g *Graph, roots []int, to []int) (*Graph, []int) {
	num := make([]int32, g.Len()) // new number + 1, 0 while unmet
	order := make([]int, 0, g.Len())
	id := func(w int) int {
		if to != nil {
			w = to[w]
		}
		if num[w] == 0 {
			order = append(order, w)
			num[w] = int32(len(order))
		}
		return int(num[w]) - 1
	}
	at := make([]int, len(roots))
	for i, r := range roots {
		at[i] = id(r)
	}
	out := newGraphBuilder(g.size(), g.Len())
	for i := 0; i < len(order); i++ {
		for _, p := range []Player{Left, Right} {
			opts := g.Options(order[i], p)
			start := out.begin(len(opts))
			for _, w := range opts {
				out.push(id(w))
			}
			out.end(p, start, true)
		}
	}
	return out.graph(), at
}

// A graphBuilder makes a graph node by node, the options of all nodes cut
// from a few shared arrays, each slice's capacity its length (so that an
// append to one copies it).
type graphBuilder struct {
	arena []int
	opts  [2][][]int
}

// newGraphBuilder returns a builder whose first array holds size options
// (up to 1<<16), with room for nodes nodes.
func newGraphBuilder(size, nodes int) *graphBuilder {
	b := &graphBuilder{arena: make([]int, 0, min(size, 1<<16))}
	for p := range b.opts {
		b.opts[p] = make([][]int, 0, nodes)
	}
	return b
}

// begin starts the options of the next node for one player, room made
// for n of them, and returns where they start; push adds one, and end
// gives them to the node.
func (b *graphBuilder) begin(n int) int {
	if cap(b.arena)-len(b.arena) < n {
		// Each new array twice the last, up to 1<<16 options.
		b.arena = make([]int, 0, max(min(2*cap(b.arena), 1<<16), n, 16))
	}
	return len(b.arena)
}

// push adds w to the options begun.
func (b *graphBuilder) push(w int) { b.arena = append(b.arena, w) }

// end gives the options pushed since start to the next node without
// options for player p, sorted and without repeats when sorted is set.
func (b *graphBuilder) end(p Player, start int, sorted bool) {
	if sorted {
		slices.Sort(b.arena[start:])
		b.arena = b.arena[:start+len(slices.Compact(b.arena[start:]))]
	}
	var o []int
	if len(b.arena) > start {
		o = b.arena[start:len(b.arena):len(b.arena)]
	}
	b.opts[p] = append(b.opts[p], o)
}

// graph returns the graph built.
func (b *graphBuilder) graph() *Graph { return &Graph{left: b.opts[Left], right: b.opts[Right]} }

// restrictGame is restrict of one game.
func restrictGame(g Game) Game {
	h, at := restrict(g.Graph, []int{g.Start}, nil)
	return Game{h, at[0]}
}

// byParts returns the stoppers that solve makes of the positions at
// roots of g (their simplest forms, or their sides) in simplest form, in
// one graph, and the node of each root, found one strongly connected
// part of the graph at a time, followers first: solve gets the part's
// positions (as roots) in a graph with the stoppers already found for
// the positions its moves leave it for, which are kept in one growing
// graph (the pool) in which no position is written twice with the same
// options; ctx is checked part by part. The pool's forms are already simplest, so simplification
// changes only the part's positions, and a part position equal to a pool
// position is fused into it. At the end the roots' forms in the pool are
// simplified once more, to fuse equal ones: by simplifyRoots when they
// are stoppers, else by solve with final set (sides that are not
// stoppers, whose parts are done).
func byParts(ctx context.Context, g *Graph, roots []int, limit int, solve func(local *Graph, roots []int, final bool) (*Graph, []int, error)) (*Graph, []int, error) {
	return byPartsOf(ctx, g, components(g, roots), roots, limit, solve)
}

// byPartsOf is byParts given the graph's parts reachable from roots
// (components).
func byPartsOf(ctx context.Context, g *Graph, parts [][]int, roots []int, limit int, solve func(local *Graph, roots []int, final bool) (*Graph, []int, error)) (*Graph, []int, error) {
	if len(parts) == 1 {
		return solve(g, roots, false)
	}
	pool := NewGraph(0)
	known := map[string]int{} // a pool position's options, written as text
	// index[v]: v's place in its part.
	index := make([]int32, g.Len())
	for _, part := range parts {
		for i, v := range part {
			index[v] = int32(i)
		}
	}
	val := make([]int, g.Len())
	for i := range val {
		val[i] = -1
	}
	// A position alone in its part is known by its options before any
	// simplification: one with the same options has the same value.
	raw := map[string]int{}
	for _, level := range levels(g, parts) {
		if err := context.Cause(ctx); err != nil {
			return nil, nil, err
		}
		// The parts of a level reach only parts of lower levels, whose
		// forms are in the pool: they are solved in parallel, then their
		// forms added to the pool one by one, in order.
		keys := make([]string, len(level))
		same := make([]int, len(level)) // the part of the level solved for it
		var todo []int
		first := map[string]int{}
		for i, pi := range level {
			same[i] = i
			if part := parts[pi]; len(part) == 1 {
				keys[i] = rawKey(g, part[0], val)
				if _, ok := raw[keys[i]]; ok {
					same[i] = -1
					continue
				}
				if j, ok := first[keys[i]]; ok {
					same[i] = j
					continue
				}
				first[keys[i]] = i
			}
			todo = append(todo, i)
		}
		solved := make([]solvedPart, len(level))
		err := parallel(ctx, len(todo), func(k int) error {
			i := todo[k]
			var err error
			solved[i], err = solvePart(g, parts[level[i]], index, val, pool, solve)
			return err
		})
		if err != nil {
			return nil, nil, err
		}
		for i, pi := range level {
			part := parts[pi]
			switch j := same[i]; {
			case j < 0:
				val[part[0]] = raw[keys[i]]
			case j != i:
				val[part[0]] = val[parts[level[j]][0]]
			default:
				sp := solved[i]
				intern(sp.h, sp.inPool, pool, known)
				for k, v := range part {
					val[v] = sp.inPool[sp.at[k]]
				}
				if len(part) == 1 {
					raw[keys[i]] = val[part[0]]
				}
			}
		}
	}
	rootVals := make([]int, len(roots))
	for i, r := range roots {
		rootVals[i] = val[r]
	}
	// The pool may hold two equal positions (added on cycles apart):
	// one more round over the roots' forms fuses them.
	if !stopperFrom(pool, rootVals) {
		return solve(pool, rootVals, true) // sides that are not stoppers
	}
	return simplifyRoots(pool, rootVals, limit)
}

// rawKey is the key (optionsKey) of position v, alone in its part, by
// the pool positions of its options (val) and -1 for itself.
func rawKey(g *Graph, v int, val []int) string {
	return optionsKey(func(p Player) []int {
		opts := slices.Clone(g.Options(v, p))
		for i, w := range opts {
			if w == v {
				opts[i] = -1
			} else {
				opts[i] = val[w]
			}
		}
		return opts
	})
}

// A solvedPart is a part's forms found by solve: the graph h, the node
// of each of the part's positions (at, in the part's order), and the
// pool position of each node of h that is one (inPool; -1 for new
// ones).
type solvedPart struct {
	h      *Graph
	at     []int
	inPool []int
}

// solvePart solves one part of g (byParts) in a graph of its own: the
// part's positions, then the pool positions their moves reach (val) and
// those below them. A move of the part stays in it when it reaches a
// position without a pool position yet (val -1): the parts of one level
// never reach each other. index gives each position's place in its
// part. It only reads g, index, val and pool.
func solvePart(g *Graph, part []int, index []int32, val []int, pool *Graph, solve func(local *Graph, roots []int, final bool) (*Graph, []int, error)) (solvedPart, error) {
	// The pool positions reached come first, numbered as met, so that a
	// part position equal to one is fused into it; the part's follow.
	var poolRoots []int
	// fromPool[w] is the local node of pool position w, -1 if none.
	fromPool := poolIndex(pool.Len())
	defer func() {
		for _, w := range poolRoots {
			fromPool[w] = -1
		}
		poolIndexes.Put(&fromPool)
	}()
	poolNode := func(w int) {
		if fromPool[w] < 0 {
			fromPool[w] = int32(len(poolRoots))
			poolRoots = append(poolRoots, w)
		}
	}
	size := len(part)
	for _, v := range part {
		for _, p := range []Player{Left, Right} {
			for _, w := range g.Options(v, p) {
				if val[w] >= 0 {
					poolNode(val[w])
				}
			}
			size += len(g.Options(v, p))
		}
	}
	for k := 0; k < len(poolRoots); k++ {
		for _, p := range []Player{Left, Right} {
			for _, x := range pool.Options(poolRoots[k], p) {
				poolNode(x)
			}
		}
	}
	first := len(poolRoots) // the part's first node
	out := newGraphBuilder(2*size, first+len(part))
	for _, w := range poolRoots {
		for _, p := range []Player{Left, Right} {
			opts := pool.Options(w, p)
			start := out.begin(len(opts))
			for _, x := range opts {
				out.push(int(fromPool[x]))
			}
			out.end(p, start, true)
		}
	}
	for _, v := range part {
		for _, p := range []Player{Left, Right} {
			opts := g.Options(v, p)
			start := out.begin(len(opts))
			for _, w := range opts {
				if val[w] < 0 { // in the part
					out.push(first + int(index[w]))
				} else {
					out.push(int(fromPool[val[w]]))
				}
			}
			out.end(p, start, true)
		}
	}
	local := out.graph()
	local.scratch = true

	localRoots := make([]int, local.Len())
	for i := range localRoots {
		localRoots[i] = i
	}
	h, at, err := solve(local, localRoots, false)
	if err != nil {
		return solvedPart{}, err
	}
	inPool := make([]int, h.Len())
	for i := range inPool {
		inPool[i] = -1
	}
	for k, w := range poolRoots {
		inPool[at[k]] = w
	}
	return solvedPart{h: h, at: at[first:], inPool: inPool}, nil
}

// poolIndexes keeps solvePart's arrays by pool position, all -1 when
// put back, so that each part does not make one the pool's size.
var poolIndexes sync.Pool

// poolIndex returns an array of at least n entries, all -1.
func poolIndex(n int) []int32 {
	var a []int32
	if p, ok := poolIndexes.Get().(*[]int32); ok {
		a = *p
	}
	for len(a) < n {
		a = append(a, -1)
	}
	return a
}

// levels groups parts (followers first, as components returns them) by
// level: a part whose moves stay in it is of level 0, another one more
// than the highest level its moves reach. Parts of one level never reach
// each other.
func levels(g *Graph, parts [][]int) [][]int {
	partOf := partIndex(g, parts)
	level := make([]int, len(parts))
	var out [][]int
	for i, part := range parts {
		for _, v := range part {
			for _, p := range []Player{Left, Right} {
				for _, w := range g.Options(v, p) {
					if q := int(partOf[w]); q != i {
						level[i] = max(level[i], level[q]+1)
					}
				}
			}
		}
		for len(out) <= level[i] {
			out = append(out, nil)
		}
		out[level[i]] = append(out[level[i]], i)
	}
	return out
}

// partIndex returns the part of each position of g in parts (-1 for
// none).
func partIndex(g *Graph, parts [][]int) []int32 {
	partOf := make([]int32, g.Len())
	for i := range partOf {
		partOf[i] = -1
	}
	for i, part := range parts {
		for _, v := range part {
			partOf[v] = int32(i)
		}
	}
	return partOf
}

// workersKey is the key of the context value WithWorkers sets.
type workersKey struct{}

// WithWorkers returns ctx with a bound on the goroutines that one
// simplification runs at once (GOMAXPROCS unless set): a server that
// gives each computation one core says 1.
func WithWorkers(ctx context.Context, n int) context.Context {
	return context.WithValue(ctx, workersKey{}, max(n, 1))
}

// Workers returns the goroutines a computation under ctx may use:
// GOMAXPROCS, or fewer where WithWorkers says so.
func Workers(ctx context.Context) int {
	if w, ok := ctx.Value(workersKey{}).(int); ok {
		return w
	}
	return runtime.GOMAXPROCS(0)
}

// parallel calls f(0), ..., f(n-1) on Workers(ctx) goroutines, returning
// the first error; ctx is checked before each call.
func parallel(ctx context.Context, n int, f func(i int) error) error {
	workers := min(Workers(ctx), n)
	if workers <= 1 {
		for i := range n {
			if err := context.Cause(ctx); err != nil {
				return err
			}
			if err := f(i); err != nil {
				return err
			}
		}
		return nil
	}
	var next atomic.Int64
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n || errs[w] != nil {
					return
				}
				if errs[w] = context.Cause(ctx); errs[w] != nil {
					return
				}
				errs[w] = f(i)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// intern gives every node of h without a pool position (inPool[v] < 0)
// one: the pool position with the same options where there is one, else
// a new one. Nodes whose options are all in the pool are looked up
// first, repeatedly; the rest, on cycles among themselves, are added.
func intern(h *Graph, inPool []int, pool *Graph, known map[string]int) {
	key := func(v int) (string, bool) {
		for _, p := range []Player{Left, Right} {
			for _, w := range h.Options(v, p) {
				if inPool[w] < 0 {
					return "", false
				}
			}
		}
		return optionsKey(func(p Player) []int {
			opts := slices.Clone(h.Options(v, p))
			for i, w := range opts {
				opts[i] = inPool[w]
			}
			return opts
		}), true
	}
	for changed := true; changed; {
		changed = false
		for v := range h.Len() {
			if inPool[v] >= 0 {
				continue
			}
			k, ok := key(v)
			if !ok {
				continue
			}
			w, found := known[k]
			if !found {
				w = pool.AddNode()
				for _, p := range []Player{Left, Right} {
					for _, x := range h.Options(v, p) {
						pool.AddMove(p, w, inPool[x])
					}
				}
				known[k] = w
			}
			inPool[v], changed = w, true
		}
	}
	var rest []int
	for v := range h.Len() {
		if inPool[v] < 0 {
			inPool[v] = pool.AddNode()
			rest = append(rest, v)
		}
	}
	for _, v := range rest {
		for _, p := range []Player{Left, Right} {
			for _, x := range h.Options(v, p) {
				pool.AddMove(p, inPool[v], inPool[x])
			}
		}
	}
}

// optionsKey writes a position's options, as opts gives them for each
// player (numbers from -1 up, in any order, repeats allowed), as a key:
// two positions have the same key exactly when they have the same sets
// of options.
func optionsKey(opts func(Player) []int) string {
	var b []byte
	for _, p := range []Player{Left, Right} {
		o := opts(p)
		slices.Sort(o)
		o = slices.Compact(o)
		b = binary.AppendUvarint(b, uint64(len(o)))
		for _, w := range o {
			b = binary.AppendUvarint(b, uint64(w+1))
		}
	}
	return string(b)
}

// components returns the strongly connected parts of the positions of g
// reachable from roots, followers first: no move leaves a part for a
// later one (Tarjan's algorithm, without recursion).
func components(g *Graph, roots []int) [][]int {
	n := g.Len()
	index, low := make([]int, n), make([]int, n)
	for i := range index {
		index[i] = -1
	}
	onStack := make([]bool, n)
	var parts [][]int
	var path []int
	next := 0
	type frame struct{ v, edge int }
	succ := func(v, i int) (int, bool) {
		if l := len(g.left[v]); i < l {
			return g.left[v][i], true
		} else if i-l < len(g.right[v]) {
			return g.right[v][i-l], true
		}
		return 0, false
	}
	for _, r := range roots {
		if index[r] >= 0 {
			continue
		}
		frames := []frame{{r, 0}}
		index[r], low[r] = next, next
		next++
		path = append(path, r)
		onStack[r] = true
		for len(frames) > 0 {
			f := &frames[len(frames)-1]
			w, ok := succ(f.v, f.edge)
			if ok {
				f.edge++
				if index[w] < 0 {
					index[w], low[w] = next, next
					next++
					path = append(path, w)
					onStack[w] = true
					frames = append(frames, frame{w, 0})
				} else if onStack[w] {
					low[f.v] = min(low[f.v], index[w])
				}
				continue
			}
			v := f.v
			frames = frames[:len(frames)-1]
			if len(frames) > 0 {
				u := frames[len(frames)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] == index[v] {
				var part []int
				for {
					w := path[len(path)-1]
					path = path[:len(path)-1]
					onStack[w] = false
					part = append(part, w)
					if w == v {
						break
					}
				}
				slices.Reverse(part)
				parts = append(parts, part)
			}
		}
	}
	return parts
}
