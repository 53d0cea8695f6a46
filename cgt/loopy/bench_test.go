package loopy

import (
	"testing"

	"nimber/cgt"
)

// benchGame parses s, failing the benchmark on an error.
func benchGame(b *testing.B, c *cgt.Calc, s string) Game {
	g, err := Parse(c, s)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkSimplifyUpons simplifies upon + upon + upon + upon, a sum
// graph of 81 positions whose simplest form is {0|||0||0|^[on]*}-like.
func BenchmarkSimplifyUpons(b *testing.B) {
	c := cgt.New(0)
	g := benchGame(b, c, "upon+upon+upon+upon")
	for b.Loop() {
		if _, err := Simplify(g, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNotationSiegel writes Siegel's game with a cycle of four plus
// upon, simplifying it first (nimber value's work for it).
func BenchmarkNotationSiegel(b *testing.B) {
	c := cgt.New(0)
	g := benchGame(b, c, "a{0||||0|||a|*||*} + upon")
	for b.Loop() {
		if _, err := Notation(c, g, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolve decides every node of a sum graph of 6,561 positions
// (eight upons) with each player to move.
func BenchmarkSolve(b *testing.B) {
	c := cgt.New(0)
	g := benchGame(b, c, "upon+upon+upon+upon+upon+upon+upon+upon")
	for b.Loop() {
		Solve(g.Graph)
	}
}
