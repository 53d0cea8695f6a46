package toadsfrogs

import (
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
)

// TestGolden checks the value CGSuite's own tests give (GameStripTest,
// in CGSuite's notation, read by cgt) and small ones worked by hand.
func TestGolden(t *testing.T) {
	pgridtest.Golden(t, Game(), map[string]string{
		// CGSuite's GameStripTest.
		"ttttt..fffff": "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}",
		"T.F":          "*",
		"TF.":          "0", // {.FT|} where .FT = {|F.T} = -1
		".FT":          "-1",
		"FT.":          "1",
		"T..":          "2",
		"..F":          "-2",
		"T.T.":         "3",
		"T.F + T.F":    "0",
		"TTFF":         "0",
		"FFTT":         "0",
		"T.TTFF.F":     "0", // cut at TTFF: T. (1) + .F (-1)
	}, false)
}

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

// TestBruteForce compares the engine's canonical form of the starting
// rows of the game and random rows of up to 10 squares with their explicit game trees, by Conway's ≤.
func TestBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 5))
	rows := append([]string{"TT..FF", "TTT..FFF", "TTTT..FFFF", "TT.T.F.FF"}, pgridtest.Boards(400, func(int) string {
		return pgridtest.Random(rng, 1, 1+rng.IntN(10), "TF..")
	})...)
	pgridtest.BruteForce(t, Game(), moves, rows)
}

// TestSumBruteForce checks that a sum of two rows is the sum of their game
// trees.
func TestSumBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 6))
	pgridtest.SumBruteForce(t, Game(), moves, 40, func() (string, string) {
		return pgridtest.Random(rng, 1, 1+rng.IntN(5), "TF."), pgridtest.Random(rng, 1, 1+rng.IntN(5), "TF.")
	})
}

// TestSplit checks the cut at TTFF and the trimming of pieces that never
// move, which Format shows.
func TestSplit(t *testing.T) {
	for text, want := range map[string]string{
		"T.TTFF.F": "T. + .F",
		"FFT.FTT":  "T.F",
		"TTFF":     ".",
		"...":      ".",
		"t.f":      "T.F",
	} {
		pos, err := Game().Parse(text)
		if err != nil {
			t.Fatalf("Parse(%q): %v", text, err)
		}
		if got := Game().Format(pos); got != want {
			t.Errorf("Format(Parse(%q)) = %q, want %q", text, got, want)
		}
	}
}

// TestBadInput checks the one-line errors of positions that are not rows
// of Toads and Frogs or are too long.
func TestBadInput(t *testing.T) {
	pgridtest.ParseErrors(t, Game(), map[string]string{
		"T.X":                    "column 3: character 'X' is not one of \"TF.\"",
		"T.F + T#":               "row 2: column 2: character '#'",
		"T.F + ":                 "row 2: empty",
		"":                       "empty",
		"T.F|T.F":                "column 4: character '|'",
		strings.Repeat("T.F", 9): "part 1 (",
	})
	gametest.ParseLimit(t, Game(), strings.Repeat("T.F", 9), 27, MaxRow, "squares")
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
	rng := rand.New(rand.NewPCG(22, 7))
	rows := pgridtest.Boards(300, func(int) string { return pgridtest.Random(rng, 1, 1+rng.IntN(7), "TF..") })
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
