package misere

import (
	"context"
	"fmt"
	"slices"
)

// A candidate is a guess at the misère quotient of heaps 1..n: a space of
// elements and an element for each heap (its pretending value). mark
// decides its P-portion, and pFailure and nFailure (verify.go) check it on
// every sum of heaps: a candidate they pass predicts every outcome, and
// its reduction is the quotient.
type candidate struct {
	sp    *space
	heaps []int     // the moving heaps 1..n, ascending
	img   []int64   // the element of each heap (index as heaps)
	opts  [][]int64 // the distinct elements of each heap's options
	// The elements the heaps generate, numbered: elems[0] is the
	// identity.
	elems []int64
	index elemIndex
	// gens[j][x] is elems[x] times the j-th distinct element of the
	// heaps; genMul[i] is the table of heaps[i]'s element, one of gens.
	gens   [][]int32
	genMul [][]int32
	// optIdx[i] are the option elements of heaps[i], numbered;
	// optMul[i][x] are x times each of them, once computed.
	optIdx [][]int32
	optMul [][][]int32
	// optBytes is the memory of optMul's rows.
	optBytes int64
}

// maxElements bounds the elements of a candidate (int32 numbers).
const maxElements = 1 << 30

// denseSpace is the largest space whose elements are indexed by an array
// (4 bytes each) rather than a map; the array also takes at most a
// sixteenth of the memory limit.
const denseSpace = 1 << 22

// elemIndex numbers the elements of a space met so far.
type elemIndex struct {
	dense  []int32 // dense[e] = number + 1, 0 for none
	sparse map[int64]int32
}

func newElemIndex(size, limit int64) elemIndex {
	if size <= denseSpace && size*4 <= limit/16 {
		return elemIndex{dense: make([]int32, size)}
	}
	return elemIndex{sparse: map[int64]int32{}}
}

func (ix elemIndex) get(e int64) (int32, bool) {
	if ix.dense != nil {
		v := ix.dense[e]
		return v - 1, v != 0
	}
	v, ok := ix.sparse[e]
	return v, ok
}

func (ix elemIndex) at(e int64) int32 {
	v, _ := ix.get(e)
	return v
}

func (ix elemIndex) put(e int64, x int32) {
	if ix.dense != nil {
		ix.dense[e] = x + 1
		return
	}
	ix.sparse[e] = x
}

// bytes estimates the memory of the index holding n elements.
func (ix elemIndex) bytes(n int) int64 {
	if ix.dense != nil {
		return int64(len(ix.dense)) * 4
	}
	return int64(n) * 48
}

// build numbers the elements that the heaps generate, by breadth-first
// search from the identity, within the memory limit.
func (c *candidate) build(ctx context.Context, lim limits) error {
	c.elems = []int64{0}
	c.index = newElemIndex(c.sp.size, lim.bytes)
	c.index.put(0, 0)
	distinct := map[int64]int{}
	var gens []int64
	for _, e := range c.img {
		if _, ok := distinct[e]; !ok {
			distinct[e] = len(gens)
			gens = append(gens, e)
		}
	}
	// The base's table, the elements, their index and a table for each
	// distinct heap element.
	estimate := func() int64 {
		n, base := len(c.elems), int64(c.sp.base.n)
		return tableBytes(base) + int64(n)*(8+4*int64(len(gens))) + c.index.bytes(n)
	}
	for i := 0; i < len(c.elems); i++ {
		if i&255 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if estimate() > lim.bytes {
				return &enumLimitError{memory: lim.bytes}
			}
		}
		for _, g := range gens {
			y := c.sp.mul(c.elems[i], g)
			if _, ok := c.index.get(y); !ok {
				if len(c.elems) >= maxElements {
					return fmt.Errorf("a candidate quotient has over %d elements", maxElements)
				}
				c.index.put(y, int32(len(c.elems)))
				c.elems = append(c.elems, y)
			}
		}
	}
	if len(c.sp.tops) == 0 {
		// Without free heaps the elements are the base's: number them as
		// the base does (all of it when the heaps generate it).
		slices.Sort(c.elems)
		for i, e := range c.elems {
			c.index.put(e, int32(i))
		}
	}
	tables := make([][]int32, len(gens))
	for j, g := range gens {
		tab := make([]int32, len(c.elems))
		for x, e := range c.elems {
			tab[x] = c.index.at(c.sp.mul(e, g))
		}
		tables[j] = tab
	}
	c.gens = tables
	c.genMul = make([][]int32, len(c.heaps))
	c.optIdx = make([][]int32, len(c.heaps))
	c.optMul = make([][][]int32, len(c.heaps))
	for i := range c.heaps {
		c.genMul[i] = tables[distinct[c.img[i]]]
		for _, o := range c.opts[i] {
			c.optIdx[i] = append(c.optIdx[i], c.index.at(o))
		}
	}
	return nil
}

// optTimes returns x times each option element of heaps[i], computed
// once.
func (c *candidate) optTimes(i int, x int32) []int32 {
	if c.optMul[i] == nil {
		c.optMul[i] = make([][]int32, len(c.elems))
	}
	row := c.optMul[i][x]
	if row == nil {
		row = make([]int32, len(c.optIdx[i]))
		for j, o := range c.optIdx[i] {
			row[j] = c.times(x, o)
		}
		c.optMul[i][x] = row
		c.optBytes += int64(len(row))*4 + 24
	}
	return row
}

// bytes estimates the memory of the candidate: its base's table, its
// elements, their index, the tables of the heaps' elements and of their
// options.
func (c *candidate) bytes() int64 {
	n := int64(len(c.elems))
	base := int64(c.sp.base.n)
	b := tableBytes(base) + n*8 + c.index.bytes(len(c.elems)) + c.optBytes + int64(len(c.heaps))*24
	return b + int64(len(c.gens))*n*4
}

// setWords is the length of a bitset of the candidate's elements.
func (c *candidate) setWords() int { return (len(c.elems) + 63) / 64 }

// times multiplies two numbered elements.
func (c *candidate) times(x, y int32) int32 {
	return c.index.at(c.sp.mul(c.elems[x], c.elems[y]))
}

// bitset is a set of numbered elements.
type bitset []uint64

func (b bitset) has(i int32) bool { return b[i>>6]&(1<<(uint(i)&63)) != 0 }
func (b bitset) set(i int32)      { b[i>>6] |= 1 << (uint(i) & 63) }

func (b bitset) empty() bool {
	for _, w := range b {
		if w != 0 {
			return false
		}
	}
	return true
}

func (b bitset) meets(o bitset) bool {
	for i, w := range b {
		if w&o[i] != 0 {
			return true
		}
	}
	return false
}

// limits bound one check of a candidate: the sums a walk reaches, and
// the memory by estimate (the candidate's tables and the antichains).
type limits struct {
	sums  int
	bytes int64
}

// enumLimitError stops a check beyond its limit of sums or of memory.
type enumLimitError struct {
	limit  int
	memory int64 // the memory limit that stopped it, 0 for the sums'
}

func (e *enumLimitError) Error() string {
	if e.memory > 0 {
		return fmt.Sprintf("checking a candidate quotient needs over %d MiB (the limit)", e.memory>>20)
	}
	return fmt.Sprintf("checking a candidate quotient meets over %d sums (the limit)", e.limit)
}
