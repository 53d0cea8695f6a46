package cgt

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkAtomicWeightSums: the atomic weights of 200 sums of two random
// all-small games (grown as in TestAtomicWeightAllSmall), each in a new
// Calc, so the canonical forms of the sums are counted too.
func BenchmarkAtomicWeightSums(b *testing.B) {
	for b.Loop() {
		c := New(0)
		rng := rand.New(rand.NewPCG(21, 7))
		gs := grown(b, c, rng, 3, 100, true)
		for range 200 {
			s, err := c.Add(gs[rng.IntN(len(gs))], gs[rng.IntN(len(gs))])
			if err != nil {
				b.Fatal(err)
			}
			if _, ok, err := c.AtomicWeight(s); !ok || err != nil {
				b.Fatal("not atomic", err)
			}
		}
	}
}

// BenchmarkReducedCanonicalSums: the reduced canonical forms of 200 sums
// of two random games (hot ones included), each run in a new Calc.
func BenchmarkReducedCanonicalSums(b *testing.B) {
	for b.Loop() {
		c := New(0)
		rng := rand.New(rand.NewPCG(5, 21))
		gs := grown(b, c, rng, 2, 100, false)
		for range 200 {
			s, err := c.Add(gs[rng.IntN(len(gs))], gs[rng.IntN(len(gs))])
			if err != nil {
				b.Fatal(err)
			}
			if _, err := c.ReducedCanonical(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}
