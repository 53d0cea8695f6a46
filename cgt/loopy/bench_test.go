package loopy

import (
	"context"
	"testing"

	"nimber/cgt"
)

// benchSum returns n copies of the game s added as a graph of n-tuples
// (Sum, not simplified on the way as Parse adds them).
func benchSum(b *testing.B, c *cgt.Calc, s string, n int) Game {
	g := benchGame(b, c, s)
	games := make([]Game, n)
	for i := range games {
		games[i] = g
	}
	sum, err := Sum(0, games...)
	if err != nil {
		b.Fatal(err)
	}
	return sum
}

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
	g := benchSum(b, c, "upon", 4)
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
	g := benchSum(b, c, "upon", 8)
	for b.Loop() {
		Solve(g.Graph)
	}
}

// BenchmarkSidesCarousel describes Bach's carousel plus 1, whose sides
// are not stoppers (looseSides): CGSuite's a{2|2,{2*|a||1*}||1} &
// a{1,{2|||2*|a||1*}|1}.
func BenchmarkSidesCarousel(b *testing.B) {
	for b.Loop() {
		if _, err := DescribeSum(context.Background(), cgt.New(0), []string{"a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}+1"}, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSidesCarouselTimes3 describes three Bach's carousels, a sum
// of more than 64 positions whose sides are found term by term
// (foldSides), CGSuite's slowest example here.
func BenchmarkSidesCarouselTimes3(b *testing.B) {
	for b.Loop() {
		if _, err := DescribeSum(context.Background(), cgt.New(0), []string{"3*a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"}, 0); err != nil {
			b.Fatal(err)
		}
	}
}
