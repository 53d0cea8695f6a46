package rules

import (
	"encoding/binary"
	"sync"
)

// The memo keeps the encoded moves in an arena of byte chunks, which hold
// no pointers: the garbage collector need not scan them, however many
// positions are kept. A position's entry is where its moves start in the
// arena, a uvarint of their length and then the moves.
const (
	// denseLimit bounds the int positions whose entries the memo keeps in
	// a slice indexed by the int; others are kept in a map.
	denseLimit = 1 << 26
	// chunkSize is the size of a chunk of the arena; moves of more than a
	// quarter of it get a chunk of their own.
	chunkSize = 1 << 20
)

// entry locates moves in the arena: 1 + the index of the chunk, then the
// offset in the chunk. The zero entry is moves not computed.
type entry uint64

// memo keeps the encoded moves of every position computed, once: the
// bound rules, the sequence engine and the unbound calls all share it, and
// a thread that wants moves that another is computing waits for them. It
// is safe for concurrent use.
type memo struct {
	mu     sync.RWMutex
	chunks [][]byte
	small  int     // 1 + the index of the chunk that takes small moves; 0 for none
	dense  []entry // of the int positions 0..len-1
	other  map[Pos]entry
	busy   map[Pos]chan struct{} // positions being computed, closed when done
	bytes  int64                 // estimated size of the memo
}

func newMemo() *memo {
	return &memo{other: make(map[Pos]entry), busy: make(map[Pos]chan struct{})}
}

// get returns the encoded moves of p, and false when they are not known.
func (m *memo) get(p Pos) ([]byte, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	e := m.find(p)
	if e == 0 {
		return nil, false
	}
	return m.at(e), true
}

// find returns the entry of p, with mu held.
func (m *memo) find(p Pos) entry {
	if p.id == 0 && p.n >= 0 && p.n < int64(len(m.dense)) {
		if e := m.dense[p.n]; e != 0 {
			return e
		}
	}
	return m.other[p]
}

// at returns the moves of entry e, with mu held.
func (m *memo) at(e entry) []byte {
	c := m.chunks[e>>32-1][uint32(e):]
	n, k := binary.Uvarint(c)
	return c[k : k+int(n) : k+int(n)]
}

// look is what the memo says of a position when a thread wants its
// moves: they are known (enc), or another thread is computing them (wait
// is closed when it is done), or else the asking thread now computes them
// and must finish or abandon the position.
type look struct {
	enc  []byte
	wait chan struct{}
}

// mine reports a position that the asking thread is to compute.
func (l look) mine() bool { return l.enc == nil && l.wait == nil }

// claim looks p up, claiming it for the caller when its moves are neither
// known nor being computed.
func (m *memo) claim(p Pos) look {
	if enc, ok := m.get(p); ok {
		return look{enc: enc}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.claimLocked(p)
}

// claimLocked is claim with mu held.
func (m *memo) claimLocked(p Pos) look {
	if e := m.find(p); e != 0 {
		return look{enc: m.at(e)}
	}
	if wait, ok := m.busy[p]; ok {
		return look{wait: wait}
	}
	m.busy[p] = make(chan struct{})
	return look{}
}

// claimInts claims the int positions from..to-1 as claim does, and
// returns what the memo says of each in out.
func (m *memo) claimInts(from, to int, out []look) []look {
	m.mu.Lock()
	defer m.mu.Unlock()
	out = out[:0]
	for n := from; n < to; n++ {
		out = append(out, m.claimLocked(Pos{n: int64(n)}))
	}
	return out
}

// finish stores the moves of a claimed position and returns them with the
// memo's estimated size after.
func (m *memo) finish(p Pos, enc []byte) ([]byte, int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.at(m.keep(p, enc)), m.bytes
}

// finishInts stores the moves encs[i] of the int positions from+i that
// looks[i] says are the caller's, and returns the memo's estimated size
// after.
func (m *memo) finishInts(from int, looks []look, encs [][]byte) int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i, l := range looks {
		if l.mine() {
			m.keep(Pos{n: int64(from + i)}, encs[i])
		}
	}
	return m.bytes
}

// abandon gives up the claim of p, whose moves were not computed: a
// thread waiting for them then claims p itself.
func (m *memo) abandon(p Pos) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if wait, ok := m.busy[p]; ok {
		close(wait)
		delete(m.busy, p)
	}
}

// keep stores the moves of p unless they are known, ends a claim of p, and
// returns the entry of the moves, with mu held.
func (m *memo) keep(p Pos, enc []byte) entry {
	if wait, ok := m.busy[p]; ok {
		close(wait)
		delete(m.busy, p)
	}
	if e := m.find(p); e != 0 {
		return e
	}
	e := m.store(enc)
	if p.id == 0 && p.n >= 0 && p.n < denseLimit && p.n < 2*int64(len(m.dense))+4096 {
		m.grow(int(p.n) + 1)
		m.dense[p.n] = e
	} else {
		m.other[p] = e
		m.bytes += 48
	}
	return e
}

// size returns the estimated bytes the memo holds.
func (m *memo) size() int64 {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.bytes
}

// ints returns the encoded moves of the int positions from..to-1, nil for
// those not known.
func (m *memo) ints(from, to int, out [][]byte) [][]byte {
	m.mu.RLock()
	defer m.mu.RUnlock()
	out = out[:0]
	for n := from; n < to; n++ {
		var enc []byte
		if e := m.find(Pos{n: int64(n)}); e != 0 {
			enc = m.at(e)
		}
		out = append(out, enc)
	}
	return out
}

// store copies enc into the arena and returns its entry, with mu held.
func (m *memo) store(enc []byte) entry {
	need := binary.MaxVarintLen64 + len(enc)
	if need > chunkSize/4 {
		c := binary.AppendUvarint(make([]byte, 0, need), uint64(len(enc)))
		m.chunks = append(m.chunks, append(c, enc...))
		m.bytes += int64(need)
		return entry(uint64(len(m.chunks)) << 32)
	}
	if m.small == 0 || cap(m.chunks[m.small-1])-len(m.chunks[m.small-1]) < need {
		m.chunks = append(m.chunks, make([]byte, 0, chunkSize))
		m.bytes += chunkSize
		m.small = len(m.chunks)
	}
	c := m.chunks[m.small-1]
	off := len(c)
	c = binary.AppendUvarint(c, uint64(len(enc)))
	m.chunks[m.small-1] = append(c, enc...)
	return entry(uint64(m.small)<<32 | uint64(off))
}

// grow makes the dense slice at least n long, doubling its capacity as it
// grows, with mu held.
func (m *memo) grow(n int) {
	switch {
	case n <= len(m.dense):
	case n <= cap(m.dense):
		m.dense = m.dense[:n]
	default:
		dense := make([]entry, n, max(n, 2*cap(m.dense)))
		copy(dense, m.dense)
		m.bytes += 8 * int64(cap(dense)-cap(m.dense))
		m.dense = dense
	}
}

// reserve makes room in the dense slice for the int positions 0..n-1.
func (m *memo) reserve(n int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if n > cap(m.dense) && n <= denseLimit {
		dense := make([]entry, len(m.dense), n)
		copy(dense, m.dense)
		m.bytes += 8 * int64(cap(dense)-cap(m.dense))
		m.dense = dense
	}
}
