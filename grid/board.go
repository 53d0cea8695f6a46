package grid

import (
	"fmt"
	"strings"
)

// Limits of ParseBoard: a larger text is refused before it is held as a
// board. Each game checks its own, smaller, limits on top.
const (
	MaxBoardSide  = 10000
	MaxBoardCells = 1 << 24
)

// ParseBoard reads a board written as rows of cells, one row a line and one
// character a cell, every character one of alphabet: the position format of
// the board games. Blank lines and the white space around a row are
// ignored. Errors are *CellError: "row 2, column 5: character 'x' is not
// one of ".#"", or of the whole board (Row -1).
func ParseBoard(text, alphabet string) (Grid, error) {
	var rows []string
	for line := range strings.Lines(text) {
		row := strings.TrimSpace(line)
		if row == "" {
			continue
		}
		if len(rows) >= MaxBoardSide {
			return Grid{}, &CellError{Row: -1, Msg: fmt.Sprintf("more than %d rows", MaxBoardSide)}
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return Grid{}, &CellError{Row: -1, Msg: "empty board: no rows"}
	}
	cols := len(rows[0])
	if cols > MaxBoardSide {
		return Grid{}, &CellError{Row: -1, Msg: fmt.Sprintf("row 1 has %d cells, limit %d", cols, MaxBoardSide)}
	}
	if len(rows)*cols > MaxBoardCells {
		return Grid{}, &CellError{Row: -1, Msg: fmt.Sprintf("board %d x %d has %d cells, limit %d", len(rows), cols, len(rows)*cols, MaxBoardCells)}
	}
	g := Grid{Rows: len(rows), Cols: cols, Cells: make([]byte, 0, len(rows)*cols)}
	for r, row := range rows {
		if len(row) != cols {
			return Grid{}, &CellError{Row: -1, Msg: fmt.Sprintf("row %d has %d cells, row 1 has %d", r+1, len(row), cols)}
		}
		for c := 0; c < cols; c++ {
			if strings.IndexByte(alphabet, row[c]) < 0 {
				return Grid{}, &CellError{Row: r, Col: c, Msg: fmt.Sprintf("character %q is not one of %q", rune(row[c]), alphabet)}
			}
		}
		g.Cells = append(g.Cells, row...)
	}
	return g, nil
}

// Region is a rectangle of cells, rows R1..R2 and columns C1..C2 inclusive.
type Region struct{ R1, R2, C1, C2 int }

// Regions returns the connected regions of the cells for which in is true
// (cells joined by a side), in the row-major order of their top-left
// cells. Every region must be a whole rectangle: otherwise the error, a
// *CellError, names a cell of the region that is not.
func Regions(g Grid, in func(c byte) bool) ([]Region, error) {
	seen := make([]bool, len(g.Cells))
	var out []Region
	var stack []int32
	for start, c := range g.Cells {
		if seen[start] || !in(c) {
			continue
		}
		reg := Region{R1: start / g.Cols, R2: start / g.Cols, C1: start % g.Cols, C2: start % g.Cols}
		count := 0
		seen[start] = true
		stack = append(stack[:0], int32(start))
		for len(stack) > 0 {
			i := int(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
			count++
			r, c := i/g.Cols, i%g.Cols
			reg.R1, reg.R2 = min(reg.R1, r), max(reg.R2, r)
			reg.C1, reg.C2 = min(reg.C1, c), max(reg.C2, c)
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				nr, nc := r+d[0], c+d[1]
				if nr < 0 || nr >= g.Rows || nc < 0 || nc >= g.Cols {
					continue
				}
				if j := nr*g.Cols + nc; !seen[j] && in(g.Cells[j]) {
					seen[j] = true
					stack = append(stack, int32(j))
				}
			}
		}
		if count != (reg.R2-reg.R1+1)*(reg.C2-reg.C1+1) {
			return nil, &CellError{Row: reg.R1, Col: start % g.Cols, Msg: "this region is not a rectangle"}
		}
		out = append(out, reg)
	}
	return out, nil
}
