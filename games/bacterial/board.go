package bacterial

import "nimber/grid"

// board is a parsed Bacterial Tactics grid with O(1) tests for whether a
// row or column segment is free of radioactive cells.
type board struct {
	rows, cols int
	// rowNext[r*(cols+1)+c] is the first column >= c with a radioactive cell
	// in row r, or cols; colNext likewise down a column.
	rowNext, colNext []int32
}

func newBoard(g grid.Grid) *board {
	return &board{rows: g.Rows, cols: g.Cols,
		rowNext: nextRadioactive(g.Rows, g.Cols, func(line, i int) bool { return g.At(line, i) == Radioactive }),
		colNext: nextRadioactive(g.Cols, g.Rows, func(line, i int) bool { return g.At(i, line) == Radioactive })}
}

// nextRadioactive returns, for lines of n cells each, next[line*(n+1)+i]:
// the first cell at or after i of the line that is radioactive, or n.
func nextRadioactive(lines, n int, radioactive func(line, i int) bool) []int32 {
	next := make([]int32, lines*(n+1))
	for line := range lines {
		at := int32(n)
		next[line*(n+1)+n] = at
		for i := n - 1; i >= 0; i-- {
			if radioactive(line, i) {
				at = int32(i)
			}
			next[line*(n+1)+i] = at
		}
	}
	return next
}

// rowFree reports whether row r has no radioactive cell in columns c1..c2.
func (b *board) rowFree(r, c1, c2 int) bool { return int(b.rowNext[r*(b.cols+1)+c1]) > c2 }

// colFree reports whether column c has no radioactive cell in rows r1..r2.
func (b *board) colFree(c, r1, r2 int) bool { return int(b.colNext[c*(b.rows+1)+r1]) > r2 }

// winningMoves expands the winning cuts of the whole board into cell moves,
// row-major with H before V in a cell.
func winningMoves(rows, cols int, hWins, vWins []bool) []Move {
	var moves []Move
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if hWins[r] {
				moves = append(moves, Move{r, c, H})
			}
			if vWins[c] {
				moves = append(moves, Move{r, c, V})
			}
		}
	}
	return moves
}
