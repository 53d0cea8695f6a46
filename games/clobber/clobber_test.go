package clobber

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/game"
	"nimber/games/internal/pgrid/pgridtest"
)

// TestGolden checks values that CGSuite's own tests give (GameGridTest),
// and small ones worked by hand: x is Left's.
func TestGolden(t *testing.T) {
	pgridtest.Golden(t, Game(), map[string]string{
		"xox|ox.":        "{^^*|*,v}", // CGSuite's GameGridTest
		"xoxo|oxox|xoxo": "0",         // CGSuite's Profiler
		"xo":             "*",
		"xoo":            "v", // {*|0}: Left leaves .xo, Right o.o
		"xxo":            "^",
		"xo + xo":        "0",
		"xxx|...|ooo":    "0",
		"x.o":            "0",
	}, true)
}

// moves is Clobber by its definition, for the brute force: every stone
// of the mover's onto an orthogonally adjacent stone of the other's.
func moves(board string, left bool) []string {
	rows := strings.Split(board, "|")
	us, them := byte('x'), byte('o')
	if !left {
		us, them = them, us
	}
	var out []string
	for r := range rows {
		for c := range rows[r] {
			if rows[r][c] != us {
				continue
			}
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				r2, c2 := r+d[0], c+d[1]
				if r2 < 0 || r2 >= len(rows) || c2 < 0 || c2 >= len(rows[r]) || rows[r2][c2] != them {
					continue
				}
				b := pgridtest.Cells(rows)
				b[r][c], b[r2][c2] = '.', us
				out = append(out, pgridtest.Board(b))
			}
		}
	}
	return out
}

// TestBruteForce compares the engine's canonical form of random boards of
// up to 12 cells with their explicit game trees, by Conway's ≤.
func TestBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 3))
	pgridtest.BruteForce(t, Game(), moves, pgridtest.Boards(300, func(int) string {
		return pgridtest.Random(rng, 1+rng.IntN(3), 1+rng.IntN(4), "xxoo.")
	}))
}

// TestSumBruteForce checks that a sum of two boards is the sum of their
// game trees.
func TestSumBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 4))
	pgridtest.SumBruteForce(t, Game(), moves, 40, func() (string, string) {
		return pgridtest.Random(rng, 1+rng.IntN(2), 1+rng.IntN(3), "xo."), pgridtest.Random(rng, 1+rng.IntN(2), 1+rng.IntN(3), "xo.")
	})
}

// TestKeyKeepsValue checks that the symmetries Key uses, transposition
// among them, keep a region's value.
func TestKeyKeepsValue(t *testing.T) {
	pgridtest.SameValue(t, Game(), "xox|oo.", "xo|oo|x.", "xox|.oo", ".oo|xox", "x.|oo|xo")
}

// TestBadInput checks the one-line errors of positions that are not
// Clobber boards or are too large.
func TestBadInput(t *testing.T) {
	pgridtest.ParseErrors(t, Game(), map[string]string{
		"xo|x":                             "row 2 has 1 cells, row 1 has 2",
		"xo|X.":                            "row 2, column 1: character 'X' is not one of \".xo\"",
		"xo + #":                           "board 2: row 1, column 1: character '#'",
		"xoxoxoxoxo|oxoxoxoxox|xoxoxoxoxo": "region 1 (",
	})
	_, err := Game().Parse("xoxoxoxoxoxoxoxoxoxoxoxoxo")
	var le *game.LimitError
	if !errors.As(err, &le) || le.Got != 26 || le.Limit != MaxRegion {
		t.Errorf("a row of 26 stones: %v, want a limit of %d stones", err, MaxRegion)
	}
	// A board of more than one row is refused from MaxBoardRegion stones,
	// before anything is valued.
	_, err = Game().Parse("xoxox|oxoxo|xoxox|oxoxo")
	if !errors.As(err, &le) || le.Got != 20 || le.Limit != MaxBoardRegion || !strings.Contains(err.Error(), "nimber outcome") {
		t.Errorf("the 4 x 5 checkerboard: %v, want a limit of %d stones naming nimber outcome", err, MaxBoardRegion)
	}
	if _, err := Game().Parse("xoxoxo|oxoxox|xoxoxo"); err != nil {
		t.Errorf("the 3 x 6 checkerboard: %v", err)
	}
}
