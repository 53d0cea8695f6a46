package domineering

import (
	"runtime"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// unmapped counts the tables' mappings given back, for the tests.
var unmapped atomic.Int64

// allocWords returns n zeroed words for a table. A table of hugeTable
// bytes or more is mapped apart from Go's heap and advised into
// transparent huge pages: its probes are random, and with 4 KiB pages
// most of them would also miss the TLB (8 x 9 on one thread: 132 s with
// a 1 GiB table against 118 s with 256 MiB, for 2% fewer positions; 123 s
// with 1 GiB in huge pages). The kernel may compact memory to fault a
// huge page in, milliseconds each, which only a long search repays: a
// smaller table stays in Go's heap. The mapping is given back once owner
// is unreachable. When the kernel refuses the mapping, or the advice,
// the words come from Go's heap, or stay in small pages.
func allocWords(n int, owner *table) []atomic.Uint64 {
	size := n * 8
	if size < hugeTable {
		return make([]atomic.Uint64, n)
	}
	// One huge page more than asked, so that the words can start on a
	// huge page's boundary.
	m, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]atomic.Uint64, n)
	}
	off := (hugePage - int(uintptr(unsafe.Pointer(&m[0]))%hugePage)) % hugePage
	w := m[off : off+size]
	_ = syscall.Madvise(w, syscall.MADV_HUGEPAGE) // a hint: without it, small pages
	runtime.AddCleanup(owner, func(m []byte) {
		if syscall.Munmap(m) == nil {
			unmapped.Add(1)
		}
	}, m)
	return unsafe.Slice((*atomic.Uint64)(unsafe.Pointer(&w[0])), n)
}
