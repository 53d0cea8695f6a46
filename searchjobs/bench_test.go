package searchjobs

import (
	"context"
	"flag"
	"sync/atomic"
	"testing"
	"time"

	"nimber/game"
	"nimber/games/domineering"
)

var (
	benchSubtrees = flag.Int("subtrees", 4, "BenchmarkSubtrees8x8: Left's first subtrees of 8 x 8 searched")
	benchCap      = flag.Duration("subtree.cap", 60*time.Second, "BenchmarkSubtrees8x8: stop a subtree after this long, its positions counted")
	benchTable    = flag.Int("subtree.mib", 64, "BenchmarkSubtrees8x8: each subtree's table in MiB")
)

// BenchmarkSubtrees8x8 searches Left's first subtrees of the empty 8 x 8
// board (-subtrees, each stopped after -subtree.cap) one at a time on one
// thread, as a goroutine of a split run or a worker with one core does,
// and reports the positions a second of one core: the figure to plan a
// larger board's split run by.
func BenchmarkSubtrees8x8(b *testing.B) {
	g, err := ParseBoard("........|........|........|........|........|........|........|........")
	if err != nil {
		b.Fatal(err)
	}
	children, _, _, err := domineering.Split(g, game.Left)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		var positions int64
		var secs float64
		for i, c := range children[:min(*benchSubtrees, len(children))] {
			ctx, cancel := context.WithTimeout(context.Background(), *benchCap)
			var seen atomic.Int64
			t0 := time.Now()
			win, st, err := domineering.Wins(ctx, c, game.Right, game.OutcomeOptions{Threads: 1, TableMiB: *benchTable, Progress: func(n int64) { seen.Store(n) }})
			d := time.Since(t0).Seconds()
			cancel()
			n := st.Nodes
			state := "decided"
			if err != nil {
				n, state = seen.Load(), "stopped"
			} else if !win {
				state = "decided: Left's move wins"
			}
			b.Logf("subtree %d: %s, %d positions in %.2f s: %.0f a second", i, state, n, d, float64(n)/d)
			positions += n
			secs += d
		}
		b.ReportMetric(float64(positions)/secs, "positions/s")
	}
}
