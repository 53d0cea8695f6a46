package foxgeese

import "nimber/game"

// HandMoves lists side's moves of the part's text as a player makes them
// by hand (game.HandMover): a goose (Left's) or the fox (Right's), then
// the empty square diagonally next to it that it moves to, a goose's
// diagonally down. Square R,C of the text is cell (R-1, C-1): rows
// counted from 0 at the bottom, columns from 0 at the left, as the page
// draws the board. An escaped fox's board (off) has Right's pass only: the
// fox alone, the board left as it is.
func (rules) HandMoves(part string, side game.Side) []game.HandMove {
	b, err := parseBoard(part, 1)
	if err != nil {
		return nil
	}
	cell := func(s int) game.Cell {
		r, c := b.rowCol(s)
		return game.Cell{Row: r - 1, Col: c - 1}
	}
	var out []game.HandMove
	if b.Escaped() {
		if side == game.Right {
			out = append(out, game.HandMove{Cells: []game.Cell{cell(b.fox())}, After: b.String()})
		}
		return out
	}
	b.steps(side, func(from, to int) bool {
		out = append(out, game.HandMove{Cells: []game.Cell{cell(from), cell(to)}, After: b.moved(from, to).String()})
		return true
	})
	return out
}
