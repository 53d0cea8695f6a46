package toppling

import (
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
)

// TestCGSuite checks the values of CGSuite's own tests (GameStripTest),
// printed exactly as CGSuite prints them.
func TestCGSuite(t *testing.T) {
	pgridtest.Golden(t, Game(), gametest.Cases(t, "cgsuite"), true)
}

// TestGolden checks small rows worked by hand from the rules.
func TestGolden(t *testing.T) {
	pgridtest.Golden(t, Game(), gametest.Cases(t, "golden"), false)
}

// moves is Toppling Dominoes by its definition, for the brute force, on
// rows as Parse reads them ('l', 'r', 'e' and '.'): a player picks a
// domino of theirs or a grey one and topples it left or right, so that it
// and every square on that side of it is cleared to a blank. The rows
// keep their length and their blanks, as CGSuite's strips do.
func moves(row string, left bool) []string {
	us := byte('l')
	if !left {
		us = 'r'
	}
	var out []string
	for i := range len(row) {
		if row[i] != us && row[i] != 'e' {
			continue
		}
		toLeft := strings.Repeat(".", i+1) + row[i+1:]
		toRight := row[:i] + strings.Repeat(".", len(row)-i)
		out = append(out, toLeft, toRight)
	}
	return out
}

// TestBruteForce compares the engine's canonical form of thousands of
// random rows of up to 7 squares, blanks among them, with their explicit
// game trees, by Conway's ≤.
func TestBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 1))
	rows := append([]string{"lrrlrrl", "lere"}, pgridtest.Boards(2000, func(int) string {
		return gametest.RandomBoard(rng, 1, 1+rng.IntN(7), "lre.")
	})...)
	pgridtest.BruteForce(t, Game(), moves, rows)
}

// TestSumBruteForce checks that a sum of two rows is the sum of their game
// trees.
func TestSumBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 2))
	pgridtest.SumBruteForce(t, Game(), moves, 100, gametest.Pair(rng, gametest.Draw{Rows: 1, Cols: 3, Cells: "lre"}, gametest.Draw{Rows: 1, Cols: 3, Cells: "lre"}))
}

// TestMirror checks that a row read from the other end is worth the
// same, which Key relies on.
func TestMirror(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 3))
	for range 200 {
		row := gametest.RandomBoard(rng, 1, 1+rng.IntN(9), "lre")
		b := []byte(row)
		for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
			b[i], b[j] = b[j], b[i]
		}
		pgridtest.SameValue(t, Game(), row, string(b))
	}
}

// TestFormat checks what positions are written back as: blanks dropped,
// CGSuite's lower case, rows joined by " + ".
func TestFormat(t *testing.T) {
	pgridtest.Formats(t, Game(), gametest.Cases(t, "format"))
}

// TestBadInput checks the one-line errors of positions that are not rows
// of Toppling Dominoes or are too long.
func TestBadInput(t *testing.T) {
	pgridtest.ParseErrors(t, Game(), gametest.Cases(t, "bad input"))
	long := strings.Repeat("lre", 14)
	pgridtest.ParseErrors(t, Game(), []gametest.Case{{In: long, Want: "part 1 ("}})
	gametest.ParseLimit(t, Game(), long, 42, MaxRow, "dominoes")
}
