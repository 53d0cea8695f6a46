package bacterial

import "nimber/games/grid"

// board is a parsed Bacterial Tactics grid with O(1) tests for whether a
// row or column segment is free of radioactive cells.
type board struct {
	rows, cols int
	// rowNext[r*(cols+1)+c] is the first column >= c with a radioactive cell
	// in row r, or cols; colNext likewise down a column.
	rowNext, colNext []int32
}

func newBoard(g grid.Grid) *board {
	b := &board{rows: g.Rows, cols: g.Cols,
		rowNext: make([]int32, g.Rows*(g.Cols+1)),
		colNext: make([]int32, g.Cols*(g.Rows+1))}
	for r := 0; r < g.Rows; r++ {
		next := int32(g.Cols)
		b.rowNext[r*(g.Cols+1)+g.Cols] = next
		for c := g.Cols - 1; c >= 0; c-- {
			if g.At(r, c) == Radioactive {
				next = int32(c)
			}
			b.rowNext[r*(g.Cols+1)+c] = next
		}
	}
	for c := 0; c < g.Cols; c++ {
		next := int32(g.Rows)
		b.colNext[c*(g.Rows+1)+g.Rows] = next
		for r := g.Rows - 1; r >= 0; r-- {
			if g.At(r, c) == Radioactive {
				next = int32(r)
			}
			b.colNext[c*(g.Rows+1)+r] = next
		}
	}
	return b
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
