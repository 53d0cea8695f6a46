package domineering

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
)

// moves is Domineering by its definition, for the brute force: every
// domino on two empty cells of the whole board, vertical for Left.
func moves(board string, left bool) []string {
	rows := strings.Split(board, "|")
	var out []string
	for r := range rows {
		for c := range rows[r] {
			if rows[r][c] != '.' {
				continue
			}
			put := func(r2, c2 int) {
				b := pgridtest.Cells(rows)
				b[r][c], b[r2][c2] = '#', '#'
				out = append(out, pgridtest.Board(b))
			}
			if left && r+1 < len(rows) && rows[r+1][c] == '.' {
				put(r+1, c)
			}
			if !left && c+1 < len(rows[r]) && rows[r][c+1] == '.' {
				put(r, c+1)
			}
		}
	}
	return out
}

// TestSuite runs the board games' tests (pgridtest.Run) on Domineering:
// values that CGSuite and Winning Ways give, with Left placing vertical
// dominoes (a column of two is 1, a row of two -1); the brute force on
// random boards of up to 12 cells and on sums of two; the one-line errors
// of positions that are not Domineering boards or are too large; and the
// dominoes a player places by hand, each option with a hand move of its
// own.
func TestSuite(t *testing.T) {
	pgridtest.Run(t, Game(), moves, pgridtest.Suite{
		Exact: true,
		BruteForce: &pgridtest.Sample{Seed: [2]uint64{22, 1}, N: 300, Next: func(rng *rand.Rand, i int) string {
			rows, cols := 1+rng.IntN(4), 1+rng.IntN(4)
			if i%3 == 0 && rows*cols <= 9 {
				cols++
			}
			return gametest.RandomBoard(rng, rows, cols, "...#")
		}},
		SumBruteForce: &pgridtest.Sums{Seed: [2]uint64{22, 2}, N: 40, A: gametest.Draw{Rows: 3, Cols: 3, Cells: "..#"}, B: gametest.Draw{Rows: 2, Cols: 3, Cells: "..#"}},
		BadInput: &pgridtest.BadInput{
			More:  []gametest.Case{{In: strings.Repeat(".", game.MaxText+1), Want: "position text"}},
			Limit: pgridtest.Limit{Text: ".......|.......|.......|.......|.......|.......", Got: 42, Limit: MaxRegion, What: "empty cells"},
		},
		HandMoves: []string{".", "..", ".|.", "..|..", "..|..|.#", "...#|#...|....", ".|. + ..", "#..#|....|.##.|...."},
	})
}

// TestKeyKeepsValue checks that the flips Key uses keep a region's value
// and that a transposition negates it (so Key must not transpose).
func TestKeyKeepsValue(t *testing.T) {
	pgridtest.SameValue(t, Game(), "..#|...", "#..|...", "...|..#") // flips
	pgridtest.SameValue(t, Game(), ".##|...", "##.|...", "...|.##")
	c := cgt.New(0)
	v, w := pgridtest.Value(t, Game(), c, "...|..#"), pgridtest.Value(t, Game(), c, "..|..|.#")
	if n, err := c.Neg(v); err != nil || n != w {
		t.Errorf("the transpose of ...|..# = %s, want the negative of %s", c.Notation(w), c.Notation(v))
	}
}

// TestFormatParses checks that Format writes what Parse reads back to the
// same regions.
func TestFormatParses(t *testing.T) {
	for _, text := range []string{"..|.#", "#", "...|#.# + ..", ".#.|...|.#."} {
		pos, err := Game().Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Game().Parse(Game().Format(pos))
		if err != nil || Game().Format(again) != Game().Format(pos) {
			t.Errorf("%q: Format %q parses to %v, %v", text, Game().Format(pos), again, err)
		}
	}
}

// TestImpartialRefused checks that the impartial solvers refuse a partizan
// game with one line that names nimber value.
func TestImpartialRefused(t *testing.T) {
	pos, err := Game().Parse("..|..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Game().Analyze(context.Background(), pos, game.Options{}); err == nil || !strings.Contains(err.Error(), "nimber value --game") {
		t.Errorf("Analyze: %v", err)
	}
	if info := Game().Info(); info.Kind != game.Partizan || info.Players != [2]string{"Left", "Right"} {
		t.Errorf("Info %+v", info)
	}
}

// TestCancel checks that a cancelled context stops a valuation.
func TestCancel(t *testing.T) {
	pg, _ := game.PartizanOf(Game())
	pos, err := Game().Parse("....|....|....|....")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := pg.Values(ctx, pg.NewEvaluator(cgt.New(0)), pos); !errors.Is(err, context.Canceled) {
		t.Errorf("Values under a cancelled context: %v", err)
	}
}
