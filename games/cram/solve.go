package cram

import (
	"context"
	"math/bits"

	"nimber/game"
	"nimber/games/internal/pgrid"
	"nimber/sg"
)

// Accelerate implements game.Accelerator: regions are valued once each up
// to the symmetries of the square (pgrid.Key), and strips of at most
// MaxStrip rows or columns by the dense solver, whose positions are bit
// sets of empty cells.
func (Rules) Accelerate(ctx context.Context, _ game.Sum[pgrid.Region]) (game.Valuer[pgrid.Region], error) {
	return newValuer(), ctx.Err()
}

// valuer values regions: wide ones by the definition with a memo on their
// normal forms, strips by a strip solver for each height.
type valuer struct {
	memo   map[pgrid.Region]int
	strips [MaxStrip + 1]*strip
	n      int // regions valued, for checking ctx now and then
}

func newValuer() *valuer { return &valuer{memo: map[pgrid.Region]int{}} }

// Grundy returns the Grundy value of region p.
func (v *valuer) Grundy(ctx context.Context, p pgrid.Region) (int, error) {
	g := p.Grid()
	if min(g.Rows, g.Cols) <= MaxStrip && g.Rows*g.Cols < 64 {
		h, w, at := g.Rows, g.Cols, func(r, c int) byte { return g.Cells[r*g.Cols+c] }
		if h > w {
			h, w, at = w, h, func(r, c int) byte { return g.Cells[c*g.Cols+r] }
		}
		var set uint64
		for c := range w {
			for r := range h {
				if at(r, c) == '.' {
					set |= 1 << (c*h + r)
				}
			}
		}
		if v.strips[h] == nil {
			v.strips[h] = newStrip(h)
		}
		return v.strips[h].grundy(ctx, set)
	}
	key := pgrid.Key(p, true)
	if x, ok := v.memo[key]; ok {
		return x, nil
	}
	if v.n++; v.n&1023 == 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
	}
	var seen uint64
	for _, parts := range theRules.Moves(p) {
		x, err := sg.ValueOf(ctx, parts, v.Grundy)
		if err != nil {
			return 0, err
		}
		if x < 64 {
			seen |= 1 << x
		}
	}
	x := bits.TrailingZeros64(^seen)
	v.memo[key] = x
	return x, nil
}

// MaxStrip is the most rows (or columns) of a region the dense solver
// values, when its cells fit in a machine word.
const MaxStrip = 3

// strip is the dense solver of regions of h rows (h <= MaxStrip): a
// region is the set of its empty cells, cell (r, c) bit c*h+r, shifted so
// that its first column is column 0. A move clears two adjacent bits; what
// is left splits into its connected components, each valued once.
type strip struct {
	h        int
	notTop   uint64 // cells not in row 0
	notFloor uint64 // cells not in row h-1
	top      uint64 // cells in row 0
	bottom   uint64 // cells in row h-1, when h > 1
	middle   uint64 // cells in neither
	memo     *table
}

func newStrip(h int) *strip {
	s := &strip{h: h, memo: newTable()}
	for i := range 64 {
		if i%h != 0 {
			s.notTop |= 1 << i
		}
		if i%h != h-1 {
			s.notFloor |= 1 << i
		}
	}
	s.top, s.bottom = ^s.notTop, ^s.notFloor
	s.middle = s.notTop & s.notFloor
	if h == 1 {
		s.top, s.bottom, s.middle = 0, 0, ^uint64(0)
	}
	return s
}

// neighbours returns the cells orthogonally next to a cell of set.
func (s *strip) neighbours(set uint64) uint64 {
	return set<<s.h | set>>s.h | (set&s.notFloor)<<1 | (set&s.notTop)>>1
}

// grundy values the empty cells set, a union of components.
func (s *strip) grundy(ctx context.Context, set uint64) (int, error) {
	x := 0
	for set != 0 {
		comp := set & -set
		for {
			next := comp | s.neighbours(comp)&set
			if next == comp {
				break
			}
			comp = next
		}
		set &^= comp
		y, err := s.component(ctx, comp)
		if err != nil {
			return 0, err
		}
		x ^= y
	}
	return x, nil
}

// component values a connected set of empty cells.
func (s *strip) component(ctx context.Context, set uint64) (int, error) {
	if set&(set-1) == 0 {
		return 0, nil
	}
	set >>= bits.TrailingZeros64(set) / s.h * s.h
	key := s.key(set)
	if x, ok := s.memo.get(key); ok {
		return int(x), nil
	}
	if s.memo.n&4095 == 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
	}
	var seen uint64
	for rest := set; rest != 0; rest &= rest - 1 {
		a := rest & -rest
		for _, b := range [2]uint64{(a & s.notFloor) << 1, a << s.h} {
			if b&set == 0 {
				continue
			}
			x, err := s.grundy(ctx, set&^(a|b))
			if err != nil {
				return 0, err
			}
			if x < 64 {
				seen |= 1 << x
			}
		}
	}
	x := bits.TrailingZeros64(^seen)
	s.memo.put(key, uint8(x))
	return x, nil
}

// key returns the least of set's images under the flips of the strip
// (left-right, top-bottom and both): set shifted to column 0, so that
// regions alike are valued once. Reversing the word turns the strip
// half a turn (both flips at once); swapping the outer rows is the
// top-bottom flip.
func (s *strip) key(set uint64) uint64 {
	w := (63-bits.LeadingZeros64(set))/s.h + 1
	both := bits.Reverse64(set) >> (64 - w*s.h)
	return min(set, both, s.flipRows(set), s.flipRows(both))
}

// flipRows turns each column of set upside down.
func (s *strip) flipRows(set uint64) uint64 {
	d := uint(s.h - 1)
	return set&s.middle | (set&s.top)<<d | (set&s.bottom)>>d
}
