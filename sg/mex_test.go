package sg

import (
	"math/rand/v2"
	"testing"
)

// naiveMex is the definition: count up from zero until a value is missing.
func naiveMex(values []int) int {
	for m := 0; ; m++ {
		found := false
		for _, v := range values {
			if v == m {
				found = true
			}
		}
		if !found {
			return m
		}
	}
}

func TestMexTable(t *testing.T) {
	for _, tc := range []struct {
		in   []int
		want int
	}{
		{nil, 0},
		{[]int{1, 2}, 0},
		{[]int{0}, 1},
		{[]int{0, 1, 3}, 2},
		{[]int{2, 0, 1, 0}, 3},
		{[]int{-1, 0}, 1},
	} {
		if got := Mex(tc.in...); got != tc.want {
			t.Errorf("Mex(%v) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestMexMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 5000; i++ {
		n := rng.IntN(700)
		limit := 1 + rng.IntN(800)
		vals := make([]int, n)
		for j := range vals {
			vals[j] = rng.IntN(limit)
		}
		// Make long prefixes common so values far above 256 are reached.
		if i%3 == 0 {
			for j := range vals {
				vals[j] = j
			}
			if n > 0 {
				vals[rng.IntN(n)] = -1
			}
		}
		if got, want := Mex(vals...), naiveMex(vals); got != want {
			t.Fatalf("Mex of %d values (limit %d) = %d, want %d", n, limit, got, want)
		}
	}
}

func TestMexSetReset(t *testing.T) {
	var s MexSet
	for v := 0; v < 600; v++ {
		s.Add(v)
	}
	if s.Mex() != 600 || !s.Has(599) || s.Has(600) {
		t.Fatalf("full set: Mex = %d", s.Mex())
	}
	s.Reset()
	s.Add(1)
	if s.Mex() != 0 || s.Has(300) {
		t.Fatalf("after Reset: Mex = %d, Has(300) = %v", s.Mex(), s.Has(300))
	}
}

func TestMexAllocatesNothingForSmallValues(t *testing.T) {
	vals := []int{0, 1, 2, 5, 255}
	if n := testing.AllocsPerRun(100, func() { Mex(vals...) }); n != 0 {
		t.Fatalf("Mex allocated %v times", n)
	}
}

func TestNimSumAndOutcome(t *testing.T) {
	if NimSum(1, 2, 3) != 0 || NimSum(5) != 5 || NimSum() != 0 {
		t.Fatal("NimSum wrong")
	}
	if OutcomeOf(0) != P || OutcomeOf(3) != N || OutcomeOf(3).String() != "N" || !N.FirstPlayerWins() || P.FirstPlayerWins() {
		t.Fatal("OutcomeOf wrong")
	}
}

func BenchmarkMexSet(b *testing.B) {
	vals := make([]int, 200)
	for i := range vals {
		vals[i] = (i * 7) % 230
	}
	var s MexSet
	for b.Loop() {
		s.Reset()
		for _, v := range vals {
			s.Add(v)
		}
		_ = s.Mex()
	}
}
