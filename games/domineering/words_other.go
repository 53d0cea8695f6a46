//go:build !linux

package domineering

import "sync/atomic"

// unmapped counts the tables' mappings given back: none here.
var unmapped atomic.Int64

// allocWords returns n zeroed words for a table, from Go's heap (see the
// Linux version, which maps large tables into huge pages).
func allocWords(n int, _ *table) []atomic.Uint64 { return make([]atomic.Uint64, n) }
