package col

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/internal/pgrid/pgridtest"
)

// variant is one of the package's two games for the tests they share: the
// game, its moves by the definition for the brute force (the mover colours
// an empty cell with no orthogonal neighbour of the colour forbidden, her
// own in Col, the other player's in Snort), and the boards its play makes
// (no two cells side by side that forbid each other). value checks what
// the variant says of every value; done what it says of them all.
type variant struct {
	name      string
	game      game.Game
	forbidOwn bool
	value     func(c *cgt.Calc, g cgt.Game) error
	done      func() error
}

// variants returns Col, whose every value is a number or a number plus *
// (Winning Ways), and Snort, some of whose values are hot (neither), so
// that a Snort played by Col's rule would fail.
func variants() []variant {
	hot := 0
	return []variant{
		{name: "col", game: Game(), forbidOwn: true, value: func(c *cgt.Calc, g cgt.Game) error {
			if v, ok := c.NUS(g); !ok || v.Ups != 0 || v.Nim > 1 {
				return fmt.Errorf("%s is not a number or a number plus *", c.Notation(g))
			}
			return nil
		}, done: func() error { return nil }},
		{name: "snort", game: Snort(), value: func(c *cgt.Calc, g cgt.Game) error {
			if v, ok := c.NUS(g); !ok || v.Ups != 0 || v.Nim > 1 {
				hot++
			}
			return nil
		}, done: func() error {
			if hot == 0 {
				return errors.New("every board is a number or a number plus *, as in Col: the rule is not Snort's")
			}
			return nil
		}},
	}
}

// moves is the variant by its definition, for the brute force.
func (v variant) moves(board string, left bool) []string {
	rows := strings.Split(board, "|")
	us, them := byte('L'), byte('R')
	if !left {
		us, them = them, us
	}
	forbidden := them
	if v.forbidOwn {
		forbidden = us
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
			if rows[r][c] != '.' || at(r-1, c) == forbidden || at(r+1, c) == forbidden || at(r, c-1) == forbidden || at(r, c+1) == forbidden {
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

// legal reports whether the variant's play can make board: no two
// coloured cells side by side of one colour (Col) or of two (Snort).
func (v variant) legal(board string) bool {
	rows := strings.Split(board, "|")
	clash := func(x, y byte) bool {
		return (x == 'L' || x == 'R') && (y == 'L' || y == 'R') && (x == y) == v.forbidOwn
	}
	for r := range rows {
		for c := range rows[r] {
			if (c+1 < len(rows[r]) && clash(rows[r][c], rows[r][c+1])) || (r+1 < len(rows) && clash(rows[r][c], rows[r+1][c])) {
				return false
			}
		}
	}
	return true
}

// boards returns n boards drawn by draw from a generator seeded by 22
// and seed, those the variant's play cannot make passed over.
func (v variant) boards(seed uint64, n int, draw gametest.Draw) []string {
	return pgridtest.Sample{Seed: [2]uint64{22, seed}, N: n, Next: func(rng *rand.Rand, _ int) string {
		for {
			if board := draw.Board(rng); v.legal(board) {
				return board
			}
		}
	}}.List()
}

// TestBruteForce compares the engine's canonical form of 300 random legal
// boards of up to 12 cells of each variant with their explicit game
// trees, by Conway's ≤, and checks what the variant says of its values.
func TestBruteForce(t *testing.T) {
	for i, v := range variants() {
		f := pgridtest.NewForest()
		for _, board := range v.boards(uint64(8+11*i), 300, gametest.Draw{Rows: 3, Cols: 4, Cells: "....LR#"}) {
			c := cgt.New(0)
			g := pgridtest.Value(t, v.game, c, board)
			if got, want := f.FromCalc(c, g), f.Tree(board, v.moves); !f.Equal(got, want) {
				t.Fatalf("%s %q: the engine says %s, unequal to its game tree", v.name, board, c.Notation(g))
			}
			if err := v.value(c, g); err != nil {
				t.Errorf("%s %q: %v", v.name, board, err)
			}
		}
		if err := v.done(); err != nil {
			t.Errorf("%s: %v", v.name, err)
		}
	}
}

// TestSumBruteForce checks that a sum of two boards is the sum of their
// game trees.
func TestSumBruteForce(t *testing.T) {
	for i, v := range variants() {
		rng := rand.New(rand.NewPCG(22, uint64(9+10*i)))
		draw := gametest.Draw{Rows: 2, Cols: 3, Cells: "..LR"}
		pair := gametest.Pair(rng, draw, draw)
		t.Run(v.name, func(t *testing.T) {
			pgridtest.SumBruteForce(t, v.game, v.moves, 40, func() (string, string) {
				for {
					if a, b := pair(); v.legal(a) && v.legal(b) {
						return a, b
					}
				}
			})
		})
	}
}

// TestRegionsReadBack checks that the regions Format writes, with their
// cells closed to one player, read back to the same value.
func TestRegionsReadBack(t *testing.T) {
	for i, v := range variants() {
		for _, board := range v.boards(uint64(10+10*i), 100, gametest.Draw{Rows: 3, Cols: 4, Cells: "...LR#"}) {
			pos, err := v.game.Parse(board)
			if err != nil {
				t.Fatalf("%s: Parse(%q): %v", v.name, board, err)
			}
			c := cgt.New(0)
			back := v.game.Format(pos)
			if a, b := pgridtest.Value(t, v.game, c, board), pgridtest.Value(t, v.game, c, back); a != b {
				t.Fatalf("%s %q = %s but its regions %q = %s", v.name, board, c.Notation(a), back, c.Notation(b))
			}
		}
	}
}

// TestSuite runs the board games' tests (pgridtest.Run) on Col: values
// worked by hand (Winning Ways, ch. 2: a lone empty cell is *, one next
// to a red cell is 1 for Left, and so on); the one-line errors of
// positions that are not Col boards or are too large; and the cells a
// player colours by hand, Col's and Snort's options, each option with a
// hand move of its own.
func TestSuite(t *testing.T) {
	pgridtest.Run(t, Game(), nil, pgridtest.Suite{
		BadInput:  &pgridtest.BadInput{Limit: pgridtest.Limit{Text: ".......|.......|.......", Got: 21, Limit: MaxRegion, What: "cells"}},
		HandMoves: []string{".", "..", "R..|...", "L..|...", "...|.#.|...", ".L.R.|.....", ". + .."},
		Others:    []game.Game{Snort()},
		// TestSnortGolden and TestSnortBadInput read Snort's sections.
		OwnSections: []string{"snort golden", "snort bad input"},
	})
}

// TestSnortGolden checks values worked by hand from the rules and
// CGSuite's (GameGraphTest: game.graph.Snort("L-.-.-.-L") = {4|0,+-1} and
// game.graph.Snort(".-.-.(-.;-.)") = +-{3|2}, where a vertex "L" is one
// tinted blue, only Left may colour it, which is our 'l'; the second
// graph is a path of four with a leaf under its third vertex).
func TestSnortGolden(t *testing.T) {
	pgridtest.Golden(t, Snort(), gametest.Cases(t, "snort golden"), false)
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
	pgridtest.ParseErrors(t, Snort(), gametest.Cases(t, "snort bad input"))
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
