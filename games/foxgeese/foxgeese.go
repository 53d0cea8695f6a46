// Package foxgeese is the partizan game Fox and Geese, with Winning Ways'
// and CGSuite's conventions: on a board 8 columns wide (or W) and open
// upwards, only the squares whose row and column add up to an even
// number are used, row 1 at the bottom. Left moves one goose one square
// diagonally down; Right moves the fox one square diagonally in any
// direction; no piece moves onto another; who cannot move loses. Its
// positions repeat (the fox may move back and forth), so it is valued as
// a loopy game (package loopy). A fox that has got past the geese (on or
// above the highest goose's row, or one row below it with an empty
// square diagonally above) can never be caught: as in CGSuite, such a
// position is off, in which Right passes for ever.
package foxgeese

import (
	"fmt"
	"iter"
	"math/bits"
	"strconv"
	"strings"

	"nimber/game"
)

// Width is the board's width unless a position says otherwise.
const Width = 8

// MaxCells bounds a board: width times the highest goose's row.
const MaxCells = 64

// MaxText is the longest position text Parse reads, in bytes.
const MaxText = 1 << 12

// Game returns Fox and Geese, for the registry: a game of Kind Partizan.
func Game() game.Game { return theGame }

var theGame = game.OfPartizan[Board](rules{})

// A Board is one position, packed into 64 bits so that the graph of
// positions looks it up fast: the geese as a set of squares (bits 0 to
// 31), the fox's square (bits 32 to 36) and the width W (bits 40 to 44).
// Only squares whose row and column add up to an even number are used:
// square (row, col), both from 1, is cell (row-1)·W + (col-1) halved,
// which numbers them 0, 1, ... from the bottom row up.
type Board uint64

// newBoard returns the board of width w, the fox on square fox and the
// geese on the squares of geese.
func newBoard(w, fox int, geese uint32) Board {
	return Board(w)<<40 | Board(fox)<<32 | Board(geese)
}

// width, fox and geese return b's width, the fox's square and the geese.
func (b Board) width() int    { return int(b >> 40 & 31) }
func (b Board) fox() int      { return int(b >> 32 & 31) }
func (b Board) geese() uint32 { return uint32(b) }
func (b Board) withFox(s int) Board {
	return b&^(31<<32) | Board(s)<<32
}
func (b Board) withGeese(g uint32) Board { return b&^0xffffffff | Board(g) }

// cell returns the cell of (row, col), -1 off the board or past MaxCells.
func (b Board) cell(row, col int) int {
	w := b.width()
	if row < 1 || col < 1 || col > w || (row-1)*w+col-1 >= MaxCells {
		return -1
	}
	return (row-1)*w + col - 1
}

// square returns the square of (row, col), a used square on the board.
func (b Board) square(row, col int) int { return b.cell(row, col) / 2 }

// rowCol returns the row and column of square s.
func (b Board) rowCol(s int) (row, col int) {
	w := b.width()
	c := 2 * s
	if row, col = c/w+1, c%w+1; (row+col)%2 != 0 {
		row, col = (c+1)/w+1, (c+1)%w+1
	}
	return row, col
}

// free reports whether (row, col) is a used square on the board, within
// MaxCells, that holds neither fox nor goose.
func (b Board) free(row, col int) bool {
	if b.cell(row, col) < 0 || (row+col)%2 != 0 {
		return false
	}
	s := b.square(row, col)
	return s != b.fox() && b.geese()&(1<<s) == 0
}

// Escaped reports whether the fox can no longer be caught: it is on or
// above the highest goose's row, or one row below with an empty square
// diagonally above it (CGSuite's rule), or there are no geese.
func (b Board) Escaped() bool {
	if b.geese() == 0 {
		return true
	}
	top, _ := b.rowCol(31 - bits.LeadingZeros32(b.geese()))
	row, col := b.rowCol(b.fox())
	if row >= top {
		return true
	}
	return row == top-1 && (b.free(row+1, col-1) || b.free(row+1, col+1))
}

// rules is Fox and Geese's rules.
type rules struct{}

// Options yields side's options of board p: every goose's step
// diagonally down (Left) or the fox's diagonal step (Right). An escaped
// fox's board has no Left option and one Right option, itself: off.
func (rules) Options(p Board, side game.Side) iter.Seq[[]Board] {
	return func(yield func([]Board) bool) {
		var leaves [1]Board
		one := func(q Board) bool {
			leaves[0] = q
			return yield(leaves[:])
		}
		if p.Escaped() {
			if side == game.Right {
				one(p)
			}
			return
		}
		p.steps(side, func(from, to int) bool { return one(p.moved(from, to)) })
	}
}

// steps yields side's steps on b, not escaped, until yield returns false:
// the square a piece is on and the square it moves to, the fox's (Right)
// one square diagonally in any direction, a goose's (Left) one square
// diagonally down, onto an empty square.
func (b Board) steps(side game.Side, yield func(from, to int) bool) {
	if side == game.Right {
		row, col := b.rowCol(b.fox())
		for _, d := range [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
			if r, c := row+d[0], col+d[1]; b.free(r, c) {
				if !yield(b.fox(), b.square(r, c)) {
					return
				}
			}
		}
		return
	}
	for g := b.geese(); g != 0; g &= g - 1 {
		s := bits.TrailingZeros32(g)
		row, col := b.rowCol(s)
		for _, dc := range [2]int{-1, 1} {
			if r, c := row-1, col+dc; b.free(r, c) {
				if !yield(s, b.square(r, c)) {
					return
				}
			}
		}
	}
}

// moved returns b with the piece on square from (the fox or a goose)
// moved to square to.
func (b Board) moved(from, to int) Board {
	if from == b.fox() {
		return b.withFox(to)
	}
	return b.withGeese(b.geese()&^(1<<from) | 1<<to)
}

// Parse reads a position: "geese R,C R,C ... fox R,C", with "width W "
// in front for a board other than 8 columns wide; positions joined by
// '+' are a sum. Errors say the position (when there are several), the
// column and what is wrong.
func (rules) Parse(text string) (game.Sum[Board], error) {
	if err := game.CheckText(text, MaxText); err != nil {
		return game.Sum[Board]{}, err
	}
	var s game.Sum[Board]
	parts := strings.Split(text, "+")
	col := 1
	for i, part := range parts {
		where := ""
		if len(parts) > 1 {
			where = fmt.Sprintf("position %d: ", i+1)
		}
		b, err := parseBoard(part, col)
		if err != nil {
			return game.Sum[Board]{}, fmt.Errorf("%s%w", where, err)
		}
		s.Parts = append(s.Parts, b)
		col += len(part) + 1
	}
	return s, nil
}

// A word is a word of a position's text and the column it starts at.
type word struct {
	text string
	col  int
}

// words splits text into words separated by spaces, with their columns
// counted from col.
func words(text string, col int) []word {
	var out []word
	start := -1
	for i := 0; i <= len(text); i++ {
		if i == len(text) || text[i] == ' ' || text[i] == '\t' || text[i] == '\n' {
			if start >= 0 {
				out = append(out, word{text[start:i], col + start})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	return out
}

// parseBoard reads one position whose text starts at column col.
func parseBoard(text string, col int) (Board, error) {
	ws := words(text, col)
	b := newBoard(Width, 0, 0)
	end := col + len(text)
	if len(ws) >= 2 && ws[0].text == "width" {
		w, err := strconv.Atoi(ws[1].text)
		if err != nil || w < 2 || w > 16 {
			return 0, fmt.Errorf("column %d: width %q is not a whole number from 2 to 16", ws[1].col, ws[1].text)
		}
		b = newBoard(w, 0, 0)
		ws = ws[2:]
	}
	if len(ws) == 0 || ws[0].text != "geese" {
		at := end
		if len(ws) > 0 {
			at = ws[0].col
		}
		return 0, fmt.Errorf("column %d: expected \"geese\" (a position is \"geese R,C R,C ... fox R,C\")", at)
	}
	ws = ws[1:]
	foxAt := -1
	for i, w := range ws {
		if w.text == "fox" {
			foxAt = i
			break
		}
	}
	if foxAt < 0 || foxAt != len(ws)-2 {
		return 0, fmt.Errorf("column %d: expected \"fox R,C\" after the geese, at the end", end)
	}
	for _, w := range ws[:foxAt] {
		s, err := b.parseSquare(w)
		if err != nil {
			return 0, err
		}
		if b.geese()&(1<<s) != 0 {
			return 0, fmt.Errorf("column %d: two geese on %s", w.col, w.text)
		}
		b = b.withGeese(b.geese() | 1<<s)
	}
	fox := ws[foxAt+1]
	s, err := b.parseSquare(fox)
	if err != nil {
		return 0, err
	}
	if b.geese()&(1<<s) != 0 {
		return 0, fmt.Errorf("column %d: the fox is on a goose's square %s", fox.col, fox.text)
	}
	return b.withFox(s), nil
}

// parseSquare reads "R,C", a usable square of b's width within MaxCells.
func (b Board) parseSquare(w word) (int, error) {
	r, c, ok := strings.Cut(w.text, ",")
	row, err1 := strconv.Atoi(r)
	col, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil {
		return 0, fmt.Errorf("column %d: %q is not a square ROW,COLUMN", w.col, w.text)
	}
	switch {
	case row < 1 || col < 1 || col > b.width():
		return 0, fmt.Errorf("column %d: square %s is off the board (1 <= column <= %d, row >= 1)", w.col, w.text, b.width())
	case (row+col)%2 != 0:
		return 0, fmt.Errorf("column %d: square %s is not used (row + column must be even)", w.col, w.text)
	case b.cell(row, col) < 0:
		return 0, fmt.Errorf("column %d: %w", w.col, &game.LimitError{What: "square " + w.text, Measure: "cells (width x row)", Got: int64((row-1)*b.width() + col), Limit: MaxCells})
	}
	return b.square(row, col), nil
}

// Format writes a position as Parse reads it.
func (rules) Format(s game.Sum[Board]) string {
	return game.JoinParts(s.Parts, Board.String, " + ")
}

// String writes b as Parse reads it: geese from the bottom row up, left
// to right.
func (b Board) String() string {
	var sb strings.Builder
	if b.width() != Width {
		fmt.Fprintf(&sb, "width %d ", b.width())
	}
	sb.WriteString("geese")
	for g := b.geese(); g != 0; g &= g - 1 {
		r, c := b.rowCol(bits.TrailingZeros32(g))
		fmt.Fprintf(&sb, " %d,%d", r, c)
	}
	r, c := b.rowCol(b.fox())
	fmt.Fprintf(&sb, " fox %d,%d", r, c)
	return sb.String()
}

// Check accepts every position Parse reads: its squares are bounded by
// MaxCells, and the positions of its graph by the caller's limit.
func (rules) Check(game.Sum[Board]) error { return nil }

func (rules) PartNoun() string { return "board" }

// Repeats says that positions repeat (the fox moves back and forth).
func (rules) Repeats() bool { return true }

func (rules) DescribePart(b Board) string {
	return fmt.Sprintf("%d geese: %s", bits.OnesCount32(b.geese()), b)
}
