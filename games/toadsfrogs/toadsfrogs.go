// Package toadsfrogs is the partizan game Toads and Frogs, with Winning
// Ways' and CGSuite's conventions: on one row of Left's toads ('T'),
// Right's frogs ('F') and empty squares ('.'), a toad moves right and a
// frog left, either sliding one square into an empty square or jumping
// over one piece of the other player's into the empty square right behind
// it; who cannot move loses. A row splits into parts that no move joins
// (at every TTFF, which can never move again), valued separately.
//
// Backsliding Toads and Frogs (CGSuite's BackslidingToadsAndFrogs) adds
// one move: a piece may also slide one square back into an empty square.
// Its positions repeat, so it is valued as a loopy game (package loopy),
// and a row is never split: no block of pieces is stuck for good.
package toadsfrogs

import (
	"fmt"
	"iter"
	"strings"

	"nimber/game"
	"nimber/games/internal/pgrid"
	"nimber/games/internal/strip"
)

// MaxRow is the most squares of one part Check accepts (a part is a row
// less the pieces that can never move again). The number of positions
// grows exponentially with it, so a longer part is refused before it is
// searched.
const MaxRow = 20

// Game returns Toads and Frogs, for the registry: a game of Kind Partizan.
func Game() game.Game { return theGame }

var theGame = game.OfPartizan[string](newRules(false))

// Backsliding returns Backsliding Toads and Frogs, for the registry: a
// game of Kind Partizan whose positions repeat.
func Backsliding() game.Game { return backsliding }

var backsliding = game.OfPartizan[string](newRules(true))

// rules is Toads and Frogs' rules, with backsliding when back is set: its
// moves, on its rows. A part is a row of 'T', 'F' and '.'.
type rules struct {
	strip.Board
	back bool
}

// newRules returns Toads and Frogs' rules, with backsliding when back is
// set. A position is one row, or several joined by '+' (a sum), each of
// 'T' (or 't'), 'F' (or 'f') and '.', split into its parts by split; Check
// refuses a part of more than MaxRow squares.
func newRules(back bool) rules {
	r := rules{back: back}
	r.Board = strip.Board{
		Rows:    func(text string) []string { return strings.Split(text, "+") },
		Chars:   "TF.",
		Cell:    strip.Upper("TF.", ""),
		Split:   r.split,
		Most:    MaxRow,
		Units:   "squares",
		Symbols: game.StartSymbols("TF.", "Left's toad (moves right)", "Right's frog (moves left)", "empty"),
	}
	return r
}

// Options yields side's options of row p: every toad's (Left) or frog's
// (Right) slide or jump, then with back every slide back, leaving the
// parts of the row with a move still in them.
func (r rules) Options(p string, side game.Side) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		us, them, step := byte('T'), byte('F'), 1
		if side == game.Right {
			us, them, step = them, us, -1
		}
		b := []byte(p)
		for i := range b {
			if b[i] != us {
				continue
			}
			to := i + step
			if to >= 0 && to < len(b) && b[to] == them {
				to += step
			}
			if to < 0 || to >= len(b) || b[to] != '.' {
				continue
			}
			b[i], b[to] = '.', us
			leaves := r.split(string(b))
			b[i], b[to] = us, '.'
			if !yield(leaves) {
				return
			}
		}
		if !r.back {
			return
		}
		for i := range b {
			if to := i - step; b[i] == us && to >= 0 && to < len(b) && b[to] == '.' {
				b[i], b[to] = '.', us
				leaves := r.split(string(b))
				b[i], b[to] = us, '.'
				if !yield(leaves) {
					return
				}
			}
		}
	}
}

// Repeats says that Backsliding Toads and Frogs' positions repeat.
func (r rules) Repeats() bool { return r.back }

// split returns the parts of row: the row cut at every TTFF (those four
// pieces never move again, and no piece passes them), each piece less its
// leading frogs and trailing toads (which never move either), and only the
// parts in which some piece may move. With backsliding every piece may
// move again, so the row stays whole, and is left out only when no piece
// ever moves (no piece, or no empty square).
func (r rules) split(row string) []string {
	if r.back {
		if strings.Contains(row, ".") && strings.ContainsAny(row, "TF") {
			return []string{row}
		}
		return nil
	}
	var out []string
	for {
		i := strings.Index(row, "TTFF")
		if i < 0 {
			break
		}
		out = appendPart(out, row[:i+2])
		row = row[i+2:]
	}
	return appendPart(out, row)
}

// appendPart appends part p to out, trimmed, unless no piece may move in it.
func appendPart(out []string, p string) []string {
	p = strings.TrimRight(strings.TrimLeft(p, "F"), "T")
	if strings.Contains(p, ".") && (strings.Contains(p, "T") || strings.Contains(p, "F")) {
		out = append(out, p)
	}
	return out
}

func (rules) DescribePart(p string) string {
	return fmt.Sprintf("%d toads and %d frogs: %s", strings.Count(p, "T"), strings.Count(p, "F"), p)
}

// HandMoves lists side's moves on the part's text (one row) as a player
// makes them by hand: a toad (Left's) or frog (Right's), then the square
// it moves to, one forward into an empty square or over one of the
// other's into an empty square, and with backsliding one back into an
// empty square.
func (r rules) HandMoves(part string, side game.Side) []game.HandMove {
	rows := pgrid.RowsOf(part)
	us, them, step := "T", byte('F'), 1
	if side == game.Right {
		us, them, step = "F", 'T', -1
	}
	var out []game.HandMove
	move := func(from game.Cell, col int) {
		to := game.Cell{Row: from.Row, Col: col}
		out = append(out, game.HandMove{Cells: []game.Cell{from, to}, After: rows.With(map[game.Cell]byte{from: '.', to: us[0]})})
	}
	cells := rows.Find(us)
	for _, from := range cells {
		switch c := from.Col + step; {
		case rows.At(from.Row, c) == '.':
			move(from, c)
		case rows.At(from.Row, c) == them && rows.At(from.Row, c+step) == '.':
			move(from, c+step)
		}
	}
	if r.back {
		for _, from := range cells {
			if c := from.Col - step; rows.At(from.Row, c) == '.' {
				move(from, c)
			}
		}
	}
	return out
}
