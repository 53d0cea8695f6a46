package domineering

import (
	"math/bits"
	"math/rand/v2"
)

// MaxSide is the most rows, and the most columns, of a board the search
// (SolveOutcome, Wins) takes: a row of a board is one 32-bit word, its
// last bit kept filled as the row's end.
const MaxSide = 31

// A board is held twice, once for each player: view 1 (Right's) row by
// row, view 0 (Left's) column by column, so that in each player's own view
// her dominoes join bits i and i+1 of a row and the opponent's join a bit
// with the same bit of the next row. A row is a word whose set bits are
// filled cells, the bits past the row's end included; rows 0 and n+1 are
// all filled, so every cell has a row above and below it.
//
// Each row keeps, packed in lanes of 16 bits, three counts for the player
// whose view it is (see rowCounts), and each view their sums, so that a
// move updates its own few rows and the totals are read at once.
type board struct {
	n    [2]int // rows of each view
	w    [2]int // cells in a row of each view
	rows [2][MaxSide + 2]uint32
	cnt  [2][MaxSide + 2]uint64
	tot  [2]uint64
	// empty is the number of empty cells.
	empty int
	hash  hashes
	zob   *zobrist
	// place ranks each move of player p by where it lies in her view
	// (row*32 + first cell): see setPlaces.
	place [2][(MaxSide + 2) * 32]uint16
}

// Lanes of the packed counts.
const (
	laneReal = 0  // the most disjoint dominoes of the player in the row
	laneSafe = 12 // those on cells out of the opponent's reach
	laneVuln = 24 // those on cells within the opponent's reach, in even rows
	laneOdd  = 36 // the same in odd rows
	laneProt = 48 // the empty cells out of the opponent's reach
	laneBits = 0xfff
)

// pairs16 is, for each 16-bit x, the most disjoint dominoes on its set
// bits (⌊k/2⌋ for each run of k), with bit 7 set when a run reaches bit 15
// with a cell left over, which may pair with bit 0 of the next 16 bits.
var pairs16 = func() (t [1 << 16]uint8) {
	for x := range t {
		n, run := 0, 0
		for i := range 16 {
			if x>>i&1 == 1 {
				run++
				continue
			}
			n += run / 2
			run = 0
		}
		n += run / 2
		if run%2 == 1 {
			n |= 0x80
		}
		t[x] = uint8(n)
	}
	return t
}()

// pairs returns the most disjoint dominoes on the set bits of x, each
// joining a bit and the next: ⌊k/2⌋ for each run of k set bits.
func pairs(x uint32) uint64 {
	lo, hi := pairs16[x&0xffff], x>>16
	if lo&0x80 != 0 && hi&1 != 0 {
		// The run crossing bit 16 pairs its leftover cell with bit 16.
		return uint64(lo&0x7f) + 1 + uint64(pairs16[hi&^1]&0x7f)
	}
	return uint64(lo&0x7f) + uint64(pairs16[hi]&0x7f)
}

// rowCounts returns the counts of a row with the filled cells row between
// the rows above and below, packed in lanes: the player's most disjoint
// dominoes on its empty cells (real), on its empty cells out of the
// opponent's reach (safe: both neighbours along the opponent's direction
// filled), and on its empty cells within the opponent's reach (vuln).
func rowCounts(above, row, below uint32, r int) uint64 {
	e := ^row
	prot := above & below
	return pairs(e)<<laneReal | pairs(e&prot)<<laneSafe | pairs(e&^prot)<<(laneVuln+12*(r&1)) |
		uint64(bits.OnesCount32(e&prot))<<laneProt
}

// lane returns one count of packed counts c.
func lane(c uint64, at int) int { return int(c >> at & laneBits) }

// newBoard returns the board of cells ('.' empty), rows x cols, both at
// most MaxSide.
func newBoard(rows, cols int, cells []byte, zob *zobrist) *board {
	b := &board{n: [2]int{cols, rows}, w: [2]int{rows, cols}, zob: zob}
	for p := range 2 {
		for r := range b.rows[p] {
			b.rows[p][r] = ^uint32(0)
		}
		for r := 1; r <= b.n[p]; r++ {
			b.rows[p][r] = ^uint32(0) << b.w[p]
		}
	}
	b.hash = zob.base
	for r := range rows {
		for c := range cols {
			if cells[r*cols+c] == '.' {
				b.empty++
			} else {
				b.rows[1][r+1] |= 1 << c
				b.rows[0][c+1] |= 1 << r
				b.hash.xor(&zob.cell[r*cols+c])
			}
		}
	}
	for p := range 2 {
		b.setPlaces(p)
	}
	for p := range 2 {
		for r := 1; r <= b.n[p]; r++ {
			b.cnt[p][r] = rowCounts(b.rows[p][r-1], b.rows[p][r], b.rows[p][r+1], r)
			b.tot[p] += b.cnt[p][r]
		}
	}
	return b
}

// moves returns player p's moves in row r of her view, as the bits of
// their first cells: both cells empty, and not both out of the opponent's
// reach (see Wins: such a safe move is never searched) unless all is
// true.
func (b *board) moves(p, r int, all bool) uint32 {
	row := b.rows[p]
	e := ^row[r]
	m := e & (e >> 1)
	if !all {
		prot := row[r-1] & row[r+1]
		m &^= prot & (prot >> 1)
	}
	return m
}

// toggle fills the cells of player p's move at row r, first cell c of her
// view, in both views' rows, or empties them again when filled: the
// rows alone, as the bounds read them (play keeps the counts and
// fingerprints too).
func (b *board) toggle(p, r, c int) {
	b.rows[p][r] ^= 3 << c
	b.rows[1-p][c+1] ^= 1 << (r - 1)
	b.rows[1-p][c+2] ^= 1 << (r - 1)
}

// undo is what a move changed in the counts, to put back.
type undo struct {
	cnt [7]uint64
	tot [2]uint64
	// empty is the number of empty cells.
	empty int
	hash  hashes
}

// play makes player p's move at row r, first cell c of her view,
// keeping what it changes in u.
func (b *board) play(p, r, c int, u *undo) {
	q := 1 - p
	u.tot, u.hash = b.tot, b.hash
	b.empty -= 2
	b.rows[p][r] |= 3 << c
	b.rows[q][c+1] |= 1 << (r - 1)
	b.rows[q][c+2] |= 1 << (r - 1)
	b.hash.xor(&b.zob.move[p][(r-1)*MaxSide+c])
	// Rows r-1..r+1 of p's view and c..c+3 of q's (rows c+1 and c+2
	// changed; their neighbours' reach did).
	copy(u.cnt[:3], b.cnt[p][r-1:r+2])
	copy(u.cnt[3:], b.cnt[q][c:c+4])
	b.recount(p, r-1, r+1)
	b.recount(q, c, c+3)
}

// recount counts again rows from..to of view p, those on the board.
func (b *board) recount(p, from, to int) {
	for i := max(from, 1); i <= min(to, b.n[p]); i++ {
		x := rowCounts(b.rows[p][i-1], b.rows[p][i], b.rows[p][i+1], i)
		b.tot[p] += x - b.cnt[p][i]
		b.cnt[p][i] = x
	}
}

// after returns the counts, for the opponent to move, of the position
// player p's move at row r, first cell c of her view leaves, the board
// left as it was.
func (b *board) after(p, r, c int) counts {
	q := 1 - p
	tot := b.tot
	b.rows[p][r] |= 3 << c
	b.rows[q][c+1] |= 1 << (r - 1)
	b.rows[q][c+2] |= 1 << (r - 1)
	for i := max(r-1, 1); i <= min(r+1, b.n[p]); i++ {
		tot[p] += rowCounts(b.rows[p][i-1], b.rows[p][i], b.rows[p][i+1], i) - b.cnt[p][i]
	}
	for i := max(c, 1); i <= min(c+3, b.n[q]); i++ {
		tot[q] += rowCounts(b.rows[q][i-1], b.rows[q][i], b.rows[q][i+1], i) - b.cnt[q][i]
	}
	b.rows[p][r] &^= 3 << c
	b.rows[q][c+1] &^= 1 << (r - 1)
	b.rows[q][c+2] &^= 1 << (r - 1)
	return countsOf(tot[q], tot[p], b.empty-2)
}

// unplay takes back the move play made.
func (b *board) unplay(p, r, c int, u *undo) {
	q := 1 - p
	b.rows[p][r] &^= 3 << c
	b.rows[q][c+1] &^= 1 << (r - 1)
	b.rows[q][c+2] &^= 1 << (r - 1)
	copy(b.cnt[p][r-1:r+2], u.cnt[:3])
	copy(b.cnt[q][c:c+4], u.cnt[3:])
	b.tot, b.hash = u.tot, u.hash
	b.empty += 2
}

// counts returns the counts of the position for player p to move.
func (b *board) counts(p int) counts { return countsOf(b.tot[p], b.tot[1-p], b.empty) }

// countsOf returns the counts of a position with the packed totals m of
// the player to move and t of her opponent, and empty cells.
func countsOf(m, t uint64, empty int) counts {
	return counts{
		safe: int16(lane(m, laneSafe)), vuln: int16(lane(m, laneVuln)), odd: int16(lane(m, laneOdd)), most: int16(lane(m, laneReal)), prot: int16(lane(m, laneProt)),
		theirSafe: int16(lane(t, laneSafe)), theirVuln: int16(lane(t, laneVuln)), theirOdd: int16(lane(t, laneOdd)), theirMost: int16(lane(t, laneReal)), theirProt: int16(lane(t, laneProt)),
		empty: int16(empty),
	}
}

// hashes are a position's 128-bit Zobrist fingerprints under the board's
// symmetries: images 0-3 the board and its flips upside down, left to
// right and both; for a square board, images 4-7 the same of its
// transpose.
type hashes [8][2]uint64

func (h *hashes) xor(o *hashes) {
	for i := range h {
		h[i][0] ^= o[i][0]
		h[i][1] ^= o[i][1]
	}
}

// zobrist holds the random words of one board's fingerprints.
type zobrist struct {
	rows, cols int
	square     bool
	base       hashes      // the empty board
	cell       []hashes    // a filled cell, by its index row*cols + col
	move       [2][]hashes // a move of player p, by row*MaxSide + first cell in her view
	right      [2]uint64   // Right to move, on a board that is not square
}

// newZobrist returns the fingerprints' words of a rows x cols board.
func newZobrist(rows, cols int) *zobrist {
	z := &zobrist{rows: rows, cols: cols, square: rows == cols, cell: make([]hashes, rows*cols)}
	rng := rand.New(rand.NewPCG(0x6e696d626572, uint64(rows)<<8|uint64(cols)))
	words := make([][2]uint64, rows*cols)
	for i := range words {
		words[i] = [2]uint64{rng.Uint64(), rng.Uint64()}
	}
	z.right = [2]uint64{rng.Uint64(), rng.Uint64()}
	for r := range rows {
		for c := range cols {
			h := &z.cell[r*cols+c]
			at := [4][2]int{{r, c}, {rows - 1 - r, c}, {r, cols - 1 - c}, {rows - 1 - r, cols - 1 - c}}
			for i, a := range at {
				h[i] = words[a[0]*cols+a[1]]
				if z.square {
					h[4+i] = words[a[1]*cols+a[0]]
				}
			}
		}
	}
	for p := range 2 {
		z.move[p] = make([]hashes, MaxSide*MaxSide)
	}
	for r := range rows {
		for c := range cols {
			if c+1 < cols { // Right's move: view 1 is the board
				h := z.cell[r*cols+c]
				h.xor(&z.cell[r*cols+c+1])
				z.move[1][r*MaxSide+c] = h
			}
			if r+1 < rows { // Left's: view 0 row c, cells r and r+1
				h := z.cell[r*cols+c]
				h.xor(&z.cell[(r+1)*cols+c])
				z.move[0][c*MaxSide+r] = h
			}
		}
	}
	return z
}

// key returns the table's key of the position of b with player p to move:
// the least of its images under the flips, so a position and its flips
// share an entry; on a square board Right's key is her transpose's, so a
// position with Right to move shares the entry of its transpose with Left
// to move, which is the same game with the players' roles swapped.
func (b *board) key(p int) [2]uint64 { return keyOf(&b.hash, p, b.zob) }

// keyOf returns the key of a position with fingerprints h and player p to
// move on the board of zob (see board.key).
func keyOf(h *hashes, p int, zob *zobrist) [2]uint64 {
	first := 0
	if p == 1 && zob.square {
		first = 4
	}
	k := h[first]
	for i := first + 1; i < first+4; i++ {
		if x := h[i]; x[0] < k[0] || x[0] == k[0] && x[1] < k[1] {
			k = x
		}
	}
	if p == 1 && !zob.square {
		k[0] ^= zob.right[0]
		k[1] ^= zob.right[1]
	}
	return k
}

// setPlaces ranks player p's moves by where they lie in her view, for the
// order of the search among moves that change the counts alike. The
// ranks follow Bullock's Obsequi: a domino on the second row from an edge
// (so that the edge row becomes hers, out of the opponent's reach), then
// the fourth and so on, is best; then the third, fifth, ... rows; the
// edge rows last; within each, dominoes at an even offset from the
// nearer end of the row first (they tile the row without waste), and
// nearer the edges first.
func (b *board) setPlaces(p int) {
	n, w := b.n[p], b.w[p]
	for r := 1; r <= n; r++ {
		dr := min(r-1, n-r) // rows to the nearer edge
		for c := 0; c+1 < w; c++ {
			dc := min(c, w-2-c) // cells to the nearer end
			tier := 0
			switch {
			case dr%2 == 1 && dc%2 == 0:
				tier = 4
			case dr%2 == 1:
				tier = 3
			case dr > 0 && dc%2 == 0:
				tier = 2
			case dr > 0:
				tier = 1
			}
			b.place[p][r*32+c] = uint16(tier<<10 | (31-dr)<<5 | (31 - dc))
		}
	}
}
