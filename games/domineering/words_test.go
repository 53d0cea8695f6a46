package domineering

import (
	"runtime"
	"testing"
	"time"
	"unsafe"
)

// TestAllocWords checks the words of a table, small (from the heap) and
// large (mapped into huge pages on Linux): as many as asked, zero,
// writable, a large table's starting on a huge page; and that the
// mappings of tables dropped are given back.
func TestAllocWords(t *testing.T) {
	for _, n := range []int{8, hugeTable / 8} {
		w := allocWords(n, &table{})
		if len(w) != n {
			t.Fatalf("allocWords(%d): %d words", n, len(w))
		}
		if n*8 >= hugeTable && runtime.GOOS == "linux" && uintptr(unsafe.Pointer(&w[0]))%hugePage != 0 {
			t.Errorf("allocWords(%d) starts at %p, not on a huge page", n, &w[0])
		}
		for i := 0; i < n; i += 511 {
			if w[i].Load() != 0 {
				t.Fatalf("allocWords(%d): word %d is %#x", n, i, w[i].Load())
			}
			w[i].Store(uint64(i))
		}
	}
	if runtime.GOOS != "linux" {
		return
	}
	before := unmapped.Load()
	for range 20 {
		newTable(hugeTable >> 20)
	}
	for range 100 {
		if unmapped.Load()-before >= 20 {
			return
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d of 20 tables dropped were given back", unmapped.Load()-before)
}
