// Package toppling is the partizan game Toppling Dominoes (Winning Ways;
// CGSuite's game.strip.TopplingDominoes), with CGSuite's notation: a row
// of dominoes, each Left's ('l'), Right's ('r') or either player's ('e',
// CGSuite's grey domino). A player picks a domino of theirs or a grey one
// and topples it to the left or to the right: it falls, and every domino
// on that side of it with it. Who cannot move loses.
//
// CGSuite's strips also have a blank square ('.'); a toppled domino takes
// everything on its side with it, blanks and the dominoes past them, so a
// blank changes nothing and Parse drops it. Rows joined by '+' or spaces
// are a sum.
package toppling

import (
	"fmt"
	"iter"
	"strings"

	"nimber/game"
	"nimber/games/internal/strip"
)

// MaxRow is the most dominoes of one row Check accepts. A row of n
// dominoes has about n²/2 rows within it, but their canonical forms grow
// with n, so a longer row is refused before it is valued.
const MaxRow = 40

// Game returns Toppling Dominoes, for the registry: a game of Kind
// Partizan.
func Game() game.Game { return theGame }

var theGame = game.OfPartizan[string](rules{board})

// rules is Toppling Dominoes' rules: its moves, on its rows. A part is a
// row of 'L', 'R' and 'E' (Left's, Right's and grey dominoes), never
// empty.
type rules struct{ strip.Board }

// board is Toppling Dominoes' rows: one row, or several joined by '+' or
// spaces (a sum), each of 'l', 'r', 'e' (either case) and '.' (a blank,
// dropped), written in CGSuite's lower case; Check refuses a row of more
// than MaxRow dominoes.
var board = strip.Board{
	Rows:    rows,
	Chars:   "lre.",
	Cell:    strip.Upper("LRE", "."),
	Split:   part,
	Text:    strings.ToLower,
	Most:    MaxRow,
	Units:   "dominoes",
	Symbols: game.StartSymbols("lre", "Left's domino", "Right's domino", "a grey domino, either player's"),
}

// Options yields side's options of row p: for every domino of side's or
// grey one, from left to right, the row less it and all on its left, then
// the row less it and all on its right (an empty row is no part).
func (rules) Options(p string, side game.Side) iter.Seq[[]string] {
	us := byte('L')
	if side == game.Right {
		us = 'R'
	}
	return func(yield func([]string) bool) {
		for i := range len(p) {
			if p[i] != us && p[i] != 'E' {
				continue
			}
			if !yield(part(p[i+1:])) || !yield(part(p[:i])) {
				return
			}
		}
	}
}

// part returns the parts of what is left of a row: none when it is empty.
func part(row string) []string {
	if row == "" {
		return nil
	}
	return []string{row}
}

// Key returns the row or its mirror image, whichever comes first: a row
// read from the other end is the same game.
func (rules) Key(p string) string {
	b := []byte(p)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	if r := string(b); r < p {
		return r
	}
	return p
}

// rows cuts a position's text into its rows, at '+' and at spaces; a
// stretch between two '+' with no row in it is an empty row (which
// game.ParseRows refuses).
func rows(text string) []string {
	var rows []string
	for _, r := range strings.Split(text, "+") {
		f := strings.Fields(r)
		if len(f) == 0 {
			f = []string{""}
		}
		rows = append(rows, f...)
	}
	return rows
}

// DescribePart says how many dominoes of each colour a row has.
func (rules) DescribePart(p string) string {
	return fmt.Sprintf("%d of Left's, %d of Right's and %d grey dominoes: %s", strings.Count(p, "L"), strings.Count(p, "R"), strings.Count(p, "E"), strings.ToLower(p))
}
