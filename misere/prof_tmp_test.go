package misere

import (
	"context"
	"os"
	"runtime/pprof"
	"strconv"
	"testing"
	"time"

	"nimber/heap"
)

func TestProfTmp(t *testing.T) {
	code := os.Getenv("PCODE")
	if code == "" {
		t.Skip()
	}
	n, _ := strconv.Atoi(os.Getenv("PN"))
	g, _ := heap.Parse(code)
	s := New(g, 0)
	start := time.Now()
	s.SetQuotientProgress(func(h, o int) { t.Logf("heap %d order %d %.2fs", h, o, time.Since(start).Seconds()) })
	ctx := context.Background()
	if d, err := time.ParseDuration(os.Getenv("PTIMEOUT")); err == nil {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
		go func() {
			time.Sleep(d - time.Second)
			f, _ := os.Create("/tmp/heap.out")
			pprof.WriteHeapProfile(f)
			f.Close()
		}()
	}
	q, err := s.Quotient(ctx, n)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(q.Order)
}
