package cram

// table maps non-zero words to small values by open addressing with
// linear probing: the dense solver's memo, where Go's map spent half the
// time of a 3 x 11 strip (docs/performance.md).
type table struct {
	keys  []uint64 // 0 marks an empty slot
	vals  []uint8
	n     int
	shift uint // 64 - log2(len(keys))
}

func newTable() *table {
	const logSize = 12
	return &table{keys: make([]uint64, 1<<logSize), vals: make([]uint8, 1<<logSize), shift: 64 - logSize}
}

// slot returns where key is, or the empty slot where it would go.
func (t *table) slot(key uint64) int {
	mask := len(t.keys) - 1
	i := int((key * 0x9e3779b97f4a7c15) >> t.shift)
	for t.keys[i] != 0 && t.keys[i] != key {
		i = (i + 1) & mask
	}
	return i
}

// get returns key's value and whether it is there.
func (t *table) get(key uint64) (uint8, bool) {
	i := t.slot(key)
	return t.vals[i], t.keys[i] != 0
}

// put sets key's value; key must not be 0.
func (t *table) put(key uint64, v uint8) {
	if 2*(t.n+1) > len(t.keys) {
		t.grow()
	}
	i := t.slot(key)
	if t.keys[i] == 0 {
		t.n++
	}
	t.keys[i], t.vals[i] = key, v
}

// grow doubles the table.
func (t *table) grow() {
	keys, vals := t.keys, t.vals
	t.keys, t.vals = make([]uint64, 2*len(keys)), make([]uint8, 2*len(keys))
	t.shift--
	for i, k := range keys {
		if k != 0 {
			j := t.slot(k)
			t.keys[j], t.vals[j] = k, vals[i]
		}
	}
}
