package pgrid

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"nimber/game"
	"nimber/grid"
)

// keyTwin is Key written plainly: every image of r under the symmetries
// written out as a string, the least taken.
func keyTwin(r Region, transpose bool) Region {
	rows := strings.Split(string(r), "|")
	h, w := len(rows), len(rows[0])
	image := func(th, tw int, cell func(i, j int) byte) string {
		out := make([]string, th)
		for i := range th {
			b := make([]byte, tw)
			for j := range tw {
				b[j] = cell(i, j)
			}
			out[i] = string(b)
		}
		return strings.Join(out, "|")
	}
	var all []string
	for _, flip := range [4][2]bool{{}, {true, false}, {false, true}, {true, true}} {
		fi := func(i, n int) int {
			if flip[0] {
				return n - 1 - i
			}
			return i
		}
		fj := func(j, n int) int {
			if flip[1] {
				return n - 1 - j
			}
			return j
		}
		all = append(all, image(h, w, func(i, j int) byte { return rows[fi(i, h)][fj(j, w)] }))
		if transpose {
			all = append(all, image(w, h, func(i, j int) byte { return rows[fj(j, h)][fi(i, w)] }))
		}
	}
	return Region(slices.Min(all))
}

// TestKey checks Key and Grid against their plain twins on random
// regions of up to 6 x 6 cells.
func TestKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		h, w := 1+rng.IntN(6), 1+rng.IntN(6)
		cells := make([]byte, h*w)
		for i := range cells {
			cells[i] = ".#xo"[rng.IntN(4)]
		}
		r := Write(cells, h, w)
		for _, tr := range []bool{false, true} {
			if got, want := Key(r, tr), keyTwin(r, tr); got != want {
				t.Fatalf("Key(%q, %v) = %q, want %q", r, tr, got, want)
			}
		}
		if g := r.Grid(); g.Rows != h || g.Cols != w || string(g.Cells) != string(cells) {
			t.Fatalf("Grid(%q) = %+v", r, g)
		}
	}
}

// BenchmarkKey measures Key on a 5 x 5 region, with transposition.
func BenchmarkKey(b *testing.B) {
	r := Region("..#..|.....|#...#|.....|...##")
	for b.Loop() {
		Key(r, true)
	}
}

// TestSplit checks Split on a board of four components, two too small,
// and Split8 on the same board.
func TestSplit(t *testing.T) {
	g, err := Parse("x.o|xx.|..o|o.o", ".xo")
	if err != nil {
		t.Fatal(err)
	}
	got := Split(g[0], func(c byte) bool { return c != '.' }, '.', 2)
	want := []Region{"x.|xx", "o|o"} // the lone stones are left out
	if !slices.Equal(got, want) {
		t.Errorf("Split = %q, want %q", got, want)
	}
	// Diagonal neighbours too: the x at row 2, column 2 joins the o's at
	// its corners, and they the o below; the o at row 4, column 1 stays
	// alone.
	got = Split8(g[0], func(c byte) bool { return c != '.' }, '.', 2)
	want = []Region{"x.o|xx.|..o|..o"}
	if !slices.Equal(got, want) {
		t.Errorf("Split8 = %q, want %q", got, want)
	}
}

// TestTranspose checks Transpose on a 2 x 3 region and that twice is the
// identity.
func TestTranspose(t *testing.T) {
	r := Region("ab.|de#")
	if got := Transpose(r); got != "ad|be|.#" || Transpose(got) != r {
		t.Errorf("Transpose(%q) = %q, and back %q", r, got, Transpose(got))
	}
	if got := Transpose("abc"); got != "a|b|c" {
		t.Errorf("Transpose(abc) = %q", got)
	}
}

// TestBoard checks what a Board gives a game: Parse splitting each board
// by Split, Format, Check's limit on Counted cells, Key with and without
// transpositions, and DescribePart by default and by Describe.
func TestBoard(t *testing.T) {
	split := func(g grid.Grid) []Region { return Split(g, func(c byte) bool { return c == '.' }, '#', 2) }
	b := Board{Alphabet: ".#", Blank: '#', Split: split, Counted: ".", Noun: "empty cells", Most: 3}
	s, err := b.Parse("..#.|...# + #")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := b.Format(s), "..#|..."; got != want { // the lone cell at row 1, column 4 has no move
		t.Errorf("Format = %q, want %q", got, want)
	}
	if got := b.Format(game.Sum[Region]{}); got != "#" {
		t.Errorf("Format of no regions = %q, want %q", got, "#")
	}
	if err := b.Check(s); err == nil || !strings.Contains(err.Error(), "region 1 (..#|...): 5 empty cells, limit 3") {
		t.Errorf("Check = %v, want region 1's 5 empty cells refused", err)
	}
	if _, err := b.Parse("..|x."); err == nil || err.Error() != `row 2, column 1: character 'x' is not one of ".#"` {
		t.Errorf("Parse(..|x.) = %v", err)
	}
	if got := b.Key(".|.|#"); got != "#|.|." {
		t.Errorf("Key(.|.|#) = %q, want %q", got, "#|.|.")
	}
	b.Transpose = true
	if got := b.Key(".|.|#"); got != "#.." {
		t.Errorf("Key(.|.|#) with transpositions = %q, want %q", got, "#..")
	}
	if got, want := b.DescribePart("..#"), "2 empty cells: ..#"; got != want {
		t.Errorf("DescribePart = %q, want %q", got, want)
	}
	st := StoneBoard(nil, 5)
	if got, want := st.DescribePart("xo.|.oo"), "1 of Left's stones and 3 of Right's: xo.|.oo"; got != want {
		t.Errorf("StoneBoard's DescribePart = %q, want %q", got, want)
	}
	if st.PartNoun() != "region" || len(st.Legend()) != 3 {
		t.Errorf("StoneBoard: part noun %q, legend %v", st.PartNoun(), st.Legend())
	}
}
