package toadsfrogs

import (
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
)

// moves is Toads and Frogs by its definition, for the brute force: every
// toad (Left) slides right into an empty square or jumps one frog into the
// empty square behind it; every frog likewise to the left.
func moves(row string, left bool) []string {
	us, them, step := byte('T'), byte('F'), 1
	if !left {
		us, them, step = them, us, -1
	}
	var out []string
	for i := range len(row) {
		if row[i] != us {
			continue
		}
		for _, to := range []int{i + step, i + 2*step} {
			if to < 0 || to >= len(row) || row[to] != '.' {
				continue
			}
			if to == i+2*step && row[i+step] != them {
				continue
			}
			b := []byte(row)
			b[i], b[to] = '.', us
			out = append(out, string(b))
		}
	}
	return out
}

// TestSuite runs the board games' tests (pgridtest.Run) on Toads and
// Frogs: the value CGSuite's own tests give (GameStripTest, in CGSuite's
// notation, read by cgt) and small ones worked by hand; the brute force
// on the starting rows of the game and random rows of up to 10 squares,
// and on sums of two rows; the cut at TTFF and the trimming of pieces
// that never move, which Format shows; the one-line errors of positions
// that are not rows of Toads and Frogs or are too long; and the slides
// and jumps a player makes by hand, in Toads and Frogs and in
// Backsliding Toads and Frogs, each option with a hand move of its own.
func TestSuite(t *testing.T) {
	pgridtest.Run(t, Game(), moves, pgridtest.Suite{
		BruteForce:    &pgridtest.Sample{Fixed: []string{"TT..FF", "TTT..FFF", "TTTT..FFFF", "TT.T.F.FF"}, Seed: [2]uint64{22, 5}, N: 400, Draw: gametest.Draw{Rows: 1, Cols: 10, Cells: "TF.."}},
		SumBruteForce: &pgridtest.Sums{Seed: [2]uint64{22, 6}, N: 40, A: gametest.Draw{Rows: 1, Cols: 5, Cells: "TF."}, B: gametest.Draw{Rows: 1, Cols: 5, Cells: "TF."}},
		BadInput: &pgridtest.BadInput{
			More:  []gametest.Case{{In: strings.Repeat("T.F", 9), Want: "part 1 ("}},
			Limit: pgridtest.Limit{Text: strings.Repeat("T.F", 9), Got: 27, Limit: MaxRow, What: "squares"},
		},
		HandMoves: []string{"T.F", "TTT..FFF", "T.TF.F", "TF.TF.FT", ".T.F. + TTF.F"},
		Others:    []game.Game{Backsliding()},
	})
}

// backMoves is Backsliding Toads and Frogs by its definition, for the
// twin: the moves of Toads and Frogs, and every piece's slide one square
// back into an empty square.
func backMoves(row string, side game.Side) []string {
	left := side == game.Left
	out := moves(row, left)
	us, back := byte('T'), -1
	if !left {
		us, back = 'F', 1
	}
	for i := range len(row) {
		if to := i + back; row[i] == us && to >= 0 && to < len(row) && row[to] == '.' {
			b := []byte(row)
			b[i], b[to] = '.', us
			out = append(out, string(b))
		}
	}
	return out
}

// TestBacksliding checks Backsliding Toads and Frogs: CGSuite's value of
// TTT..FFF (GameStripTest), and who wins random rows, with either player
// moving first, draws included, against the twin.
func TestBacksliding(t *testing.T) {
	if d, want := gametest.LoopyValue(t, Backsliding(), "ttt..fff"), "{on||0|-1/2} & {1/2|0||off}"; d.Canonical != want {
		t.Errorf("TTT..FFF: %s, CGSuite %s", d.Canonical, want)
	}
	rows := pgridtest.Sample{Seed: [2]uint64{22, 7}, N: 300, Draw: gametest.Draw{Rows: 1, Cols: 7, Cells: "TF.."}}.List()
	classes := gametest.MatchLoopyTwin(t, Backsliding(), rows, gametest.LoopyTwin[string]{
		State: func(text string) (string, error) { return strings.ToUpper(text), nil },
		Next:  backMoves,
		Key:   func(row string) string { return row },
	})
	if classes["D"] == 0 || classes["L"] == 0 || classes["R"] == 0 {
		t.Errorf("classes %v: want draws and wins for each player", classes)
	}
	gametest.CheckParse(t, Backsliding(), []gametest.ParseCase{
		{In: "ttff..", Format: "TTFF.."},
		{In: "TTFF + T.F", Format: "T.F"},
		{In: "T.+.F", Format: "T. + .F"},
		{In: "T.X", Err: "column 3: character 'X' is not one of \"TF.\""},
	})
}
