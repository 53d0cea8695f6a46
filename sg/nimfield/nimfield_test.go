package nimfield

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestMex checks Mul against the mex definition for all a, b < 256.
func TestMex(t *testing.T) {
	const n = 256
	var want [n][n]uint64
	for a := range n {
		for b := range n {
			seen := make([]bool, n*4)
			for x := range a {
				for y := range b {
					seen[want[x][b]^want[a][y]^want[x][y]] = true
				}
			}
			v := uint64(0)
			for seen[v] {
				v++
			}
			want[a][b] = v
			if got := Mul(uint64(a), uint64(b)); got != v {
				t.Fatalf("%d ⊗ %d = %d, the mex definition gives %d", a, b, got, v)
			}
		}
	}
}

// TestKnown checks products that the literature gives: the Fermat
// 2-powers' squares and a few small ones.
func TestKnown(t *testing.T) {
	for _, c := range []struct{ a, b, want uint64 }{
		{2, 2, 3}, {2, 3, 1}, {3, 3, 2}, {4, 4, 6}, {16, 16, 24}, {256, 256, 384},
		{1 << 16, 1 << 16, 3 << 15}, {1 << 32, 1 << 32, 3 << 31}, {5, 6, 8}, {8, 8, 13},
	} {
		if got := Mul(c.a, c.b); got != c.want {
			t.Errorf("%d ⊗ %d = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestField checks the field identities on random 64-bit words, of all
// sizes: commutativity, associativity, distributivity over XOR, inverses
// and square roots.
func TestField(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 2))
	word := func() uint64 { return rng.Uint64() >> rng.UintN(64) }
	for range 20000 {
		a, b, c := word(), word(), word()
		if Mul(a, b) != Mul(b, a) {
			t.Fatalf("%d ⊗ %d != %d ⊗ %d", a, b, b, a)
		}
		if Mul(Mul(a, b), c) != Mul(a, Mul(b, c)) {
			t.Fatalf("(%d ⊗ %d) ⊗ %d != %d ⊗ (%d ⊗ %d)", a, b, c, a, b, c)
		}
		if Mul(a, b^c) != Mul(a, b)^Mul(a, c) {
			t.Fatalf("%d ⊗ (%d ⊕ %d) is not distributed", a, b, c)
		}
		if Mul(a, 1) != a || Mul(a, 0) != 0 {
			t.Fatalf("%d ⊗ 1 or ⊗ 0 wrong", a)
		}
		if s := Sqrt(a); Mul(s, s) != a {
			t.Fatalf("Sqrt(%d) = %d, whose square is %d", a, s, Mul(s, s))
		}
	}
	for range 2000 {
		a := word()
		x, ok := Inv(a)
		if a == 0 {
			if ok {
				t.Fatal("Inv(0) claims an inverse")
			}
			continue
		}
		if !ok || Mul(a, x) != 1 {
			t.Fatalf("Inv(%d) = %d, %v: product %d", a, x, ok, Mul(a, x))
		}
	}
	if Pow(7, 0) != 1 || Pow(2, 2) != 3 {
		t.Error("Pow of small cases wrong")
	}
}

func BenchmarkMul(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	xs := make([]uint64, 1024)
	for i := range xs {
		xs[i] = rng.Uint64()
	}
	var s uint64
	b.ResetTimer()
	for i := range b.N {
		s ^= Mul(xs[i&1023], xs[(i+1)&1023])
	}
	_ = s
}

func BenchmarkInv(b *testing.B) {
	var s uint64
	for i := range b.N {
		x, _ := Inv(uint64(i)*0x9E3779B97F4A7C15 | 1)
		s ^= x
	}
	_ = s
}

func BenchmarkSqrt(b *testing.B) {
	var s uint64
	for i := range b.N {
		s ^= Sqrt(uint64(i) * 0x9E3779B97F4A7C15)
	}
	_ = s
}

// TestTableAndEval checks Table against Mul, its bounds, and Eval's
// operations against the functions they name.
func TestTableAndEval(t *testing.T) {
	tab, err := Table(MaxTable)
	if err != nil || len(tab) != MaxTable {
		t.Fatalf("Table(%d): %d rows, %v", MaxTable, len(tab), err)
	}
	for a := range tab {
		for b := range tab[a] {
			if tab[a][b] != Mul(uint64(a), uint64(b)) {
				t.Fatalf("Table: row %d column %d", a, b)
			}
		}
	}
	for _, n := range []int{0, -1, MaxTable + 1} {
		if _, err := Table(n); err == nil {
			t.Errorf("Table(%d) accepted", n)
		}
	}
	if a, err := Eval("mul", []string{"0x10", "16", "3"}); err != nil || a.Result != strconv.FormatUint(Mul(Mul(16, 16), 3), 10) || a.Args[0] != "16" {
		t.Errorf("Eval mul 0x10 16 3: %+v, %v", a, err)
	}
	for _, bad := range [][]string{{"010x"}, {"-1"}, {"+1"}, {""}, {"0x"}, {"1 "}, {"18446744073709551616"}} {
		if _, err := Eval("sqrt", bad); err == nil {
			t.Errorf("Eval sqrt %q accepted", bad)
		}
	}
	if v, err := Parse("010"); err != nil || v != 10 {
		t.Errorf("Parse(010) = %d, %v: a leading 0 is decimal", v, err)
	}
}

func BenchmarkTable256(b *testing.B) {
	for b.Loop() {
		if _, err := Table(MaxTable); err != nil {
			b.Fatal(err)
		}
	}
}
