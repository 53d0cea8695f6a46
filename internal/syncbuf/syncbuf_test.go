package syncbuf

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestConcurrentWrites: writes from many goroutines all land, whole.
func TestConcurrentWrites(t *testing.T) {
	var b Buffer
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			fmt.Fprintf(&b, "line %d\n", i)
			_ = b.String()
		})
	}
	wg.Wait()
	if got := strings.Count(b.String(), "\n"); got != 50 {
		t.Errorf("%d lines, want 50", got)
	}
}
