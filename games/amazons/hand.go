package amazons

import (
	"strings"

	"nimber/game"
	"nimber/grid"
)

// HandMoves lists side's moves on the part's text as a player makes them
// by hand (game.HandMover): three cells, the amazon, the square it moves
// to and the square its arrow burns (which may be the one it left), row 0
// the text's first row. A part whose rows are not of one length, or hold
// a character not Amazons', has none.
func (rules) HandMoves(part string, side game.Side) []game.HandMove {
	rows := strings.Split(part, "|")
	g := grid.Grid{Rows: len(rows), Cols: len(rows[0])}
	for _, r := range rows {
		if len(r) != g.Cols || strings.Trim(r, theRules.Alphabet) != "" {
			return nil
		}
		g.Cells = append(g.Cells, r...)
	}
	cell := func(i int) game.Cell { return game.Cell{Row: i / g.Cols, Col: i % g.Cols} }
	var out []game.HandMove
	eachMove(g, side, func(from, to, arrow int) bool {
		// g has the amazon moved: burn the arrow's square for the text.
		g.Cells[arrow] = '#'
		after := make([]string, g.Rows)
		for r := range after {
			after[r] = string(g.Cells[r*g.Cols : (r+1)*g.Cols])
		}
		g.Cells[arrow] = '.'
		out = append(out, game.HandMove{Cells: []game.Cell{cell(from), cell(to), cell(arrow)}, After: strings.Join(after, "|")})
		return true
	})
	return out
}
