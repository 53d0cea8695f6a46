package canon

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"nimber/internal/testsize"
)

// partsForms are the forms the parts tests range over: those born by day
// 4, forms of random games, and sums of two of the first 30 (sums have
// parts other than themselves).
// It returns the forms that are not sums apart too.
func partsForms(t *testing.T) (tb *Table, all, notSums []Form) {
	tb = New(0)
	fs := theoryForms(tb, testsize.N(60, 20))
	return tb, append(fs, pairSums(t, tb, fs[:30])...), fs
}

// TestDifferenceTwin holds Difference to what defines it, over every x
// of partsForms and y of them that is not a sum: (x + y) − x is y (misère
// games cancel, so nothing else may be found); every difference found of
// x and y, or y and x, adds back up.
func TestDifferenceTwin(t *testing.T) {
	tb, fs, notSums := partsForms(t)
	for _, x := range fs {
		for _, y := range notSums {
			s, err := tb.Add(x, y)
			if err != nil {
				t.Fatal(err)
			}
			d, ok, err := tb.Difference(s, x)
			if err != nil || !ok || d != y {
				t.Fatalf("(%s + %s) − %s: %v, %v, %v; want %s", tb.MustString(x), tb.MustString(y), tb.MustString(x), ok, err, d, tb.MustString(y))
			}
			for _, p := range [][2]Form{{x, y}, {y, x}} {
				if d, ok, err := tb.Difference(p[0], p[1]); err != nil {
					t.Fatal(err)
				} else if ok {
					if back, err := tb.Add(p[1], d); err != nil || back != p[0] {
						t.Fatalf("%s − %s = %s, but adds up to %s (%v)", tb.MustString(p[0]), tb.MustString(p[1]), tb.MustString(d), tb.MustString(back), err)
					}
				}
			}
		}
	}
}

// TestPartsTwin finds the parts of each form g of partsForms by trying
// every pair of them, c + d = g, with Add alone: the even one of c, c + *
// is among g's Parts (when it is neither 0 nor g's even part). Every part
// Parts lists is a part (its difference with g adds back up) and even;
// a form with no parts is prime, unless it is 0 or *.
func TestPartsTwin(t *testing.T) {
	tb, fs, _ := partsForms(t)
	want := map[Form]map[Form]bool{}
	for _, c := range fs {
		for _, d := range fs {
			g, err := tb.Add(c, d)
			if err != nil {
				t.Fatal(err)
			}
			e, _, err := tb.evenPart(g)
			if err != nil {
				t.Fatal(err)
			}
			ce, _, err := tb.evenPart(c)
			if err != nil {
				t.Fatal(err)
			}
			if ce != Zero && ce != e {
				if want[e] == nil {
					want[e] = map[Form]bool{}
				}
				want[e][ce] = true
			}
		}
	}
	for _, g := range fs {
		e, _, err := tb.evenPart(g)
		if err != nil {
			t.Fatal(err)
		}
		parts, err := tb.Parts(g)
		if err != nil {
			t.Fatal(err)
		}
		for c := range want[e] {
			if !slices.Contains(parts, c) {
				t.Fatalf("%s: %s is a part (by a sum), not among its parts %v", tb.MustString(g), tb.MustString(c), texts(tb, parts))
			}
		}
		for _, p := range parts {
			if even, err := tb.IsEven(p); err != nil || !even {
				t.Fatalf("%s: its part %s is not even (%v)", tb.MustString(g), tb.MustString(p), err)
			}
			if _, ok, err := tb.Difference(e, p); err != nil || !ok {
				t.Fatalf("%s: its part %s does not divide it (%v)", tb.MustString(g), tb.MustString(p), err)
			}
		}
		prime, err := tb.IsPrime(g)
		if err != nil {
			t.Fatal(err)
		}
		if want := len(parts) == 0 && e != Zero; prime != want {
			t.Fatalf("%s: prime %v with parts %v", tb.MustString(g), prime, texts(tb, parts))
		}
	}
}

// TestPartitionsTwin checks Partitions by its definition: each partition
// of a form of partsForms is of primes in CGSuite's order, then * when
// the form is odd, that add up to it, no two partitions alike; and a sum of two or three primes of
// partsForms (random, a fixed seed) has their partition among its own.
func TestPartitionsTwin(t *testing.T) {
	tb, fs, _ := partsForms(t)
	star, _ := tb.Nim(1)
	var primes []Form
	for _, g := range fs {
		ps, err := tb.Partitions(g)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, p := range ps {
			key := strings.Join(texts(tb, p), " + ")
			if seen[key] {
				t.Fatalf("%s: partition %v twice", tb.MustString(g), key)
			}
			seen[key] = true
			sum, err := tb.Sum(p...)
			if err != nil || sum != g {
				t.Fatalf("%s: partition %v adds up to %s (%v)", tb.MustString(g), key, tb.MustString(sum), err)
			}
			if even, _ := tb.IsEven(g); !even {
				if p[len(p)-1] != star {
					t.Fatalf("%s is odd: partition %v does not end in *", tb.MustString(g), key)
				}
				p = p[:len(p)-1]
			}
			for i, q := range p {
				if prime, err := tb.IsPrime(q); err != nil || !prime {
					t.Fatalf("%s: partition %v has %s, not prime", tb.MustString(g), key, tb.MustString(q))
				}
				if c, err := tb.compare(p[max(i-1, 0)], q); err != nil || c > 0 {
					t.Fatalf("%s: partition %v out of CGSuite's order", tb.MustString(g), key)
				}
			}
		}
		if prime, err := tb.IsPrime(g); err != nil {
			t.Fatal(err)
		} else if even, _ := tb.IsEven(g); prime && even {
			primes = append(primes, g)
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range testsize.N(300, 60) {
		p := make([]Form, 2+r.IntN(2))
		for i := range p {
			p[i] = primes[r.IntN(len(primes))]
		}
		if err := tb.sortForms(p); err != nil {
			t.Fatal(err)
		}
		g, err := tb.Sum(p...)
		if err != nil {
			t.Fatal(err)
		}
		ps, err := tb.Partitions(g)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(ps, func(q []Form) bool { return slices.Equal(q, p) }) {
			t.Fatalf("%s = %v, not among its partitions", tb.MustString(g), texts(tb, p))
		}
	}
}

// TestIntroversion checks IsIntroverted against Conway's
// Extraversion–Introversion theorem (only 0 and * are parts of all their
// options), and IsExtraverted against its definition where a sum of two
// partsForms shows it: f + c = {f}.
func TestIntroversion(t *testing.T) {
	tb, fs, _ := partsForms(t)
	star, _ := tb.Nim(1)
	for _, f := range fs {
		in, err := tb.IsIntroverted(f)
		if err != nil {
			t.Fatal(err)
		}
		if want := f == Zero || f == star; in != want {
			t.Fatalf("%s: introverted %v", tb.MustString(f), in)
		}
		up, err := tb.Make(f)
		if err != nil {
			t.Fatal(err)
		}
		ex, err := tb.IsExtraverted(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range fs {
			if s, err := tb.Add(f, c); err != nil {
				t.Fatal(err)
			} else if s == up && !ex {
				t.Fatalf("%s + %s = {%s}, but not extraverted", tb.MustString(f), tb.MustString(c), tb.MustString(f))
			}
		}
	}
}

// TestDecomposeCancelled checks that Decompose stops on a cancelled
// context, and answers with a live one.
func TestDecomposeCancelled(t *testing.T) {
	tb := New(0)
	f, err := tb.Parse("*[(2#1)2##] + *[((2#0)10)2##] + *[2#1] + *[2#0]")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := tb.Decompose(ctx, f); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	d, err := tb.Decompose(context.Background(), f)
	if err != nil || len(d.Partitions) != 1 || len(d.Partitions[0]) != 4 {
		t.Fatalf("%+v, %v", d, err)
	}
}

// FuzzDecompose decomposes any game the parser reads, in a small table:
// every part divides it, and every partition adds up to it.
//
// Run: go test ./misere/canon -run '^$' -fuzz FuzzDecompose -fuzztime 60s
func FuzzDecompose(f *testing.F) {
	for _, c := range cgsuiteParts {
		f.Add(c.game)
	}
	f.Add("*[2#] + *[2#1] + *3")
	f.Fuzz(func(t *testing.T, text string) {
		tb := New(20000)
		g, err := tb.Parse(text)
		if err != nil {
			return
		}
		parts, err := tb.Parts(g)
		if err != nil {
			return // the table's limit
		}
		e, _, err := tb.evenPart(g)
		if err != nil {
			return
		}
		for _, p := range parts {
			x, ok, err := tb.Difference(e, p)
			if err != nil {
				return
			}
			if s, err := tb.Add(p, x); !ok || (err == nil && s != e) {
				t.Fatalf("%q: part %s does not divide %s", text, tb.MustString(p), tb.MustString(e))
			}
		}
		ps, err := tb.Partitions(g)
		if err != nil {
			return
		}
		for _, p := range ps {
			if s, err := tb.Sum(p...); err == nil && s != g {
				t.Fatalf("%q: partition %v adds up to %s", text, texts(tb, p), tb.MustString(s))
			}
		}
	})
}
