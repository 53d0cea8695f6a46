package game

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"nimber/cgt/loopy"
)

// Graph returns the graph of pos: every whole position reachable from it
// by either player's moves, with its Left and Right moves. It is how a
// partizan game whose positions repeat is valued (package loopy): Values
// refuses such a game with a *CycleError. limit bounds the positions (0
// for none): past it the error wraps loopy.ErrTooManyPositions. ctx is
// checked between batches of positions, and a failure of the game's code
// (PartizanContextual) is returned.
//
// The positions are met breadth first, one distance from pos at a time:
// the options of a distance's positions are listed on every core
// (loopy.Workers of ctx), each with rules bound to it, a batch at a
// time, while one goroutine looks them up among the positions met, batch
// after batch in order, numbering the new ones, so that the graph does
// not depend on the cores.
func (g *partizan[P]) Graph(ctx context.Context, pos Position, limit int) (loopy.Game, error) {
	root := g.sum(pos)
	m := &graphMaker[P]{g: g, frame: root.Frame, ones: map[P]int32{}, texts: map[string]int32{}, limit: limit}
	start, err := m.addKeyed(root, m.key(root))
	workers := loopy.Workers(ctx)
	rules := make([]PartizanRules[P], workers)
	failures := make([]func() error, workers)
	for w := range workers {
		rules[w], failures[w] = g.bind(ctx)
	}
	for lo := 0; err == nil && lo < len(m.where); {
		hi := len(m.where)
		err = m.level(ctx, rules, lo, hi)
		lo = hi
	}
	for _, failure := range failures {
		if ferr := failure(); ferr != nil {
			return loopy.Game{}, ferr
		}
	}
	if err != nil {
		return loopy.Game{}, err
	}
	return loopy.Game{Graph: m.graph(), Start: start}, nil
}

// A graphMaker builds the graph of Graph. What grows with the positions
// is kept in arrays without pointers (P, a part, is a value in the games
// that repeat), so that growing them costs the garbage collector
// nothing; the graph's own slices are made once, at the end.
type graphMaker[P comparable] struct {
	g     *partizan[P]
	limit int
	frame P // every position's, a move keeps it
	// A position of one part is keyed by the part, others by their text.
	ones  map[P]int32
	texts map[string]int32
	// The positions met, by node: where[v] >= 0 is the index in singles
	// of a position of one part, -1-i the i-th of multis.
	where   []int32
	singles []P
	multis  []Sum[P]
	// The options of node v for player p are edges[p][ends[p][v]:ends[p][v+1]].
	edges   [2][]int32
	ends    [2][]int32
	batches []batch[P]
}

// position returns the position of node v, one of those met when
// where, singles and multis were as given (the workers read a copy of
// them while new positions are appended).
func (m *graphMaker[P]) position(where []int32, singles []P, multis []Sum[P], v int) Sum[P] {
	if i := int(where[v]); i >= 0 {
		return Sum[P]{Parts: singles[i : i+1 : i+1], Frame: m.frame}
	}
	return multis[-1-where[v]]
}

// graph returns the graph of the edges found.
func (m *graphMaker[P]) graph() *loopy.Graph {
	n := len(m.where)
	var opts [2][][]int
	for p := range opts {
		flat := make([]int, len(m.edges[p]))
		for i, w := range m.edges[p] {
			flat[i] = int(w)
		}
		opts[p] = make([][]int, n)
		for v := range n {
			if a, b := m.ends[p][v], m.ends[p][v+1]; a < b {
				opts[p][v] = flat[a:b:b]
			}
		}
	}
	return loopy.GraphOf(opts[Left], opts[Right])
}

// An option is a move found by a worker: the player's side and the
// position it leads to in its batch: i >= 0 for the i-th part (a
// position of one part), -1-i for the i-th sum.
type option struct {
	node int32
	side Side
}

// A batch is the options of some positions of one distance, found by a
// worker: ends[i] is the end in opts of the i-th position's options. Its
// slices are kept from one distance to the next.
type batch[P comparable] struct {
	from  int
	ends  []int
	opts  []option
	parts []P
	sums  []Sum[P]
	texts []string // the sums' text keys
}

// key returns the text key of s, "" for a position of one part.
func (m *graphMaker[P]) key(s Sum[P]) string {
	if len(s.Parts) == 1 {
		return ""
	}
	return m.g.format(s)
}

// lookup returns the node of s (keyed by text when not of one part), or
// -1 when it was not met.
func (m *graphMaker[P]) lookup(s Sum[P], text string) int32 {
	var v int32
	var ok bool
	if len(s.Parts) == 1 {
		v, ok = m.ones[s.Parts[0]]
	} else {
		v, ok = m.texts[text]
	}
	if !ok {
		return -1
	}
	return v
}

// addPart is addKeyed of the position of the one part p.
func (m *graphMaker[P]) addPart(p P) (int, error) {
	if v, ok := m.ones[p]; ok {
		return int(v), nil
	}
	v, err := m.next()
	if err == nil {
		m.ones[p] = int32(v)
		m.where = append(m.where, int32(len(m.singles)))
		m.singles = append(m.singles, p)
	}
	return v, err
}

// addKeyed returns the node of s, of text key text, made when new.
func (m *graphMaker[P]) addKeyed(s Sum[P], text string) (int, error) {
	if v := m.lookup(s, text); v >= 0 {
		return int(v), nil
	}
	return m.addNew(s, text)
}

// addNew adds s, not met before, with its text key.
func (m *graphMaker[P]) addNew(s Sum[P], text string) (int, error) {
	if len(s.Parts) == 1 {
		return m.addPart(s.Parts[0])
	}
	v, err := m.next()
	if err == nil {
		m.texts[text] = int32(v)
		m.where = append(m.where, int32(-1-len(m.multis)))
		m.multis = append(m.multis, s)
	}
	return v, err
}

// next returns the number of the next new node, or an error past the
// limit.
func (m *graphMaker[P]) next() (int, error) {
	v := len(m.where)
	if m.limit > 0 && v >= m.limit {
		return 0, fmt.Errorf("%w: the game has more than %d positions", loopy.ErrTooManyPositions, m.limit)
	}
	return v, nil
}

// level adds the moves of the positions lo..hi-1 and the positions they
// lead to: the workers list the options of a batch of them at a time,
// in order, and meanwhile this goroutine looks up (or numbers) the
// options of each batch listed, in order.
func (m *graphMaker[P]) level(ctx context.Context, rules []PartizanRules[P], lo, hi int) error {
	const size = 256
	n := (hi - lo + size - 1) / size
	for len(m.batches) < n {
		m.batches = append(m.batches, batch[P]{})
	}
	batches := m.batches[:n]
	done := make([]chan struct{}, n) // closed when batch k is listed
	for k := range done {
		done[k] = make(chan struct{})
	}
	where, singles, multis := m.where, m.singles, m.multis
	var next atomic.Int64
	var failed atomic.Bool // set to have the workers skip what is left
	var wg sync.WaitGroup
	errs := make([]error, len(rules))
	for w, r := range rules {
		wg.Go(func() {
			for {
				k := int(next.Add(1) - 1)
				if k >= n {
					return
				}
				if errs[w] == nil && !failed.Load() {
					if errs[w] = context.Cause(ctx); errs[w] != nil {
						failed.Store(true)
					}
				}
				b := &batches[k]
				b.from = lo + k*size
				b.ends, b.opts, b.parts = b.ends[:0], b.opts[:0], b.parts[:0]
				clear(b.sums)
				b.sums, b.texts = b.sums[:0], b.texts[:0]
				for v := b.from; v < min(b.from+size, hi) && !failed.Load(); v++ {
					m.options(r, m.position(where, singles, multis, v), b)
					b.ends = append(b.ends, len(b.opts))
				}
				close(done[k])
			}
		})
	}
	err := m.number(batches, done, &failed)
	if err != nil {
		failed.Store(true)
	}
	wg.Wait()
	for _, werr := range errs {
		if werr != nil {
			return werr
		}
	}
	return err
}

// number looks up the options of the batches, each once it is listed
// (done), in order, numbering the new positions and adding the edges;
// it stops at the first failure.
func (m *graphMaker[P]) number(batches []batch[P], done []chan struct{}, failed *atomic.Bool) error {
	for p := range m.ends {
		if len(m.ends[p]) == 0 {
			m.ends[p] = append(m.ends[p], 0)
		}
	}
	// A position's options come Left's first (options), so each side's
	// edges are appended in order.
	for k := range batches {
		<-done[k]
		if failed.Load() {
			return nil // a worker's error is returned
		}
		b := &batches[k]
		start := 0
		for _, end := range b.ends {
			for _, o := range b.opts[start:end] {
				var v int
				var err error
				if i := int(o.node); i >= 0 {
					v, err = m.addPart(b.parts[i])
				} else {
					v, err = m.addKeyed(b.sums[-1-i], b.texts[-1-i])
				}
				if err != nil {
					return err
				}
				m.edges[o.side] = append(m.edges[o.side], int32(v))
			}
			for p := range m.ends {
				m.ends[p] = append(m.ends[p], int32(len(m.edges[p])))
			}
			start = end
		}
	}
	return nil
}

// options appends to b the options of s by the rules r.
func (m *graphMaker[P]) options(r PartizanRules[P], s Sum[P], b *batch[P]) {
	for _, side := range []Side{Left, Right} {
		for j, p := range s.Parts {
			for leaves := range r.Options(p, side) {
				var node int32
				if len(s.Parts) == 1 && len(leaves) == 1 {
					// The rules' leaves are valid during the call only.
					b.parts = append(b.parts, leaves[0])
					node = int32(len(b.parts) - 1)
				} else {
					sum := replace(s, j, leaves)
					b.sums = append(b.sums, sum)
					b.texts = append(b.texts, m.key(sum))
					node = int32(-len(b.sums))
				}
				b.opts = append(b.opts, option{node, side})
			}
		}
	}
}
