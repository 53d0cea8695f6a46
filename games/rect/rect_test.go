package rect

import (
	"context"
	"errors"
	"sync"
	"testing"
)

func TestIntervalsNumbering(t *testing.T) {
	for n := 0; n <= 9; n++ {
		iv := NewIntervals(n)
		if iv.Len() != IntervalCount(n) {
			t.Fatalf("n=%d: Len %d, IntervalCount %d", n, iv.Len(), IntervalCount(n))
		}
		seen := make([]bool, iv.Len())
		last := -1
		for l := 0; l <= n; l++ {
			for s := 0; s+l <= n; s++ {
				i := iv.Index(s, l)
				if i != last+1 || seen[i] || iv.Span(s, s+l-1) != i {
					t.Fatalf("n=%d: interval (%d, %d) numbered %d after %d", n, s, l, i, last)
				}
				seen[i] = true
				last = i
			}
		}
		if last != iv.Len()-1 {
			t.Fatalf("n=%d: numbered %d of %d", n, last+1, iv.Len())
		}
	}
	if Cells(2, 3) != 6*10 {
		t.Fatalf("Cells(2, 3) = %d", Cells(2, 3))
	}
}

func TestByLengthOrderAndWorkers(t *testing.T) {
	const n, workers = 30, 3
	var mu sync.Mutex
	done := map[[2]int]bool{}
	err := ByLength(context.Background(), n, workers, func(worker, length, start int) {
		mu.Lock()
		defer mu.Unlock()
		if worker < 0 || worker >= workers {
			t.Errorf("worker %d", worker)
		}
		// Every shorter interval inside this one is already done.
		for l := 1; l < length; l++ {
			for s := start; s+l <= start+length; s++ {
				if !done[[2]int{l, s}] {
					t.Errorf("(%d, %d) before (%d, %d)", length, start, l, s)
				}
			}
		}
		done[[2]int{length, start}] = true
	})
	if err != nil || len(done) != n*(n+1)/2 {
		t.Fatalf("err %v, %d intervals done", err, len(done))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := ByLength(ctx, n, workers, func(int, int, int) {}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: err %v", err)
	}
}
