package clobber

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/bits"
	"strings"

	"nimber/cgt"
	"nimber/game"
	"nimber/games/internal/pgrid"
)

// MaxSearchRegion is the most stones of one region the search of who wins
// (SearchSum) accepts: a region is held in 64-bit words, one bit a stone.
const MaxSearchRegion = 64

// SmallStones, SmallRowStones and MaxValueBirthday decide which regions
// the search values by their canonical forms rather than searching them:
// a region of one row of at most SmallRowStones stones, or another of at
// most SmallStones, whose canonical form is a number-up-star or born by
// day MaxValueBirthday. The values of the regions valued are added into
// one canonical form; values born later make that sum grow past any
// memory (a row of 54 stones filled 256 MiB with day 4 allowed) and cost
// more to play through than the regions cost to search. Measured on the
// 4 x 4, 3 x 6 and 4 x 5 checkerboards, rows of 26 to 54 stones and sums
// of checkerboards (search_bench_test.go).
const (
	SmallStones      = 7
	SmallRowStones   = 14
	MaxValueBirthday = 3
)

var (
	_ game.SumSearcher[pgrid.Region]   = rules{}
	_ game.SearchChecker[pgrid.Region] = rules{}
	_ game.PartSizer[pgrid.Region]     = rules{}
)

// CheckSearch refuses a region of more than MaxSearchRegion stones, with
// a one-line *game.LimitError naming it.
func (rules) CheckSearch(s game.Sum[pgrid.Region]) error {
	return pgrid.CheckRegions(s.Parts, "xo", "stones", MaxSearchRegion)
}

// Size returns the stones of region p, the estimate of the cost of its
// canonical form.
func (rules) Size(p pgrid.Region) int { return p.Count("xo") }

// SmallSize returns the most stones of a region that the generic search
// values by its canonical form (SmallStones).
func (rules) SmallSize() int { return SmallStones }

// SearchSum decides who wins the sum s with each player moving first,
// Clobber's game.SumSearcher: game.SearchSum over bitboard regions
// (region), with the small ones (Small) valued by memoised recursion on
// the bitboards into the search's Calc rather than by the game's
// Evaluator on their text, five to six times faster (the Evaluator spent
// nine tenths of its time splitting and normalising strings). A region of
// more than MaxSearchRegion stones is refused (CheckSearch).
func (r rules) SearchSum(ctx context.Context, s game.Sum[pgrid.Region], o game.OutcomeOptions) (game.OutcomeResult, error) {
	if err := r.CheckSearch(s); err != nil {
		return game.OutcomeResult{}, err
	}
	var graphs []*graph
	var parts []region
	for _, p := range s.Parts {
		parts = appendRegions(parts, p, &graphs)
	}
	return game.SearchSum(ctx, func(ctx context.Context, c *cgt.Calc) (game.SearchRules[region], func() error) {
		return &searchRules{graphs: graphs, c: c, memo: map[region]cgt.Game{}}, func() error { return nil }
	}, parts, o)
}

// region is a connected region of stones of the search, with stones of
// both players. Most regions are boxes: the h x w cells of the region's
// bounding box (h*w <= 64), cell (r, c) bit r*w+c, occ the stones and x
// Left's. A region whose box would not fit in 64 bits is held by the
// stones of graph g-1 instead (h and w 0): bit i is that graph's stone i.
// Stones only ever move onto other stones' cells, so every region a move
// leaves is within the stones of the region it came from.
type region struct {
	occ, x uint64
	g      uint32
	h, w   uint8
}

// graph is the stones of a large region (more cells in its box than 64),
// numbered row by row: each stone's cell and neighbours.
type graph struct {
	rows, cols int
	at         []int    // cell r*cols+c of each stone
	nb         []uint64 // the neighbours of each stone, by number
}

// searchRules are the game.SearchRules of one goroutine of the search:
// the large regions' graphs (shared, never written), its Calc and the
// canonical forms of the regions it has valued, by normal form.
type searchRules struct {
	graphs []*graph
	c      *cgt.Calc
	memo   map[region]cgt.Game
	most   int64    // the most regions memo may hold in this valuation
	buf    []region // the regions of the option last yielded
	// valueBuf is buf while a region is valued.
	valueBuf []region
}

// boxCells is the most cells of a region's bounding box for the region
// to be held as a box, the bits of a word; tests lower it to exercise
// the regions held by a graph.
var boxCells = 64

// first and last are, for each box width w, the cells in the first and
// the last column of a box of that width (all 64 bits' worth of rows).
var first, last = func() (f, l [65]uint64) {
	for w := 1; w <= 64; w++ {
		for i := 0; i < 64; i += w {
			f[w] |= 1 << i
		}
		l[w] = f[w] << (w - 1)
	}
	return
}()

// neighbours returns the cells of a box of width w next to a cell of s
// (some may lie outside the box, past its last row).
func neighbours(s uint64, w uint8) uint64 {
	return (s<<1)&^first[w] | (s>>1)&^last[w] | s<<w | s>>w
}

// fill returns the connected component of occ (in a box of width w) that
// holds seed.
func fill(seed, occ uint64, w uint8) uint64 {
	c := seed
	for {
		n := (c | neighbours(c, w)) & occ
		if n == c {
			return c
		}
		c = n
	}
}

// appendRegions appends to out the regions of p, each connected component
// of its stones with stones of both players.
func appendRegions(out []region, p pgrid.Region, graphs *[]*graph) []region {
	g := p.Grid()
	if g.Rows*g.Cols <= boxCells {
		var occ, x uint64
		for i, c := range g.Cells {
			switch c {
			case 'x':
				occ |= 1 << i
				x |= 1 << i
			case 'o':
				occ |= 1 << i
			}
		}
		w := uint8(g.Cols)
		for rest := occ; rest != 0; {
			comp := fill(rest&-rest, occ, w)
			rest &^= comp
			out = appendBox(out, comp, x&comp, uint8(g.Rows), w)
		}
		return out
	}
	gr := &graph{rows: g.Rows, cols: g.Cols}
	index := map[int]int{} // the stone at a cell
	var x uint64
	for i, c := range g.Cells {
		if c == 'x' || c == 'o' {
			if c == 'x' {
				x |= 1 << len(gr.at)
			}
			index[i] = len(gr.at)
			gr.at = append(gr.at, i)
		}
	}
	gr.nb = make([]uint64, len(gr.at))
	for k, i := range gr.at {
		r, c := i/g.Cols, i%g.Cols
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			r2, c2 := r+d[0], c+d[1]
			if r2 < 0 || r2 >= g.Rows || c2 < 0 || c2 >= g.Cols {
				continue
			}
			if j, ok := index[r2*g.Cols+c2]; ok {
				gr.nb[k] |= 1 << j
			}
		}
	}
	*graphs = append(*graphs, gr)
	id := uint32(len(*graphs))
	occ := uint64(1)<<len(gr.at) - 1
	if len(gr.at) == 64 {
		occ = ^uint64(0)
	}
	for rest := occ; rest != 0; {
		comp := gr.fill(rest&-rest, occ)
		rest &^= comp
		out = gr.appendComponent(out, id, comp, x&comp)
	}
	return out
}

// fill returns the connected component of the stones occ that holds seed.
func (gr *graph) fill(seed, occ uint64) uint64 {
	c, frontier := seed, seed
	for frontier != 0 {
		var n uint64
		for f := frontier; f != 0; f &= f - 1 {
			n |= gr.nb[bits.TrailingZeros64(f)]
		}
		frontier = n & occ &^ c
		c |= frontier
	}
	return c
}

// appendComponent appends the component comp of graph id (Left's stones
// x) when it has stones of both players: as a box when its bounding box
// fits in 64 cells, else as stones of the graph.
func (gr *graph) appendComponent(out []region, id uint32, comp, x uint64) []region {
	if x == 0 || x == comp {
		return out
	}
	r1, r2, c1, c2 := gr.rows, -1, gr.cols, -1
	for s := comp; s != 0; s &= s - 1 {
		i := gr.at[bits.TrailingZeros64(s)]
		r, c := i/gr.cols, i%gr.cols
		r1, r2, c1, c2 = min(r1, r), max(r2, r), min(c1, c), max(c2, c)
	}
	h, w := r2-r1+1, c2-c1+1
	if h*w > boxCells {
		return append(out, region{occ: comp, x: x, g: id})
	}
	var bocc, bx uint64
	for s := comp; s != 0; s &= s - 1 {
		k := bits.TrailingZeros64(s)
		i := gr.at[k]
		b := uint64(1) << ((i/gr.cols-r1)*w + i%gr.cols - c1)
		bocc |= b
		if x&(1<<k) != 0 {
			bx |= b
		}
	}
	return append(out, region{occ: bocc, x: bx, h: uint8(h), w: uint8(w)})
}

// appendBox appends the component comp of a box of h x w cells (Left's
// stones x) when it has stones of both players, trimmed to its own
// bounding box.
func appendBox(out []region, comp, x uint64, h, w uint8) []region {
	if x == 0 || x == comp {
		return out
	}
	if h == 1 {
		lo := bits.TrailingZeros64(comp)
		return append(out, region{occ: comp >> lo, x: x >> lo, h: 1, w: uint8(bits.Len64(comp) - lo)})
	}
	r1, r2 := bits.TrailingZeros64(comp)/int(w), (bits.Len64(comp)-1)/int(w)
	row := uint64(1)<<w - 1
	var cols uint64
	for r := r1; r <= r2; r++ {
		cols |= comp >> (r * int(w)) & row
	}
	c1, c2 := bits.TrailingZeros64(cols), bits.Len64(cols)-1
	nw := c2 - c1 + 1
	if nw == int(w) {
		return append(out, region{occ: comp >> (r1 * int(w)), x: x >> (r1 * int(w)), h: uint8(r2 - r1 + 1), w: w})
	}
	nrow := uint64(1)<<nw - 1
	var bocc, bx uint64
	for r := r1; r <= r2; r++ {
		at := r*int(w) + c1
		to := (r - r1) * nw
		bocc |= (comp >> at & nrow) << to
		bx |= (x >> at & nrow) << to
	}
	return append(out, region{occ: bocc, x: bx, h: uint8(r2 - r1 + 1), w: uint8(nw)})
}

// Options yields side's options of q: each stone of side's clobbering a
// neighbouring stone of the other's, leaving the regions of the stones
// left that still have stones of both players.
func (s *searchRules) Options(q region, side game.Side) iter.Seq[[]region] {
	return func(yield func([]region) bool) {
		us, them := q.x, q.occ&^q.x
		if side == game.Right {
			us, them = them, us
		}
		if q.g != 0 {
			gr := s.graphs[q.g-1]
			for m := us; m != 0; m &= m - 1 {
				i := bits.TrailingZeros64(m)
				for t := gr.nb[i] & them; t != 0; t &= t - 1 {
					j := bits.TrailingZeros64(t)
					if !yield(s.afterGraph(gr, q, side, i, j)) {
						return
					}
				}
			}
			return
		}
		w := q.w
		// The moves by direction: onto the next cell, the previous, the
		// cell below and the cell above.
		dirs := [4]struct {
			from uint64
			d    int
		}{
			{us & (them >> 1) &^ last[w], 1},
			{us & (them << 1) &^ first[w], -1},
			{us & (them >> w), int(w)},
			{us & (them << w), -int(w)},
		}
		for _, dir := range dirs {
			for m := dir.from; m != 0; m &= m - 1 {
				i := bits.TrailingZeros64(m)
				if !yield(s.afterBox(q, side, i, i+dir.d)) {
					return
				}
			}
		}
	}
}

// clobbers returns the stones of q and Left's among them once side's
// stone at bit i has clobbered the stone at bit j.
func clobbers(q region, side game.Side, i, j int) (occ, x uint64) {
	occ, x = q.occ&^(1<<i), q.x&^(1<<i)
	if side == game.Left {
		return occ, x | 1<<j
	}
	return occ, x &^ (1 << j)
}

// afterBox returns the regions left when the stone at cell i of box q
// clobbers the stone at cell j.
func (s *searchRules) afterBox(q region, side game.Side, i, j int) []region {
	occ, x := clobbers(q, side, i, j)
	out := s.buf[:0]
	if q.h == 1 {
		below := occ & (1<<i - 1)
		out = appendBox(out, below, x&below, 1, q.w)
		out = appendBox(out, occ&^below, x&^below, 1, q.w)
		s.buf = out
		return out
	}
	// Each region left holds a stone next to i.
	seeds := neighbours(1<<i, q.w) & occ
	for seeds != 0 {
		comp := fill(seeds&-seeds, occ, q.w)
		seeds &^= comp
		out = appendBox(out, comp, x&comp, q.h, q.w)
	}
	s.buf = out
	return out
}

// afterGraph returns the regions left when stone i of the graph region q
// clobbers stone j.
func (s *searchRules) afterGraph(gr *graph, q region, side game.Side, i, j int) []region {
	occ, x := clobbers(q, side, i, j)
	out := s.buf[:0]
	seeds := gr.nb[i] & occ
	for seeds != 0 {
		comp := gr.fill(seeds&-seeds, occ)
		seeds &^= comp
		out = gr.appendComponent(out, q.g, comp, x&comp)
	}
	s.buf = out
	return out
}

// Key returns the normal form of q: of the images of its box under the
// symmetries of the rectangle (and the transposition, which keeps
// Clobber's moves too), one no taller than wide, the least. A region of a
// graph is its own normal form.
func (s *searchRules) Key(q region) region {
	if q.g != 0 {
		return q
	}
	if q.h == 1 {
		n := int(q.w)
		r := region{occ: bits.Reverse64(q.occ) >> (64 - n), x: bits.Reverse64(q.x) >> (64 - n), h: 1, w: q.w}
		if less(r, q) {
			return r
		}
		return q
	}
	best := q
	if q.h > q.w {
		best = transpose(q)
	}
	best = leastFlip(best)
	if q.h == q.w {
		if t := leastFlip(transpose(q)); less(t, best) {
			best = t
		}
	}
	return best
}

// less orders regions of the same box by their stones.
func less(a, b region) bool {
	if a.occ != b.occ {
		return a.occ < b.occ
	}
	return a.x < b.x
}

// leastFlip returns the least of the box b's images under flips upside
// down, left to right and both (b itself among them).
func leastFlip(b region) region {
	n := int(b.h) * int(b.w)
	ud := region{occ: upsideDown(b.occ, b.h, b.w), x: upsideDown(b.x, b.h, b.w), h: b.h, w: b.w}
	best := b
	for _, r := range [3]region{
		ud,
		{occ: bits.Reverse64(b.occ) >> (64 - n), x: bits.Reverse64(b.x) >> (64 - n), h: b.h, w: b.w},
		{occ: bits.Reverse64(ud.occ) >> (64 - n), x: bits.Reverse64(ud.x) >> (64 - n), h: b.h, w: b.w},
	} {
		if less(r, best) {
			best = r
		}
	}
	return best
}

// upsideDown returns the box b of h rows of w cells with its rows in the
// other order.
func upsideDown(b uint64, h, w uint8) uint64 {
	row := uint64(1)<<w - 1
	var out uint64
	for r := range int(h) {
		out |= (b >> (r * int(w)) & row) << ((int(h) - 1 - r) * int(w))
	}
	return out
}

// transpose returns the box q reflected in its main diagonal.
func transpose(q region) region {
	t := region{h: q.w, w: q.h}
	w, h := int(q.w), int(q.h)
	for s := q.occ; s != 0; s &= s - 1 {
		i := bits.TrailingZeros64(s)
		b := uint64(1) << ((i%w)*h + i/w)
		t.occ |= b
		if q.x&(1<<i) != 0 {
			t.x |= b
		}
	}
	return t
}

// Small says whether q is valued by its canonical form: a row of at most
// SmallRowStones stones, another region of at most SmallStones.
func (s *searchRules) Small(q region) bool {
	n := bits.OnesCount64(q.occ)
	if q.h == 1 {
		return n <= SmallRowStones
	}
	return n <= SmallStones
}

// Value returns the canonical form of q in the Calc of the search,
// valuing at most most regions not valued before (0: as many as the
// Calc's memory holds): past them it fails with an error wrapping
// cgt.ErrWork, past the Calc's memory with one wrapping cgt.ErrLimit.
func (s *searchRules) Value(ctx context.Context, q region, most int) (cgt.Game, error) {
	full := max(1, s.c.Limit()/game.PartBytes)
	s.most = full
	if most > 0 {
		s.most = min(full, int64(len(s.memo)+most))
	}
	// The search may be iterating over regions in buf that Options
	// handed it: the valuation's Options write to a buffer of their own.
	searching := s.buf
	s.buf = s.valueBuf
	x, err := s.value(ctx, s.Key(q))
	s.valueBuf, s.buf = s.buf, searching
	if err == nil && most > 0 && !s.c.IsNumberUpStar(x) {
		if b := s.c.Birthday(x); b > MaxValueBirthday {
			return cgt.Zero, fmt.Errorf("%w: a value born on day %d, past day %d", cgt.ErrWork, b, MaxValueBirthday)
		}
	}
	if errors.Is(err, errParts) {
		if s.most < full {
			return cgt.Zero, fmt.Errorf("%w: %w", cgt.ErrWork, err)
		}
		return cgt.Zero, fmt.Errorf("%w: %w", cgt.ErrLimit, err)
	}
	return x, err
}

// errParts is the error of a valuation that would hold more regions than
// it may (searchRules.most).
var errParts = errors.New("clobber: too many regions to value")

// value returns the canonical form of the region k (a normal form) by
// memoised recursion over its options, as the game's Evaluator values a
// part but on bitboards: an option's value is the sum of the regions it
// leaves. It fails with errParts past s.most regions in the memo, and
// with ctx's error once ctx is done.
func (s *searchRules) value(ctx context.Context, k region) (cgt.Game, error) {
	if x, ok := s.memo[k]; ok {
		return x, nil
	}
	if int64(len(s.memo)) >= s.most {
		return cgt.Zero, errParts
	}
	if len(s.memo)%1024 == 0 {
		if err := ctx.Err(); err != nil {
			return cgt.Zero, err
		}
	}
	var opts [2][]cgt.Game
	for _, side := range []game.Side{game.Left, game.Right} {
		for leaves := range s.Options(k, side) {
			var left [4]region // at most four: the stone's other neighbours' regions
			n := copy(left[:], leaves)
			sum := cgt.Zero
			for _, l := range left[:n] {
				x, err := s.value(ctx, s.Key(l))
				if err != nil {
					return cgt.Zero, err
				}
				if sum, err = s.c.Add(sum, x); err != nil {
					return cgt.Zero, err
				}
			}
			opts[side] = append(opts[side], sum)
		}
	}
	x, err := s.c.Make(opts[game.Left], opts[game.Right])
	if err != nil {
		return cgt.Zero, err
	}
	s.memo[k] = x
	return x, nil
}

// text returns q as a region of the game: its bounding box's rows.
func (s *searchRules) text(q region) pgrid.Region {
	if q.g != 0 {
		gr := s.graphs[q.g-1]
		r1, r2, c1, c2 := gr.rows, -1, gr.cols, -1
		for m := q.occ; m != 0; m &= m - 1 {
			i := gr.at[bits.TrailingZeros64(m)]
			r, c := i/gr.cols, i%gr.cols
			r1, r2, c1, c2 = min(r1, r), max(r2, r), min(c1, c), max(c2, c)
		}
		h, w := r2-r1+1, c2-c1+1
		cells := []byte(strings.Repeat(".", h*w))
		for m := q.occ; m != 0; m &= m - 1 {
			k := bits.TrailingZeros64(m)
			i := gr.at[k]
			c := byte('o')
			if q.x&(1<<k) != 0 {
				c = 'x'
			}
			cells[(i/gr.cols-r1)*w+i%gr.cols-c1] = c
		}
		return pgrid.Write(cells, h, w)
	}
	h, w := int(q.h), int(q.w)
	cells := make([]byte, h*w)
	for i := range cells {
		switch {
		case q.x&(1<<i) != 0:
			cells[i] = 'x'
		case q.occ&(1<<i) != 0:
			cells[i] = 'o'
		default:
			cells[i] = '.'
		}
	}
	return pgrid.Write(cells, h, w)
}

// Neg returns -q, the region with the colours swapped (game.Negater): the
// search then decides only Left first of a position equal to its own
// negative, such as a checkerboard or an alternating row.
func (s *searchRules) Neg(q region) region {
	q.x = q.occ &^ q.x
	return q
}
