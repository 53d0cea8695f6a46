package toppling

import (
	"strings"
	"testing"

	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
)

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

// TestSuite runs the board games' tests (pgridtest.Run) on Toppling
// Dominoes: the values of CGSuite's own tests (GameStripTest), printed
// exactly as CGSuite prints them, and small rows worked by hand from the
// rules; what positions are written back as, blanks dropped, CGSuite's
// lower case, rows joined by " + "; the brute force on thousands of
// random rows of up to 7 squares, blanks among them, and on sums of two
// rows; and the one-line errors of positions that are not rows of
// Toppling Dominoes or are too long.
func TestSuite(t *testing.T) {
	long := strings.Repeat("lre", 14)
	pgridtest.Run(t, Game(), moves, pgridtest.Suite{
		BruteForce:    &pgridtest.Sample{Fixed: []string{"lrrlrrl", "lere"}, Seed: [2]uint64{33, 1}, N: 2000, Draw: gametest.Draw{Rows: 1, Cols: 7, Cells: "lre."}},
		SumBruteForce: &pgridtest.Sums{Seed: [2]uint64{33, 2}, N: 100, A: gametest.Draw{Rows: 1, Cols: 3, Cells: "lre"}, B: gametest.Draw{Rows: 1, Cols: 3, Cells: "lre"}},
		BadInput: &pgridtest.BadInput{
			More:  []gametest.Case{{In: long, Want: "part 1 ("}},
			Limit: pgridtest.Limit{Text: long, Got: 42, Limit: MaxRow, What: "dominoes"},
		},
	})
}

// TestMirror checks that a row read from the other end is worth the
// same, which Key relies on.
func TestMirror(t *testing.T) {
	for _, row := range (pgridtest.Sample{Seed: [2]uint64{33, 3}, N: 200, Draw: gametest.Draw{Rows: 1, Cols: 9, Cells: "lre"}}).List() {
		b := []byte(row)
		for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
			b[i], b[j] = b[j], b[i]
		}
		pgridtest.SameValue(t, Game(), row, string(b))
	}
}
