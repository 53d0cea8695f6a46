package canon

import (
	"strconv"
	"testing"

	"nimber/registry/registrytest"
)

// BenchmarkDay4 makes every game born by day 4 from the 5 born by day 3,
// simplifying the 32 option sets, in a new table each time.
func BenchmarkDay4(b *testing.B) {
	for b.Loop() {
		dayForms(New(0), 4)
	}
}

// BenchmarkKayles makes the canonical forms of Kayles heaps 1..14 through
// the game API, in a new table each time.
func BenchmarkKayles(b *testing.B) {
	g := registrytest.Game(b, "0.77")
	for b.Loop() {
		t := New(0)
		for n := 1; n <= 14; n++ {
			fromGame(b, t, g, strconv.Itoa(n))
		}
	}
}

// BenchmarkKaylesSum adds the forms of Kayles heaps 10, 11 and 12 (born
// on day 33), in a new table each time, and writes the sum's plan
// (WrittenLength).
func BenchmarkKaylesSum(b *testing.B) {
	for b.Loop() {
		t := New(0)
		if _, err := t.WrittenLength(kaylesSum(b, t)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNimSum adds *40 + *41 + *42, in a new table each time.
func BenchmarkNimSum(b *testing.B) {
	for b.Loop() {
		t := New(0)
		if _, err := t.Parse("*40 + *41 + *42"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecompose finds the parts and partitions of the sum of Kayles
// heaps 10, 11 and 12 (born on day 33), in a new table each time.
func BenchmarkDecompose(b *testing.B) {
	for b.Loop() {
		t := New(0)
		if _, err := t.Decompose(b.Context(), kaylesSum(b, t)); err != nil {
			b.Fatal(err)
		}
	}
}

// kaylesSum makes in t the form of the sum of Kayles heaps 10, 11 and 12.
func kaylesSum(b *testing.B, t *Table) Form {
	g := registrytest.Game(b, "0.77")
	s, err := t.Sum(fromGame(b, t, g, "10"), fromGame(b, t, g, "11"), fromGame(b, t, g, "12"))
	if err != nil {
		b.Fatal(err)
	}
	return s
}
