package domineering

import (
	"context"
	"fmt"
	"math/bits"

	"nimber/game"
	"nimber/games/internal/pgrid"
	"nimber/grid"
)

// DefaultOutcomeTableMiB is the size of SolveOutcome's transposition
// table when game.OutcomeOptions.TableMiB is 0.
const DefaultOutcomeTableMiB = 64

// MaxOutcomeTableMiB is the largest transposition table SolveOutcome
// accepts, 4 GiB.
const MaxOutcomeTableMiB = 4096

// SearchSum decides who wins the sum s with each player moving first:
// Domineering's game.SumSearcher, which nimber outcome calls. One region of
// at most MaxOutcomeCells cells is searched by SolveOutcome; a sum of
// several, or a larger region, by the generic search (game.SearchParts),
// in which small regions are valued.
func (rules) SearchSum(ctx context.Context, s game.Sum[pgrid.Region], o game.OutcomeOptions) (game.OutcomeResult, error) {
	if len(s.Parts) == 1 {
		if g := s.Parts[0].Grid(); g.Rows*g.Cols <= MaxOutcomeCells {
			res, err := SolveOutcome(ctx, g, o)
			res.Method = game.MethodSearch
			return res, err
		}
	}
	return game.SearchParts(ctx, theGame, s.Parts, o)
}

// CheckSearch accepts every position Parse reads: the search's memory is
// its table's, and its time what the caller allows.
func (rules) CheckSearch(game.Sum[pgrid.Region]) error { return nil }

// SolveOutcome decides who wins the board g ('.' empty, anything else
// filled) with Left moving first and with Right moving first, as Outcome
// does, by a depth-first win/loss search (alpha-beta reduced to wins and
// losses) that adds what the literature's solvers use (Breuker, Uiterwijk
// and van den Herik, "Solving 8x8 Domineering", 2000; Bullock, "Domineering:
// Solving Large Combinatorial Search Spaces", 2002), each cut sound:
//
//   - Safe-move bounds. A cell is out of the opponent's reach when neither
//     of its neighbours along the opponent's direction is empty; cells only
//     ever fill, so it stays so. Two such cells next to each other along
//     the player's own direction are a safe move: no opponent move can take
//     it away, and playing it takes nothing from the opponent. The safe
//     moves counted are disjoint (⌊k/2⌋ in a run of k such cells), so the
//     player can play all of them, one per turn, whatever the opponent
//     does. Her other moves counted, on disjoint pairs of the cells within
//     the opponent's reach, are vulnerable: an opponent move covers two
//     cells, so it takes at most two of them. Playing those first, between
//     opponent moves that take two each, she plays at least ⌈v/3⌉ of v
//     moving first and ⌊v/3⌋ moving second, before her safe ones. The
//     opponent's moves in the rest of the game are at most the largest set
//     of disjoint opponent dominoes on the empty cells (⌊k/2⌋ in each run of
//     k empty cells along the opponent's direction). So the player to move
//     wins when her safe moves and ⌈v/3⌉ exceed the opponent's possible
//     moves (she answers every one of them and still has a move), and loses
//     when the opponent's safe moves and ⌊v/3⌋ of his vulnerable ones are at
//     least her possible moves. The bounds are checked on every position a
//     move leaves before it is searched: such a position is never searched.
//   - Transposition table. A position is its set of empty cells and the
//     player to move, stored whole in each entry and compared in full, so
//     an entry found is an exact win or loss, never a guess; a full table
//     overwrites an entry (a bucket of two: one kept for the position that
//     took the larger search, one always replaced), which costs time, never
//     soundness. Left-first and Right-first searches share the table.
//   - Symmetry. Flipping the board upside down or left to right keeps
//     every player's moves, so a position and its flips have one entry
//     (keyed by the least of the four as a number); a board equal to its
//     own transpose (a square, empty) is searched once, since transposing
//     swaps the players: Right first on a board is Left first on its
//     transpose.
//   - Move ordering, which changes only the time: first the moves that
//     leave the mover's safe moves furthest above the opponent's possible
//     moves, then her possible moves furthest above his safe ones (so a
//     move that takes two of his moves or makes her a safe move comes
//     early, and spending a safe move, which takes nothing from him, late),
//     ties broken by the history heuristic: the moves that refuted other
//     positions.
//
// It returns ctx's error once cancelled, and ErrOutcomeLimit past
// opts.MaxNodes positions. A board of more than MaxOutcomeCells cells, or
// a table over MaxOutcomeTableMiB, is refused with a one-line error.
func SolveOutcome(ctx context.Context, g grid.Grid, opts game.OutcomeOptions) (game.OutcomeResult, error) {
	if g.Rows*g.Cols > MaxOutcomeCells || g.Rows < 0 || g.Cols < 0 {
		return game.OutcomeResult{}, fmt.Errorf("domineering: a %d x %d board has more than %d cells", g.Rows, g.Cols, MaxOutcomeCells)
	}
	mib := opts.TableMiB
	if mib == 0 {
		mib = DefaultOutcomeTableMiB
	}
	if mib < 0 || mib > MaxOutcomeTableMiB {
		return game.OutcomeResult{}, fmt.Errorf("domineering: a table of %d MiB is outside 1..%d MiB", mib, MaxOutcomeTableMiB)
	}
	s := newSolver(ctx, g, 1<<(bits.Len(uint(mib)<<20/16)-1), opts.MaxNodes)
	var res game.OutcomeResult
	var err error
	if res.LeftFirst, err = s.top(0); err != nil {
		return game.OutcomeResult{}, err
	}
	if s.selfTranspose() {
		res.RightFirst = res.LeftFirst
	} else if res.RightFirst, err = s.top(1); err != nil {
		return game.OutcomeResult{}, err
	}
	res.Nodes, res.Cutoffs, res.TableHits = s.nodes, s.cutoffs, s.hits
	return res, nil
}

// entry is one position of the transposition table: its empty cells (row
// by row) and, in meta, whether it is in use, the player to move, the
// result and the log2 of the nodes its search took.
type entry struct {
	empty uint64
	meta  uint32
}

const (
	metaUsed  = 1 << 0
	metaRight = 1 << 1 // Right to move
	metaWin   = 1 << 2 // the player to move wins
	workShift = 3
)

// solver is one SolveOutcome search. A board is held twice: rows by rows
// (view 1, Right's: her dominoes join bits i and i+1) and transposed,
// columns by columns (view 0, Left's: her dominoes join bits i and i+1
// there). So in each player's own view her moves are horizontal pairs
// and the opponent's vertical pairs, and one piece of code serves both.
type solver struct {
	ctx      context.Context
	rows     int
	cols     int
	width    [2]int       // the row length of each view
	fits     [2]uint64    // in view p, the cells with a cell to their right in the row
	other    [2][64]uint8 // bit i of view p is bit other[p][i] of view 1-p
	table    []entry
	mask     uint64
	maxNodes int64
	nodes    int64
	cutoffs  int64
	hits     int64
	history  [2][64]uint32 // refutations by each player's move, by its first cell in her view
	start    [2]uint64     // the empty cells of the board in each view
	runs     [2][]uint8    // for narrow views, pairs of the rows of a chunk, by the chunk's bits
	chunk    [2]int        // the bits of a chunk of runs: whole rows, 16 bits at most
}

// newSolver returns the search of board g with a table of n entries, n a
// power of two and at least 2.
func newSolver(ctx context.Context, g grid.Grid, n int, maxNodes int64) *solver {
	s := &solver{ctx: ctx, rows: g.Rows, cols: g.Cols, table: make([]entry, n), mask: uint64(n - 1), maxNodes: maxNodes}
	s.width = [2]int{g.Rows, g.Cols}
	for r := range g.Rows {
		for c := range g.Cols {
			i, j := r*g.Cols+c, c*g.Rows+r // view 1, view 0
			s.other[1][i], s.other[0][j] = uint8(j), uint8(i)
			if g.Cells[i] == '.' {
				s.start[1] |= 1 << i
				s.start[0] |= 1 << j
			}
			if c+1 < g.Cols {
				s.fits[1] |= 1 << i
			}
			if r+1 < g.Rows {
				s.fits[0] |= 1 << j
			}
		}
	}
	// Rows of up to 16 cells are counted by a table of as many whole rows
	// as fit in 16 bits.
	for p := range 2 {
		if w := s.width[p]; w >= 1 && w <= 16 {
			s.chunk[p] = 16 / w * w
			s.runs[p] = make([]uint8, 1<<s.chunk[p])
			row := uint64(1)<<w - 1
			for x := range s.runs[p] {
				n := 0
				for y := uint64(x); y != 0; y >>= w {
					n += pairsSlow(y & row)
				}
				s.runs[p][x] = uint8(n)
			}
		}
	}
	return s
}

// pairsSlow returns ⌊k/2⌋ summed over the runs of k set bits of x.
func pairsSlow(x uint64) int {
	n := 0
	for x != 0 {
		x >>= bits.TrailingZeros64(x)
		k := bits.TrailingZeros64(^x)
		n += k / 2
		if k == 64 {
			break
		}
		x >>= k
	}
	return n
}

// pairs returns the most disjoint dominoes along the rows of view p on
// the cells of x: ⌊k/2⌋ for each run of k cells of a row.
func (s *solver) pairs(p int, x uint64) int {
	w := s.width[p]
	if w == 64 {
		return pairsSlow(x)
	}
	n, row := 0, uint64(1)<<w-1
	if t := s.runs[p]; t != nil {
		c := s.chunk[p]
		for m := uint64(1)<<c - 1; x != 0; x >>= c {
			n += int(t[x&m])
		}
		return n
	}
	for ; x != 0; x >>= w {
		n += pairsSlow(x & row)
	}
	return n
}

// selfTranspose reports whether the board is its own transpose, so that
// Right first is Left first.
func (s *solver) selfTranspose() bool { return s.rows == s.cols && s.start[0] == s.start[1] }

// top decides whether player p wins moving first on the whole board.
func (s *solver) top(p int) (bool, error) {
	var c counts
	c.safe, c.vuln, c.most = s.count(p, s.start[p])
	c.theirSafe, c.theirVuln, c.theirMost = s.count(1-p, s.start[1-p])
	if win, settled := c.settle(); settled {
		s.cutoffs++
		return win, nil
	}
	return s.wins(p, s.start[p], s.start[1-p], c)
}

// count returns player p's safe moves (the cells out of the opponent's
// reach, paired along p's rows), her vulnerable moves (the cells within
// the opponent's reach, paired so) and her possible moves (every empty
// cell, paired so) with the empty cells own of her view.
func (s *solver) count(p int, own uint64) (safe, vuln, most int8) {
	w := s.width[p]
	theirs := own & (own >> w) // the opponent's moves, by their first cell
	reach := theirs | theirs<<w
	return int8(s.pairs(p, own&^reach)), int8(s.pairs(p, own&reach)), int8(s.pairs(p, own))
}

// key returns the table's key of the position with the empty cells e of
// view 1: the least of e and its flips upside down and left to right.
func (s *solver) key(e uint64) uint64 {
	c, r := s.cols, s.rows
	row := uint64(1)<<c - 1
	var ud, lr, both uint64
	for i := range r {
		x := e >> (i * c) & row
		y := bits.Reverse64(x) >> (64 - c)
		ud |= x << ((r - 1 - i) * c)
		lr |= y << (i * c)
		both |= y << ((r - 1 - i) * c)
	}
	return min(e, ud, lr, both)
}

// slot returns the index of the first entry of the bucket of key k.
func (s *solver) slot(k uint64, p int) uint64 {
	h := (k ^ uint64(p)*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9
	h ^= h >> 31
	return h & s.mask &^ 1
}

// move is one candidate move: its first cell in the mover's view, its
// rank in the ordering and the counts of the position it leaves.
type move struct {
	at    uint8
	score int32
	after counts
}

// counts are the safe, vulnerable and possible moves of the player to
// move and of her opponent in a position.
type counts struct{ safe, vuln, most, theirSafe, theirVuln, theirMost int8 }

// settle returns whether the player to move wins, when the safe-move
// bounds say (see SolveOutcome): she wins when her safe moves and a third
// of her vulnerable ones, rounded up, exceed the opponent's possible moves,
// and loses when the opponent's safe moves and a third of his vulnerable
// ones, rounded down, are at least her possible moves (then she may have
// no move at all).
func (c counts) settle() (win, settled bool) {
	if c.safe+(c.vuln+2)/3 > c.theirMost {
		return true, true
	}
	if c.theirSafe+c.theirVuln/3 >= c.most {
		return false, true
	}
	return false, false
}

// wins reports whether player p (0 Left, 1 Right) wins moving in the
// position whose empty cells are own in her view and theirs in the
// opponent's view, with the counts c, which do not settle it.
func (s *solver) wins(p int, own, theirs uint64, c counts) (bool, error) {
	if s.nodes++; s.maxNodes > 0 && s.nodes > s.maxNodes {
		return false, ErrOutcomeLimit
	}
	if s.nodes&(1<<16-1) == 0 {
		if err := s.ctx.Err(); err != nil {
			return false, err
		}
	}
	// The table, by the empty cells row by row.
	e := own
	if p == 0 {
		e = theirs
	}
	k := s.key(e)
	at := s.slot(k, p)
	want := uint32(metaUsed)
	if p == 1 {
		want |= metaRight
	}
	for i := at; i < at+2; i++ {
		if t := s.table[i]; t.empty == k && t.meta&(metaUsed|metaRight) == want {
			s.hits++
			return t.meta&metaWin != 0, nil
		}
	}
	before := s.nodes

	// Count each move's position. One the bounds settle is won at once
	// when it is lost for the opponent, and dropped when it is won for her;
	// the others are searched best first: the most safe moves left over
	// the opponent's possible moves, then the most possible moves left over
	// the opponent's safe ones (so a move that takes two of the opponent's
	// moves, or makes a safe move, comes early, and one that spends a safe
	// move late), then by history.
	var buf [64]move
	list := buf[:0]
	win := false
	mine := own & (own >> 1) & s.fits[p] // p's moves, by their first cell
	for m := mine; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		pair := uint64(3) << i
		o1, o2 := s.other[p][i], s.other[p][i+1]
		var after counts
		after.theirSafe, after.theirVuln, after.theirMost = s.count(p, own&^pair)
		after.safe, after.vuln, after.most = s.count(1-p, theirs&^(1<<o1|1<<o2))
		if theyWin, settled := after.settle(); settled {
			s.cutoffs++
			if !theyWin {
				win = true
				break
			}
			continue
		}
		score := int32(4*(int(after.theirSafe)-int(after.most))+int(after.theirMost)-int(after.safe)+256) << 20
		score += int32(min(s.history[p][i], 1<<19-1))
		list = append(list, move{uint8(i), score, after})
	}
	// The best move left is picked at each step rather than all sorted
	// first: most positions are decided by their first move or two.
	for j := range list {
		if win {
			break
		}
		best := j
		for k := j + 1; k < len(list); k++ {
			if list[k].score > list[best].score {
				best = k
			}
		}
		list[j], list[best] = list[best], list[j]
		m := list[j]
		i := int(m.at)
		o1, o2 := s.other[p][i], s.other[p][i+1]
		theyWin, err := s.wins(1-p, theirs&^(1<<o1|1<<o2), own&^(3<<i), m.after)
		if err != nil {
			return false, err
		}
		if !theyWin {
			win = true
			s.history[p][i] += uint32(1 + bits.OnesCount64(own)/2)
		}
	}

	meta := want
	if win {
		meta |= metaWin
	}
	work := uint32(bits.Len64(uint64(s.nodes - before)))
	meta |= work << workShift
	// Keep the first entry of the bucket for the larger search; the second
	// takes whatever the first does not.
	if first := s.table[at]; first.meta&metaUsed == 0 || first.meta>>workShift <= work {
		s.table[at+1] = first
		s.table[at] = entry{k, meta}
	} else {
		s.table[at+1] = entry{k, meta}
	}
	return win, nil
}

// ParseBoard reads one whole board for SolveOutcome, as Parse reads a
// position (rows joined by '|' or newlines, '.' empty, '#' filled) but
// kept whole, not split into regions: the outcome of a sum is not found
// from its parts' outcomes, so a sum ('+') is refused. A board of more
// than MaxOutcomeCells cells is refused with a *game.LimitError.
func ParseBoard(text string) (grid.Grid, error) {
	boards, err := pgrid.Parse(text, ".#")
	if err != nil {
		return grid.Grid{}, err
	}
	if len(boards) > 1 {
		return grid.Grid{}, fmt.Errorf("a sum of %d boards: the outcome search takes one board (put the boards side by side, apart by a column of '#')", len(boards))
	}
	g := boards[0]
	if err := game.CheckLimit(fmt.Sprintf("the %d x %d board", g.Rows, g.Cols), "cells", int64(g.Rows)*int64(g.Cols), MaxOutcomeCells); err != nil {
		return grid.Grid{}, err
	}
	return g, nil
}
