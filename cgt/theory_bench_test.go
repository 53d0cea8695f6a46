package cgt

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchSums is the body of the benchmarks of sums: each run, in a new
// Calc, grows games with grown (rounds rounds of 100, allSmall) from a
// generator seeded with seed1, seed2, and applies op to 200 random sums
// of two of them.
func benchSums(b *testing.B, seed1, seed2 uint64, rounds int, allSmall bool, op func(c *Calc, s Game) error) {
	for b.Loop() {
		c := New(0)
		rng := rand.New(rand.NewPCG(seed1, seed2))
		gs := grown(b, c, rng, rounds, 100, allSmall)
		for range 200 {
			s, err := c.Add(gs[rng.IntN(len(gs))], gs[rng.IntN(len(gs))])
			if err != nil {
				b.Fatal(err)
			}
			if err := op(c, s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkAtomicWeightSums: the atomic weights of 200 sums of two random
// all-small games (grown as in TestAtomicWeightAllSmall), each in a new
// Calc, so the canonical forms of the sums are counted too.
func BenchmarkAtomicWeightSums(b *testing.B) {
	benchSums(b, 21, 7, 3, true, func(c *Calc, s Game) error {
		if _, ok, err := c.AtomicWeight(s); !ok || err != nil {
			return fmt.Errorf("not atomic %v", err)
		}
		return nil
	})
}

// BenchmarkReducedCanonicalSums: the reduced canonical forms of 200 sums
// of two random games (hot ones included), each run in a new Calc.
func BenchmarkReducedCanonicalSums(b *testing.B) {
	benchSums(b, 5, 21, 2, false, func(c *Calc, s Game) error {
		_, err := c.ReducedCanonical(s)
		return err
	})
}
