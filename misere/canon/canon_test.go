package canon

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// tree is an impartial game written out: its options.
type tree []tree

// String writes t in CGSuite's list notation as an option: [a,b,...],
// 0 for the empty game.
func (t tree) String() string {
	if len(t) == 0 {
		return "0"
	}
	parts := make([]string, len(t))
	for i, o := range t {
		parts[i] = o.String()
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// form is t's canonical form, made option by option.
func form(tb *Table, t tree) Form {
	opts := make([]Form, len(t))
	for i, o := range t {
		opts[i] = form(tb, o)
	}
	f, err := tb.Make(opts...)
	if err != nil {
		panic(err)
	}
	return f
}

// treeOf writes a form out as the tree of its options.
func treeOf(tb *Table, f Form) tree {
	t := tree{}
	for _, o := range tb.nodes[f].opts {
		t = append(t, treeOf(tb, o))
	}
	return t
}

// randomTree is a game of at most depth levels and width options a node.
func randomTree(r *rand.Rand, depth, width int) tree {
	if depth <= 0 {
		return tree{}
	}
	n := r.IntN(width + 1)
	t := make(tree, n)
	for i := range t {
		t[i] = randomTree(r, depth-1-r.IntN(2), width)
	}
	return t
}

// brute decides misère sums of trees by searching their play straight
// from the options: the player to move wins when no part has a move, or
// some move leaves a sum the opponent loses. The twin of Outcome.
type brute struct{ memo map[string]bool }

// wins reports whether the player to move wins the sum of parts.
func (b *brute) wins(parts []tree) bool {
	live := make([]string, 0, len(parts))
	var kept []tree
	for _, p := range parts {
		if len(p) > 0 {
			kept = append(kept, p)
		}
	}
	slices.SortFunc(kept, func(x, y tree) int { return strings.Compare(x.String(), y.String()) })
	for _, p := range kept {
		live = append(live, p.String())
	}
	k := strings.Join(live, "+")
	if w, ok := b.memo[k]; ok {
		return w
	}
	w := len(kept) == 0 || b.winningMove(kept)
	b.memo[k] = w
	return w
}

// winningMove reports whether some move in parts leaves a sum the
// opponent loses.
func (b *brute) winningMove(parts []tree) bool {
	for i, p := range parts {
		for _, o := range p {
			next := slices.Clone(parts)
			next[i] = o
			if !b.wins(next) {
				return true
			}
		}
	}
	return false
}

// outcome is "N" or "P" for a win of the player to move or not.
func outcome(w bool) string {
	if w {
		return "N"
	}
	return "P"
}

// TestOutcomeTwin holds the misère outcome of the canonical form of a sum
// to the brute-force search of the sum's play, on thousands of random
// games and sums.
func TestOutcomeTwin(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	tb := New(0)
	b := &brute{memo: map[string]bool{}}
	n := 4000
	if testing.Short() {
		n = 500
	}
	for range n {
		k := 1 + r.IntN(3)
		parts := make([]tree, k)
		forms := make([]Form, k)
		for i := range parts {
			parts[i] = randomTree(r, 2+r.IntN(3), 3)
			forms[i] = form(tb, parts[i])
		}
		s, err := tb.Sum(forms...)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := tb.Outcome(s), outcome(b.wins(parts)); got != want {
			t.Fatalf("%v: canonical form %s has outcome %s, the search %s", parts, tb.MustString(s), got, want)
		}
		// Each part's canonical form, played as a tree, is the part.
		canonParts := make([]tree, k)
		for i, f := range forms {
			canonParts[i] = treeOf(tb, f)
		}
		if b.wins(canonParts) != b.wins(parts) {
			t.Fatalf("%v: the canonical forms' sum plays otherwise", parts)
		}
	}
}

// dayForms returns the forms born by day n, each once, by making every
// set of the forms born by day n-1.
func dayForms(tb *Table, n int) []Form {
	forms := []Form{Zero}
	for range n {
		seen := map[Form]bool{}
		var next []Form
		for mask := range 1 << len(forms) {
			var opts []Form
			for i, f := range forms {
				if mask>>i&1 == 1 {
					opts = append(opts, f)
				}
			}
			f, err := tb.Make(opts...)
			if err != nil {
				panic(err)
			}
			if !seen[f] {
				seen[f] = true
				next = append(next, f)
			}
		}
		forms = next
	}
	return forms
}

// TestDayCounts checks the number of misère games born by each day, 1, 2,
// 3, 5, 22 (Conway, ONAG ch. 12; Siegel, CGT V.1).
func TestDayCounts(t *testing.T) {
	tb := New(0)
	for n, want := range []int{1, 2, 3, 5, 22} {
		if got := len(dayForms(tb, n)); got != want {
			t.Errorf("day %d: %d forms, want %d", n, got, want)
		}
	}
}

// TestEqualityByDefinition checks canonical forms against the definition
// of equality, G = H when G + X and H + X have the same misère outcome for
// every X: the 22 forms born by day 4 are told apart by some X among them
// and their sums of two (so they are distinct games), and random games of
// up to four levels have the same form exactly when no such X tells them
// apart.
func TestEqualityByDefinition(t *testing.T) {
	tb := New(0)
	b := &brute{memo: map[string]bool{}}
	day4 := dayForms(tb, 4)
	var xs [][]tree
	for i, f := range day4 {
		xs = append(xs, []tree{treeOf(tb, f)})
		for _, g := range day4[i:] {
			xs = append(xs, []tree{treeOf(tb, f), treeOf(tb, g)})
		}
	}
	// signature is the outcomes of g + X for every X.
	signature := func(g tree) string {
		var s strings.Builder
		for _, x := range xs {
			s.WriteString(outcome(b.wins(append([]tree{g}, x...))))
		}
		return s.String()
	}
	sigs := map[string]Form{}
	for _, f := range day4 {
		s := signature(treeOf(tb, f))
		if g, ok := sigs[s]; ok {
			t.Fatalf("%s and %s are distinct forms that no X tells apart", tb.MustString(f), tb.MustString(g))
		}
		sigs[s] = f
	}
	r := rand.New(rand.NewPCG(3, 4))
	n := 600
	if testing.Short() {
		n = 100
	}
	for range n {
		g := randomTree(r, 4, 3)
		f := form(tb, g)
		if tb.Birthday(f) > 4 {
			t.Fatalf("%v: form %s born after day 4", g, tb.MustString(f))
		}
		if want := sigs[signature(g)]; want != f {
			t.Fatalf("%v: form %s, but it plays as %s", g, tb.MustString(f), tb.MustString(want))
		}
	}
}

// pairSums returns f + g for every pair of fs (f before or at g).
func pairSums(t *testing.T, tb *Table, fs []Form) []Form {
	t.Helper()
	var sums []Form
	for i, f := range fs {
		for _, g := range fs[i:] {
			s, err := tb.Add(f, g)
			if err != nil {
				t.Fatal(err)
			}
			sums = append(sums, s)
		}
	}
	return sums
}

// TestSubtract checks that y + *k less *k is y, for y among the forms born
// by day 4, their sums of two and forms of random games, k = 2..5: the
// printer's subtraction finds every difference there is.
func TestSubtract(t *testing.T) {
	tb := New(0)
	ys := dayForms(tb, 4)
	ys = append(ys, pairSums(t, tb, ys)...)
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		ys = append(ys, form(tb, randomTree(r, 5, 3)))
	}
	for _, y := range ys {
		for k := 2; k <= 5; k++ {
			n, _ := tb.Nim(k)
			s, err := tb.Add(y, n)
			if err != nil {
				t.Fatal(err)
			}
			x, ok, err := tb.Subtract(s, k)
			if err != nil || !ok || x != y {
				t.Fatalf("%s + *%d = %s: less *%d gives %s, %v, %v", tb.MustString(y), k, tb.MustString(s), k, tb.MustString(x), ok, err)
			}
		}
	}
}

// TestRoundTrip reads back what String writes, and the list notation of
// a game's tree, for random games and sums.
func TestRoundTrip(t *testing.T) {
	tb := New(0)
	r := rand.New(rand.NewPCG(7, 8))
	for range 1000 {
		g := randomTree(r, 2+r.IntN(4), 3)
		f := form(tb, g)
		if r.IntN(3) == 0 {
			h := form(tb, randomTree(r, 3, 3))
			var err error
			if f, err = tb.Add(f, h); err != nil {
				t.Fatal(err)
			}
			g = treeOf(tb, f)
		}
		s, err := tb.String(f)
		if err != nil {
			t.Fatal(err)
		}
		back, err := tb.Parse(s)
		if err != nil || back != f {
			t.Fatalf("%s read back as %s, %v", s, tb.MustString(back), err)
		}
		list := "*[" + strings.TrimSuffix(strings.TrimPrefix(g.String(), "["), "]") + "]"
		if len(g) == 1 {
			list = "*[" + g.String() + "]" // *[x] is x itself
		}
		if len(g) == 0 {
			list = "*[]"
		}
		back, err = tb.Parse(list)
		if err != nil || back != f {
			t.Fatalf("%s (%s) read back as %s, %v", list, s, tb.MustString(back), err)
		}
	}
}

// TestNimHeaps checks the Nim-heaps: written *[n] (&n; from 10 on, as
// CGSuite does), a heap's genus as misère Nim's, and sums of heaps by
// misère Nim's rule.
func TestNimHeaps(t *testing.T) {
	tb := New(0)
	for n := range 14 {
		f, err := tb.Nim(n)
		if err != nil {
			t.Fatal(err)
		}
		want := "*[" + itoa(n) + "]"
		if n >= 10 {
			want = "*[&" + itoa(n) + ";]"
		}
		if got := tb.MustString(f); got != want {
			t.Errorf("*%d written %s, want %s", n, got, want)
		}
		if back, err := tb.Parse(want); err != nil || back != f {
			t.Errorf("%s read as %v, %v", want, back, err)
		}
		if !tb.IsNimHeap(f) || tb.Birthday(f) != n || tb.NimValue(f) != n {
			t.Errorf("*%d: nim heap %v, birthday %d, value %d", n, tb.IsNimHeap(f), tb.Birthday(f), tb.NimValue(f))
		}
	}
	// Misère Nim: a sum of heaps is lost by the player to move when its
	// nim-sum is 0 and some heap is 2 or more, or when every heap is 0 or
	// 1 and an odd number are 1.
	for a := range 6 {
		for b := range 6 {
			for c := range 6 {
				fa, _ := tb.Nim(a)
				fb, _ := tb.Nim(b)
				fc, _ := tb.Nim(c)
				s, err := tb.Sum(fa, fb, fc)
				if err != nil {
					t.Fatal(err)
				}
				big := a > 1 || b > 1 || c > 1
				lose := big && a^b^c == 0 || !big && (a+b+c)%2 == 1
				if got := tb.Outcome(s); (got == "P") != lose {
					t.Errorf("*%d+*%d+*%d: %s", a, b, c, got)
				}
			}
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

// TestLimit checks that a table refuses to hold more forms than its
// limit.
func TestLimit(t *testing.T) {
	tb := New(8192)
	f, err := tb.Parse("*[2]+*[2]")
	if err != nil {
		t.Fatal(err)
	}
	_, err = tb.Parse("*6 + *7 + *[2##] + *[(2#1)2##]")
	if err == nil || !strings.Contains(err.Error(), "too many misère canonical forms") {
		t.Fatalf("a sum past the limit: %v", err)
	}
	if tb.size > 8192 {
		t.Fatalf("forms of size %d held, the limit 8192", tb.size)
	}
	_ = f
}
