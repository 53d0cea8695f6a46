package domineering

import (
	"math/bits"
	"sync"
)

// The bounds of a position computed at a node of the search (the cheap
// ones, counts.settle, are kept up to date move by move): a player's
// vulnerable moves are told apart by whether one opponent domino can
// take two of them.

// starts16 is, for each 16-bit x, the first cells of the dominoes of the
// greedy packing of its set bits from bit 0 up, with bit 16 set when a run
// reaches bit 15 with a cell left over.
var starts16 = func() (t [1 << 16]uint32) {
	for x := range t {
		run := 0
		for i := range 16 {
			if x>>i&1 == 0 {
				run = 0
				continue
			}
			if run++; run%2 == 0 {
				t[x] |= 1 << (i - 1)
			}
		}
		if run%2 == 1 {
			t[x] |= 1 << 16
		}
	}
	return t
}()

// greedyPairs returns the first cells of the dominoes of the greedy
// packing of the set bits of x, from bit 0 up: ⌊k/2⌋ in each run of k.
func greedyPairs(x uint32) uint32 {
	lo, hi := starts16[x&0xffff], x>>16
	if lo&(1<<16) != 0 && hi&1 != 0 {
		// The run crossing bit 16 pairs its leftover cell with bit 16.
		return lo&0x7fff | 1<<15 | (starts16[hi&^1]&0xffff)<<16
	}
	return lo&0xffff | (starts16[hi]&0xffff)<<16
}

// structs are the counts of what a player may claim (see structures).
type structs struct {
	areas, alone, shared int
	// spare is the empty cells out of the opponent's reach in none of
	// her safe or vulnerable dominoes, which he can never use; halfSafe
	// the vulnerable dominoes with one cell out of his reach, which he
	// cannot use either unless she plays there.
	spare, halfSafe int
	// options counts her options by the cells they deny the opponent
	// (options[v] those denying v, 1 to 3; see structures).
	options [4]int
}

// greedyPairsWhere returns the first cells of the dominoes of a greedy
// packing of the set bits of x, from bit 0 up, each starting at a bit of
// ok.
func greedyPairsWhere(x, ok uint32) uint32 {
	var starts uint32
	for m := x & (x >> 1) & ok; m != 0; m &= m - 1 {
		t := m & -m
		if x&t != 0 && x&(t<<1) != 0 {
			starts |= t
			x &^= t | t<<1
		}
	}
	return starts
}

// structures returns what player p may claim on board b, on disjoint
// cells, packed greedily row by row in her view (her dominoes lie along
// its rows, the opponent's across them):
//
//   - areas: 2 x 2 blocks of empty cells whose two cells just above, or
//     just below, are filled (the wall), apart from each other by a row.
//     A domino of hers along the block's row away from the wall kills the
//     opponent's dominoes on the block and leaves the row by the wall
//     out of his reach, a safe move: she gets two moves of it, unless he
//     plays in it first; his dominoes across it reach no other area.
//   - alone: her vulnerable dominoes (cells empty, not in an area, not
//     both out of the opponent's reach) that no opponent domino takes
//     together with another: none of their cells within his reach has
//     such a cell of another just above or below it. One next to an
//     area is alone too: his domino across both kills the area and it,
//     but leaves her the area's row by the wall, a vulnerable domino only
//     the area's other column takes, alone: as if he had killed the area
//     alone.
//   - shared: the other vulnerable dominoes. One opponent domino takes at
//     most two of them, or one and an area (which leaves her an alone
//     one, as above).
//
// An opponent's domino touches one area and at most one shared domino,
// or one alone domino, or at most two shared ones.
func (b *board) structures(p int) (st structs) {
	rows := &b.rows[p]
	n := b.n[p]
	var used, starts [MaxSide + 2]uint32
	for r := 1; r+1 <= n; r++ {
		// Columns where rows r and r+1 are empty, row r-1 or row r+2
		// filled, and rows r-1 to r+2 have no cell of another area; two
		// side by side make an area.
		col := ^rows[r] & ^rows[r+1] & (rows[r-1] | rows[r+2]) &^ (used[r-1] | used[r] | used[r+1] | used[r+2])
		wall := rows[r-1] & (rows[r-1] >> 1)
		floor := rows[r+2] & (rows[r+2] >> 1)
		a := greedyPairsWhere(col, wall|floor)
		if a == 0 {
			continue
		}
		st.areas += bits.OnesCount32(a)
		used[r] |= a | a<<1
		used[r+1] |= a | a<<1
	}
	var hit [MaxSide + 2]uint32   // cells of vulnerable dominoes within the opponent's reach
	var safes [MaxSide + 2]uint32 // first cells of safe dominoes
	var anySafe uint32
	for r := 1; r <= n; r++ {
		e := ^rows[r] &^ used[r]
		prot := rows[r-1] & rows[r+1]
		safes[r] = greedyPairs(e & prot)
		anySafe |= safes[r]
		safe := safes[r] | safes[r]<<1
		starts[r] = greedyPairs(e &^ safe)
		claimed := safe | starts[r] | starts[r]<<1
		hit[r] = claimed &^ safe &^ prot
		st.spare += bits.OnesCount32(e & prot &^ claimed)
		used[r] |= claimed | e&prot
		// Vulnerable dominoes with a cell out of the opponent's reach.
		st.halfSafe += bits.OnesCount32(starts[r] & (prot | prot>>1))
	}
	for r := 1; r <= n; r++ {
		near := (hit[r-1] | hit[r+1]) & hit[r]
		a := bits.OnesCount32(starts[r] &^ (near | near>>1))
		st.alone += a
		st.shared += bits.OnesCount32(starts[r]) - a
	}
	if anySafe != 0 {
		b.options(p, &used, &safes, &st)
	}
	return st
}

// options counts player p's options (after Bullock's Obsequi): a safe
// domino of hers with an empty cell x next to it along her row, within the
// opponent's reach and in none of her structures, lets her play the
// domino shifted onto x. She loses no safe move by it (the protected
// cells left keep as many dominoes, less the one she played, or more),
// the cell of the safe domino she leaves is out of his reach, and x is
// taken from him, and with it each empty cell u just above or below x
// whose other neighbour across is filled (his only domino on u is the one
// with x). So the option denies him 1 cell besides her dominoes, plus one
// for each such u. The cells x and the empty cells above and below it
// are in no structure of hers and no other option, so each of his
// dominoes spoils at most one option and nothing else; he spoils one by
// playing on x, and she answers by taking another, so she gets every
// other option from the best down (see optionCells). used holds the
// cells of her structures and gets those of the options.
func (b *board) options(p int, used, safes *[MaxSide + 2]uint32, st *structs) {
	rows := &b.rows[p]
	n := b.n[p]
	for r := 1; r <= n; r++ {
		if safes[r] == 0 {
			continue
		}
		// The cells that may be an option's: empty, in no structure (so
		// within his reach: every empty cell out of it is in used), and
		// with no structure's cell just above or below.
		ok := ^rows[r] &^ used[r] &
			(rows[r-1] | ^used[r-1]) & (rows[r+1] | ^used[r+1])
		var chosen uint32
		for m := safes[r]; m != 0; m &= m - 1 {
			t := m & -m
			if x := t >> 1 & ok &^ chosen; x != 0 {
				chosen |= x
			} else if x := t << 2 & ok &^ chosen; x != 0 {
				chosen |= x
			}
		}
		if chosen == 0 {
			continue
		}
		// The empty cells above and below an option's cell whose other
		// neighbour across is filled: his only domino on them is the one
		// with the option's cell.
		var up, down uint32
		if r >= 2 {
			up = ^rows[r-1] & rows[r-2]
		}
		if r+2 <= n+1 {
			down = ^rows[r+1] & rows[r+2]
		}
		both := bits.OnesCount32(chosen & up & down)
		one := bits.OnesCount32(chosen & (up ^ down))
		st.options[3] += both
		st.options[2] += one
		st.options[1] += bits.OnesCount32(chosen) - both - one
		used[r] |= chosen
		used[r-1] |= chosen &^ rows[r-1]
		used[r+1] |= chosen &^ rows[r+1]
	}
}

// optionCells returns the cells a player's options deny the opponent:
// moving second, every other option from the best down, starting with
// the second (he spoils the best, she takes the next); first, starting
// with the best.
func optionCells(st structs, first bool) int16 {
	sum, i := 0, 0
	for v := 3; v >= 1; v-- {
		for range st.options[v] {
			if (i%2 == 0) == first {
				sum += v
			}
			i++
		}
	}
	return int16(sum)
}

// Bounds of sureTable's counts: more are counted as this many.
const (
	sureMaxVuln  = 64
	sureMaxAreas = 16
)

// sureTable[first][areas][alone][shared] is the moves a player is sure to
// make from her areas and vulnerable dominoes (see structures), moving
// first or not, while keeping the opponent to at most half the columns of
// her areas, rounded up: the game where each of her moves takes one of
// them (two moves for an area: it leaves her a safe move) and each of the
// opponent's kills an alone domino or two shared ones, or nothing, or
// plays in an area, which she answers at once by taking another area when
// there is one (so each area he plays in is paired with one she takes),
// played out exactly.
var sureTable = sync.OnceValue(func() *[2][sureMaxAreas][sureMaxVuln][sureMaxVuln]int8 {
	t := new([2][sureMaxAreas][sureMaxVuln][sureMaxVuln]int8)
	for p := range sureMaxAreas {
		for a := range sureMaxVuln {
			for s := range sureMaxVuln {
				// She moves (t[1]): the best for her.
				best := int8(0)
				if p > 0 {
					best = max(best, 2+t[0][p-1][a][s])
				}
				if a > 0 {
					best = max(best, 1+t[0][p][a-1][s])
				}
				if s > 0 {
					best = max(best, 1+t[0][p][a][s-1])
				}
				t[1][p][a][s] = best
				// He moves (t[0]): the worst for her.
				worst := best
				// In an area: he kills it; she answers by taking another,
				// when there is one. (From the area's open side he may
				// kill a shared domino too, but that leaves her an alone
				// one for it, never worse for her: see structures and
				// TestSureTable.)
				switch {
				case p >= 2:
					worst = min(worst, 2+t[0][p-2][a][s])
				case p == 1:
					worst = min(worst, t[1][0][a][s])
				}
				if a > 0 {
					worst = min(worst, t[1][p][a-1][s])
				}
				if s > 0 {
					worst = min(worst, t[1][p][a][max(s-2, 0)])
				}
				t[0][p][a][s] = worst
			}
		}
	}
	return t
})

// sureMoves returns the moves a player is sure of from her structures,
// moving first or not, and the opponent's possible moves she takes away
// meanwhile: two for each area she takes. Moving second, she takes half
// her areas, rounded down, one for each he plays in; moving first, she
// may take one at once, and then half the others.
func sureMoves(st structs, first bool) (moves, denied [2]int16) {
	p, a, s := min(st.areas, sureMaxAreas-1), min(st.alone, sureMaxVuln-1), min(st.shared, sureMaxVuln-1)
	t := sureTable()
	if !first {
		m := int16(t[0][p][a][s])
		return [2]int16{m, m}, [2]int16{int16(p / 2 * 2), int16(p / 2 * 2)}
	}
	moves[0], denied[0] = int16(t[1][p][a][s]), int16(p/2*2)
	moves[1], denied[1] = moves[0], denied[0]
	if p > 0 {
		moves[1], denied[1] = 2+int16(t[0][p-1][a][s]), 2+int16((p-1)/2*2)
	}
	return moves, denied
}

// settleDeep returns whether player p, to move, wins when the bounds
// with areas and vulnerable moves told apart say so: as counts.settle
// (which the search has found does not settle c), with each player's
// sure moves her safe moves and sureMoves of her structures, and the
// opponent's possible moves fewer by those her areas deny him.
func (b *board) settleDeep(p int, c counts) (win, settled bool) {
	return b.settleDeepWith(p, c, true)
}

// settleDeepWith is settleDeep, counting the players' options or not.
func (b *board) settleDeepWith(p int, c counts, withOptions bool) (win, settled bool) {
	if b.surelyWins(p, c, withOptions) {
		return true, true
	}
	return false, b.surelyLoses(p, c, withOptions)
}

// surelyWins reports whether player p, to move, wins by the bounds of
// settleDeep: her sure moves exceed the moves the opponent can make.
func (b *board) surelyWins(p int, c counts, withOptions bool) bool {
	st := b.structures(p)
	if !withOptions {
		st.options = [4]int{}
	}
	moves, denied := sureMoves(st, true)
	opts := optionCells(st, false)
	for i, m := range moves {
		if m += c.safe; m > c.theirMost-denied[i] || m > (c.empty-2*m-spare(st, m-c.safe)-opts)/2 {
			return true
		}
	}
	// Or she takes her best option at once (a safe move), and the race
	// starts with him.
	if c.safe > 0 && st.options != [4]int{} {
		then, denied := sureMoves(st, false)
		m := then[0] + c.safe
		if m > c.theirMost-denied[0] || m > (c.empty-2*m-spare(st, m-c.safe)-optionCells(st, true))/2 {
			return true
		}
	}
	return false
}

// surelyLoses reports whether player p, to move, loses by the bounds of
// settleDeep: the opponent's sure moves are at least the moves she can
// make.
func (b *board) surelyLoses(p int, c counts, withOptions bool) bool {
	st := b.structures(1 - p)
	if !withOptions {
		st.options = [4]int{}
	}
	moves, denied := sureMoves(st, false)
	m := moves[0] + c.theirSafe
	return m >= c.most-denied[0] || m >= (c.empty-2*m-spare(st, m-c.theirSafe)-optionCells(st, false))/2
}

// spare returns the cells a player keeps from the opponent besides those
// of her moves, when she makes m moves of her structures: the cells out
// of his reach in none of her dominoes, and the cell out of his reach of
// each vulnerable domino she does not play (at most m are played).
func spare(st structs, m int16) int16 {
	return int16(st.spare) + max(0, int16(st.halfSafe)-m)
}
