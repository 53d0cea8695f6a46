package heap

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"testing"

	"nimber/internal/testsize"
)

// tinySparse reaches every path of Sparse on small heaps: the mask is
// re-chosen often, helpers come and go, scans go parallel after a few
// splits, the pipeline runs in batches of 5 heaps from 4 rare heaps on.
var tinySparse = sparseTuning{
	firstCheck: 8, mask: -1,
	prefix: 2, resort: 4, helperAge: 16,
	parMin: 16, seqScan: 4,
	batch: 5, pipeMin: 4,
}

// sparseVals runs the sparse engine from a copy of prefix and returns the
// values as a slice.
func sparseVals(gm *Code, ctx context.Context, prefix []uint16, to, workers int, tu sparseTuning) ([]uint16, SparseStats, error) {
	g := NewSeq(prefix)
	st, err := gm.sparse(ctx, g, to, workers, tu)
	return g.Values(0, g.Len()), st, err
}

// plainValues is Plain from scratch, failing the test on an error.
func plainValues(t testing.TB, gm *Code, to int) []uint16 {
	t.Helper()
	want, err := gm.Plain(context.Background(), nil, to)
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// checkSparse compares Sparse with want, from scratch and from the prefix
// of from values, with the workers given (1 and 2 by default), with the
// default and the tiny tuning; and checks the stats.
func checkSparse(t *testing.T, gm *Code, want []uint16, from int, workerCounts ...int) {
	t.Helper()
	if len(workerCounts) == 0 {
		workerCounts = []int{1, 2}
	}
	for _, tu := range []sparseTuning{defaultSparseTuning, tinySparse} {
		for _, workers := range workerCounts {
			for _, start := range []int{0, from} {
				prefix := slices.Clone(want[:start])
				got, st, err := sparseVals(gm, context.Background(), prefix, len(want), workers, tu)
				if err != nil {
					t.Fatalf("%s from %d, %d workers, %+v: %v", gm, start, workers, tu, err)
				}
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("%s from %d, %d workers, %+v: heap %d: sparse %d, plain %d", gm, start, workers, tu, i, got[i], want[i])
				}
				checkStats(t, gm, got, st)
			}
		}
	}
}

func firstDiff(got, want []uint16) int {
	for i := range max(len(got), len(want)) {
		if i >= len(got) || i >= len(want) || got[i] != want[i] {
			return i
		}
	}
	return -1
}

func checkStats(t *testing.T, gm *Code, g []uint16, st SparseStats) {
	t.Helper()
	rare, largest := 0, uint16(0)
	for _, v := range g {
		if popcount16(v&st.Mask)%2 == 0 {
			rare++
		}
		largest = max(largest, v)
	}
	if st.Rare != rare || st.Largest != largest || st.FullScans < 0 || st.FullScans > len(g) {
		t.Fatalf("%s to %d: stats %+v; want Rare %d, Largest %d", gm, len(g), st, rare, largest)
	}
}

func popcount16(v uint16) int {
	c := 0
	for ; v != 0; v &= v - 1 {
		c++
	}
	return c
}

// TestSparseAllOctal3 compares Sparse with Plain on every code d0.d1d2d3,
// d0 = 0 or 4 (splitting without removing), d1..d3 octal: 1024 games.
func TestSparseAllOctal3(t *testing.T) {
	to := 2000
	if testing.Short() {
		to = 300
	}
	for _, d0 := range []uint8{0, 4} {
		t.Run(fmt.Sprint(d0), func(t *testing.T) {
			t.Parallel()
			for d := range 512 {
				gm := &Code{Digits: []uint8{d0, uint8(d >> 6), uint8(d >> 3 & 7), uint8(d & 7)}}
				gm.Text = gm.String()
				want := plainValues(t, gm, to)
				checkSparse(t, gm, want, to/3)
				checkExtend(t, gm, want)
			}
		})
	}
}

// checkExtend compares Extend (which fills in a proven period) with want.
func checkExtend(t *testing.T, gm *Code, want []uint16) {
	t.Helper()
	g := &Seq{}
	if err := gm.Extend(context.Background(), g, len(want)); err != nil {
		t.Fatalf("%s: Extend: %v", gm, err)
	}
	if i := firstDiff(g.Values(0, g.Len()), want); i >= 0 {
		t.Fatalf("%s: Extend: heap %d: %d, plain %d", gm, i, g.At(i), want[i])
	}
}

// TestSparseGames compares Sparse with Plain on Grundy's game, hexadecimal
// codes (three-heap moves), longer codes and subtraction games.
func TestSparseGames(t *testing.T) {
	long := func(n int) int { return testsize.N(n, n/4) }
	for _, tc := range []struct {
		code string
		to   int
	}{
		{"grundy", long(20000)},
		{"0.16", long(10000)},
		{"0.8F", 300}, {"0.F", 300}, {"8.0", 300}, {"C.0", 300}, {"4.9", 300},
		{"0.B7", 300}, {"0.4C", 300}, {"0.FF", 300}, {"0.1D", 300}, {"8.3", 300},
		{"0.4444444", long(3000)}, {"0.06", long(3000)}, {"0.376", long(3000)},
		{"0.56", long(3000)}, {"0.7777", long(3000)}, {"4.04", long(3000)},
		{"0.000000000004", long(3000)}, {"sub:1,3,4", 1000}, {"0.77", long(5000)},
		{"4!.4", long(3000)}, {"0.127", long(3000)},
	} {
		gm := &Code{Text: tc.code, Digits: []uint8{4, 4}, Unequal: true} // unequal splits, also after taking one
		if tc.code != "4!.4" {
			var err error
			if gm, err = Parse(tc.code); err != nil {
				t.Fatal(err)
			}
		}
		want := plainValues(t, gm, tc.to)
		checkSparse(t, gm, want, tc.to/2)
		if tc.code == "grundy" || tc.code == "0.127" {
			checkSparse(t, gm, want, tc.to/3, 3, 4)
		}
	}
}

// TestSparseAnyMask checks that the values do not depend on the mask:
// every mask of 0..63 fixed.
func TestSparseAnyMask(t *testing.T) {
	long := testsize.N(1500, 400)
	for _, tc := range []struct {
		code string
		to   int
	}{{"grundy", long}, {"0.16", long}, {"0.77", long}, {"4.16", long}, {"0.8F", 200}} {
		code, to := tc.code, tc.to
		gm, _ := Parse(code)
		want := plainValues(t, gm, to)
		for mask := range 64 {
			for _, workers := range []int{1, 2} {
				tu := tinySparse
				tu.mask = mask
				got, st, err := sparseVals(gm, context.Background(), nil, to, workers, tu)
				if err != nil || st.Mask != uint16(mask) {
					t.Fatalf("%s mask %d: %v, stats %+v", code, mask, err, st)
				}
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("%s mask %d, %d workers: heap %d: sparse %d, plain %d", code, mask, workers, i, got[i], want[i])
				}
				checkStats(t, gm, got, st)
			}
		}
	}
}

// TestSparseGolden checks known values: Grundy's game's first values (the
// specification), agreeing with Plain to 20000, and 0.16's first 10000
// values by their FNV-1a hash, as Plain computes them.
func TestSparseGolden(t *testing.T) {
	gm, _ := Parse("grundy")
	got, _, err := sparseVals(gm, context.Background(), nil, 20000, 2, defaultSparseTuning)
	if err != nil {
		t.Fatal(err)
	}
	if want := golden["grundy"]; !slices.Equal(got[:len(want)], want) {
		t.Errorf("grundy: %v, want %v", got[:len(want)], want)
	}
	if !testing.Short() {
		if i := firstDiff(got, plainValues(t, gm, 20000)); i >= 0 {
			t.Errorf("grundy: heap %d differs from plain", i)
		}
	}
	for code, want := range golden {
		gm, _ := Parse(code)
		got, _, err := sparseVals(gm, context.Background(), nil, len(want), 1, defaultSparseTuning)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%s: %v (%v), want %v", code, got, err, want)
		}
	}

	gm, _ = Parse("0.16")
	got, st, err := sparseVals(gm, context.Background(), nil, 10000, 2, defaultSparseTuning)
	if err != nil {
		t.Fatal(err)
	}
	if h := hash16(got); h != golden016Hash || st.Largest != golden016Largest {
		t.Errorf("0.16 to 10000: hash %#x, largest %d; want %#x, %d", h, st.Largest, golden016Hash, golden016Largest)
	}
	if !testing.Short() {
		if h := hash16(plainValues(t, gm, 10000)); h != golden016Hash {
			t.Errorf("0.16 to 10000: plain hash %#x, want %#x", h, golden016Hash)
		}
	}
}

// The first 10000 values of 0.16, by Plain.
const (
	golden016Hash    uint64 = 0x8bad75ae5f3a71c0
	golden016Largest uint16 = 16
)

func hash16(g []uint16) uint64 {
	h := fnv.New64a()
	for _, v := range g {
		h.Write([]byte{byte(v), byte(v >> 8)})
	}
	return h.Sum64()
}

// TestSparseLiterature checks Sparse far beyond Plain's reach against
// published results: the last exceptional value (the last n with G(n) !=
// G(n+p)) of octal games with a known period p, with the values the
// Guy–Smith condition needs (2 n0 + p + t, n0 = last + 1, t the largest
// removal), and the first values of 0.16 (OEIS A071430).
func TestSparseLiterature(t *testing.T) {
	// A071430, G(1..102) of 0.16.
	a071430 := []uint16{1, 0, 0, 1, 2, 2, 1, 4, 0, 1, 4, 2, 1, 4, 0, 1, 4, 2, 1, 4, 2, 1, 0, 2, 1, 4, 2, 1, 4, 5, 1, 4, 2, 1,
		4, 2, 1, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 1, 4, 2, 3, 3, 2, 5, 4, 2, 5, 4, 2, 3, 1, 2, 5, 4, 2,
		3, 4, 2, 5, 4, 2, 3, 3, 2, 5, 4, 2, 5, 3, 2, 5, 3, 2, 1, 4, 2, 5, 3, 2, 5, 4, 2, 5, 3, 2}
	for _, tc := range []struct {
		code    string
		p, last int
		long    bool
	}{
		{"0.16", 149459, 105350, false}, // Gangolli and Plambeck; OEIS A071430
		{"0.127", 4, 46577, false},      // Gangolli and Plambeck; OEIS A071464
		{"0.56", 144, 326639, false},    // the specification: preperiod 326640
		{"0.376", 4, 2268247, true},     // the specification: preperiod 2268248
	} {
		if tc.long && testing.Short() {
			continue
		}
		gm, _ := Parse(tc.code)
		to := 2*(tc.last+1) + tc.p + gm.MaxRemoval()
		g, st, err := sparseVals(gm, context.Background(), nil, to, 2, defaultSparseTuning)
		if err != nil {
			t.Fatal(err)
		}
		last := len(g) - tc.p - 1
		for last >= 0 && g[last] == g[last+tc.p] {
			last--
		}
		if last != tc.last {
			t.Errorf("%s to %d: last exception at %d, want %d (period %d); stats %+v", tc.code, to, last, tc.last, tc.p, st)
		}
		if tc.code == "0.16" && !slices.Equal(g[1:len(a071430)+1], a071430) {
			t.Errorf("0.16: G(1..%d) = %v, want %v", len(a071430), g[1:len(a071430)+1], a071430)
		}
	}
}

// TestSparseNothingToDo: with to <= len(g), Sparse returns g as it is.
func TestSparseNothingToDo(t *testing.T) {
	gm, _ := Parse("grundy")
	g := golden["grundy"]
	for _, to := range []int{0, 5, len(g)} {
		got, st, err := sparseVals(gm, context.Background(), g, to, 2, defaultSparseTuning)
		if err != nil || !slices.Equal(got, g) || st.Largest != slices.Max(g) {
			t.Errorf("to %d: %v, %+v, %v", to, got, st, err)
		}
	}
}

// TestSparseTooLarge: a value above 65535 is an error, the values before it
// are kept. The prefix (not a game's values) is 0..65535, then zeros, so
// that the splits of 2^17 give every value 0..65535.
func TestSparseTooLarge(t *testing.T) {
	gm, _ := Parse("4.0")
	prefix := make([]uint16, 1<<17)
	for i := range 1 << 16 {
		prefix[i] = uint16(i)
	}
	_, err := gm.Plain(context.Background(), slices.Clone(prefix), len(prefix)+1)
	if err == nil || !strings.Contains(err.Error(), "exceeds 65535") {
		t.Fatalf("plain: %v", err)
	}
	for _, workers := range []int{1, 2} {
		got, _, err := sparseVals(gm, context.Background(), slices.Clone(prefix), len(prefix)+1, workers, defaultSparseTuning)
		if err == nil || !strings.Contains(err.Error(), "exceeds 65535") || !slices.Equal(got, prefix) {
			t.Fatalf("sparse: %v, %d values", err, len(got))
		}
	}
}

// TestSparseCancel: a cancelled context stops Sparse with the values so far.
func TestSparseCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	gm, _ := Parse("grundy")
	got, _, err := sparseVals(gm, ctx, []uint16{0, 0, 0}, 1<<20, 1, defaultSparseTuning)
	if err == nil || len(got) != 3 || !slices.Equal(got[:3], []uint16{0, 0, 0}) {
		t.Fatalf("%v, %d values", err, len(got))
	}
	got, _, err = sparseVals(gm, ctx, got, 3, 1, defaultSparseTuning)
	if err != nil || len(got) < 3 {
		t.Fatalf("nothing to do: %v, %d values", err, len(got))
	}
}
