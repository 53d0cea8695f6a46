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

// value returns the canonical form of position text through the game API,
// in c.
func value(t testing.TB, c *cgt.Calc, text string) cgt.Game {
	t.Helper()
	return pgridtest.Value(t, Game(), c, text)
}

// TestGolden checks values worked by hand (Winning Ways, ch. 2: a lone
// empty cell is *, one next to a red cell is 1 for Left, and so on).
func TestGolden(t *testing.T) {
	for text, want := range map[string]string{
		".":     "*",
		"R.":    "1",
		"L.":    "-1",
		"L.R":   "0",
		"..":    "0", // either move leaves the other a cell only the other may colour
		"R..":   "1/2",
		"R.#.":  "1*",
		". + .": "0",
		"L|.":   "-1",
		"l + r": "0",
		"l":     "1",
	} {
		c := cgt.New(0)
		w, err := c.Parse(want)
		if err != nil {
			t.Fatalf("cgt.Parse(%q): %v", want, err)
		}
		if got := value(t, c, text); got != w {
			t.Errorf("%q = %s, want %s", text, c.Notation(got), want)
		}
	}
}

// moves is Col by its definition, for the brute force: the mover colours
// any empty cell with no orthogonal neighbour of their colour.
func moves(board string, left bool) []string {
	rows := strings.Split(board, "|")
	us := byte('L')
	if !left {
		us = 'R'
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
			if rows[r][c] != '.' || at(r-1, c) == us || at(r+1, c) == us || at(r, c-1) == us || at(r, c+1) == us {
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

// legal reports whether no two cells of one colour are side by side on
// board, as in every position of Col.
func legal(board string) bool {
	rows := strings.Split(board, "|")
	for r := range rows {
		for c := range rows[r] {
			x := rows[r][c]
			if x != 'L' && x != 'R' {
				continue
			}
			if (c+1 < len(rows[r]) && rows[r][c+1] == x) || (r+1 < len(rows) && rows[r+1][c] == x) {
				return false
			}
		}
	}
	return true
}

// TestBruteForce compares the engine's canonical form of random legal
// boards of up to 12 cells with their explicit game trees, by Conway's ≤,
// and checks the theorem of Winning Ways that every Col position is a
// number or a number plus *.
func TestBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 8))
	f := pgridtest.NewForest()
	for n := 0; n < 300; {
		board := pgridtest.Random(rng, 1+rng.IntN(3), 1+rng.IntN(4), "....LR#")
		if !legal(board) {
			continue
		}
		n++
		c := cgt.New(0)
		g := value(t, c, board)
		if got, want := f.FromCalc(c, g), f.Tree(board, moves); !f.Equal(got, want) {
			t.Fatalf("%q: the engine says %s, unequal to its game tree", board, c.Notation(g))
		}
		if v, ok := c.NUS(g); !ok || v.Ups != 0 || v.Nim > 1 {
			t.Errorf("%q = %s, not a number or a number plus *", board, c.Notation(g))
		}
	}
}

// TestSumBruteForce checks that a sum of two boards is the sum of their
// game trees.
func TestSumBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 9))
	f := pgridtest.NewForest()
	for n := 0; n < 40; {
		a := pgridtest.Random(rng, 1+rng.IntN(2), 1+rng.IntN(3), "..LR")
		b := pgridtest.Random(rng, 1+rng.IntN(2), 1+rng.IntN(3), "..LR")
		if !legal(a) || !legal(b) {
			continue
		}
		n++
		c := cgt.New(0)
		got := f.FromCalc(c, value(t, c, a+" + "+b))
		if want := f.Sum(f.Tree(a, moves), f.Tree(b, moves)); !f.Equal(got, want) {
			t.Fatalf("%q + %q: the engine's sum is not the trees' sum", a, b)
		}
	}
}

// TestRegionsReadBack checks that the regions Format writes, with their
// cells closed to one player, read back to the same value.
func TestRegionsReadBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 10))
	for n := 0; n < 100; {
		board := pgridtest.Random(rng, 1+rng.IntN(3), 1+rng.IntN(4), "...LR#")
		if !legal(board) {
			continue
		}
		n++
		pos, err := Game().Parse(board)
		if err != nil {
			t.Fatalf("Parse(%q): %v", board, err)
		}
		c := cgt.New(0)
		if a, b := value(t, c, board), value(t, c, Game().Format(pos)); a != b {
			t.Fatalf("%q = %s but its regions %q = %s", board, c.Notation(a), Game().Format(pos), c.Notation(b))
		}
	}
}

// TestBadInput checks the one-line errors of positions that are not Col
// boards or are too large.
func TestBadInput(t *testing.T) {
	for text, want := range map[string]string{
		"..|.":                    "row 2 has 1 cells, row 1 has 2",
		"..|x.":                   "row 2, column 1: character 'x' is not one of \".LR#lr\"",
		". + .LL":                 "board 2: row 1, column 2: two L cells side by side",
		"R.|R.":                   "row 1, column 1: two R cells",
		".......|.......|.......": "region 1 (",
	} {
		_, err := Game().Parse(text)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q) = %v, want one line with %q", text, err, want)
		}
	}
	_, err := Game().Parse(".......|.......|.......")
	var le *game.LimitError
	if !errors.As(err, &le) || le.Got != 21 || le.Limit != MaxRegion {
		t.Errorf("21 cells: %v, want a limit of %d cells", err, MaxRegion)
	}
}
