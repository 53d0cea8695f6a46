package col

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/games/internal/pgrid/pgridtest"
)

// snortValue returns the canonical form of Snort position text through
// the game API, in c.
func snortValue(t testing.TB, c *cgt.Calc, text string) cgt.Game {
	t.Helper()
	return pgridtest.Value(t, Snort(), c, text)
}

// TestSnortGolden checks values worked by hand from the rules and
// CGSuite's (GameGraphTest: game.graph.Snort("L-.-.-.-L") = {4|0,+-1} and
// game.graph.Snort(".-.-.(-.;-.)") = +-{3|2}, where a vertex "L" is one
// tinted blue, only Left may colour it, which is our 'l'; the second
// graph is a path of four with a leaf under its third vertex).
func TestSnortGolden(t *testing.T) {
	for text, want := range map[string]string{
		".":         "*",
		"..":        "+-1", // either move leaves the mover a cell only they may colour
		"...":       "+-2",
		"L.":        "1",
		"R.":        "-1",
		"L.R":       "0", // the middle cell touches both colours
		"L.L":       "1",
		"l":         "1",
		"r":         "-1",
		"l + r":     "0",
		". + .":     "0",
		"l...l":     "{4|0,+-1}",
		"L.....L":   "{4|0,+-1}",
		"....|##.#": "+-{3|2}",
	} {
		c := cgt.New(0)
		w, err := c.Parse(want)
		if err != nil {
			t.Fatalf("cgt.Parse(%q): %v", want, err)
		}
		if got := snortValue(t, c, text); got != w {
			t.Errorf("%q = %s, want %s", text, c.Notation(got), want)
		}
	}
}

// snortMoves is Snort by its definition, for the brute force: the mover
// colours any empty cell with no orthogonal neighbour of the other
// player's colour.
func snortMoves(board string, left bool) []string {
	rows := strings.Split(board, "|")
	us, them := byte('L'), byte('R')
	if !left {
		us, them = them, us
	}
	at := func(r, c int) byte {
		if r < 0 || r >= len(rows) || c < 0 || c >= len(rows[r]) {
			return '#'
		}
		return rows[r][c]
	}
	var out []string
	for r := range rows {
		for c := range rows[r] {
			if rows[r][c] != '.' || at(r-1, c) == them || at(r+1, c) == them || at(r, c-1) == them || at(r, c+1) == them {
				continue
			}
			b := []byte(rows[r])
			b[c] = us
			s := append([]string(nil), rows...)
			s[r] = string(b)
			out = append(out, strings.Join(s, "|"))
		}
	}
	return out
}

// snortLegal reports whether no two cells of different colours are side
// by side on board, as in every position of Snort.
func snortLegal(board string) bool {
	rows := strings.Split(board, "|")
	other := map[byte]byte{'L': 'R', 'R': 'L'}
	for r := range rows {
		for c := range rows[r] {
			o, ok := other[rows[r][c]]
			if !ok {
				continue
			}
			if (c+1 < len(rows[r]) && rows[r][c+1] == o) || (r+1 < len(rows) && rows[r+1][c] == o) {
				return false
			}
		}
	}
	return true
}

// TestSnortBruteForce compares the engine's canonical form of random legal
// Snort boards of up to 12 cells with their explicit game trees, by
// Conway's ≤, and checks that Snort is not Col: some boards are worth
// what no Col position is (neither a number nor a number plus *).
func TestSnortBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 18))
	f := pgridtest.NewForest()
	hot := 0
	for n := 0; n < 300; {
		board := pgridtest.Random(rng, 1+rng.IntN(3), 1+rng.IntN(4), "....LR#")
		if !snortLegal(board) {
			continue
		}
		n++
		c := cgt.New(0)
		g := snortValue(t, c, board)
		if got, want := f.FromCalc(c, g), f.Tree(board, snortMoves); !f.Equal(got, want) {
			t.Fatalf("%q: the engine says %s, unequal to its game tree", board, c.Notation(g))
		}
		if v, ok := c.NUS(g); !ok || v.Ups != 0 || v.Nim > 1 {
			hot++
		}
	}
	if hot == 0 {
		t.Error("every board is a number or a number plus *, as in Col: the rule is not Snort's")
	}
}

// TestSnortSumBruteForce checks that a sum of two Snort boards is the sum
// of their game trees.
func TestSnortSumBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 19))
	f := pgridtest.NewForest()
	for n := 0; n < 40; {
		a := pgridtest.Random(rng, 1+rng.IntN(2), 1+rng.IntN(3), "..LR")
		b := pgridtest.Random(rng, 1+rng.IntN(2), 1+rng.IntN(3), "..LR")
		if !snortLegal(a) || !snortLegal(b) {
			continue
		}
		n++
		c := cgt.New(0)
		got := f.FromCalc(c, snortValue(t, c, a+" + "+b))
		if want := f.Sum(f.Tree(a, snortMoves), f.Tree(b, snortMoves)); !f.Equal(got, want) {
			t.Fatalf("%q + %q: the engine's sum is not the trees' sum", a, b)
		}
	}
}

// TestSnortRegionsReadBack checks that the regions Format writes, with
// their cells closed to one player, read back to the same value.
func TestSnortRegionsReadBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 20))
	for n := 0; n < 100; {
		board := pgridtest.Random(rng, 1+rng.IntN(3), 1+rng.IntN(4), "...LR#")
		if !snortLegal(board) {
			continue
		}
		n++
		pos, err := Snort().Parse(board)
		if err != nil {
			t.Fatalf("Parse(%q): %v", board, err)
		}
		c := cgt.New(0)
		if a, b := snortValue(t, c, board), snortValue(t, c, Snort().Format(pos)); a != b {
			t.Fatalf("%q = %s but its regions %q = %s", board, c.Notation(a), Snort().Format(pos), c.Notation(b))
		}
	}
}

// TestSnortBadInput checks the one-line errors of positions that are not
// Snort boards or are too large: two cells of one colour side by side are
// a Snort position (unlike Col), two of different colours are not.
func TestSnortBadInput(t *testing.T) {
	for _, text := range []string{"LL.", "R|R|.", "LL + RR"} {
		if _, err := Snort().Parse(text); err != nil {
			t.Errorf("Parse(%q): %v, want a position", text, err)
		}
	}
	for text, want := range map[string]string{
		"..|.":    "row 2 has 1 cells, row 1 has 2",
		"..|x.":   "row 2, column 1: character 'x' is not one of \".LR#lr\"",
		". + .LR": "board 2: row 1, column 2: L and R cells side by side, which no play of Snort makes",
		"R.|L.":   "row 1, column 1: R and L cells side by side",
	} {
		_, err := Snort().Parse(text)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q) = %v, want one line with %q", text, err, want)
		}
	}
	big := strings.Repeat(".", SnortMaxRegion+1)
	_, err := Snort().Parse(big)
	var le *game.LimitError
	if !errors.As(err, &le) || le.Got != SnortMaxRegion+1 || le.Limit != SnortMaxRegion || !strings.HasPrefix(err.Error(), "region 1 (") {
		t.Errorf("%d cells: %v, want a limit of %d cells", SnortMaxRegion+1, err, SnortMaxRegion)
	}
	if _, err := Snort().Parse(big[1:]); err != nil {
		t.Errorf("%d cells: %v, want a position", SnortMaxRegion, err)
	}
}
