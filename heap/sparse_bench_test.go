package heap

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// sparseRun is one run of BenchmarkSparse: the code's nim-sequence up to
// heap to on the given workers; a long run runs only when asked for by name.
type sparseRun struct {
	code    string
	to      int
	workers int
	long    bool
}

// Sparse timings, with the stats of the run. The default set runs in
// seconds; Grundy's game to 2^24 (about 25 s with 2 workers, 45 s with 1)
// runs only when its size is named:
//
//	go test ./heap -run '^$' -bench 'Sparse/grundy/n=16777216' -benchtime 1x
func BenchmarkSparse(b *testing.B) {
	for _, bc := range []sparseRun{
		{"grundy", 1 << 20, 1, false},
		{"grundy", 1 << 20, 2, false},
		{"0.16", 600000, 1, false},
		{"0.16", 600000, 2, false},
		{"0.77", 1 << 20, 1, false},
		{"grundy", 1 << 24, 1, true},
		{"grundy", 1 << 24, 2, true},
	} {
		b.Run(fmt.Sprintf("%s/n=%d/workers=%d", bc.code, bc.to, bc.workers), func(b *testing.B) {
			if bc.long && !askedFor(bc.to) {
				b.Skip("long: ask for it by name")
			}
			gm, err := Parse(bc.code)
			if err != nil {
				b.Fatal(err)
			}
			var st SparseStats
			for b.Loop() {
				st, err = gm.Sparse(context.Background(), &Seq{}, bc.to, bc.workers)
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(st.Rare), "rare")
			b.ReportMetric(float64(st.FullScans), "fullscans")
			b.ReportMetric(float64(st.Mask), "mask")
			b.ReportMetric(float64(st.Largest), "largest")
		})
	}
}

// askedFor reports whether the -bench pattern names the size to.
func askedFor(to int) bool {
	f := flag.Lookup("test.bench")
	return f != nil && strings.Contains(f.Value.String(), strconv.Itoa(to))
}
