package domineering

import "nimber/grid"

// SelfTranspose reports whether board g ('.' empty, anything else filled)
// is its own transpose: square, with cell (r, c) empty exactly when cell
// (c, r) is. Transposing swaps the players, so on such a board Right
// moving first wins exactly when Left moving first does, and a search
// split into jobs (see Split) asks the question of Left alone, as
// SolveOutcome does.
func SelfTranspose(g grid.Grid) bool {
	if g.Rows != g.Cols || len(g.Cells) != g.Rows*g.Cols {
		return false
	}
	for r := range g.Rows {
		for c := r + 1; c < g.Cols; c++ {
			if (g.At(r, c) == '.') != (g.At(c, r) == '.') {
				return false
			}
		}
	}
	return true
}
