package rules

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"sync"

	"go.starlark.net/starlark"
)

// Limits of the values a rules file deals in.
const (
	// maxKey bounds the canonical encoding of one position (a string or a
	// tuple), in bytes.
	maxKey = 1 << 16
	// maxDepth bounds the nesting of tuples in a position.
	maxDepth = 64
	// maxOptions bounds the options moves(p) may return.
	maxOptions = 1 << 22
)

// Pos is a position of a rules file: a comparable key for a Starlark
// value. An int that fits in 64 bits is held directly; any other position
// (a string, bool, None, tuple or larger int) by its number in the table
// of positions of its Rules. Two Pos of one Rules are equal exactly when
// their values are. The zero Pos is the int 0.
type Pos struct {
	n  int64
	id uint32 // 0 for the int n; else 1 + the index of the value in the table
}

// Int returns the int of an int position that fits in 64 bits, and false
// for any other position.
func (p Pos) Int() (int64, bool) { return p.n, p.id == 0 }

// table interns the positions that are not 64-bit ints by their canonical
// key, so that equal values get equal Pos. It is safe for concurrent use.
type table struct {
	mu    sync.RWMutex
	ids   map[string]uint32
	vals  []starlark.Value
	bytes int64 // estimated size of the table
}

// value returns the Starlark value of p.
func (t *table) value(p Pos) starlark.Value {
	if p.id == 0 {
		return starlark.MakeInt64(p.n)
	}
	t.mu.RLock()
	v := t.vals[p.id-1]
	t.mu.RUnlock()
	return v
}

// intern returns the Pos of the value v whose canonical key is key.
func (t *table) intern(key []byte, v starlark.Value) Pos {
	t.mu.RLock()
	id, ok := t.ids[string(key)]
	t.mu.RUnlock()
	if ok {
		return Pos{id: id}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if id, ok := t.ids[string(key)]; ok {
		return Pos{id: id}
	}
	t.vals = append(t.vals, v)
	id = uint32(len(t.vals))
	t.ids[string(key)] = id
	t.bytes += 2*int64(len(key)) + 64
	return Pos{id: id}
}

// size returns the estimated bytes the table holds.
func (t *table) size() int64 {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.bytes
}

// notPosition says why a value is not a position: its type, and the type
// of the tuple it stands in when it is nested.
type notPosition struct {
	v      starlark.Value
	nested bool
	long   bool // a position over maxKey bytes
	deep   bool // tuples nested over maxDepth
}

func (e *notPosition) Error() string {
	switch {
	case e.long:
		return fmt.Sprintf("a position of over %d bytes", maxKey)
	case e.deep:
		return fmt.Sprintf("tuples nested over %d deep", maxDepth)
	case e.nested:
		return "a tuple holding " + article(e.v) + "; a position is an int, string, bool, None or a tuple of them"
	}
	return article(e.v) + "; a position is an int, string, bool, None or a tuple of them"
}

// article names the type of v with its article: "a list", "an int", "None".
func article(v starlark.Value) string {
	t := v.Type()
	switch t {
	case "NoneType":
		return "None"
	case "int":
		return "an int"
	}
	return "a " + t
}

// posOf returns the Pos of v, using key as scratch space, or a
// *notPosition when v is not a position.
func (t *table) posOf(v starlark.Value, key []byte) (Pos, []byte, error) {
	if i, ok := v.(starlark.Int); ok {
		if n, ok := i.Int64(); ok {
			return Pos{n: n}, key, nil
		}
	}
	key, err := appendKey(key[:0], v, 0)
	if err != nil {
		return Pos{}, key, err
	}
	return t.intern(key, v), key, nil
}

// appendKey appends the canonical key of position v: a tag byte, then the
// value; tuples hold the keys of their elements.
func appendKey(b []byte, v starlark.Value, depth int) ([]byte, error) {
	if len(b) > maxKey {
		return b, &notPosition{v: v, long: true}
	}
	switch x := v.(type) {
	case starlark.Int:
		if n, ok := x.Int64(); ok {
			return binary.AppendVarint(append(b, 'i'), n), nil
		}
		s := x.String()
		return append(binary.AppendUvarint(append(b, 'I'), uint64(len(s))), s...), nil
	case starlark.String:
		if len(x) > maxKey {
			return b, &notPosition{v: v, long: true}
		}
		return append(binary.AppendUvarint(append(b, 's'), uint64(len(x))), x...), nil
	case starlark.Bool:
		if x {
			return append(b, 't'), nil
		}
		return append(b, 'f'), nil
	case starlark.NoneType:
		return append(b, 'n'), nil
	case starlark.Tuple:
		if depth >= maxDepth {
			return b, &notPosition{v: v, deep: true}
		}
		b = binary.AppendUvarint(append(b, '('), uint64(len(x)))
		for _, e := range x {
			var err error
			if b, err = appendKey(b, e, depth+1); err != nil {
				if np, ok := err.(*notPosition); ok && !np.long && !np.deep {
					np.nested = true
				}
				return b, err
			}
		}
		return b, nil
	}
	return b, &notPosition{v: v}
}

// repr writes p as Starlark writes its value: 5, "xox", (1, 2).
func (t *table) repr(p Pos) string {
	if p.id == 0 {
		return strconv.FormatInt(p.n, 10)
	}
	return t.value(p).String()
}

// The moves of a position are kept encoded in a compact byte string: for
// each option the number of its parts, then each part. A part is a uvarint
// whose two low bits tag it: 0 a non-negative int n (the rest is n), 1 a
// negative int -1-n, 2 a value of the table (the rest is its id), 3 an int
// of any size (then a uvarint of its 64 bits).

const (
	tagInt  = 0
	tagNeg  = 1
	tagID   = 2
	tagWide = 3
	small   = 1 << 61
)

// appendPart appends the encoding of p.
func appendPart(b []byte, p Pos) []byte {
	switch {
	case p.id != 0:
		return binary.AppendUvarint(b, uint64(p.id)<<2|tagID)
	case p.n >= 0 && p.n < small:
		return binary.AppendUvarint(b, uint64(p.n)<<2|tagInt)
	case p.n < 0 && p.n >= -small:
		return binary.AppendUvarint(b, uint64(-(p.n+1))<<2|tagNeg)
	}
	return binary.AppendUvarint(append(b, tagWide), uint64(p.n))
}

// uvarint decodes a uvarint at the start of b, with a fast path for one
// byte; the encodings are ours, so b is well formed.
func uvarint(b []byte) (uint64, []byte) {
	if b[0] < 0x80 {
		return uint64(b[0]), b[1:]
	}
	x, n := binary.Uvarint(b)
	return x, b[n:]
}

// decodePart decodes the part at the start of b.
func decodePart(b []byte) (Pos, []byte) {
	x, b := uvarint(b)
	switch x & 3 {
	case tagInt:
		return Pos{n: int64(x >> 2)}, b
	case tagNeg:
		return Pos{n: -int64(x>>2) - 1}, b
	case tagID:
		return Pos{id: uint32(x >> 2)}, b
	}
	x, b = uvarint(b)
	return Pos{n: int64(x)}, b
}

// options iterates over encoded moves: it calls yield with each option's
// index and parts (valid during the call only) until yield returns false.
func options(enc []byte, yield func(int, []Pos) bool) {
	var buf [4]Pos
	parts := buf[:0]
	for i := 0; len(enc) > 0; i++ {
		var k uint64
		k, enc = uvarint(enc)
		parts = parts[:0]
		for ; k > 0; k-- {
			var p Pos
			p, enc = decodePart(enc)
			parts = append(parts, p)
		}
		if !yield(i, parts) {
			return
		}
	}
}
