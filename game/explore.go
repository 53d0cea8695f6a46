package game

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"
)

// DefaultExploreLimit bounds the positions Explore builds when its limit is
// zero or less.
const DefaultExploreLimit = 1 << 20

// Graph is the explicit game graph of the positions reachable from some
// starting positions: positions 0..Len()-1, each with its options. It is
// what the compound engine works on (compound.GameGraph), and it names its
// positions (Game.Name).
type Graph struct {
	opts  [][]int32
	roots []int
	name  func(i int) string
	pos   func(i int) Position
	find  func(s any) (int, bool)
}

// Len returns the number of positions.
func (g *Graph) Len() int { return len(g.opts) }

// Options calls yield for every option of position p, once each.
func (g *Graph) Options(p int, yield func(q int)) {
	for _, q := range g.opts[p] {
		yield(int(q))
	}
}

// Name returns the name of position p, as Game.Name writes it.
func (g *Graph) Name(p int) string { return g.name(p) }

// Position returns position p.
func (g *Graph) Position(p int) Position { return g.pos(p) }

// Roots returns the positions of the starts given to Explore, in order.
func (g *Graph) Roots() []int { return g.roots }

// lookup returns the index of position s, a Sum of the game's parts.
func (g *Graph) lookup(s any) (int, bool) { return g.find(s) }

// Find returns the index of position p (the order of its parts does not
// matter); ok is false when p is not in the graph.
func (g *Graph) Find(p Position) (i int, ok bool) { return g.find(p.sum) }

// ExploreError reports an exploration beyond its limit of positions, or of
// moves (optionsPerPosition times as many).
type ExploreError struct{ Limit int }

func (e *ExploreError) Error() string {
	return fmt.Sprintf("more than %d positions or %d moves are reachable; start from smaller positions", e.Limit, e.Limit*optionsPerPosition)
}

// optionsPerPosition is how many moves an exploration allows per position
// of its limit, on average.
const optionsPerPosition = 16

func (g *typed[P, M]) Explore(ctx context.Context, starts []Position, limit int) (*Graph, error) {
	sums := make([]Sum[P], len(starts))
	single := true
	for i, p := range starts {
		sums[i] = g.sum(p)
		if err := g.r.Check(sums[i]); err != nil {
			return nil, err
		}
		single = single && len(sums[i].Parts) == 1
	}
	if limit <= 0 {
		limit = DefaultExploreLimit
	}
	if ix, ok := g.r.(Indexed[P]); ok && single && len(sums) > 0 {
		return g.exploreIndexed(ctx, ix, sums, limit)
	}
	r, failed := g.bind(ctx)
	gr, err := g.explore(ctx, r, sums, limit)
	if ferr := failed(); ferr != nil {
		return nil, ferr
	}
	return gr, err
}

// exploreIndexed returns the graph of an Indexed game, whose starts are
// single parts: all of its parts, refused before any is built when they
// are more than limit.
func (g *typed[P, M]) exploreIndexed(ctx context.Context, ix Indexed[P], sums []Sum[P], limit int) (*Graph, error) {
	frame := sums[0].Frame
	in, err := ix.Index(frame)
	if err != nil {
		return nil, err
	}
	if in.Len() > limit {
		return nil, &ExploreError{Limit: limit}
	}
	gr := &Graph{opts: make([][]int32, in.Len())}
	for i := range gr.opts {
		if i%4096 == 0 && ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		in.Options(i, func(j int) { gr.opts[i] = append(gr.opts[i], int32(j)) })
	}
	for _, s := range sums {
		i, ok := in.Index(s.Parts[0])
		if !ok {
			return nil, fmt.Errorf("position %s is not on the board of %s", g.Name(g.wrap(s)), g.Name(g.wrap(sums[0])))
		}
		gr.roots = append(gr.roots, i)
	}
	at := func(i int) Sum[P] { return Sum[P]{Parts: []P{in.Part(i)}, Frame: frame} }
	gr.name = func(i int) string { return g.Name(g.wrap(at(i))) }
	gr.pos = func(i int) Position { return g.wrap(at(i)) }
	gr.find = func(v any) (int, bool) {
		s, ok := v.(Sum[P])
		if !ok || len(s.Parts) != 1 {
			return 0, false
		}
		return in.Index(s.Parts[0])
	}
	return gr, nil
}

// explore builds the graph position by position: a position is a multiset
// of parts (the order of the parts does not matter), numbered in the order
// found, breadth first from the starts.
func (g *typed[P, M]) explore(ctx context.Context, r Rules[P, M], starts []Sum[P], limit int) (*Graph, error) {
	if limit <= 0 {
		limit = DefaultExploreLimit
	}
	var (
		partID = map[P]int32{}
		parts  []P
		nodeID = map[string]int{}
		nodes  [][]int32 // the part ids of each position, sorted
		gr     = &Graph{}
		keyBuf []byte
		edges  int // the moves found, of positions and of parts
		// added[q] is 1 + the position whose options last got q.
		added []int
	)
	frame := Sum[P]{}.Frame
	if len(starts) > 0 {
		frame = starts[0].Frame
	}
	id := func(p P) int32 {
		if i, ok := partID[p]; ok {
			return i
		}
		partID[p] = int32(len(parts))
		parts = append(parts, p)
		return int32(len(parts) - 1)
	}
	key := func(ids []int32) string {
		keyBuf = keyBuf[:0]
		for _, x := range ids {
			keyBuf = binary.AppendUvarint(keyBuf, uint64(x))
		}
		return string(keyBuf)
	}
	add := func(ids []int32) (int, error) {
		slices.Sort(ids)
		k := key(ids)
		if i, ok := nodeID[k]; ok {
			return i, nil
		}
		if len(nodes) >= limit {
			return 0, &ExploreError{Limit: limit}
		}
		nodeID[k] = len(nodes)
		nodes = append(nodes, ids)
		gr.opts = append(gr.opts, nil)
		return len(nodes) - 1, nil
	}
	for _, s := range starts {
		ids := make([]int32, len(s.Parts))
		for i, p := range s.Parts {
			ids[i] = id(p)
		}
		n, err := add(ids)
		if err != nil {
			return nil, err
		}
		gr.roots = append(gr.roots, n)
	}
	// moves caches the options of each part: the ids of the parts each
	// move leaves.
	var moves [][][]int32
	partMoves := func(pid int32) [][]int32 {
		for int(pid) >= len(moves) {
			moves = append(moves, nil)
		}
		if moves[pid] == nil {
			opts := [][]int32{}
			for _, leaves := range r.Moves(parts[pid]) {
				if edges++; edges > limit*optionsPerPosition {
					break
				}
				ids := make([]int32, len(leaves))
				for i, l := range leaves {
					ids[i] = id(l)
				}
				opts = append(opts, ids)
			}
			moves[pid] = opts
		}
		return moves[pid]
	}
	for n := 0; n < len(nodes); n++ {
		if n&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		ids := nodes[n]
		var opts []int32
		for i, pid := range ids {
			if i > 0 && ids[i-1] == pid {
				continue // an equal part has the same moves
			}
			for _, leaves := range partMoves(pid) {
				next := make([]int32, 0, len(ids)-1+len(leaves))
				next = append(append(append(next, ids[:i]...), ids[i+1:]...), leaves...)
				q, err := add(next)
				if err != nil {
					return nil, err
				}
				for len(added) <= q {
					added = append(added, 0)
				}
				if added[q] != n+1 {
					added[q] = n + 1
					opts = append(opts, int32(q))
				}
			}
		}
		if edges += len(opts); edges > limit*optionsPerPosition {
			return nil, &ExploreError{Limit: limit}
		}
		gr.opts[n] = opts
	}
	at := func(i int) Sum[P] {
		s := Sum[P]{Parts: make([]P, len(nodes[i])), Frame: frame}
		for k, pid := range nodes[i] {
			s.Parts[k] = parts[pid]
		}
		return s
	}
	gr.name = func(i int) string { return g.Name(g.wrap(at(i))) }
	gr.pos = func(i int) Position { return g.wrap(at(i)) }
	gr.find = func(v any) (int, bool) {
		s, ok := v.(Sum[P])
		if !ok {
			return 0, false
		}
		ids := make([]int32, len(s.Parts))
		for i, p := range s.Parts {
			pid, ok := partID[p]
			if !ok {
				return 0, false
			}
			ids[i] = pid
		}
		slices.Sort(ids)
		n, ok := nodeID[key(ids)]
		return n, ok
	}
	return gr, nil
}
