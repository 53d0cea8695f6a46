package canon

import (
	"context"
	"strconv"
	"testing"

	"nimber/registry"
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
	g, _, err := registry.Lookup("0.77")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		t := New(0)
		for n := 1; n <= 14; n++ {
			pos, _ := g.Parse(strconv.Itoa(n))
			if _, err := t.FromGame(context.Background(), g, pos, 0); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkKaylesSum adds the forms of Kayles heaps 10, 11 and 12 (born
// on day 33), in a new table each time, and writes the sum's plan
// (WrittenLength).
func BenchmarkKaylesSum(b *testing.B) {
	g, _, err := registry.Lookup("0.77")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		t := New(0)
		var fs []Form
		for _, n := range []string{"10", "11", "12"} {
			pos, _ := g.Parse(n)
			f, err := t.FromGame(context.Background(), g, pos, 0)
			if err != nil {
				b.Fatal(err)
			}
			fs = append(fs, f)
		}
		s, err := t.Sum(fs...)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := t.WrittenLength(s); err != nil {
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
